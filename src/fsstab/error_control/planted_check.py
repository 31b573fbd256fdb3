"""The planted-null check's reruns and their summary (the method:
:mod:`fsstab.error_control.planted`).

:func:`planted_null_replications` reruns the error-controlled selection on data with planted
nulls for any set of replication numbers -- replication ``r`` draws from its own stream of the
seed, so that the replications can be computed in separate jobs and gathered in any order --,
:func:`planted_null_summary` sets their counts against the promise, and
:func:`planted_null_check` does both.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from fsstab.error_control.discoveries import (
    component_labels,
    count_discoveries,
    counted_discoveries,
)
from fsstab.error_control.guarantees import ErrorGuarantee, error_guarantee
from fsstab.error_control.planted import PlantedDesign, _labels, _n_planted, planted_null_design

__all__ = [
    "PlantedNullCheck",
    "planted_null_check",
    "planted_null_replications",
    "planted_null_summary",
]

#: The columns of :attr:`PlantedNullCheck.replications` (with a similarity, three more:
#: ``n_groups``, ``n_planted_groups``, ``planted_group_fdp``).
REPLICATION_COLUMNS = ("replication", "n_selected", "n_real_selected", "n_planted_selected",
                       "planted_fdp", "guarantee", "level", "method", "estimated",
                       "unexchanged_samples")
GROUP_COLUMNS = ("n_groups", "n_planted_groups", "planted_group_fdp")


@dataclass(frozen=True)
class PlantedNullCheck:
    """The result of :func:`planted_null_check`.

    Attributes
    ----------
    replications : pandas.DataFrame
        One row per replication: ``n_selected``, ``n_real_selected``,
        ``n_planted_selected``, ``planted_fdp`` (planted selected / max(selected, 1)), the
        promise (``guarantee``, ``level``, ``method``, ``estimated``) of that fit,
        ``unexchanged_samples``, and with a similarity ``n_groups``, ``n_planted_groups``,
        ``planted_group_fdp`` (groups made of planted nulls only).
    summary : pandas.DataFrame
        One row: the means over the replications with their intervals
        (``*_low``/``*_high``), the promise, ``observed_above`` (the mean of the compared
        quantity is above the promise), ``verdict`` (``"exceeds"`` when its interval lies
        entirely above the promise, else ``"within"``) and the
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
        if bool(row["observed_above"]):
            return (f"{stated}: the observed value is ABOVE the promise, but its interval "
                    "reaches below it (more reruns would tell).")
        if row["mean_selected"] == 0:
            # a check whose reruns select nothing cannot see a violation: say so
            return (f"{stated}: no violation visible, but the reruns selected no feature at "
                    "all, so this check cannot show one on these data.")
        return f"{stated}: no violation visible."


def _interval(values: np.ndarray, confidence_level: float) -> tuple[float, float, float, float]:
    """Mean, standard error and Student-t interval of the mean of ``values``."""
    from fsstab.outcomes import t_quantile

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


def _checked_run(n_repeats: Any, confidence_level: Any) -> None:
    if isinstance(n_repeats, bool) or not isinstance(n_repeats, int | np.integer) or \
            n_repeats < 1:
        raise ValueError(f"n_repeats must be an integer >= 1; got {n_repeats!r}")
    if not 0 < confidence_level < 1:
        raise ValueError(f"confidence_level must lie in (0, 1); got {confidence_level!r}")


def _check_strata(strata: np.ndarray, y: Any) -> None:
    """Refuse strata within which the outcome is constant (the classes themselves)."""
    y = np.asarray(y)
    values = np.unique(strata)
    if values.size < 2:
        return
    if all(np.unique(y[strata == s]).size == 1 for s in values):
        raise ValueError(
            "strata: the outcome takes one value within every stratum (are they the classes?); "
            "permuting within them would keep each copy's association with the outcome, and "
            "the copies would not be null. Give strata that are not defined by the outcome "
            "(e.g. batches), or none"
        )


