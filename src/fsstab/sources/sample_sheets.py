"""A study's files as they come: a matrix, a sample sheet, a target, groups of samples.

The ``file:`` and ``url:`` sources of :mod:`fsstab.sources` read a matrix (CSV/TSV in any of
the layouts of :mod:`fsstab.sources.delimited`, Parquet, ARFF, AnnData ``.h5ad``) and, optionally, a
*sample sheet*: a CSV/TSV file with one row per sample (id, condition, patient, batch, age,
...). These source options describe the study:

=============  ===============================================================================
option         meaning
=============  ===============================================================================
``samples``    the sample sheet (a local path, relative to the working directory)
``sample_id``  the sheet's id column (default: R's row names, else its first column)
``target``     the column holding the outcome: a column of the sheet, else of the matrix (or
               of ``obs`` for ``.h5ad``); without a sheet the matrix's last column by default.
               ``task: survival`` takes two columns, ``[TIME, EVENT]``
``groups``     a column (sheet, matrix or ``obs``) naming each sample's group -- patient,
               batch: the group's samples are resampled together (:mod:`fsstab.resampling`)
``task``       ``classification`` (default), ``regression`` or ``survival``
``sep``        the matrix's field separator (default ``,`` for csv, a tab for tsv)
``decimal``    the matrix's decimal mark (``.`` or ``,``)
``layer``      the AnnData layer to read instead of ``X``
=============  ===============================================================================

The sheet is joined to the matrix by sample id, ids compared as text (``01005`` is not
``1005``). The matrix's sample ids are its ``id_column``, else its row names (R's empty first
header cell, the header line of genes in rows written by R, a Parquet index, ``obs_names``),
else -- with a sheet -- its first column (samples in rows) or first line (genes in rows). Every
sample of the matrix must be in the sheet (else an error names the first missing ids and their
number); rows of the sheet without a sample in the matrix are left aside with a note. Samples
whose target is missing are left out with a warning naming them.

:func:`read_study` reads all of this into a :class:`StudyTable` -- features, sample ids, the
target column(s) as read (text for text files and sheets) keyed by sample, and the groups --
and :func:`dataset_from_study` is the one place where the target is encoded into a
:class:`~fsstab.datasets.Dataset` according to ``task``.
"""

from __future__ import annotations

import logging
import os
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from fsstab.datasets import Dataset, make_dataset
from fsstab.io import file_digests
from fsstab.sources.delimited import read_delimited
from fsstab.sources.formats import FORMATS
from fsstab.sources.local import local_file
from fsstab.sources.readers import matching_rows
from fsstab.sources.reading import NonNumeric, SourceMatrix, target_names
from fsstab.sources.text_files import inner_name, open_text
from fsstab.sources.wide_tables import row_counter_columns

__all__ = [
    "STUDY_OPTIONS",
    "SUPPORTED_TASKS",
    "TASKS",
    "StudyTable",
    "check_study_options",
    "dataset_from_study",
    "read_sample_sheet",
    "read_study",
    "sheet_separator",
    "unsupported_task_message",
]

_LOGGER = logging.getLogger("fsstab.sources")

#: Options of table sources that describe the study (module docstring).
STUDY_OPTIONS = frozenset({"samples", "sample_id", "groups", "task", "sep", "decimal", "layer"})
#: The outcomes a dataset may have.
TASKS: tuple[str, ...] = ("classification", "regression", "survival")
#: The outcomes this version analyses (every task of :data:`fsstab.outcomes.TASKS`).
SUPPORTED_TASKS: tuple[str, ...] = ("classification", "regression", "survival")
_SHOWN = 5


def unsupported_task_message(task: str) -> str:
    return (
        f"task {task!r} is not supported by this version of fsstab (supported: "
        f"{', '.join(SUPPORTED_TASKS)}); leave task: out or set task: classification"
    )


