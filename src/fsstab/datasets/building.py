"""Building a :class:`~fsstab.datasets.Dataset` from a raw feature table and class labels:
numeric conversion, class selection (two classes, or K with ``multiclass``), encoding and the
record of what was kept (see :mod:`fsstab.datasets`); or from a feature table and a continuous
or time-to-event target (:func:`make_outcome_dataset`, :mod:`fsstab.datasets.outcomes`)."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from fsstab.datasets.dataset import _MAX_CLASSES, Dataset, _check_finite
from fsstab.outcomes import as_target, check_task, describe_target
from fsstab.resampling import sample_group_labels

__all__ = [
    "binarize_labels",
    "class_option_problem",
    "encode_labels",
    "make_dataset",
    "make_outcome_dataset",
    "numeric_matrix",
]


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


def class_option_problem(classes: Any, *, binary: bool) -> str | None:
    """What is wrong with a ``classes`` option whatever the labels of the data, or None.

    ``binary`` requires a list of exactly two labels or a mapping onto exactly two classes;
    otherwise a list keeps two or more labels and a mapping merges into two or more classes.
    A label may be listed once only (in a list, or in one merged class of a mapping).

    Examples
    --------
    >>> class_option_problem({"tumour": ["T1", "T2"], "normal": ["N", "T2"]}, binary=True)
    "the label 'T2' appears in two merged classes"
    >>> class_option_problem(["a", "b", "a"], binary=False)
    "classes lists the same label twice: ['a', 'b', 'a']"
    >>> class_option_problem({"x": ["a"], "y": ["b", "c"]}, binary=True) is None
    True
    """
    how_many = "exactly two" if binary else "at least two"
    if classes is None:
        return None
    if isinstance(classes, Mapping):
        seen: set[str] = set()
        for new, members in classes.items():
            if isinstance(members, str | bytes) or not isinstance(members, Sequence):
                return f"classes[{new!r}] must be a list of original labels, got {members!r}"
            for member in members:
                if str(member) in seen:
                    return f"the label {member!r} appears in two merged classes"
                seen.add(str(member))
        if (len(classes) != 2) if binary else (len(classes) < 2):
            return (f"classes must merge the labels into {how_many} classes; got "
                    f"{len(classes)}: {list(classes)}")
        return None
    if isinstance(classes, str | bytes) or not isinstance(classes, Sequence) or (
        (len(classes) != 2) if binary else (len(classes) < 2)
    ):
        return f"classes must list {how_many} labels to keep, got {classes!r}"
    if len({str(c) for c in classes}) != len(classes):
        return f"classes lists the same label twice: {classes!r}"
    return None


def _class_mapping(
    present_counts: Mapping[str, int],
    classes: Sequence[Any] | Mapping[Any, Sequence[Any]] | None,
    name: str,
    *,
    binary: bool,
) -> dict[str, str]:
    """Original label -> kept (possibly merged) label; unlisted labels are dropped
    (``classes`` as :func:`class_option_problem` accepts it)."""
    listing = ", ".join(f"{k!r} ({v})" for k, v in present_counts.items())
    problem = class_option_problem(classes, binary=binary)
    if problem is not None:
        raise ValueError(f"dataset {name!r}: {problem}")
    if classes is None:
        mapping = {label: label for label in present_counts}
    elif isinstance(classes, Mapping):
        mapping = {str(member): str(new) for new, members in classes.items()
                   for member in members}
    else:
        mapping = {str(c): str(c) for c in classes}
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


def make_outcome_dataset(
    name: str,
    X: Any,
    y: Any,
    *,
    task: str,
    feature_names: Sequence[Any] | None = None,
    sample_ids: Sequence[Any] | None = None,
    feature_groups: Any = None,
    relevant_features: Any = None,
    provenance: Mapping[str, Any] | None = None,
    sample_groups: Sequence[Any] | None = None,
) -> Dataset:
    """A validated regression or survival :class:`~fsstab.datasets.Dataset` from a feature
    table and its target (already parsed: :func:`fsstab.outcomes.parse_regression_column`,
    :func:`fsstab.outcomes.parse_survival_columns`, or any target :func:`fsstab.outcomes.
    as_target` accepts).

    ``X`` may be an array or a DataFrame (its columns name the features, its index the
    samples, as for :func:`fsstab.datasets.make_dataset`); errors name the dataset, the
    feature and the sample. The provenance gains ``target``
    (:func:`fsstab.outcomes.describe_target`).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.datasets import make_outcome_dataset
    >>> ds = make_outcome_dataset("toy", np.eye(3), [1.5, 2.0, 0.5], task="regression")
    >>> ds.task, ds.y.tolist(), ds.class_labels
    ('regression', [1.5, 2.0, 0.5], ())
    """
    task = check_task(task)
    if _is_dataframe(X):
        if feature_names is None:
            feature_names = [str(c) for c in X.columns]
        import pandas as pd

        if sample_ids is None and not isinstance(X.index, pd.RangeIndex):
            sample_ids = [str(i) for i in X.index]
    matrix = numeric_matrix(X, name)
    if matrix.ndim != 2 or matrix.shape[0] == 0:
        raise ValueError(f"dataset {name!r}: X must be a 2-dimensional table with samples; "
                         f"got shape {matrix.shape}")
    n, d = matrix.shape
    try:
        target = as_target(task, y)
    except ValueError as error:
        raise ValueError(f"dataset {name!r}: {error}") from None
    if feature_names is None:
        feature_names = [f"f{j}" for j in range(d)]
    ids_given = sample_ids is not None
    ids = [str(s) for s in sample_ids] if sample_ids is not None else [str(i) for i in range(n)]
    if len(feature_names) == d and len(ids) == n:
        _check_finite(matrix, name, [str(f) for f in feature_names], ids, ids_given=ids_given)
    record = {**(provenance or {}), "target": describe_target(task, target)}
    return Dataset(
        name=name,
        X=matrix,
        y=target,
        feature_names=tuple(str(f) for f in feature_names),
        sample_ids=tuple(ids),
        class_labels=(),
        feature_groups=feature_groups,
        relevant_features=relevant_features,
        provenance=record,
        sample_groups=None if sample_groups is None else tuple(sample_groups),
        task=task,
    )

