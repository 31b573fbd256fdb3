"""The guarantee checked on the user's own data: planted null features.

An error-controlled selection promises at most ``E`` false selections on average (PFER) or a
false discovery rate of at most ``q`` -- under assumptions (exchangeable nulls, a base
selector better than random guessing, a correct model of ``X`` for knockoffs) that nobody can
verify on real data, where the null features are unknown. The check makes some known:

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
(1+level)/2} · s / √R`` (approximate for small ``R`` and skewed counts; with ``R = 1`` it is
undefined).

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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from fsstab.error_control.discoveries import (
    component_labels,
    count_discoveries,
    counted_discoveries,
)
from fsstab.error_control.guarantees import ErrorGuarantee, error_guarantee

__all__ = [
    "PlantedDesign",
    "PlantedNullCheck",
    "null_permutation",
    "planted_null_check",
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


def _check_strata(strata: np.ndarray, y: Any) -> None:
    """Refuse strata within which the outcome is constant (the classes themselves)."""
    if y is None:
        return
    y = np.asarray(y)
    values = np.unique(strata)
    if values.size < 2:
        return
    constant = all(np.unique(y[strata == s]).size == 1 for s in values)
    if constant:
        raise ValueError(
            "strata: the outcome takes one value within every stratum (are they the classes?); "
            "permuting within them would keep each copy's association with the outcome, and "
            "the copies would not be null. Give strata that are not defined by the outcome "
            "(e.g. batches), or none"
        )


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


@dataclass(frozen=True)
class PlantedNullCheck:
    """The result of :func:`planted_null_check`.

    Attributes
    ----------
    replications : pandas.DataFrame
        One row per replication: ``n_selected``, ``n_real_selected``,
        ``n_planted_selected``, ``planted_fdp`` (planted selected / max(selected, 1)), the
        promise (``guarantee``, ``level``) of that fit, and with a similarity ``n_groups``,
        ``n_planted_groups``, ``planted_group_fdp`` (groups made of planted nulls only).
    summary : pandas.DataFrame
        One row: the means over the replications with their intervals
        (``*_low``/``*_high``), the promise, ``verdict`` (``"exceeds"`` when the interval of
        the compared quantity lies entirely above the promise, else ``"within"``) and the
        settings (``n_planted``, ``n_repeats``, ``confidence_level``, ``interval``).
    guarantee : ErrorGuarantee
        The promise compared with (its level: the mean over the replications).
    """

    replications: Any
    summary: Any
    guarantee: ErrorGuarantee

    @property
    def exceeds(self) -> bool:
        """True when the check shows the promise broken on these data."""
        return bool(self.summary["verdict"].iloc[0] == "exceeds")

    def sentence(self) -> str:
        """One sentence for a report, saying plainly when the promise is exceeded.

        Examples
        --------
        See :func:`planted_null_check`.
        """
        row = self.summary.iloc[0]
        g = self.guarantee
        quantity = "planted nulls selected on average" if g.kind == "PFER" else \
            "mean proportion of planted nulls among the selected features"
        value = row["mean_planted_selected"] if g.kind == "PFER" else row["mean_planted_fdp"]
        low, high = (row["planted_selected_low"], row["planted_selected_high"]) \
            if g.kind == "PFER" else (row["planted_fdp_low"], row["planted_fdp_high"])
        level = f"{100 * row['confidence_level']:g}%"
        stated = (f"{int(row['n_planted'])} planted nulls, {int(row['n_repeats'])} reruns: "
                  f"{quantity} {value:.3g} ({level} interval {low:.3g} to {high:.3g}) against "
                  f"{g.sentence()}")
        if self.exceeds:
            return f"{stated}: the observed value EXCEEDS the promise on these data."
        return f"{stated}: no violation visible."


def _interval(values: np.ndarray, confidence_level: float) -> tuple[float, float, float, float]:
    """Mean, standard error and Student-t interval of the mean of ``values``."""
    from fsstab.scores import t_quantile

    r = values.size
    mean = float(values.mean())
    if r < 2:
        return mean, float("nan"), float("nan"), float("nan")
    se = float(values.std(ddof=1) / np.sqrt(r))
    half = float(t_quantile((1 + confidence_level) / 2, r - 1)) * se
    return mean, se, mean - half, mean + half


def _configured(selector: Any, seed: int, vary_seed: bool) -> Any:
    from sklearn.base import clone

    estimator = clone(selector)
    if vary_seed and "random_state" in estimator.get_params(deep=False):
        estimator.set_params(random_state=seed)
    return estimator


def _augmented_similarity(similarity: Any, d: int) -> tuple[Any, float] | None:
    """The user's ``(C, θ)`` validated, or None."""
    if similarity is None:
        return None
    if not (isinstance(similarity, Sequence) and len(similarity) == 2):
        raise ValueError("similarity must be a pair (C, threshold) (fsstab.similarity's C)")
    from fsstab.error_control.discoveries import check_similarity_threshold
    from fsstab.measures import as_similarity_matrix

    C, threshold = similarity
    return as_similarity_matrix(C, d), check_similarity_threshold(threshold)


