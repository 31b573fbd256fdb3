"""The classification data set every fsstab stage consumes, and its Parquet layout.

A :class:`Dataset` is an ``n x d`` float64 matrix ``X`` (finite), class codes ``y`` (int8),
feature names, sample ids, the original class labels, an optional feature grouping (correlated
groups / blocks of simulated data, needed by φ_C and group LASSO), optional indices of the truly
relevant features (simulations) and a provenance dictionary. Datasets are binary by default:
``y`` is 0/1 and the second class label is the positive class (``y == 1``). Multi-class data
(kept with ``multiclass=True``; Nogueira & Brown 2016 use wine's three classes, Onda et al. 2022
the nine of Lymphoma) have ``y`` in ``0 .. K-1`` and K class labels, ``y == c`` meaning
``class_labels[c]``. Datasets are built by :func:`make_dataset` (class selection, encoding,
validation) and stored with :func:`write_dataset` / :func:`read_dataset`. A continuous or
survival outcome (``task``) is kept as :mod:`fsstab.dataset_outcomes` describes.

Parquet layout (``fsstab.dataset/1``)
-------------------------------------
One row per sample, in dataset order:

============  ===================================  ==========================================
column        type                                 content
============  ===================================  ==========================================
sample_id     string                               unique sample identifier
label         string                               original class label of the sample
y             int8                                 class code: 1 for the positive class, 0
                                                   otherwise (binary); 0 .. K-1 (multi-class)
x             fixed_size_list<double>[d]           the sample's d feature values
group         string (only with sample groups)     the sample's group (patient, batch)
============  ===================================  ==========================================

Key/value metadata (JSON values, see :mod:`fsstab.io`): ``format`` (``"fsstab.dataset/1"``),
``name``, ``feature_names`` (list of d strings), ``class_labels`` ([negative, positive], or the
K labels in code order),
``feature_groups`` (list of d ints or null), ``relevant_features`` (sorted list or null) and
``provenance`` (the stable part of the provenance; see :data:`VOLATILE_PROVENANCE_KEYS`).

A row-major matrix column instead of one column per feature keeps wide microarray data fast:
``benchmarks/dataset_layout.py`` measures a 200 x 25,000 matrix at 0.3-0.8 s to write and
0.2-0.4 s to read with this layout, against 2-3 s and 3-4.5 s with one column per feature.

Next to the Parquet file, ``provenance.json`` holds the complete provenance including volatile
fields (fetch time, the URL actually used), the SHA-256 of the Parquet file, n, d and the class
counts. Volatile fields never enter the Parquet file, so fetching the same data twice gives a
byte-identical Parquet file.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa

from fsstab.dataset_outcomes import (
    checked_outcome_target,
    outcome_columns,
    read_outcome_target,
    target_record,
)
from fsstab.io import (
    file_digests,
    parquet_column_names,
    read_json,
    read_parquet,
    read_parquet_metadata,
    write_json,
    write_parquet,
)
from fsstab.sample_groups import sample_group_labels
from fsstab.wide_tables import read_fixed_size_list

__all__ = [
    "DATASET_FORMAT",
    "VOLATILE_PROVENANCE_KEYS",
    "Dataset",
    "binarize_labels",
    "dataset_paths",
    "encode_labels",
    "make_dataset",
    "numeric_matrix",
    "read_dataset",
    "write_dataset",
]

DATASET_FORMAT = "fsstab.dataset/1"

#: Provenance entries that may differ between two fetches of the same data (time, mirror,
#: library versions). They are written to ``provenance.json`` only, never into the Parquet file.
VOLATILE_PROVENANCE_KEYS: frozenset[str] = frozenset(
    {"fetched_at", "downloaded_from", "cache_path", "library_versions"}
)

_PARQUET_NAME = "dataset.parquet"
_PROVENANCE_NAME = "provenance.json"


# --------------------------------------------------------------------------------------------
# The dataset
# --------------------------------------------------------------------------------------------


def _first_duplicate(values: Sequence[str]) -> str | None:
    seen: set[str] = set()
    for value in values:
        if value in seen:
            return value
        seen.add(value)
    return None


def _check_unique_strings(values: Sequence[Any], what: str, expected: int, name: str) -> tuple:
    if len(values) != expected:
        raise ValueError(f"dataset {name!r}: {what} has {len(values)} entries, expected {expected}")
    values = tuple(str(v) for v in values)
    duplicate = _first_duplicate(values)
    if duplicate is not None:
        raise ValueError(f"dataset {name!r}: {what} are not unique ({duplicate!r} repeats)")
    return values


@dataclass(frozen=True, eq=False)
class Dataset:
    """A validated classification data set (see the module docstring).

    Attributes
    ----------
    name
        Short identifier used in file names and messages.
    X
        ``(n, d)`` float64, finite.
    y
        ``(n,)`` int8 class codes ``0 .. K-1``, every class present (K = ``len(class_labels)``
        >= 2); for binary data 1 marks ``positive_class``.
    feature_names, sample_ids
        Unique strings, ``d`` and ``n`` of them.
    class_labels
        The original label of each code: ``(negative label, positive label)`` for binary data,
        K labels for multi-class data.
    feature_groups
        ``(d,)`` int64 group label per feature or ``None``. Features sharing a label form a
        group (a correlated group or block of simulated data); a feature outside every group
        has a label of its own.
    relevant_features
        Sorted indices of the features the response was generated from (simulations) or None.
    provenance
        Where the data came from and how it was transformed (JSON-compatible values).
    sample_groups
        ``n`` group labels (text) or ``None``: samples sharing a label (one patient's biopsies,
        one batch) are resampled together (:mod:`fsstab.group_resampling`).
    task
        ``"classification"`` (the above), ``"regression"`` or ``"survival"``: then ``y`` is
        the target as the selectors take it and ``class_labels`` is empty
        (:mod:`fsstab.dataset_outcomes`).
    """

    name: str
    X: np.ndarray
    y: np.ndarray
    feature_names: tuple[str, ...]
    sample_ids: tuple[str, ...]
    class_labels: tuple[str, ...]
    feature_groups: np.ndarray | None = None
    relevant_features: np.ndarray | None = None
    provenance: Mapping[str, Any] = field(default_factory=dict)
    sample_groups: tuple[str, ...] | None = None
    task: str = "classification"

    def __post_init__(self) -> None:
        name = self.name
        if not isinstance(name, str) or not name:
            raise ValueError(f"Dataset.name must be a non-empty string, got {name!r}")
        X = np.asarray(self.X)
        if X.ndim != 2:
            raise ValueError(f"dataset {name!r}: X must be 2-dimensional, got shape {X.shape}")
        if not np.issubdtype(X.dtype, np.number) or np.issubdtype(X.dtype, np.complexfloating):
            raise ValueError(f"dataset {name!r}: X must be real-valued, got dtype {X.dtype}")
        X = np.ascontiguousarray(X, dtype=np.float64)
        n, d = X.shape
        if n < 2 or d < 1:
            raise ValueError(f"dataset {name!r}: X has shape {X.shape}; need n >= 2 and d >= 1")
        if self.task != "classification":
            labels, y = checked_outcome_target(self.task, self.y, self.class_labels, n, name)
        else:
            labels = tuple(str(c) for c in self.class_labels)
            if not 2 <= len(labels) <= _MAX_CLASSES or len(set(labels)) != len(labels):
                raise ValueError(
                    f"dataset {name!r}: class_labels must be 2 to {_MAX_CLASSES} distinct "
                    f"labels, got {self.class_labels!r}"
                )
            y = _check_codes(np.asarray(self.y), n, len(labels), name)
        features = _check_unique_strings(self.feature_names, "feature_names", d, name)
        samples = _check_unique_strings(self.sample_ids, "sample_ids", n, name)
        _check_finite(X, name, features, samples)
        groups = None
        if self.feature_groups is not None:
            groups = np.asarray(self.feature_groups)
            if groups.shape != (d,) or not np.issubdtype(groups.dtype, np.integer):
                raise ValueError(
                    f"dataset {name!r}: feature_groups must be {d} integer labels, got "
                    f"shape {groups.shape} dtype {groups.dtype}"
                )
            groups = groups.astype(np.int64)
        relevant = None
        if self.relevant_features is not None:
            relevant = np.asarray(self.relevant_features)
            if relevant.ndim != 1 or (
                relevant.size and not np.issubdtype(relevant.dtype, np.integer)
            ):
                raise ValueError(
                    f"dataset {name!r}: relevant_features must be a 1-d array of feature indices"
                )
            relevant = np.unique(relevant.astype(np.int64))
            if relevant.size and (relevant[0] < 0 or relevant[-1] >= d):
                raise ValueError(
                    f"dataset {name!r}: relevant_features must lie in 0..{d - 1}, got "
                    f"{relevant.tolist()}"
                )
        for attr, value in [
            ("X", X),
            ("y", y),
            ("feature_names", features),
            ("sample_ids", samples),
            ("class_labels", labels),
            ("feature_groups", groups),
            ("relevant_features", relevant),
            ("provenance", dict(self.provenance)),
            ("sample_groups", sample_group_labels(self.sample_groups, n, name)),
        ]:
            object.__setattr__(self, attr, value)

    @property
    def n_samples(self) -> int:
        return int(self.X.shape[0])

    @property
    def n_features(self) -> int:
        return int(self.X.shape[1])

    @property
    def n_classes(self) -> int:
        return len(self.class_labels)

    @property
    def positive_class(self) -> str | None:
        """The original label of the samples with ``y == 1`` (None for multi-class data)."""
        return self.class_labels[1] if self.n_classes == 2 else None

    @property
    def class_counts(self) -> dict[str, int]:
        """``{label: count}`` in code order (negative, positive for binary data); empty for
        a regression or survival dataset."""
        if self.task != "classification":
            return {}
        counts = np.bincount(self.y, minlength=self.n_classes)
        return {label: int(c) for label, c in zip(self.class_labels, counts, strict=True)}

    def select_features(self, indices: Sequence[int] | np.ndarray, **provenance: Any) -> Dataset:
        """A dataset restricted to the columns ``indices`` (in that order).

        Feature groups follow their features; relevant features that are dropped disappear from
        ``relevant_features``. Keyword arguments are added to the provenance.
        """
        idx = np.asarray(indices, dtype=np.int64)
        if idx.ndim != 1 or idx.size == 0:
            raise ValueError(f"dataset {self.name!r}: select at least one feature index")
        if idx.min() < 0 or idx.max() >= self.n_features:
            raise ValueError(
                f"dataset {self.name!r}: feature indices must lie in 0..{self.n_features - 1}"
            )
        relevant = None
        if self.relevant_features is not None:
            position = {int(old): new for new, old in enumerate(idx)}
            relevant = np.array(
                sorted(position[int(r)] for r in self.relevant_features if int(r) in position),
                dtype=np.int64,
            )
        return dataclasses.replace(
            self,
            X=self.X[:, idx],
            feature_names=tuple(self.feature_names[i] for i in idx),
            feature_groups=None if self.feature_groups is None else self.feature_groups[idx],
            relevant_features=relevant,
            provenance={**self.provenance, **provenance},
        )


#: Class codes are int8.
_MAX_CLASSES = 127


def _check_codes(y: np.ndarray, n: int, n_classes: int, name: str) -> np.ndarray:
    """``y`` as int8 codes ``0 .. n_classes - 1``, each present (ValueError naming the data)."""
    if y.shape != (n,):
        raise ValueError(f"dataset {name!r}: y has shape {y.shape}, expected ({n},)")
    valid = np.isin(y, np.arange(n_classes))
    if not np.all(valid):
        bad = np.unique(y[~valid])[:5].tolist()
        allowed = "0 and 1" if n_classes == 2 else f"0 .. {n_classes - 1}"
        raise ValueError(f"dataset {name!r}: y must contain only {allowed}; found {bad}")
    y = y.astype(np.int8)
    if y.min() == y.max():
        raise ValueError(
            f"dataset {name!r}: y contains a single class ({int(y[0])}); need two classes"
        )
    missing = np.setdiff1d(np.arange(n_classes), y)
    if missing.size:
        raise ValueError(
            f"dataset {name!r}: class code(s) {missing.tolist()} of the {n_classes} class labels "
            "have no sample"
        )
    return y


def _check_finite(
    X: np.ndarray, name: str, feature_names: Sequence[str], sample_ids: Sequence[str],
    *, rows: np.ndarray | None = None, ids_given: bool = True,
) -> None:
    """NaN/inf are errors naming the features (by name) and the first sample of each.

    ``rows``: the 1-based row of the source table of each row of ``X`` (default 1 .. n);
    ``ids_given``: whether ``sample_ids`` came from the data (else only rows are shown).
    """
    bad = ~np.isfinite(X)
    if not bad.any():
        return
    row_numbers = np.arange(1, X.shape[0] + 1) if rows is None else rows
    columns = np.flatnonzero(bad.any(axis=0))
    described = []
    for j in columns[:5]:
        first = int(np.flatnonzero(bad[:, j])[0])
        where = f"row {int(row_numbers[first])}"
        if ids_given:
            where += f", sample {sample_ids[first]!r}"
        described.append(
            f"{feature_names[j]!r} ({int(bad[:, j].sum())}; first at {where}: "
            f"{float(X[first, j])})"
        )
    more = f" and {columns.size - 5} more" if columns.size > 5 else ""
    raise ValueError(
        f"dataset {name!r}: {int(bad.sum())} missing or non-finite value(s) in "
        f"{columns.size} feature(s): {', '.join(described)}{more}. Rows are counted from 1 "
        "(the header is not a row); remove or impute these values before the analysis"
    )


# --------------------------------------------------------------------------------------------
# Building datasets from raw tables
# --------------------------------------------------------------------------------------------


def _is_dataframe(X: Any) -> bool:
    """``isinstance(X, pandas.DataFrame)`` without importing pandas: if pandas is not loaded, no
    DataFrame exists (reading stored datasets, the workflow's common case, never needs it)."""
    pandas = sys.modules.get("pandas")
    return pandas is not None and isinstance(X, pandas.DataFrame)


def numeric_matrix(X: Any, name: str) -> np.ndarray:
    """``X`` (array or DataFrame) as float64; non-numeric columns raise ``ValueError``.

    Missing values of nullable pandas columns become NaN (and are then rejected by
    :class:`Dataset`, which names the dataset).
    """
    if _is_dataframe(X):
        import pandas as pd

        non_numeric = [
            str(col)
            for col, dtype in X.dtypes.items()
            if not pd.api.types.is_numeric_dtype(dtype) or pd.api.types.is_complex_dtype(dtype)
        ]
        if non_numeric:
            shown = ", ".join(repr(c) for c in non_numeric[:5])
            more = f" and {len(non_numeric) - 5} more" if len(non_numeric) > 5 else ""
            raise ValueError(
                f"dataset {name!r}: {len(non_numeric)} non-numeric feature(s): {shown}{more}"
            )
        return X.to_numpy(dtype=np.float64, na_value=np.nan)
    arr = np.asarray(X)
    if arr.dtype == object or not (
        np.issubdtype(arr.dtype, np.number) or np.issubdtype(arr.dtype, np.bool_)
    ):
        try:
            return arr.astype(np.float64)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"dataset {name!r}: features are not numeric ({exc})") from exc
    if np.issubdtype(arr.dtype, np.complexfloating):
        raise ValueError(f"dataset {name!r}: features are complex-valued")
    return arr.astype(np.float64)


