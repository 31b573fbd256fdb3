"""AnnData ``.h5ad`` files (the scanpy ecosystem): cells or samples with their annotations.

An AnnData object holds a matrix ``X`` (observations x variables; often sparse), optional
``layers`` of the same shape (raw counts, normalised values), ``obs`` (one row per
observation: condition, patient, batch, ...) and ``var`` (one row per gene). ``obs_names`` are
the sample ids, ``var_names`` the features, ``X`` or the layer named ``layer`` the values, and
the target and groups come from ``obs`` columns (or from a sample sheet).

fsstab reads the file with ``h5py`` (``pip install "fsstab[omics]"``) following the AnnData
on-disk specification (encoding types ``anndata``, ``array``, ``csr_matrix``, ``csc_matrix``,
``dataframe``, ``categorical``, ``string-array``, ``nullable-integer``, ``nullable-boolean``,
``nullable-string-array``; anndata >= 0.7, 2019). It does not import the ``anndata`` package:
every anndata release for Python 3.11 requires pandas < 3, which would pin the whole
environment to an older pandas; the on-disk format is anndata's documented contract, and the
tests read a file written by anndata itself (``tests/data/h5ad/``).

A sparse matrix stays sparse while samples are selected and joined
(:class:`fsstab.sources.sample_sheets.StudyTable`); it is made dense once, for the selected
samples, when the dataset is built. :func:`read_h5ad_matrix` is the reader of the ``h5ad`` row
of the format table (:mod:`fsstab.sources.formats`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from fsstab.sources.reading import FileFormat, SourceMatrix

__all__ = ["AnnDataTable", "read_h5ad", "read_h5ad_matrix"]

_SPARSE = ("csr_matrix", "csc_matrix")


@dataclass(frozen=True)
class AnnDataTable:
    """What fsstab reads from an ``.h5ad`` file: ``X`` (dense or scipy sparse, n x d),
    ``feature_names`` (``var_names``), ``sample_ids`` (``obs_names``), ``obs`` (annotations
    with text columns) and ``layer`` (None for ``X``)."""

    X: Any
    feature_names: list[str]
    sample_ids: list[str]
    obs: pd.DataFrame
    layer: str | None


def _h5py() -> Any:
    try:
        import h5py
    except ImportError as exc:
        raise ImportError(
            "reading .h5ad files needs the h5py package: pip install \"fsstab[omics]\" "
            "(or pip install h5py)"
        ) from exc
    return h5py


def _encoding(node: Any) -> str:
    value = node.attrs.get("encoding-type", "")
    return value.decode() if isinstance(value, bytes) else str(value)


def _text(values: np.ndarray) -> list[str]:
    return [v.decode() if isinstance(v, bytes) else str(v) for v in values.tolist()]


def _read_matrix(node: Any, path: Path, what: str) -> Any:
    """``X`` or a layer: a dense array or a scipy sparse matrix (kept sparse)."""
    h5py = _h5py()
    if isinstance(node, h5py.Dataset):
        return node[()]
    encoding = _encoding(node)
    if encoding not in _SPARSE:
        raise ValueError(f"{path}: {what} has the encoding {encoding!r}; fsstab reads dense "
                         f"arrays and {' / '.join(_SPARSE)}")
    import scipy.sparse as sp

    shape = tuple(int(s) for s in node.attrs["shape"])
    parts = (node["data"][()], node["indices"][()], node["indptr"][()])
    build = sp.csr_matrix if encoding == "csr_matrix" else sp.csc_matrix
    return build(parts, shape=shape)


def _read_column(node: Any, path: Path, name: str) -> Any:
    """One column of an AnnData dataframe (``obs`` or ``var``) as array-like values."""
    h5py = _h5py()
    if isinstance(node, h5py.Dataset):
        values = node[()]
        return _text(values) if values.dtype.kind in "OSU" else values
    encoding = _encoding(node)
    if encoding == "categorical":
        codes = node["codes"][()]
        categories = _read_column(node["categories"], path, f"{name} categories")
        return pd.Categorical.from_codes(codes, categories=list(categories))
    if encoding in ("nullable-integer", "nullable-boolean", "nullable-string-array"):
        values = _read_column(node["values"], path, name)
        mask = node["mask"][()].astype(bool)
        out = np.array(list(values), dtype=object)
        out[mask] = None
        return out
    raise ValueError(f"{path}: obs column {name!r} has the encoding {encoding!r}, which fsstab "
                     "does not read (categorical, string and numeric columns are read)")


def _read_frame(node: Any, path: Path, what: str) -> tuple[list[str], pd.DataFrame]:
    """An AnnData dataframe group: its index (the names) and its columns."""
    if _encoding(node) != "dataframe":
        raise ValueError(f"{path}: {what} is not an AnnData dataframe (written by anndata < "
                         "0.7?); save the object again with a recent anndata")
    index_key = node.attrs["_index"]
    index_key = index_key.decode() if isinstance(index_key, bytes) else str(index_key)
    names = [str(v) for v in _read_column(node[index_key], path, "the index")]
    order = [c.decode() if isinstance(c, bytes) else str(c)
             for c in np.atleast_1d(node.attrs.get("column-order", []))]
    columns = {c: _read_column(node[c], path, c) for c in order}
    return names, pd.DataFrame(columns, index=names)


def _check_unique(names: list[str], what: str, path: Path) -> None:
    index = pd.Index(names)
    if not index.is_unique:
        repeated = index[index.duplicated()].unique().tolist()[:5]
        raise ValueError(
            f"{path}: {what} are not unique ({repeated} repeat); make them unique in "
            f"Python with adata.{what.replace('_names', '')}_names_make_unique()"
        )


def read_h5ad(path: str | os.PathLike[str], *, layer: str | None = None) -> AnnDataTable:
    """Read an ``.h5ad`` file: ``X`` (or ``layers[layer]``), names and ``obs``.

    Raises ``ValueError`` naming the file for a file that is not an AnnData file, an unknown
    layer (listing the layers) and repeated ``obs_names`` or ``var_names``; ``ImportError``
    if h5py is not installed.

    Examples
    --------
    >>> import h5py, numpy as np, tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "tiny.h5ad")
    >>> with h5py.File(path, "w") as f:
    ...     f.attrs["encoding-type"] = "anndata"
    ...     _ = f.create_dataset("X", data=np.eye(2))
    ...     for key, names in (("obs", ["s1", "s2"]), ("var", ["g1", "g2"])):
    ...         g = f.create_group(key)
    ...         g.attrs.update({"encoding-type": "dataframe", "_index": "_index",
    ...                         "column-order": np.array([], dtype=h5py.string_dtype())})
    ...         _ = g.create_dataset("_index", data=names)
    >>> table = read_h5ad(path)
    >>> table.sample_ids, table.feature_names, table.X.tolist()
    (['s1', 's2'], ['g1', 'g2'], [[1.0, 0.0], [0.0, 1.0]])
    """
    path = Path(path)
    h5py = _h5py()
    try:
        handle = h5py.File(path, "r")
    except OSError as exc:
        raise ValueError(f"{path}: cannot read as an AnnData .h5ad file ({exc})") from exc
    with handle:
        missing = [key for key in ("obs", "var") if key not in handle]
        if missing:
            raise ValueError(f"{path}: not an AnnData .h5ad file (no {', '.join(missing)})")
        sample_ids, obs = _read_frame(handle["obs"], path, "obs")
        feature_names, _ = _read_frame(handle["var"], path, "var")
        layers = sorted(handle["layers"].keys()) if "layers" in handle else []
        if layer is None:
            if "X" not in handle:
                raise ValueError(f"{path}: the AnnData object has no X; name a layer with "
                                 f"layer: (layers: {layers})")
            X = _read_matrix(handle["X"], path, "X")
        else:
            if layer not in layers:
                raise ValueError(f"{path}: no layer {layer!r}; its layers are {layers} "
                                 "(leave layer: out to read X)")
            X = _read_matrix(handle["layers"][layer], path, f"layer {layer!r}")
    _check_unique(sample_ids, "obs_names", path)
    _check_unique(feature_names, "var_names", path)
    if X.shape != (len(sample_ids), len(feature_names)):
        raise ValueError(f"{path}: the matrix is {X.shape[0]} x {X.shape[1]} but obs has "
                         f"{len(sample_ids)} rows and var {len(feature_names)}")
    return AnnDataTable(X=X, feature_names=feature_names, sample_ids=sample_ids, obs=obs,
                        layer=layer)


def read_h5ad_matrix(path: Path, fmt: FileFormat, options: Mapping[str, Any],
                     name: str) -> SourceMatrix:
    """The reader of the ``h5ad`` row of the format table: ``X`` (or ``layer``) as the
    features, ``obs`` as the columns the options name, ``obs_names`` as the sample ids."""
    adata = read_h5ad(path, layer=options.get("layer"))
    return SourceMatrix(path, adata.obs, adata.X, adata.feature_names, adata.sample_ids,
                        [f"observation {i + 1}" for i in range(len(adata.sample_ids))],
                        [f"layer {adata.layer!r}" if adata.layer else "X"], is_table=False)
