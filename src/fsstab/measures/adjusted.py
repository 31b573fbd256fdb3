"""Adjusted stability measures: similar features count towards stability.

Two features x != y are *similar* iff their similarity ``C[x, y] >= θ`` (``threshold``);
similarities below θ count as 0. The measures (Bommert 2020, §3.3.2.3; notation of
:mod:`fsstab.measures._core`):

=======================  ==========  =========================================================
function                 thesis      pairwise value / definition
=======================  ==========  =========================================================
``zucknick``             SMZ         (|V_i ∩ V_j| + C(V_i, V_j) + C(V_j, V_i)) / |V_i ∪ V_j|
``sechidis``             SMES        Φ_C = 1 - tr(C S) / tr(C Σ)  (effective stability)
``yu``                   SMY         |V_i ∩ V_j| + (A(V_i, V_j) + A(V_j, V_i)) / 2, corrected
``intersection_mbm``     SMA-MBM     |V_i ∩ V_j| + maximum bipartite matching, corrected
``intersection_greedy``  SMA-Greedy  |V_i ∩ V_j| + greedy matching (Algorithm 3.1), corrected
``intersection_count``   SMA-Count   |V_i ∩ V_j| + min{A(V_i, V_j), A(V_j, V_i)}, corrected
``intersection_mean``    SMA-Mean    |V_i ∩ V_j| + min{M(V_i, V_j), M(V_j, V_i)}, corrected
=======================  ==========  =========================================================

``sechidis`` lives in :mod:`fsstab.measures.effective`. "Corrected" means the pairwise score
(X - E[X]) / (UB - E[X]) with X the adjusted intersection, UB = sqrt(|V_i| |V_j|) for SMA and
(|V_i| + |V_j|) / 2 for SMY, and E[X] its expectation for random sets of the same sizes
(:mod:`fsstab.measures._chance`): ``correction="exact"`` enumerates all pairs of sets,
``"estimate"`` draws ``n_estimate`` random pairs (seeded by ``random_state``), ``"auto"``
(default) enumerates when a pair of sizes has at most
:data:`~fsstab.measures._chance.EXACT_AUTO_LIMIT` pairs of subsets, and ``"none"`` returns the
raw mean of X (what stabm reports for ``correction.for.chance = "none"``; not a stability value
in [., 1]). SMZ can be corrected the same way, with E the expected pairwise score and maximum 1
(stabm's ``correction.for.chance``); by default it is not (thesis SMZ).

Without any similar pair of features, SMY and SMA fall back to the unadjusted intersection
with expectation |V_i| |V_j| / p and maximum sqrt(|V_i| |V_j|), i.e. to SMU
(``../shared/reference/README.md``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

from fsstab.measures._chance import expected_pair_values
from fsstab.measures._core import (
    MeasureInputs,
    SelectionStats,
    as_selection_matrix,
    as_similarity_matrix,
    average_pair_scores,
    check_undefined_policy,
    finite_or_policy,
)
from fsstab.measures._hypergeometric import (
    DEFAULT_N_ESTIMATE,
    check_correction,
    check_n_estimate,
    corrected_for_chance,
)
from fsstab.measures._registry import register_measure
from fsstab.measures._set_pairs import (
    PAIR_VALUES,
    PairOverlap,
    SetPairs,
    overlap_without_edges,
    set_pair_overlap,
)
from fsstab.measures._similarity_graph import (
    SimilarityGraph,
    check_threshold,
    similarity_graph,
)
from fsstab.seeds import check_random_state

CORRECTIONS: tuple[str, ...] = ("auto", "exact", "estimate", "none")

#: Public name -> key of the per-pair value in :data:`fsstab.measures._set_pairs.PAIR_VALUES`.
PAIRWISE_ADJUSTED: dict[str, str] = {
    "zucknick": "zucknick",
    "yu": "yu",
    "intersection_mbm": "mbm",
    "intersection_greedy": "greedy",
    "intersection_count": "count",
    "intersection_mean": "mean",
}
_DEFAULT_CORRECTION = dict.fromkeys(PAIRWISE_ADJUSTED, "auto") | {"zucknick": "none"}


# --------------------------------------------------------------------------------------------
# Inputs and parameters
# --------------------------------------------------------------------------------------------


def _adjusted_inputs(Z: Any, C: Any, threshold: Any, d: int | None) -> MeasureInputs:
    stats = SelectionStats(as_selection_matrix(Z, d))
    theta = check_threshold(threshold)
    return MeasureInputs(stats=stats, C=as_similarity_matrix(C, stats.d), threshold=theta)


def _check_correction(correction: Any) -> str:
    return check_correction(correction, CORRECTIONS)


def _graph(inputs: MeasureInputs) -> SimilarityGraph:
    graph = inputs.cache.get("adjusted.graph")
    if graph is None:
        graph = similarity_graph(inputs.C, check_threshold(inputs.threshold))
        inputs.cache["adjusted.graph"] = graph
    return graph


def _observed_overlap(
    inputs: MeasureInputs, rows_i: np.ndarray, rows_j: np.ndarray, cache_key: str | None
) -> PairOverlap:
    """Intersections and similar pairs of the observed pairs of runs (shared by all measures)."""
    if cache_key is not None and cache_key in inputs.cache:
        return inputs.cache[cache_key]
    stats, graph = inputs.stats, _graph(inputs)
    if graph.has_edges:
        overlap = set_pair_overlap(SetPairs.from_selection(stats.Z, rows_i, rows_j), graph)
    else:
        overlap = overlap_without_edges(
            stats.sizes[rows_i], stats.sizes[rows_j], stats.gram[rows_i, rows_j], stats.d
        )
    if cache_key is not None:
        inputs.cache[cache_key] = overlap
    return overlap


# --------------------------------------------------------------------------------------------
# Pairwise scores
# --------------------------------------------------------------------------------------------


def _pair_scores(
    inputs: MeasureInputs,
    name: str,
    rows_i: np.ndarray,
    rows_j: np.ndarray,
    *,
    correction: str,
    n_estimate: int,
    random_state: Any,
    cache_key: str | None = None,
) -> np.ndarray:
    """Pairwise scores of measure ``name`` for the pairs of runs (rows_i[r], rows_j[r])."""
    kind = PAIRWISE_ADJUSTED[name]
    stats, graph = inputs.stats, _graph(inputs)
    overlap = _observed_overlap(inputs, rows_i, rows_j, cache_key)
    a = stats.sizes[rows_i].astype(np.float64)
    b = stats.sizes[rows_j].astype(np.float64)
    if kind == "zucknick" or graph.has_edges:
        raw = PAIR_VALUES[kind](overlap)
    else:
        raw = overlap.intersections.astype(np.float64)
    if kind == "yu":
        # SMY is undefined for two empty sets (Bommert 2020, App. B.1), whatever the correction.
        raw = np.where(a + b > 0, raw, np.nan)
    if correction == "none":
        return raw

    if kind != "zucknick" and not graph.has_edges:
        # No similar features: the unadjusted intersection, E = |V_i||V_j|/p, max sqrt(.).
        return corrected_for_chance(raw, a * b / stats.d, np.sqrt(a * b))
    expected = expected_pair_values(
        kind,
        graph,
        stats.sizes[rows_i],
        stats.sizes[rows_j],
        correction=correction,
        n_estimate=n_estimate,
        random_state=random_state,
    )
    if kind == "zucknick":
        maximum = 1.0
    elif kind == "yu":
        maximum = (a + b) / 2.0
    else:
        maximum = np.sqrt(a * b)
    return corrected_for_chance(raw, expected, maximum)


def _evaluate_pairwise(
    inputs: MeasureInputs,
    name: str,
    *,
    correction: str | None = None,
    n_estimate: int = DEFAULT_N_ESTIMATE,
    random_state: Any = 0,
    undefined: str = "nan",
) -> float:
    correction = _check_correction(
        _DEFAULT_CORRECTION[name] if correction is None else correction
    )
    n_estimate = check_n_estimate(n_estimate)
    undefined = check_undefined_policy(undefined)
    rows_i, rows_j = inputs.stats.pairs
    scores = _pair_scores(
        inputs,
        name,
        rows_i,
        rows_j,
        correction=correction,
        n_estimate=n_estimate,
        random_state=check_random_state(random_state),
        cache_key="adjusted.overlap",
    )
    return average_pair_scores(scores, rows_i, rows_j, undefined, name)


def adjusted_pair_score_matrix(
    name: str,
    Z: Any,
    C: Any,
    *,
    threshold: float | None = None,
    d: int | None = None,
    correction: str | None = None,
    n_estimate: int = DEFAULT_N_ESTIMATE,
    random_state: Any = 0,
) -> np.ndarray:
    """The ``M x M`` matrix of pairwise scores of an adjusted pairwise measure.

    Entry (i, j) is the score of runs i and j (NaN where undefined) and the diagonal the score
    of a run with itself; the measure is the mean of the strict upper triangle. Useful to see
    which runs disagree, and to evaluate all pairs of a collection of sets at once.

    ``name`` is one of ``zucknick``, ``yu``, ``intersection_mbm``, ``intersection_greedy``,
    ``intersection_count``, ``intersection_mean``; the other arguments are as for the measure.

    Examples
    --------
    Zucknick's score of {0, 1, 2} and {1, 2, 3} when features 0 and 3 are interchangeable is
    (2 + 1/3 + 1/3) / 4 (see :func:`zucknick`); a set scores 1 with itself:

    >>> import numpy as np
    >>> from fsstab.measures import adjusted_pair_score_matrix
    >>> C = np.eye(6)
    >>> C[0, 3] = C[3, 0] = 1.0
    >>> matrix = adjusted_pair_score_matrix("zucknick", [[0, 1, 2], [1, 2, 3]], C,
    ...                                     threshold=0.5, d=6)
    >>> matrix.round(4).tolist()
    [[1.0, 0.6667], [0.6667, 1.0]]
    """
    if name not in PAIRWISE_ADJUSTED:
        raise ValueError(
            f"name must be an adjusted pairwise measure ({', '.join(PAIRWISE_ADJUSTED)}); "
            f"got {name!r}"
        )
    inputs = _adjusted_inputs(Z, C, threshold, d)
    correction = _check_correction(_DEFAULT_CORRECTION[name] if correction is None else correction)
    M = inputs.stats.M
    rows_i, rows_j = np.triu_indices(M)
    scores = _pair_scores(
        inputs,
        name,
        rows_i,
        rows_j,
        correction=correction,
        n_estimate=check_n_estimate(n_estimate),
        random_state=check_random_state(random_state),
    )
    matrix = np.empty((M, M))
    matrix[rows_i, rows_j] = scores
    matrix[rows_j, rows_i] = scores
    return matrix


def adjusted_measure_by_group(
    name: str,
    Z: Any,
    groups: Any,
    C: Any,
    *,
    threshold: float | None = None,
    d: int | None = None,
    correction: str | None = None,
    n_estimate: int = DEFAULT_N_ESTIMATE,
    random_state: Any = 0,
    undefined: str = "nan",
) -> np.ndarray:
    """An adjusted pairwise measure of each group of runs, all groups evaluated together.

    Row r of ``Z`` belongs to group ``groups[r]``; value g of the result is the measure of the
    runs of the g-th group in sorted order of the labels (pairs within a group only), as the
    measure would give on those rows alone. Evaluating the groups together lets the
    Monte-Carlo expectations of all their pairs of set sizes share one set of random draws
    (:mod:`fsstab.measures._chance`), which makes e.g. a tuning table of many configurations
    much cheaper than one call per configuration; each expectation is still an unbiased
    ``n_estimate``-draw estimate (the draws differ from a separate call's, so estimated values
    agree with separate calls up to Monte-Carlo error; exact ones agree exactly).

    Groups with fewer than two runs are undefined (NaN, or as ``undefined`` says).

    Examples
    --------
    Group "a" holds two identical runs (Zucknick's score 1), group "b" the two runs of
    :func:`zucknick`'s example without similar features (Jaccard's 2 / 4):

    >>> import numpy as np
    >>> from fsstab.measures import adjusted_measure_by_group
    >>> Z = [[0, 1], [0, 1], [0, 1, 2], [1, 2, 3]]
    >>> adjusted_measure_by_group("zucknick", Z, ["a", "a", "b", "b"], np.eye(6),
    ...                           threshold=0.5, d=6).tolist()
    [1.0, 0.5]
    """
    if name not in PAIRWISE_ADJUSTED:
        raise ValueError(
            f"name must be an adjusted pairwise measure ({', '.join(PAIRWISE_ADJUSTED)}); "
            f"got {name!r}"
        )
    inputs = _adjusted_inputs(Z, C, threshold, d)
    labels = np.asarray(groups)
    if labels.shape != (inputs.stats.M,):
        raise ValueError(
            f"groups must hold one label per run ({inputs.stats.M}), got shape {labels.shape}"
        )
    correction = _check_correction(_DEFAULT_CORRECTION[name] if correction is None else correction)
    undefined = check_undefined_policy(undefined)
    _, codes = np.unique(labels, return_inverse=True)
    members = [np.flatnonzero(codes == g) for g in range(codes.max(initial=-1) + 1)]
    pairs = [np.triu_indices(m.size, 1) for m in members]
    rows_i = np.concatenate([m[i] for m, (i, _) in zip(members, pairs, strict=True)] or [[]])
    rows_j = np.concatenate([m[j] for m, (_, j) in zip(members, pairs, strict=True)] or [[]])
    scores = _pair_scores(
        inputs, name, rows_i.astype(np.int64), rows_j.astype(np.int64), correction=correction,
        n_estimate=check_n_estimate(n_estimate), random_state=check_random_state(random_state),
    )
    values = np.empty(len(members))
    start = 0
    for g, (i, _) in enumerate(pairs):
        stop = start + i.size
        if i.size == 0:
            values[g] = finite_or_policy(math.nan, undefined, f"{name} of a group with one run")
        else:
            values[g] = average_pair_scores(
                scores[start:stop], rows_i[start:stop], rows_j[start:stop], undefined, name
            )
        start = stop
    return values


# --------------------------------------------------------------------------------------------
# Public pairwise measures
# --------------------------------------------------------------------------------------------

_CORRECTION_DOC = """
    Parameters
    ----------
    Z
        Selection matrix (M x d, or index collections with ``d``), see
        :func:`~fsstab.measures.as_selection_matrix`.
    C
        d x d similarity matrix (dense or ``scipy.sparse``; symmetric, values in [0, 1], unit
        diagonal). Unstored entries of a sparse C are similarity 0.
    threshold
        θ: distinct features x, y are similar iff ``C[x, y] >= θ``. Required.
    correction
        ``"auto"``, ``"exact"``, ``"estimate"`` or ``"none"`` (see :mod:`fsstab.measures.adjusted`).
    n_estimate
        Random pairs of sets per pair of set sizes for ``"estimate"``.
    random_state
        Seed of the Monte-Carlo estimate (``sklearn.utils.check_random_state`` semantics; the
        default 0 makes the value reproducible).
    undefined
        ``"nan"``, ``"zero"`` (undefined pairwise scores count as 0) or ``"raise"``.