def _label_strings(labels: Any, sample_ids: Sequence[Any] | None = None) -> np.ndarray:
    import pandas as pd  # isna knows every missing-value marker (None, NaN, NaT, pd.NA)

    values = np.asarray(labels, dtype=object).reshape(-1)
    missing = pd.isna(values)
    if missing.any():
        row = int(np.flatnonzero(missing)[0])
        sample = "" if sample_ids is None else f", sample {str(sample_ids[row])!r}"
        raise ValueError(f"the class label of row {row + 1}{sample} (counted from 1) is missing")
    return np.array([str(v) for v in values], dtype=object)


def _class_mapping(
    present_counts: Mapping[str, int],
    classes: Sequence[Any] | Mapping[Any, Sequence[Any]] | None,
    name: str,
    *,
    binary: bool,
) -> dict[str, str]:
    """Original label -> kept (possibly merged) label; unlisted labels are dropped.

    ``binary`` requires a list of exactly two labels or a mapping onto exactly two classes;
    otherwise a list keeps two or more labels and a mapping merges into two or more classes.
    """
    listing = ", ".join(f"{k!r} ({v})" for k, v in present_counts.items())
    how_many = "exactly two" if binary else "at least two"
    if classes is None:
        mapping = {label: label for label in present_counts}
    elif isinstance(classes, Mapping):
        mapping = {}
        for new, members in classes.items():
            if isinstance(members, str | bytes) or not isinstance(members, Sequence):
                raise ValueError(
                    f"dataset {name!r}: classes[{new!r}] must be a list of original labels, "
                    f"got {members!r}"
                )
            for member in members:
                if str(member) in mapping:
                    raise ValueError(
                        f"dataset {name!r}: the label {member!r} appears in two merged classes"
                    )
                mapping[str(member)] = str(new)
        if (len(classes) != 2) if binary else (len(classes) < 2):
            raise ValueError(
                f"dataset {name!r}: classes must merge the labels into {how_many} classes; got "
                f"{len(classes)}: {list(classes)}"
            )
    else:
        if isinstance(classes, str | bytes) or (
            (len(classes) != 2) if binary else (len(classes) < 2)
        ):
            raise ValueError(
                f"dataset {name!r}: classes must list {how_many} labels to keep, got {classes!r}"
            )
        mapping = {str(c): str(c) for c in classes}
        if len(mapping) != len(classes):
            raise ValueError(f"dataset {name!r}: classes lists the same label twice: {classes!r}")
    unknown = [label for label in mapping if label not in present_counts]
    if unknown:
        raise ValueError(
            f"dataset {name!r}: class label(s) {unknown} not found; the data has {listing}"
        )
    n_kept = len(set(mapping.values()))
    if binary and n_kept != 2:
        raise ValueError(
            f"dataset {name!r}: binary classification needs exactly two classes; the data has "
            f"{n_kept}: {listing}. Choose two with classes: [a, b], merge them with classes: "
            "{new: [old, ...], ...}, or keep them all with multiclass: true"
        )
    if n_kept < 2:
        raise ValueError(
            f"dataset {name!r}: classification needs at least two classes; the data has "
            f"{n_kept}: {listing}"
        )
    if n_kept > _MAX_CLASSES:
        raise ValueError(
            f"dataset {name!r}: {n_kept} classes; at most {_MAX_CLASSES} are supported"
        )
    return mapping