def check_study_options(options: Mapping[str, Any], source: str) -> None:
    """Validate the study options of a source spec (``ValueError`` naming the spec)."""
    task = options.get("task", "classification")
    if task not in TASKS:
        raise ValueError(f"source {source!r}: task must be one of {list(TASKS)}, got {task!r}")
    target = options.get("target")
    if task == "survival":
        if target is None or not (
            isinstance(target, list | tuple) and len(target) == 2
            and all(isinstance(t, str) and t for t in target)
        ):
            raise ValueError(f"source {source!r}: task survival takes target: [TIME, EVENT] (two "
                             f"column names), got {target!r}")
    elif target is not None and not (isinstance(target, str) and target):
        raise ValueError(f"source {source!r}: target must be a column name, got {target!r}")
    for key in ("samples", "sample_id", "groups", "layer"):
        value = options.get(key)
        if value is not None and not (isinstance(value, str) and value.strip()):
            raise ValueError(f"source {source!r}: {key} must be a non-empty string, got {value!r}")
    if "sample_id" in options and "samples" not in options:
        raise ValueError(f"source {source!r}: sample_id names the id column of the sample sheet; "
                         "give the sheet with samples: <file>")
    sep, decimal = options.get("sep"), options.get("decimal", ".")
    if sep is not None and not (isinstance(sep, str) and len(sep) == 1 and sep not in "\"\n\r"):
        raise ValueError(f"source {source!r}: sep must be one character (e.g. ';' or '\\t'), "
                         f"got {sep!r}")
    if decimal not in (".", ","):
        raise ValueError(f"source {source!r}: decimal must be '.' or ',', got {decimal!r}")
    if sep is not None and sep == decimal:
        raise ValueError(f"source {source!r}: sep and decimal are both {sep!r}")
    if task not in SUPPORTED_TASKS:
        raise ValueError(f"source {source!r}: {unsupported_task_message(task)}")
    label_options = {"classification": set(), "regression": {"classes", "multiclass",
                                                              "positive"},
                     "survival": {"classes", "multiclass"}}[task]
    misplaced = sorted(label_options & set(options))
    if misplaced:
        raise ValueError(f"source {source!r}: {misplaced} apply to class labels, not to task "
                         f"{task} (for survival, positive: names the event value)")


@dataclass(frozen=True)
class StudyTable:
    """A study as read: what :func:`dataset_from_study` turns into a dataset.

    ``X``: the features (a DataFrame of numeric columns, or an array / scipy sparse matrix
    with ``feature_names``), one row per sample; ``sample_ids``: text ids (None when the
    matrix has none); ``targets``: the target column(s) as read (text for CSV/TSV files and
    sample sheets, the stored values of Parquet/ARFF/``obs``), one column per name of
    ``target`` (two for survival: time, event), row i belonging to sample i (samples without
    a value already left out); ``groups``: each sample's group as text, or None; ``record``:
    provenance of the reading (layout notes, sample sheet, left-out samples);
    ``target_positions``: where each sample's target stands in its file (``row 4 of
    samples.tsv``), for messages about its value.
    """

    X: Any
    feature_names: list[str] | None
    sample_ids: list[str] | None
    targets: pd.DataFrame
    groups: list[str] | None
    record: dict[str, Any] = field(default_factory=dict)
    target_positions: list[str] | None = None


def _shown(values: Sequence[str]) -> str:
    listed = ", ".join(repr(v) for v in values[:_SHOWN])
    return listed + (f" and {len(values) - _SHOWN} more" if len(values) > _SHOWN else "")


#: The sample sheets' file name endings and their separators: the delimited text formats of
#: the format table, and ``.txt`` (tab-separated).
_SHEET_SEPARATORS: dict[str, str] = {
    **{suffix: fmt.separator for fmt in FORMATS.values() if fmt.separator is not None
       for suffix in fmt.suffixes}, ".txt": "\t"}


