"""The :class:`Dataset` container and the checks every dataset passes when it is built
(see :mod:`fsstab.datasets`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from fsstab.datasets.outcomes import checked_outcome_target
from fsstab.resampling import sample_group_labels

__all__ = ["Dataset"]


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
    """A validated classification data set (see :mod:`fsstab.datasets`).

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
        one batch) are resampled together (:mod:`fsstab.resampling`).
    task
        ``"classification"`` (the above), ``"regression"`` or ``"survival"``: then ``y`` is
        the target as the selectors take it and ``class_labels`` is empty
        (:mod:`fsstab.datasets.outcomes`).
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