def _design_groups(C: Any, threshold: float, design: PlantedDesign,
                   support: np.ndarray) -> np.ndarray:
    """Discovery groups of a selection on the augmented data. A copy is similar to the other
    copies as its feature is to theirs (Pearson and Spearman correlations are unchanged by a
    common row permutation, group membership is copied) and to no real feature (it is
    independent of them)."""
    import scipy.sparse as sp

    selected = np.flatnonzero(support)
    if selected.size == 0:
        return np.full(support.size, -1, dtype=np.int64)
    source = design.source[selected]
    block = sp.coo_array(sp.csr_array(C)[source][:, source])
    kind = design.planted[selected]
    keep = (block.data >= threshold) & (kind[block.row] == kind[block.col]) & (
        block.row != block.col)
    adjacency = sp.csr_array((np.ones(int(keep.sum()), dtype=bool),
                              (block.row[keep], block.col[keep])),
                             shape=(selected.size, selected.size))
    if threshold == 0:  # every pair of the same kind is similar, stored or not
        adjacency = sp.csr_array(kind[:, None] == kind[None, :])
    return component_labels(selected, adjacency, support.size)


def planted_null_check(
    X: Any, y: Any, selector: Any, *, n_planted: int | None = None, n_repeats: int = 20,
    sample_groups: Any = None, strata: Any = None, similarity: Any = None,
    guarantee: ErrorGuarantee | None = None, confidence_level: float = 0.95,
    vary_seed: bool = True, random_state: Any = None,
) -> PlantedNullCheck:
    """Rerun an error-controlled selection with planted null features and compare the planted
    nulls it selects with its promise (module docstring).

    Parameters
    ----------
    X : array (n, d)
    y : array (n,)
        The outcome, as ``selector.fit`` takes it.
    selector : fsstab selector (unfitted)
        The error-controlled selection (stability selection, Stabl, knockoffs, ...); a copy is
        fitted per replication.
    n_planted : int or None
        ``m``, the copies planted in each replication; None: ``min(d, 1000)``.
    n_repeats : int
        ``R``, the replications.
    sample_groups, strata : sequence (n,) or None
        The structure the permutation keeps (module docstring).
    similarity : (C, threshold) or None
        Count discoveries also by groups of similar features
        (:func:`fsstab.error_control.count_discoveries`).
    guarantee : ErrorGuarantee or None
        The promise to compare with; None reads it from each fitted copy
        (:func:`fsstab.error_control.error_guarantee`).
    confidence_level : float
        Of the intervals.
    vary_seed : bool
        Give each replication's copy of the selector a new ``random_state``.
    random_state : int, RandomState or None
        Seeds the replications; replication ``r`` draws from its own stream
        (:func:`fsstab.seeds.substream`), so growing ``R`` keeps the earlier ones.

    Returns
    -------
    PlantedNullCheck

    Examples
    --------
    A selector that keeps the features whose |correlation| with ``y`` passes 0.5 (and claims
    at most 1 false selection): a planted null on 30 samples passes with probability 0.0049
    (Student's t with 28 degrees of freedom at 0.5·√28/√0.75 = 3.06), so 5 planted nulls are
    selected 0.02 times on average -- well within the claim:

    >>> import numpy as np
    >>> from fsstab.error_control import ErrorGuarantee, planted_null_check
    >>> from fsstab.selectors import FilterSelector
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(30, 5))
    >>> y = X[:, 0] + 0.3 * rng.normal(size=30)
    >>> check = planted_null_check(
    ...     X, y, FilterSelector(method="pearson", task="regression", threshold=0.5),
    ...     n_repeats=40, guarantee=ErrorGuarantee("PFER", 1.0, "claimed"), random_state=0)
    >>> check.exceeds, int(check.replications["n_planted_selected"].sum()) <= 2
    (False, True)
    """
    import pandas as pd

    from fsstab.seeds import as_seed, substream

    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2:
        raise ValueError(f"X must be a 2-d matrix (samples x features); got shape {X.shape}")
    n, d = X.shape
    m = _n_planted(n_planted, d)
    if isinstance(n_repeats, bool) or not isinstance(n_repeats, int) or n_repeats < 1:
        raise ValueError(f"n_repeats must be an integer >= 1; got {n_repeats!r}")
    if not 0 < confidence_level < 1:
        raise ValueError(f"confidence_level must lie in (0, 1); got {confidence_level!r}")
    if strata is not None:
        _check_strata(_labels(strata, n, "strata"), y)
    checked_similarity = _augmented_similarity(similarity, d)
    seed = as_seed(random_state)
    rows, promises = [], []
    for r in range(n_repeats):
        rng = substream(seed, r)
        design = planted_null_design(X, rng, n_planted=m, sample_groups=sample_groups,
                                     strata=strata)
        fitted = _configured(selector, int(rng.integers(2**31 - 1)), vary_seed).fit(design.X, y)
        promise = guarantee if guarantee is not None else error_guarantee(fitted)
        if promise is None:
            raise ValueError(
                f"{type(fitted).__name__} states no error guarantee (no error_control_ or "
                "pfer_ attribute); give guarantee=ErrorGuarantee(...) or use an "
                "error-controlled selector"
            )
        promises.append(promise)
        support = np.asarray(fitted.get_support(), dtype=bool)
        count = count_discoveries(support, null=design.planted)
        row = {"replication": r, "n_selected": count.features,
               "n_real_selected": count.features - count.false_features,
               "n_planted_selected": count.false_features, "planted_fdp": count.fdp,
               "guarantee": promise.kind, "level": promise.level,
               "unexchanged_samples": design.unexchanged_samples}
        if checked_similarity is not None:
            C, threshold = checked_similarity
            labels = _design_groups(C, threshold, design, support)
            groups = counted_discoveries(labels, count.features, count.false_features,
                                         design.planted)
            row.update(n_groups=groups.groups, n_planted_groups=groups.false_groups,
                       planted_group_fdp=groups.group_fdp)
        rows.append(row)
    if len({(p.kind, p.method, p.estimated) for p in promises}) != 1:
        raise ValueError(f"the replications state different guarantees: {set(promises)}")
    replications = pd.DataFrame(rows)
    level = float(replications["level"].mean())
    first = promises[0]
    promise = ErrorGuarantee(first.kind, level, first.method, first.estimated)
    summary = _summary(replications, promise, m, n_repeats, confidence_level)
    return PlantedNullCheck(replications, summary, promise)