def _selection_record(
    present_counts: Mapping[str, int], mapping: Mapping[str, str]
) -> dict[str, Any]:
    """Provenance of a class selection: original counts, dropped classes, merges."""
    dropped = {label: c for label, c in present_counts.items() if label not in mapping}
    info: dict[str, Any] = {"original_class_counts": dict(present_counts)}
    if dropped:
        info["dropped_class_counts"] = dropped
    if any(label != new for label, new in mapping.items()):
        info["class_mapping"] = dict(sorted(mapping.items()))
    return info


def binarize_labels(
    labels: Any,
    *,
    name: str,
    classes: Sequence[Any] | Mapping[Any, Sequence[Any]] | None = None,
    positive: Any = None,
) -> tuple[np.ndarray, np.ndarray, tuple[str, str], dict[str, Any]]:
    """Select two classes and encode them as 0/1.

    Parameters
    ----------
    labels
        The original class label of each sample (compared as strings).
    classes
        ``None`` (the data must have exactly two classes), a list of two labels to keep (rows
        of other classes are dropped; thesis Table 4.1's class pairs), or a mapping
        ``{new label: [original labels]}`` with two entries that merges classes (rows of
        unlisted classes are dropped), e.g. ``{"other": ["other", "placenta"], "blood":
        ["blood"]}`` for christensen as in the thesis (§4.1).
    positive
        The label (after merging) that becomes ``y = 1``. Default: the minority class; on a
        tie, the label that sorts last.

    Returns
    -------
    y, keep, class_labels, info
        ``y`` (int8) for the kept rows, the boolean row mask ``keep``, ``(negative, positive)``
        and a dict recording the class selection for the provenance.
    """
    original = _label_strings(labels)
    present, counts = np.unique(original, return_counts=True)
    present_counts = dict(zip(present.tolist(), counts.tolist(), strict=True))
    mapping = _class_mapping(present_counts, classes, name, binary=True)
    merged_labels = sorted(set(mapping.values()))
    keep = np.array([label in mapping for label in original], dtype=bool)
    merged = np.array([mapping[label] for label in original[keep]], dtype=object)
    merged_counts = {label: int(np.sum(merged == label)) for label in merged_labels}
    if positive is None:
        smallest = min(merged_counts.values())
        positive_label = max(lab for lab in merged_labels if merged_counts[lab] == smallest)
    else:
        positive_label = str(positive)
        if positive_label not in merged_counts:
            raise ValueError(
                f"dataset {name!r}: positive class {positive!r} is not one of the classes "
                f"{merged_labels}"
            )
    negative_label = next(label for label in merged_labels if label != positive_label)
    y = (merged == positive_label).astype(np.int8)
    return y, keep, (negative_label, positive_label), _selection_record(present_counts, mapping)