def sheet_separator(path: Path) -> str:
    """The sample sheet's separator: the suffix's (``.csv`` ``,``; ``.tsv``/``.tab``/``.txt`` tab),
    or ``;``/tab/``,`` if that splits the header into more fields (Excel's ``;`` CSV)."""
    default = _SHEET_SEPARATORS[Path(inner_name(path.name)).suffix.lower()]
    with open_text(path, errors="replace") as stream:
        header = stream.readline()
    counts = {sep: header.count(sep) for sep in (default, ";", "\t", ",")}
    best = max(counts, key=lambda sep: counts[sep])
    return default if counts[default] >= counts[best] else best


def read_sample_sheet(path: str | os.PathLike[str], *, sample_id: str | None = None
                      ) -> tuple[pd.DataFrame, list[str], list[str]]:
    """A sample sheet as text: ``(columns, ids, positions)``.

    Every value is text (missing values NaN). The ids come from ``sample_id``, else from R's
    row names (an empty first header cell), else from the first column; they must be unique
    and present (errors name the 1-based row).
    """
    path = Path(path)
    if Path(inner_name(path.name)).suffix.lower() not in _SHEET_SEPARATORS:
        raise ValueError(f"sample sheet {path}: expected a {', '.join(_SHEET_SEPARATORS)} file "
                         "(compressed or not)")
    sep = sheet_separator(path)
    table = read_delimited(path, "sample sheet", sep=sep, text_columns=None)
    frame, ids = table.frame, table.row_names
    if sample_id is not None:
        if sample_id not in frame.columns:
            raise ValueError(f"sample sheet {path}: no column {sample_id!r} (sample_id); its "
                             f"columns are {list(frame.columns)}")
        ids = _ids(frame.pop(sample_id), f"sample sheet {path}", sample_id, table.positions)
    elif ids is None:
        first = frame.columns[0]
        ids = _ids(frame.pop(first), f"sample sheet {path}", first, table.positions)
    return frame, ids, table.positions


def _ids(values: pd.Series, where: str, column: str, positions: Sequence[str]) -> list[str]:
    text = ["" if pd.isna(v) else str(v).strip() for v in values]
    missing = [positions[i] for i, v in enumerate(text) if not v]
    if missing:
        raise ValueError(f"{where}: the id column {column!r} is empty at {', '.join(missing[:5])}"
                         " (rows counted from 1, the header not counted)")
    first: dict[str, int] = {}
    for i, value in enumerate(text):
        if value in first:
            raise ValueError(
                f"{where}: sample id {value!r} appears twice in column {column!r} "
                f"({positions[first[value]]} and {positions[i]}, counted from 1); ids must be "
                "unique"
            )
        first[value] = i
    return text


def _missing_text(values: pd.Series) -> np.ndarray:
    return np.array([pd.isna(v) or (isinstance(v, str) and not v.strip()) for v in values],
                    dtype=bool)


def _mismatch_hint(missing: Sequence[str], sheet_ids: Sequence[str]) -> str:
    stripped = {s.lstrip("0"): s for s in sheet_ids}
    lowered = {s.lower(): s for s in sheet_ids}
    for value in missing:
        if value.lstrip("0") in stripped:
            return (f"; ids are compared as text, and {value!r} matches the sheet's "
                    f"{stripped[value.lstrip('0')]!r} only without leading zeros")
        if value.lower() in lowered:
            return (f"; ids are compared as text, and {value!r} matches the sheet's "
                    f"{lowered[value.lower()]!r} only ignoring case")
    return ""


def _where(matrix: SourceMatrix, where: Mapping[str, Any] | None, name: str) -> None:
    if not where:
        return
    missing = [str(c) for c in where if str(c) not in matrix.columns.columns]
    if missing:
        raise ValueError(f"dataset {name!r}: where names no column(s) {missing}")
    keep = np.ones(len(matrix.columns), dtype=bool)
    for column, value in where.items():
        keep &= matching_rows(matrix.columns[str(column)], value)
    if not keep.any():
        raise ValueError(f"dataset {name!r}: no sample satisfies where {dict(where)!r}")
    matrix.keep(np.flatnonzero(keep))