def _summary(replications: Any, promise: ErrorGuarantee, m: int, n_repeats: int,
             confidence_level: float) -> Any:
    import pandas as pd

    row: dict[str, Any] = {"n_planted": m, "n_repeats": n_repeats, "guarantee": promise.kind,
                           "level": promise.level, "method": promise.method,
                           "estimated": promise.estimated}
    quantities = [("n_planted_selected", "planted_selected"), ("planted_fdp", "planted_fdp")]
    if "n_planted_groups" in replications:
        quantities += [("n_planted_groups", "planted_groups"),
                       ("planted_group_fdp", "planted_group_fdp")]
    for column, stem in quantities:
        mean, se, low, high = _interval(replications[column].to_numpy(np.float64),
                                        confidence_level)
        row.update({f"mean_{stem}": mean, f"{stem}_se": se, f"{stem}_low": low,
                    f"{stem}_high": high})
    row["mean_selected"] = float(replications["n_selected"].mean())
    compared = "planted_selected" if promise.kind == "PFER" else "planted_fdp"
    row["verdict"] = "exceeds" if row[f"{compared}_low"] > promise.level else "within"
    row["confidence_level"] = confidence_level
    row["interval"] = "Student t over the replications"
    row["unexchanged_samples"] = int(replications["unexchanged_samples"].max())
    return pd.DataFrame([row])