def encode_labels(
    labels: Any,
    *,
    name: str,
    classes: Sequence[Any] | Mapping[Any, Sequence[Any]] | None = None,
    positive: Any = None,
    multiclass: bool = False,
) -> tuple[np.ndarray, np.ndarray, tuple[str, ...], dict[str, Any]]:
    """Class codes of the kept samples: :func:`binarize_labels`, or all classes.

    With ``multiclass=False`` this is :func:`binarize_labels`. With ``multiclass=True``,
    ``classes`` may keep (list) or merge into (mapping) two or more classes (``None``: every
    class of the data); the kept labels, sorted, get the codes ``0 .. K-1``. Data that end up
    with exactly two classes are encoded as binary data (``positive`` applies); ``positive``
    is an error for more than two classes.

    Returns ``(y, keep, class_labels, info)`` as :func:`binarize_labels`.
    """
    if not multiclass:
        return binarize_labels(labels, name=name, classes=classes, positive=positive)
    original = _label_strings(labels)
    present, counts = np.unique(original, return_counts=True)
    present_counts = dict(zip(present.tolist(), counts.tolist(), strict=True))
    mapping = _class_mapping(present_counts, classes, name, binary=False)
    kept_labels = sorted(set(mapping.values()))
    if len(kept_labels) == 2:
        binary_classes = {label: [o for o, n in mapping.items() if n == label]
                          for label in kept_labels}
        return binarize_labels(labels, name=name, classes=binary_classes, positive=positive)
    if positive is not None:
        raise ValueError(
            f"dataset {name!r}: positive applies to two classes only; multiclass data with "
            f"{len(kept_labels)} classes has none"
        )
    keep = np.array([label in mapping for label in original], dtype=bool)
    code = {label: c for c, label in enumerate(kept_labels)}
    y = np.array([code[mapping[label]] for label in original[keep]], dtype=np.int8)
    return y, keep, tuple(kept_labels), _selection_record(present_counts, mapping)