def _join_sheet(matrix: SourceMatrix, sheet_path: Path, options: Mapping[str, Any], source: Path,
                used: list[str]) -> tuple[pd.DataFrame, dict[str, Any], list[str]]:
    """The sheet's rows in the matrix's sample order, the record of the join and the rows'
    positions in the sheet."""
    sheet, sheet_ids, sheet_rows = read_sample_sheet(sheet_path,
                                                     sample_id=options.get("sample_id"))
    if matrix.ids is None:
        if not matrix.is_table or matrix.columns.shape[1] == 0:
            raise ValueError(f"{source}: no sample ids to join the sample sheet on")
        first = str(matrix.columns.columns[0])
        values = matrix.columns[first]
        matrix.ids = _ids(values, str(source), first, matrix.positions)
        used.append(first)
        matrix.notes.append(f"the sample ids to join the sheet on: the matrix's first "
                            f"{'row' if options.get('transpose') else 'column'} {first!r}")
    row_of = {sample: i for i, sample in enumerate(sheet_ids)}
    absent = [s for s in matrix.ids if s not in row_of]
    if absent:
        raise ValueError(
            f"{len(absent)} of the {len(matrix.ids)} samples of {source} are not in the sample "
            f"sheet {sheet_path} ({len(sheet_ids)} rows): {_shown(absent)}"
            f"{_mismatch_hint(absent, sheet_ids)}"
        )
    in_matrix = set(matrix.ids)
    extra = [s for s in sheet_ids if s not in in_matrix]
    record: dict[str, Any] = {"path": str(options["samples"]), "rows": len(sheet_ids),
                              "joined": len(matrix.ids)}
    if extra:
        record["not_in_matrix"] = len(extra)
        record["not_in_matrix_first"] = extra[:_SHOWN]
        _LOGGER.info("sample sheet %s: %d row(s) without a sample in %s are left aside: %s",
                     sheet_path, len(extra), source, _shown(extra))
    record["sha256"] = file_digests(sheet_path)["sha256"]
    joined = sheet.iloc[[row_of[s] for s in matrix.ids]].reset_index(drop=True)
    return joined, record, [f"{sheet_rows[row_of[s]]} of {sheet_path.name}" for s in matrix.ids]


def _column(name: str, what: str, sheet: pd.DataFrame | None, matrix: SourceMatrix, source: Path,
            sheet_path: Path | None, used: list[str]) -> pd.Series:
    """The column ``name`` (target, groups) from the sheet or the matrix, in sample order."""
    in_sheet = sheet is not None and name in sheet.columns
    in_matrix = name in matrix.columns.columns
    if in_sheet and in_matrix:
        raise ValueError(
            f"the {what} column {name!r} is in the sample sheet {sheet_path} and in {source}; "
            f"rename one, or leave the matrix's out with drop: [{name}]"
        )
    if in_sheet:
        return sheet[name].reset_index(drop=True)
    if in_matrix:
        used.append(name)
        return matrix.columns[name].reset_index(drop=True)
    where = "the matrix" if matrix.is_table else "obs"
    available = [] if sheet is None else [str(c) for c in sheet.columns]
    available += [str(c) for c in matrix.columns.columns]
    available += [c for c in matrix.feature_names or [] if matrix.is_table and c not in available]
    shown = available if len(available) <= 12 else [*available[:8], "...", *available[-3:]]
    sheet_part = f"the sample sheet {sheet_path} nor " if sheet is not None else ""
    raise ValueError(f"no {what} column {name!r} in {sheet_part}{where} of {source}; the "
                     f"columns are {shown}")


