"""Groups of samples that belong together: one patient's biopsies, one batch, one family.

Samples of one group are not independent: a model that has seen a patient's other biopsy
recognises the patient, not the disease. Resampling them as if they were independent puts
samples of one group on both sides of a split, and the out-of-bag accuracy (and the stability
of the selection, which then tracks the groups' signature) is inflated. A dataset that records
its groups (:attr:`fsstab.datasets.Dataset.sample_groups`) is therefore resampled group by
group (:mod:`fsstab.resampling`).

This module holds what the dataset and the resampling share: the validation of the labels
and the group structure (:class:`GroupIndex`). Part of :mod:`fsstab.resampling` (import the
names from there; :mod:`fsstab.datasets` loads this module alone, not the resampling).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["GroupIndex", "group_index", "sample_group_labels"]


def _missing(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, float) and value != value:  # NaN
        return True
    return isinstance(value, str) and not value.strip()


def sample_group_labels(groups: Sequence[Any] | None, n: int, name: str) -> tuple[str, ...] | None:
    """``groups`` as ``n`` text labels (None stays None).

    Raises ``ValueError`` naming the dataset for a wrong length or a missing label (naming
    the 1-based sample position): a sample without a group cannot be placed in a split.
    """
    if groups is None:
        return None
    values = list(np.asarray(groups, dtype=object).reshape(-1))
    if len(values) != n:
        raise ValueError(f"dataset {name!r}: {len(values)} sample groups for {n} samples")
    missing = [i + 1 for i, v in enumerate(values) if _missing(v)]
    if missing:
        shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
        raise ValueError(
            f"dataset {name!r}: {len(missing)} sample(s) have no group (samples {shown}, "
            "counted from 1); give every sample a group (a sample alone can be its own group)"
        )
    return tuple(str(v).strip() for v in values)


@dataclass(frozen=True, eq=False)
class GroupIndex:
    """The group structure of n samples.

    ``codes[i]`` is sample i's group (0 .. G-1, groups in order of first appearance),
    ``members[g]`` the sorted samples of group g, ``labels[g]`` its label.
    """

    labels: tuple[str, ...]
    codes: np.ndarray
    members: tuple[np.ndarray, ...]

    @property
    def n_groups(self) -> int:
        return len(self.labels)

    def samples(self, groups: np.ndarray) -> np.ndarray:
        """The samples of ``groups`` (a group drawn twice contributes its samples twice)."""
        if len(groups) == 0:
            return np.empty(0, dtype=np.int64)
        return np.concatenate([self.members[int(g)] for g in groups])

    def count(self, rows: np.ndarray) -> int:
        """How many distinct groups the samples ``rows`` come from."""
        return int(np.unique(self.codes[np.asarray(rows, dtype=np.int64)]).size)


def group_index(groups: Sequence[Any]) -> GroupIndex:
    """:class:`GroupIndex` of the labels ``groups`` (compared as text)."""
    text = [str(g) for g in np.asarray(groups, dtype=object).reshape(-1)]
    first: dict[str, int] = {}
    codes = np.empty(len(text), dtype=np.int64)
    for i, label in enumerate(text):
        codes[i] = first.setdefault(label, len(first))
    order = np.argsort(codes, kind="stable")
    bounds = np.searchsorted(codes[order], np.arange(len(first) + 1))
    members = tuple(order[bounds[g]:bounds[g + 1]] for g in range(len(first)))
    return GroupIndex(labels=tuple(first), codes=codes, members=members)