def planted_null_replications(
    X: Any, y: Any, selector: Any, replications: Iterable[int], *,
    n_planted: int | None = None, sample_groups: Any = None, strata: Any = None,
    similarity: Any = None, guarantee: ErrorGuarantee | None = None, vary_seed: bool = True,
    random_state: Any = None,
) -> Any:
    """The rows of :attr:`PlantedNullCheck.replications` for the replication numbers
    ``replications`` (parameters as :func:`planted_null_check`).

    Replication ``r`` draws its planted copies and the selector's seed from stream ``r`` of
    ``random_state`` (:func:`fsstab.seeds.substream`): the rows of replications 0-4 and 5-9
    computed apart are those of replications 0-9 computed together.

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.error_control import (ErrorGuarantee, planted_null_check,
    ...                                   planted_null_replications)
    >>> from fsstab.selectors import FilterSelector
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(30, 5))
    >>> y = X[:, 0] + 0.3 * rng.normal(size=30)
    >>> selector = FilterSelector(method="pearson", task="regression", threshold=0.5)
    >>> claim = ErrorGuarantee("PFER", 1.0, "claimed")
    >>> apart = [planted_null_replications(X, y, selector, rs, guarantee=claim, random_state=0)
    ...          for rs in (range(0, 3), range(3, 6))]
    >>> whole = planted_null_check(X, y, selector, n_repeats=6, guarantee=claim,
    ...                            random_state=0).replications
    >>> bool(np.array_equal(np.concatenate([a["n_selected"] for a in apart]),
    ...                     whole["n_selected"]))
    True
    """
    import pandas as pd

    from fsstab.seeds import as_seed, substream

    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2:
        raise ValueError(f"X must be a 2-d matrix (samples x features); got shape {X.shape}")
    n, d = X.shape
    m = _n_planted(n_planted, d)
    if strata is not None:
        _check_strata(_labels(strata, n, "strata"), y)
    checked_similarity = _augmented_similarity(similarity, d)
    seed = as_seed(random_state)
    rows = []
    for r in replications:
        rng = substream(seed, int(r))
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
        support = np.asarray(fitted.get_support(), dtype=bool)
        count = count_discoveries(support, null=design.planted)
        row: dict[str, Any] = {
            "replication": int(r), "n_selected": count.features,
            "n_real_selected": count.features - count.false_features,
            "n_planted_selected": count.false_features, "planted_fdp": count.fdp,
            "guarantee": promise.kind, "level": float(promise.level),
            "method": promise.method, "estimated": bool(promise.estimated),
            "unexchanged_samples": design.unexchanged_samples}
        if checked_similarity is not None:
            C, threshold = checked_similarity
            labels = _design_groups(C, threshold, design, support)
            groups = counted_discoveries(labels, count.features, count.false_features,
                                         design.planted)
            row.update(n_groups=groups.groups, n_planted_groups=groups.false_groups,
                       planted_group_fdp=groups.group_fdp)
        rows.append(row)
    columns = [*REPLICATION_COLUMNS, *(GROUP_COLUMNS if checked_similarity else ())]
    return pd.DataFrame(rows, columns=columns)