def _row_counters(features: pd.DataFrame | list[int], names: list[str] | None,
                  source: Path) -> list[str]:
    """Numeric feature columns that count the rows: whole numbers from 0 or 1, strictly
    increasing, mostly by 1 (gaps where samples were left out: range below 2n), which
    measurements (counts included) almost never are. (Of a wide table: their positions,
    :func:`fsstab.sources.wide_tables.row_counter_columns`, among the feature ``names``.)"""
    flagged = [] if names is None else [names[j] for j in features]
    for name in [] if names is not None or len(features) < 3 else features.columns:
        values = features[name]
        if not pd.api.types.is_numeric_dtype(values) or pd.api.types.is_bool_dtype(values):
            continue
        numbers = values.to_numpy(dtype=np.float64, na_value=np.nan)
        if (np.all(np.isfinite(numbers)) and np.all(numbers == np.round(numbers))
                and numbers[0] in (0.0, 1.0) and np.all(np.diff(numbers) > 0)
                and numbers[-1] - numbers[0] < 2 * len(numbers)):
            flagged.append(str(name))
    for name in flagged:
        warnings.warn(
            f"{source}: the feature {name!r} looks like a row counter (whole numbers counting "
            "up from sample to sample: a row or sample number, not a measurement); leave it "
            f"out with drop: [{name}] unless it is one",
            UserWarning, stacklevel=4,
        )
    return flagged


def read_study(matrix: SourceMatrix, options: Mapping[str, Any], name: str,
               *, base_dir: str | os.PathLike[str] | None = None,
               labels_only: bool = False) -> StudyTable:
    """The study of a matrix as its reader returned it
    (:func:`fsstab.sources.formats.read_source_file`) and of the sample sheet of ``options``.

    See the module docstring; errors name the file, the column and the 1-based row (or
    column, for genes in rows) and the sample. ``labels_only``: the matrix holds only the
    columns the options name (:mod:`fsstab.sources.study_labels`); the study's samples,
    targets and groups are returned without features (``X`` None).
    """
    path = matrix.path
    _where(matrix, options.get("where"), name)
    used: list[str] = []
    id_column = options.get("id_column")
    if id_column is not None:
        if id_column not in matrix.columns.columns:
            raise ValueError(f"dataset {name!r}: no column(s) {[id_column]} (id_column); the "
                             f"columns are {_shown(list(map(str, matrix.columns.columns)))}")
        matrix.ids = _ids(matrix.columns[id_column], str(path), id_column, matrix.positions)
        used.append(id_column)
    record: dict[str, Any] = {}
    sheet = sheet_path = sheet_positions = None
    if options.get("samples") is not None:
        sheet_path = local_file(options["samples"], base_dir)
        if not sheet_path.is_file():
            what = (f"the sample sheet {sheet_path} is a folder, not a file" if sheet_path.is_dir()
                    else f"no sample sheet {sheet_path}")
            raise ValueError(f"dataset {name!r}: {what} (samples: {options['samples']!r})")
        sheet, record["sample_sheet"], sheet_positions = _join_sheet(matrix, sheet_path,
                                                                      options, path, used)
    targets = target_names(options)
    if not targets:
        if sheet is not None or not matrix.is_table:
            where = "the sample sheet" if sheet is not None else "obs"
            raise ValueError(f"dataset {name!r}: set target: <a column of {where}> (the outcome "
                             "to predict)")
        targets = [str(matrix.columns.columns[-1])]
    target_frame = pd.DataFrame({t: _column(t, "target", sheet, matrix, path, sheet_path, used)
                                 for t in targets})
    groups = None
    if options.get("groups") is not None:
        groups = _column(options["groups"], "groups", sheet, matrix, path, sheet_path, used)
    drop = options.get("drop") or []
    drop = [drop] if isinstance(drop, str) else list(drop)
    absent = [c for c in drop if c not in matrix.columns.columns]
    if absent:
        raise ValueError(f"dataset {name!r}: no column(s) {absent} to drop; the columns are "
                         f"{_shown(list(map(str, matrix.columns.columns)))}")
    positions = (sheet_positions if sheet is not None and targets[0] in sheet.columns
                 else [f"{p} of {path.name}" for p in matrix.positions])
    missing = np.zeros(len(target_frame), dtype=bool)
    for column in target_frame.columns:
        missing |= _missing_text(target_frame[column])
    if missing.any():
        positions = [p for p, m in zip(positions, missing, strict=True) if not m]
        _leave_out(matrix, missing, targets, name, record)
        target_frame = target_frame[~missing].reset_index(drop=True)
        groups = None if groups is None else groups[~missing].reset_index(drop=True)
    if groups is not None:
        _check_groups(groups, matrix, options["groups"], name)
        groups_list = [str(g).strip() for g in groups]
        record["groups"] = {"column": options["groups"], "n_groups": len(set(groups_list))}
    if matrix.notes:
        record["notes"] = list(matrix.notes)
    if labels_only:
        return StudyTable(None, None, matrix.ids, target_frame,
                          None if groups is None else groups_list, record, positions)
    if matrix.is_table and matrix.X is not None:  # features of a wide table, already apart
        if matrix.non_numeric is not None:
            raise ValueError(matrix.non_numeric.message(name, path, matrix.sample_of))
        _row_counters(row_counter_columns(matrix.X), matrix.feature_names, path)
    elif matrix.is_table:
        features = matrix.columns.drop(columns=list(dict.fromkeys(used + drop)))
        if features.shape[1] == 0:
            raise ValueError(f"dataset {name!r}: no feature columns left besides "
                             f"{list(dict.fromkeys(used + drop))}")
        non_numeric = _non_numeric(features, matrix, options.get("decimal", "."))
        if non_numeric is not None:
            raise ValueError(non_numeric.message(name, path, matrix.sample_of))
        _row_counters(features, None, path)
        if matrix.ids is not None:
            features = features.set_axis(matrix.ids, axis=0)
        return StudyTable(features, None, matrix.ids, target_frame,
                          None if groups is None else groups_list, record, positions)
    return StudyTable(matrix.X, matrix.feature_names, matrix.ids, target_frame,
                      None if groups is None else groups_list, record, positions)


