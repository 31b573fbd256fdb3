"""Readers of the files a source points to that are not delimited text or AnnData: Parquet and
ARFF tables, R data files (datamicroarray's list of ``x`` and ``y``, a data.frame with
factors), MATLAB files (the readers of their rows of the format table,
:mod:`fsstab.sources.formats`); and the split of a table into features, labels and sample
ids."""

from __future__ import annotations

import os
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from fsstab.sources.arff import read_arff
from fsstab.sources.reading import FileFormat, LabelledData, SourceMatrix
from fsstab.sources.text_files import inner_name

__all__ = [
    "matching_rows",
    "r_frame_features",
    "read_arff_matrix",
    "read_mat",
    "read_mat_file",
    "read_parquet_matrix",
    "read_rdata",
    "read_rdata_file",
    "read_rdata_object",
    "split_frame",
]


def read_rdata(
    path: str | os.PathLike[str], object_name: str | None = None
) -> tuple[Any, np.ndarray, list[str] | None, list[str] | None]:
    """Read an RData file holding a list with ``x`` (samples x features) and ``y`` (labels).

    The layout of the datamicroarray package. ``object_name`` selects the object when the
    file holds several (default: the object of that name, else the only object). Returns
    ``(X, labels, feature_names, sample_ids)``; X is a DataFrame or an array.
    """
    path = Path(path)
    obj = read_rdata_object(path, object_name)
    if not isinstance(obj, Mapping) or "x" not in obj or "y" not in obj:
        raise ValueError(f"{path}: expected a list with elements 'x' and 'y'")
    x, labels = obj["x"], np.asarray(obj["y"], dtype=object)
    if isinstance(x, pd.DataFrame):
        return x, labels, [str(c) for c in x.columns], [str(i) for i in x.index]
    feature_names = sample_ids = None
    coords = getattr(x, "coords", None)
    if coords is not None:
        dims = list(getattr(x, "dims", ()))
        if len(dims) == 2 and dims[0] in coords:
            sample_ids = [str(v) for v in np.asarray(coords[dims[0]])]
        if len(dims) == 2 and dims[1] in coords:
            feature_names = [str(v) for v in np.asarray(coords[dims[1]])]
    return np.asarray(x), labels, feature_names, sample_ids


def read_mat(path: str | os.PathLike[str]) -> tuple[np.ndarray, np.ndarray]:
    """Read a MATLAB file holding ``X`` (samples x features) and ``Y`` (one label per sample).

    The layout of the scikit-feature repository (Li et al. 2018), where Onda et al. (2022)
    took Colon, Lymphoma and Prostate. Returns ``(X, labels)``.
    """
    from scipy.io import loadmat

    path = Path(path)
    try:
        contents = loadmat(path)
    except Exception as exc:  # scipy raises several types for corrupt or HDF5-based files
        raise ValueError(f"{path}: not a readable MATLAB (v4-v7.2) file ({exc})") from exc
    missing = [key for key in ("X", "Y") if key not in contents]
    if missing:
        variables = sorted(k for k in contents if not k.startswith("__"))
        raise ValueError(f"{path}: no variable(s) {missing}; it holds {variables}")
    X = np.asarray(contents["X"])
    labels = np.asarray(contents["Y"]).reshape(-1)
    if X.ndim != 2 or labels.size != X.shape[0]:
        raise ValueError(
            f"{path}: X has shape {X.shape} and Y {labels.size} entries; expected one label per "
            "row of X"
        )
    if np.issubdtype(labels.dtype, np.floating) and np.all(labels == np.round(labels)):
        labels = labels.astype(np.int64)  # MATLAB stores class numbers as doubles
    return X, labels


def _table_matrix(path: Path, frame: pd.DataFrame) -> SourceMatrix:
    """A table read whole: its index as the sample ids unless it is a plain 0..n-1."""
    ids = None if isinstance(frame.index, pd.RangeIndex) else [str(i) for i in frame.index]
    frame = frame.set_axis([str(c) for c in frame.columns], axis=1)
    return SourceMatrix(path, frame, None, None, ids, [f"row {i + 1}" for i in range(len(frame))],
                        [], is_table=True)