"""


def _pairwise_measure(
    name: str, summary: str, example: str, *, symbol: str, corrected: bool, reference: str,
    bounds: tuple[float | None, float | None] = (None, 1.0),
) -> Callable[..., float]:
    """An adjusted pairwise measure's public function, registered (:func:`register_measure`)."""

    def measure(
        Z: Any,
        C: Any,
        *,
        threshold: float | None = None,
        d: int | None = None,
        correction: str = _DEFAULT_CORRECTION[name],
        n_estimate: int = DEFAULT_N_ESTIMATE,
        random_state: Any = 0,
        undefined: str = "nan",
    ) -> float:
        return _evaluate_pairwise(
            _adjusted_inputs(Z, C, threshold, d),
            name,
            correction=correction,
            n_estimate=n_estimate,
            random_state=random_state,
            undefined=undefined,
        )

    measure.__name__ = measure.__qualname__ = name
    measure.__doc__ = summary + _CORRECTION_DOC + _EXAMPLE_DOC.format(name=name, example=example)
    return register_measure(
        family="adjusted", requires=("Z", "C"), bounds=bounds, corrected_for_chance=corrected,
        reference=reference, evaluate=partial(_evaluate_pairwise, name=name), symbol=symbol,
        params=_PAIRWISE_PARAMS, checks={"correction": _check_correction},
    )(measure)