def _first_text(values: pd.Series, decimal: str) -> int | None:
    """The position of the first value that is not a number (``pandas.to_numeric`` of its
    text, after the decimal mark), else of the first value present, else None."""
    present = ~values.isna().to_numpy()
    text = pd.Series([str(v) for v in values], dtype=object)
    if decimal != ".":
        text = text.str.replace(decimal, ".", regex=False)
    bad = np.flatnonzero(present & pd.to_numeric(text, errors="coerce").isna().to_numpy())
    if bad.size:
        return int(bad[0])
    first = np.flatnonzero(present)
    return int(first[0]) if first.size else None


def _non_numeric(features: pd.DataFrame, matrix: SourceMatrix, decimal: str
                 ) -> NonNumeric | None:
    """The feature columns that are not numbers (as :func:`fsstab.datasets.numeric_matrix`
    finds them), each with its first value that is not a number: its row and sample."""
    bad = [str(column) for column, dtype in features.dtypes.items()
           if not pd.api.types.is_numeric_dtype(dtype) or pd.api.types.is_complex_dtype(dtype)]
    if not bad or len(features) == 0:  # no samples: the dataset says so
        return None
    cells = []
    for column in bad[:5]:
        at = _first_text(features[column], decimal)
        if at is None:
            cells.append((column, None, "no values", ""))
        else:
            cells.append((column, int(matrix.rows[at]), matrix.positions[at],
                          str(features[column].iloc[at])))
    return NonNumeric(len(bad), tuple(cells))


def _leave_out(matrix: SourceMatrix, missing: np.ndarray, targets: list[str], name: str,
               record: dict[str, Any]) -> None:
    rows = np.flatnonzero(missing)
    described = [
        f"{matrix.ids[i]!r} ({matrix.positions[i]})" if matrix.ids is not None
        else matrix.positions[i] for i in rows
    ]
    shown = ", ".join(described[:10]) + (f" and {len(described) - 10} more"
                                         if len(described) > 10 else "")
    what = f"target {targets[0]!r}" if len(targets) == 1 else f"targets {targets}"
    warnings.warn(
        f"dataset {name!r}: {rows.size} of {missing.size} sample(s) have no value of {what} "
        f"and are left out: {shown} (counted from 1)", UserWarning, stacklevel=3,
    )
    record["left_out_missing_target"] = {
        "n": int(rows.size),
        "samples": [matrix.ids[i] if matrix.ids is not None else matrix.positions[i]
                    for i in rows[:20]],
    }
    matrix.keep(np.flatnonzero(~missing))