def read_parquet_matrix(path: Path, fmt: FileFormat, options: Mapping[str, Any],
                        name: str) -> SourceMatrix:
    """The reader of the ``parquet`` row of the format table: the whole file (pandas' stored
    index as the sample ids); a file that is not Parquet, or is truncated, is refused naming
    it (a wide file is read by :func:`fsstab.sources.wide_tables.read_wide_parquet` first)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        frame = pq.read_table(path).to_pandas()
    except (pa.ArrowException, OSError) as exc:
        raise ValueError(f"{path}: not a readable Parquet file -- truncated, or not Parquet "
                         f"({exc})") from exc
    return _table_matrix(path, frame)


def read_arff_matrix(path: Path, fmt: FileFormat, options: Mapping[str, Any],
                     name: str) -> SourceMatrix:
    """The reader of the ``arff`` row of the format table
    (:func:`fsstab.sources.arff.read_arff`)."""
    return _table_matrix(path, read_arff(path)[0])


def read_rdata_file(path: Path, fmt: FileFormat, options: Mapping[str, Any],
                    name: str) -> LabelledData:
    """The reader of the ``rdata`` row of the format table: a list with ``x`` and ``y``
    (:func:`read_rdata`; the object named like the file, else the only one)."""
    X, labels, feature_names, sample_ids = read_rdata(path, Path(inner_name(path.name)).stem)
    return LabelledData(X, labels, feature_names, sample_ids)


def read_mat_file(path: Path, fmt: FileFormat, options: Mapping[str, Any],
                  name: str) -> LabelledData:
    """The reader of the ``mat`` row of the format table (:func:`read_mat`)."""
    X, labels = read_mat(path)
    return LabelledData(X, labels)


def matching_rows(column: pd.Series, value: str | int | float) -> np.ndarray:
    """Rows whose ``column`` equals ``value``: numerically when both are numbers (so that
    ``1`` matches ``1.0``), else as text.

    Examples
    --------
    >>> import pandas as pd
    >>> matching_rows(pd.Series([1.0, 2.0, 1.0]), 1).tolist()
    [True, False, True]
    """
    if pd.api.types.is_numeric_dtype(column):
        try:
            return (column.to_numpy(dtype=np.float64) == float(value))
        except ValueError:
            pass
    return (column.astype(str) == str(value)).to_numpy()


def _id_strings(column: pd.Series) -> list[str]:
    """Sample ids as text; integral floats (ARFF INTEGER attributes) without a trailing .0."""
    values = column.to_numpy()
    integral = (
        np.issubdtype(values.dtype, np.floating)
        and np.all(np.isfinite(values))
        and np.all(values == np.round(values))
    )
    if integral:
        return [str(int(v)) for v in values]
    return [str(v) for v in values]


def split_frame(
    frame: pd.DataFrame, options: Mapping[str, Any], name: str
) -> tuple[pd.DataFrame, pd.Series, list[str] | None]:
    """Separate the label column (``target``, default: the last), the sample ids
    (``id_column``) and the ``drop`` columns from the features of a table (OpenML's and R's
    data.frames)."""
    columns = [str(c) for c in frame.columns]
    frame = frame.set_axis(columns, axis=1)
    target = options.get("target") or columns[-1]
    id_column = options.get("id_column")
    drop = options.get("drop") or []
    if isinstance(drop, str):
        drop = [drop]
    wanted = [target] + ([id_column] if id_column else []) + list(drop)
    missing = [c for c in wanted if c not in columns]
    if missing:
        shown = columns if len(columns) <= 10 else [*columns[:5], "...", *columns[-3:]]
        raise ValueError(f"dataset {name!r}: no column(s) {missing}; the columns are {shown}")
    sample_ids = _id_strings(frame[id_column]) if id_column else None
    features = frame.drop(columns=list(dict.fromkeys(wanted)))
    if features.shape[1] == 0:
        raise ValueError(f"dataset {name!r}: no feature columns left besides {wanted}")
    return features, frame[target], sample_ids


# --------------------------------------------------------------------------------------------
# R data (rpackage:, datamicroarray, .RData files)
# --------------------------------------------------------------------------------------------


def read_rdata_object(path: str | os.PathLike[str], object_name: str | None = None) -> Any:
    """The object of an R data file as ``rdata`` converts it (data.frame -> DataFrame, factor
    columns -> ``Categorical``, list -> dict).

    ``object_name`` selects the object when the file holds several (default: the object of that
    name, else the only object); ``ValueError`` names the file and its objects otherwise.
    """
    import rdata

    path = Path(path)
    with warnings.catch_warnings():
        # R files without a declared string encoding are ASCII in practice
        warnings.filterwarnings("ignore", message="Unknown encoding", category=UserWarning)
        try:
            objects = rdata.read_rda(path)
        except Exception as exc:  # rdata raises many types for corrupt input
            raise ValueError(f"{path}: not a readable RData file ({exc})") from exc
    if object_name is not None and object_name in objects:
        return objects[object_name]
    if len(objects) == 1:
        return next(iter(objects.values()))
    raise ValueError(f"{path}: holds objects {list(objects)}; expected one named {object_name!r}")


def _is_number(text: str) -> bool:
    try:
        return bool(np.isfinite(float(text)))
    except ValueError:
        return False


def r_frame_features(frame: pd.DataFrame, name: str) -> tuple[pd.DataFrame, dict[str, str]]:
    """The feature columns of an R data.frame as float64 columns, and how factors were coded.

    - numeric columns stay as they are, logical ones become 0/1;
    - a factor whose levels all spell numbers becomes those numbers: mlbench's Ionosphere
      ``V1`` (levels ``"0"``, ``"1"``) becomes the 0/1 of the UCI file, ``V2`` (the single
      level ``"0"``) the constant 0 that prefiltering drops;
    - any other ordered factor becomes the position of its level, 1 .. L (R's ``as.integer``);
    - any other factor with two levels becomes 0 (first level) / 1 (second level);
    - other factors and text columns raise ``ValueError`` naming them: a coding of unordered
      categories is a modelling decision (``drop:`` them, or code them in a file of your own).

    Missing values stay NaN (:class:`~fsstab.datasets.Dataset` rejects them, naming the data).
    The returned mapping records the coding of every factor or logical column (provenance).
    """
    columns: dict[str, pd.Series] = {}
    coding: dict[str, str] = {}
    refused: list[str] = []
    for column in frame.columns:
        values = frame[column]
        if isinstance(values.dtype, pd.CategoricalDtype):
            levels = [str(level) for level in values.cat.categories]
            codes = values.cat.codes.to_numpy()
            if all(_is_number(level) for level in levels):
                table, coding[column] = np.array([float(v) for v in levels]), "level values"
            elif values.cat.ordered:
                table = np.arange(1.0, len(levels) + 1.0)
                coding[column] = "ordered level positions 1..L"
            elif len(levels) == 2:
                table = np.array([0.0, 1.0])
                coding[column] = f"{levels[0]!r} = 0, {levels[1]!r} = 1"
            else:
                more = " ..." if len(levels) > 5 else ""
                refused.append(f"{column!r} (levels {levels[:5]}{more})")
                continue
            numbers = np.full(codes.shape, np.nan)
            present = codes >= 0
            numbers[present] = table[codes[present]]
            columns[column] = pd.Series(numbers, index=frame.index)
        elif pd.api.types.is_bool_dtype(values.dtype):
            columns[column] = values.astype(np.float64)
            coding[column] = "FALSE = 0, TRUE = 1"
        elif pd.api.types.is_numeric_dtype(values.dtype) and not pd.api.types.is_complex_dtype(
            values.dtype
        ):
            columns[column] = values.astype(np.float64)
        else:
            refused.append(f"{column!r} (text)")
    if refused:
        raise ValueError(
            f"dataset {name!r}: column(s) {', '.join(refused)} have no numeric coding (an "
            "unordered factor with more than two levels, or text); drop them with drop: [...]"
        )
    return pd.DataFrame(columns, index=frame.index), coding