def make_dataset(
    name: str,
    X: Any,
    labels: Any,
    *,
    feature_names: Sequence[Any] | None = None,
    sample_ids: Sequence[Any] | None = None,
    classes: Sequence[Any] | Mapping[Any, Sequence[Any]] | None = None,
    positive: Any = None,
    multiclass: bool = False,
    feature_groups: Any = None,
    relevant_features: Any = None,
    provenance: Mapping[str, Any] | None = None,
    sample_groups: Sequence[Any] | None = None,
) -> Dataset:
    """Build a validated :class:`Dataset` from a raw feature table and class labels.

    ``X`` may be a NumPy array or a DataFrame (its column names become the default feature
    names, its index the default sample ids). Class selection and the positive class follow
    :func:`binarize_labels`, or :func:`encode_labels` with ``multiclass=True`` (keep every
    class); the record (original class counts, dropped classes, merges) is added to the
    provenance. ``sample_groups`` (one label per row of ``X``) follow the kept samples.

    Raises ``ValueError`` naming the dataset for non-numeric or non-finite features, fewer
    than two classes, or inconsistent shapes.
    """
    if _is_dataframe(X):
        import pandas as pd

        if feature_names is None:
            feature_names = [str(c) for c in X.columns]
        if sample_ids is None and not isinstance(X.index, pd.RangeIndex):
            sample_ids = [str(i) for i in X.index]
    if len(X) == 0:
        raise ValueError(
            f"dataset {name!r}: no samples (the table has a header but no data rows)"
        )
    matrix = numeric_matrix(X, name)
    if matrix.ndim != 2:
        raise ValueError(f"dataset {name!r}: X must be 2-dimensional, got shape {matrix.shape}")
    n, d = matrix.shape
    try:
        label_values = _label_strings(
            labels, sample_ids if sample_ids is not None and len(sample_ids) == n else None)
    except ValueError as exc:
        raise ValueError(f"dataset {name!r}: {exc}") from exc
    if label_values.shape != (n,):
        raise ValueError(
            f"dataset {name!r}: {label_values.shape[0]} labels for {n} samples (rows of X)"
        )
    y, keep, class_labels, info = encode_labels(
        label_values, name=name, classes=classes, positive=positive, multiclass=multiclass
    )
    if feature_names is None:
        feature_names = [f"f{j}" for j in range(d)]
    ids_given = sample_ids is not None
    if sample_ids is None:
        sample_ids = [str(i) for i in range(n)]
    if len(sample_ids) != n:
        raise ValueError(f"dataset {name!r}: {len(sample_ids)} sample ids for {n} samples")
    # no second copy when every row is kept and the matrix is already numeric_matrix's own
    kept = matrix if keep.all() and matrix.flags.owndata else matrix[keep]
    if len(feature_names) == d:
        _check_finite(kept, name, [str(f) for f in feature_names], [str(s) for s, k in zip(
            sample_ids, keep, strict=True) if k], rows=np.flatnonzero(keep) + 1,
            ids_given=ids_given)
    kept_ids = [str(s) for s, k in zip(sample_ids, keep, strict=True) if k]
    record = {**(provenance or {}), **info}
    return Dataset(
        name=name,
        X=kept,
        y=y,
        feature_names=tuple(str(f) for f in feature_names),
        sample_ids=tuple(kept_ids),
        class_labels=class_labels,
        feature_groups=feature_groups,
        relevant_features=relevant_features,
        provenance=record,
        sample_groups=None if sample_groups is None else tuple(
            g for g, k in zip(sample_group_labels(sample_groups, n, name), keep, strict=True)
            if k
        ),
    )