def _check_groups(groups: pd.Series, matrix: SourceMatrix, column: str, name: str) -> None:
    missing = np.flatnonzero(_missing_text(groups))
    if missing.size:
        described = [f"{matrix.ids[i]!r} ({matrix.positions[i]})" if matrix.ids is not None
                     else matrix.positions[i] for i in missing]
        raise ValueError(
            f"dataset {name!r}: {missing.size} sample(s) have no value in the groups column "
            f"{column!r}: {', '.join(described[:10])} (counted from 1); give every sample a "
            "group (a sample alone can be its own group)"
        )


def _dense(X: Any) -> Any:
    """A sparse matrix (AnnData's X) as a dense float64 array; anything else as it is."""
    if hasattr(X, "toarray") and not isinstance(X, pd.DataFrame):
        return np.asarray(X.toarray(), dtype=np.float64)
    return X


def dataset_from_study(
    study: StudyTable, *, name: str, options: Mapping[str, Any], provenance: Mapping[str, Any]
) -> Dataset:
    """The dataset of a study: the target encoded according to ``options["task"]``.

    This is where an outcome becomes ``y``. ``classification`` (the default) keeps the target's
    values as class labels (``classes``, ``positive`` and ``multiclass`` of ``options`` apply,
    :func:`fsstab.datasets.make_dataset`); ``regression`` reads the target column as numbers
    (:func:`fsstab.outcomes.parse_regression_column`), ``survival`` its two columns
    ``[TIME, EVENT]`` as a time and an event indicator (``positive`` naming the event value,
    :func:`fsstab.outcomes.parse_survival_columns`). Errors name the column, the 1-based row
    and the sample; ``study.groups`` become the dataset's sample groups.
    """
    task = options.get("task", "classification")
    if task not in SUPPORTED_TASKS:
        raise ValueError(f"dataset {name!r}: {unsupported_task_message(task)}")
    record = dict(provenance)
    if study.record:
        record["study"] = study.record
    if task != "classification":
        return _outcome_dataset(study, name=name, task=task, positive=options.get("positive"),
                                provenance=record)
    labels = study.targets.iloc[:, 0]
    return make_dataset(
        name,
        _dense(study.X),
        labels.to_numpy(dtype=object) if study.targets.shape[0] else labels,
        feature_names=study.feature_names,
        sample_ids=study.sample_ids,
        classes=options.get("classes"),
        positive=options.get("positive"),
        multiclass=bool(options.get("multiclass", False)),
        provenance=record,
        sample_groups=study.groups,
    )


def _outcome_dataset(study: StudyTable, *, name: str, task: str, positive: Any,
                     provenance: dict[str, Any]) -> Dataset:
    from fsstab.datasets import make_outcome_dataset
    from fsstab.outcomes import parse_regression_column, parse_survival_columns

    columns = [str(c) for c in study.targets.columns]
    values = [study.targets.iloc[:, k].tolist() for k in range(len(columns))]
    try:
        if task == "regression":
            y = parse_regression_column(values[0], column=columns[0],
                                        sample_ids=study.sample_ids,
                                        positions=study.target_positions)
        else:
            if len(columns) != 2:
                raise ValueError(f"task survival takes target: [TIME, EVENT] (two columns); "
                                 f"got {columns}")
            y = parse_survival_columns(values[0], values[1], time_column=columns[0],
                                       event_column=columns[1], positive=positive,
                                       sample_ids=study.sample_ids,
                                       positions=study.target_positions)
    except ValueError as error:
        raise ValueError(f"dataset {name!r}: {error}") from None
    return make_outcome_dataset(
        name, _dense(study.X), y, task=task, feature_names=study.feature_names,
        sample_ids=study.sample_ids, provenance=provenance, sample_groups=study.groups,
    )