_PAIRWISE_PARAMS = ("correction", "n_estimate", "random_state", "undefined")
_THESIS = "Bommert (2020), §3.3.2.3"
_SMA = f"Bommert & Rahnenführer (2020); {_THESIS}, SMA"

#: The examples' runs V_1 = {0, 1, 2}, V_2 = {1, 2, 3} of p = 6 features; with C = I no two
#: features are similar, with ``C_03`` features 0 and 3 are interchangeable (similarity 1).
_EXAMPLE_DOC = """
    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.measures import {name}
    >>> Z = [[0, 1, 2], [1, 2, 3]]
    >>> C_03 = np.eye(6)
    >>> C_03[0, 3] = C_03[3, 0] = 1.0
{example}
"""


zucknick = _pairwise_measure(
    "zucknick",
    """SMZ (Zucknick et al. 2008; Bommert 2020, §3.3.2.3).

    Mean over pairs i < j of (|V_i ∩ V_j| + C(V_i, V_j) + C(V_j, V_i)) / |V_i ∪ V_j| with
    C(V_i, V_j) = Σ_{x ∈ V_i} (1/|V_j|) Σ_{y ∈ V_j \\ V_i} sim(x, y) 1[sim(x, y) >= θ].
    In [0, 1]; equals SMJ without similar features. Not corrected for chance unless
    ``correction`` is set (then (score - E[score]) / (1 - E[score]) per pair, as stabm).
    A pair of two empty sets is undefined.
""",
    """    >>> zucknick(Z, np.eye(6), threshold=0.5, d=6)   # no similar features: SMJ, 2 / 4
    0.5
    >>> round(zucknick(Z, C_03, threshold=0.5, d=6), 4)  # (2 + 1/3 + 1/3) / 4
    0.6667""",
    symbol="SMZ", corrected=False, bounds=(0.0, 1.0),
    reference=f"Zucknick et al. (2008); {_THESIS}, SMZ",
)