# --------------------------------------------------------------------------------------------
# Parquet + provenance.json
# --------------------------------------------------------------------------------------------


def dataset_paths(target: str | os.PathLike[str]) -> tuple[Path, Path]:
    """``(parquet path, provenance path)`` for a dataset location.

    A path ending in ``.parquet`` names the file itself and its provenance is
    ``<stem>.provenance.json`` beside it; any other path is a directory holding
    ``dataset.parquet`` and ``provenance.json``.
    """
    target = Path(target)
    if target.suffix == ".parquet":
        return target, target.with_name(target.stem + ".provenance.json")
    return target / _PARQUET_NAME, target / _PROVENANCE_NAME


def _stable(provenance: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in provenance.items() if k not in VOLATILE_PROVENANCE_KEYS}


def _dataset_table(ds: Dataset) -> pa.Table:
    values = pa.array(ds.X.reshape(-1), type=pa.float64())
    columns = {"sample_id": pa.array(ds.sample_ids, type=pa.string())}
    if ds.task == "classification":
        columns["label"] = pa.array([ds.class_labels[v] for v in ds.y], type=pa.string())
        columns["y"] = pa.array(ds.y, type=pa.int8())
    else:
        columns.update(outcome_columns(ds.task, ds.y))
    columns["x"] = pa.FixedSizeListArray.from_arrays(values, ds.n_features)
    if ds.sample_groups is not None:  # only then: datasets without groups keep their bytes
        columns["group"] = pa.array(ds.sample_groups, type=pa.string())
    return pa.table(columns)


