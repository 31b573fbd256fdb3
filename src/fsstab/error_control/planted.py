"""The guarantee checked on the user's own data: planted null features.

An error-controlled selection promises at most ``E`` false selections on average (PFER) or a
false discovery rate of at most ``q`` -- under assumptions (exchangeable nulls, a base
selector better than random guessing, a correct model of ``X`` for knockoffs) that nobody can
verify on real data, where the null features are unknown. The check makes some known:

The permutation and the augmented data are here; the reruns and their summary in
:mod:`fsstab.error_control.planted_check`.

1. ``m`` real features are copied and the rows of the copies permuted: each copy keeps its
   feature's marginal distribution, and -- one permutation for all copies -- the copies keep
   their correlations with each other (a copied gene and its co-expressed partner stay
   co-expressed), but they have no association with the outcome. They are appended at random
   column positions (a selector breaking ties by column index cannot tell them apart).
2. The error-controlled selection is rerun on the ``d + m`` features, ``R`` times with new
   copies (and new seeds of the selector's own randomness).
3. The planted nulls selected are counted and set against the promise
   (:func:`fsstab.error_control.error_guarantee`): the mean number selected against the PFER
   bound, the mean proportion of planted nulls among the selected features against the FDR
   target (or Stabl's estimated FDP+).

The planted nulls are some of the nulls of the augmented data, so under the method's own
guarantee ``E[planted selected] <= E[V] <= PFER`` and ``E[planted / max(R, 1)] <= FDR <= q``:
an observed mean whose whole interval lies above the bound shows that the guarantee fails on
these data (for this method, with these settings). A mean below the bound does not prove the
guarantee (the real nulls are not counted); it shows that no violation is visible at the
check's resolution. The interval is Student's t on the ``R`` replications, ``mean ± t_{R−1,
(1+level)/2} · s / √R`` clipped to the values possible (counts in [0, m], shares in
[0, 1]; approximate for small ``R`` and skewed counts; with ``R = 1`` it is undefined).

Structure kept by the permutation. With **sample groups** (a patient's biopsies, a batch),
whole groups are exchanged among groups of the same size (within a stratum, if strata are
given) and the rows of a group are shuffled among themselves: a copy then varies between
groups as its feature does, and a feature's within-group pattern (e.g. tumour versus normal
of one patient) is broken. A group whose size no other group has keeps its rows (shuffled
among themselves): their count is reported (``unexchanged_samples``). With **strata**
(e.g. batches), rows are permuted within strata, so a copy keeps its feature's dependence on
the stratum: it is then a null *given the strata*, and an outcome that differs between strata
would make it look associated. Strata that hold a single outcome value each (the classes
themselves) are refused: permuting within classes keeps every copy's association with the
outcome.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = [
    "PlantedDesign",
    "null_permutation",
    "planted_null_design",
]

#: The default number of planted nulls: ``min(d, DEFAULT_PLANTED)``.
DEFAULT_PLANTED = 1000


def _labels(values: Any, n: int, name: str) -> np.ndarray | None:
    if values is None:
        return None
    labels = np.asarray(values, dtype=object).reshape(-1)
    if labels.size != n:
        raise ValueError(f"{name} has {labels.size} entries for {n} samples")
    return np.asarray([str(v) for v in labels])


def null_permutation(n: int, rng: np.random.Generator, *, sample_groups: Any = None,
                     strata: Any = None) -> tuple[np.ndarray, int]:
    """A permutation of the ``n`` rows that keeps the sample structure (module docstring).

    Parameters
    ----------
    n : int
        Number of samples.
    rng : numpy.random.Generator
    sample_groups, strata : sequence (n,) or None
        Labels of the samples' groups and strata (compared as text).

    Returns
    -------
    permutation : ndarray of int (n,)
        Row ``i`` of a planted copy takes the values of row ``permutation[i]`` of the data.
    unexchanged : int
        Samples of groups no other group could be exchanged with (0 without groups).

    Examples
    --------
    Groups of two samples are exchanged whole:

    >>> import numpy as np
    >>> from fsstab.error_control import null_permutation
    >>> groups = ["a", "a", "b", "b", "c", "c"]
    >>> perm, unexchanged = null_permutation(6, np.random.default_rng(0), sample_groups=groups)
    >>> sorted(perm.tolist()), unexchanged
    ([0, 1, 2, 3, 4, 5], 0)
    >>> all({int(perm[i]) // 2 for i in pair} == {int(perm[pair[0]]) // 2}
    ...     for pair in ((0, 1), (2, 3), (4, 5)))
    True
    """
    groups = _labels(sample_groups, n, "sample_groups")
    strata_labels = _labels(strata, n, "strata")
    if strata_labels is None:
        strata_labels = np.zeros(n, dtype="<U1")
    permutation = np.empty(n, dtype=np.int64)
    if groups is None:
        for stratum in np.unique(strata_labels):
            rows = np.flatnonzero(strata_labels == stratum)
            permutation[rows] = rows[rng.permutation(rows.size)]
        return permutation, 0
    classes: dict[tuple[str, int], list[np.ndarray]] = {}
    for label in dict.fromkeys(groups):  # groups in order of first appearance
        rows = np.flatnonzero(groups == label)
        stratum = np.unique(strata_labels[rows])
        if stratum.size > 1:
            raise ValueError(
                f"sample group {label!r} spans strata {stratum.tolist()}; every group must lie "
                "within one stratum"
            )
        classes.setdefault((str(stratum[0]), rows.size), []).append(rows)
    unexchanged = 0
    for members in classes.values():
        if len(members) == 1:
            unexchanged += members[0].size
        for target, source in zip(members, rng.permutation(len(members)), strict=True):
            rows = members[int(source)]
            permutation[target] = rows[rng.permutation(rows.size)]
    return permutation, unexchanged


@dataclass(frozen=True)
class PlantedDesign:
    """Data with planted nulls: ``X`` (n, d + m), ``planted`` (d + m,) marking the copies,
    ``source`` (d + m,) the data column each column holds (a copy: the feature it copies),
    ``unexchanged_samples`` (:func:`null_permutation`)."""

    X: np.ndarray
    planted: np.ndarray
    source: np.ndarray
    unexchanged_samples: int


def _n_planted(n_planted: Any, d: int) -> int:
    if n_planted is None:
        return min(d, DEFAULT_PLANTED)
    if isinstance(n_planted, bool) or not isinstance(n_planted, int | np.integer) or not (
            1 <= n_planted <= d):
        raise ValueError(f"n_planted must be an integer between 1 and d={d}; got {n_planted!r}")
    return int(n_planted)


def planted_null_design(X: Any, rng: np.random.Generator, *, n_planted: int | None = None,
                        sample_groups: Any = None, strata: Any = None) -> PlantedDesign:
    """Append ``n_planted`` row-permuted copies of randomly chosen features of ``X`` at random
    column positions (module docstring).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.error_control import planted_null_design
    >>> X = np.arange(12.0).reshape(4, 3)
    >>> design = planted_null_design(X, np.random.default_rng(0), n_planted=2)
    >>> design.X.shape, int(design.planted.sum())
    ((4, 5), 2)
    >>> bool(np.array_equal(design.X[:, ~design.planted], X))   # real columns, in order
    True
    >>> all(sorted(design.X[:, j]) == sorted(X[:, design.source[j]])
    ...     for j in np.flatnonzero(design.planted))
    True
    """
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2:
        raise ValueError(f"X must be a 2-d matrix (samples x features); got shape {X.shape}")
    n, d = X.shape
    m = _n_planted(n_planted, d)
    permutation, unexchanged = null_permutation(n, rng, sample_groups=sample_groups,
                                                strata=strata)
    copied = np.sort(rng.choice(d, size=m, replace=False))
    planted = np.zeros(d + m, dtype=bool)
    planted[rng.choice(d + m, size=m, replace=False)] = True
    source = np.empty(d + m, dtype=np.int64)
    source[~planted] = np.arange(d)
    source[planted] = rng.permutation(copied)
    augmented = np.empty((n, d + m))
    augmented[:, ~planted] = X
    augmented[:, planted] = X[np.ix_(permutation, source[planted])]
    return PlantedDesign(augmented, planted, source, unexchanged)