yu = _pairwise_measure(
    "yu",
    """SMY (Yu et al. 2012, generalised by Bommert 2020, §3.3.2.3).

    Mean over pairs of (X - E[X]) / ((|V_i| + |V_j|)/2 - E[X]) with
    X = |V_i ∩ V_j| + (A(V_i, V_j) + A(V_j, V_i)) / 2 and
    A(V_i, V_j) = |{x ∈ V_i \\ V_j : ∃ y ∈ V_j \\ V_i, sim(x, y) >= θ}|. At most 1.
    Without similar features it falls back to SMU (as stabm and the reference values; the
    thesis' formula would give SMK there). Two empty sets are undefined.
""",
    """    >>> round(yu(Z, np.eye(6), threshold=0.5, d=6), 4)  # SMU: (2 - 1.5) / (3 - 1.5)
    0.3333
    >>> yu(Z, C_03, threshold=0.5, d=6)        # X = 2 + (1 + 1)/2 = (a + b)/2
    1.0""",
    symbol="SMY", corrected=True,
    reference=f"Yu et al. (2012), generalised in {_THESIS}, SMY",
)

intersection_mbm = _pairwise_measure(
    "intersection_mbm",
    """SMA-MBM (Bommert & Rahnenführer 2020; Bommert 2020, §3.3.2.3, Table 3.2).

    Mean over pairs of (X - E[X]) / (sqrt(|V_i| |V_j|) - E[X]) with X = |V_i ∩ V_j| + the
    size of a maximum matching between V_i \\ V_j and V_j \\ V_i (edges: similar features).
    At most 1; equals SMU without similar features. Pairs with an empty set are undefined.
""",
    """    >>> round(intersection_mbm(Z, np.eye(6), threshold=0.5, d=6), 4)  # SMU
    0.3333
    >>> intersection_mbm(Z, C_03, threshold=0.5, d=6)  # X = 2 + matching {0-3} = sqrt(ab)
    1.0""",
    symbol="SMA-MBM", corrected=True,
    reference=f"{_SMA}, Adj_MBM (Table 3.2)",
)