def write_dataset(ds: Dataset, target: str | os.PathLike[str]) -> Path:
    """Write ``ds`` as Parquet plus ``provenance.json`` (see :func:`dataset_paths`).

    Both files are written atomically; the Parquet file is byte-identical for equal datasets.
    Returns the Parquet path.
    """
    parquet_path, provenance_path = dataset_paths(target)
    metadata = {
        "format": DATASET_FORMAT,
        "name": ds.name,
        "feature_names": list(ds.feature_names),
        "class_labels": list(ds.class_labels),
        "feature_groups": None if ds.feature_groups is None else ds.feature_groups.tolist(),
        "relevant_features": (
            None if ds.relevant_features is None else ds.relevant_features.tolist()
        ),
        "provenance": _stable(ds.provenance),
        **({} if ds.task == "classification" else {"task": ds.task}),
    }
    write_parquet(_dataset_table(ds), parquet_path, metadata=metadata)
    write_json(
        provenance_path,
        {
            **ds.provenance,
            "dataset": ds.name,
            "format": DATASET_FORMAT,
            "n": ds.n_samples,
            "d": ds.n_features,
            "class_counts": ds.class_counts,
            "class_labels": list(ds.class_labels),
            "positive_class": ds.positive_class,
            **({} if ds.task == "classification" else target_record(ds)),
            "parquet_file": parquet_path.name,
            "parquet_sha256": file_digests(parquet_path)["sha256"],
        },
    )
    return parquet_path