def planted_null_summary(replications: Any, *, n_planted: int,
                         confidence_level: float = 0.95) -> PlantedNullCheck:
    """Set the replications' planted nulls (rows of :func:`planted_null_replications`, any
    order) against their promise: means, Student-t intervals and the verdict.

    The compared quantity is the number of planted nulls selected for a PFER promise and
    their share among the selected features for an FDR promise; the promise's level is the
    mean of the replications' (a PFER bound computed on each augmented data set).

    Examples
    --------
    Four reruns selecting 0, 1, 2 and 1 planted nulls under a claim of at most 0.5 false
    selections: mean 1, s = √(2/3), interval 1 ± t_{3, 0.975} · s / 2 = 1 ± 1.30, clipped to
    the counts possible, [0, 2.3] -- the mean is above the claim, but the interval reaches
    below 0.5, so no violation is shown:

    >>> import pandas as pd
    >>> from fsstab.error_control import planted_null_summary
    >>> rows = pd.DataFrame({"replication": range(4), "n_selected": [3, 3, 4, 3],
    ...     "n_real_selected": [3, 2, 2, 2], "n_planted_selected": [0, 1, 2, 1],
    ...     "planted_fdp": [0, 1 / 3, 0.5, 1 / 3], "guarantee": "PFER", "level": 0.5,
    ...     "method": "claimed", "estimated": False, "unexchanged_samples": 0})
    >>> check = planted_null_summary(rows, n_planted=10)
    >>> row = check.summary.iloc[0]
    >>> float(round(row["planted_selected_low"], 2)), float(round(row["planted_selected_high"], 2))
    (0.0, 2.3)
    >>> bool(row["observed_above"]), check.exceeds
    (True, False)
    >>> "ABOVE the promise, but its interval reaches below it" in check.sentence()
    True
    """
    table = replications.sort_values("replication", kind="stable").reset_index(drop=True)
    if table.empty:
        raise ValueError("planted_null_summary needs at least one replication")
    if table["replication"].duplicated().any():
        repeated = sorted(set(table["replication"][table["replication"].duplicated()]))
        raise ValueError(f"replications {repeated} appear more than once")
    _checked_run(len(table), confidence_level)
    stated = {(k, m, bool(e)) for k, m, e in
              zip(table["guarantee"], table["method"], table["estimated"], strict=True)}
    if len(stated) != 1:
        raise ValueError(f"the replications state different guarantees: {sorted(stated)}")
    kind, method, estimated = stated.pop()
    promise = ErrorGuarantee(kind, float(table["level"].mean()), method, estimated)
    summary = _summary(table, promise, int(n_planted), len(table), confidence_level)
    return PlantedNullCheck(table, summary, promise)


def planted_null_check(
    X: Any, y: Any, selector: Any, *, n_planted: int | None = None, n_repeats: int = 20,
    sample_groups: Any = None, strata: Any = None, similarity: Any = None,
    guarantee: ErrorGuarantee | None = None, confidence_level: float = 0.95,
    vary_seed: bool = True, random_state: Any = None,
) -> PlantedNullCheck:
    """Rerun an error-controlled selection with planted null features and compare the planted
    nulls it selects with its promise (:mod:`fsstab.error_control.planted`).

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
        The structure the permutation keeps (:mod:`fsstab.error_control.planted`).
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
    _checked_run(n_repeats, confidence_level)
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2:
        raise ValueError(f"X must be a 2-d matrix (samples x features); got shape {X.shape}")
    m = _n_planted(n_planted, X.shape[1])
    replications = planted_null_replications(
        X, y, selector, range(int(n_repeats)), n_planted=m, sample_groups=sample_groups,
        strata=strata, similarity=similarity, guarantee=guarantee, vary_seed=vary_seed,
        random_state=random_state)
    return planted_null_summary(replications, n_planted=m, confidence_level=confidence_level)


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
        # clipped to the values the quantity can take: a count in [0, m], a share in [0, 1]
        low, high = max(low, 0.0), min(high, 1.0 if stem.endswith("fdp") else float(m))
        row.update({f"mean_{stem}": mean, f"{stem}_se": se, f"{stem}_low": low,
                    f"{stem}_high": high})
    row["mean_selected"] = float(replications["n_selected"].mean())
    compared = "planted_selected" if promise.kind == "PFER" else "planted_fdp"
    row["observed_above"] = bool(row[f"mean_{compared}"] > promise.level)
    row["verdict"] = "exceeds" if row[f"{compared}_low"] > promise.level else "within"
    row["confidence_level"] = confidence_level
    row["interval"] = "Student t over the replications"
    row["unexchanged_samples"] = int(replications["unexchanged_samples"].max())
    return pd.DataFrame([row])