intersection_greedy = _pairwise_measure(
    "intersection_greedy",
    """SMA-Greedy (Bommert 2020, §3.3.2.3, Table 3.2 and Algorithm 3.1).

    As SMA-MBM with the matching chosen greedily by decreasing similarity (ties: smaller,
    then larger feature index first); Adj_Greedy <= Adj_MBM (App. B.1).
""",
    """    >>> round(intersection_greedy(Z, np.eye(6), threshold=0.5, d=6), 4)  # SMU
    0.3333
    >>> intersection_greedy(Z, C_03, threshold=0.5, d=6)  # X = 2 + 1 = sqrt(ab)
    1.0""",
    symbol="SMA-Greedy", corrected=True,
    reference=f"{_SMA}, Adj_Greedy (Table 3.2, Algorithm 3.1)",
)

intersection_count = _pairwise_measure(
    "intersection_count",
    """SMA-Count (Bommert 2020, §3.3.2.3, Table 3.2) -- the thesis' recommended adjusted measure.

    As SMA-MBM with Adj = min{A(V_i, V_j), A(V_j, V_i)} (A as for SMY);
    Adj_MBM <= Adj_Count (App. B.1).
""",
    """    >>> round(intersection_count(Z, np.eye(6), threshold=0.5, d=6), 4)  # SMU
    0.3333
    >>> intersection_count(Z, C_03, threshold=0.5, d=6)  # X = 2 + min(1, 1) = sqrt(ab)
    1.0""",
    symbol="SMA-Count", corrected=True,
    reference=f"{_SMA}, Adj_Count (Table 3.2)",
)

intersection_mean = _pairwise_measure(
    "intersection_mean",
    """SMA-Mean (Bommert 2020, §3.3.2.3, Table 3.2).

    As SMA-MBM with Adj = min{M(V_i, V_j), M(V_j, V_i)},
    M(V_i, V_j) = Σ_{x ∈ V_i \\ V_j, G_x ≠ ∅} mean_{y ∈ G_x} sim(x, y),
    G_x = {y ∈ V_j \\ V_i : sim(x, y) >= θ}; Adj_Mean <= Adj_Count (App. B.1).
""",
    """    >>> round(intersection_mean(Z, np.eye(6), threshold=0.5, d=6), 4)  # SMU
    0.3333
    >>> intersection_mean(Z, C_03, threshold=0.5, d=6)  # X = 2 + min(1, 1) = sqrt(ab)
    1.0""",
    symbol="SMA-Mean", corrected=True,
    reference=f"{_SMA}, Adj_Mean (Table 3.2)",
)