_REQUIRED_KEYS = ("format", "name", "feature_names", "class_labels")


def read_dataset(source: str | os.PathLike[str]) -> Dataset:
    """Read a dataset written by :func:`write_dataset` (a directory or a ``.parquet`` path).

    The provenance is the stable part stored in the Parquet file, completed by the volatile
    fields of the provenance JSON when that file exists.
    """
    parquet_path, provenance_path = dataset_paths(source)
    meta = read_parquet_metadata(parquet_path)
    missing = [k for k in _REQUIRED_KEYS if k not in meta]
    if missing or meta.get("format") != DATASET_FORMAT:
        raise ValueError(
            f"{parquet_path}: not an fsstab dataset (format {meta.get('format')!r}, missing "
            f"metadata {missing})"
        )
    task = meta.get("task", "classification")
    # every column but the matrix (the target, sample ids and groups are small)
    names = [c for c in parquet_column_names(parquet_path) if c != "x"]
    for column in ("sample_id", "y") if task == "classification" else ("sample_id",):
        if column not in names:
            raise ValueError(f"{parquet_path}: missing column {column!r}")
    table, _ = read_parquet(parquet_path, columns=names)
    # the matrix a few rows at a time (no copies of the size of the data); checks its type
    X = read_fixed_size_list(parquet_path, "x", table.num_rows, len(meta["feature_names"]))
    provenance = dict(meta.get("provenance") or {})
    if provenance_path.is_file():
        extra = read_json(provenance_path)
        provenance.update({k: v for k, v in extra.items() if k in VOLATILE_PROVENANCE_KEYS})
    groups = meta.get("feature_groups")
    relevant = meta.get("relevant_features")
    return Dataset(
        name=meta["name"],
        X=X,
        y=(table.column("y").to_numpy() if task == "classification"
           else read_outcome_target(table, task, parquet_path)),
        feature_names=tuple(meta["feature_names"]),
        sample_ids=tuple(table.column("sample_id").to_pylist()),
        class_labels=tuple(meta["class_labels"]),
        feature_groups=None if groups is None else np.asarray(groups, dtype=np.int64),
        relevant_features=None if relevant is None else np.asarray(relevant, dtype=np.int64),
        provenance=provenance,
        sample_groups=(tuple(table.column("group").to_pylist())
                       if "group" in table.column_names else None),
        task=task,
    )
