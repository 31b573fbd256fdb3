"""Frequency-based subset measures: functions of the selection counts h_j (Bommert 2020, §3.3.2.2).

With m runs, p features, h_j the number of runs selecting feature j and q = Σ_j h_j:

=================  ======  ==============================================================
function           thesis  definition
=================  ======  ==============================================================
``nogueira``       SMN, φ  1 - (1/p) Σ_j s_j² / ((q/(mp)) (1 - q/(mp))),
                           s_j² = m/(m-1) (h_j/m)(1 - h_j/m)       (Nogueira et al. 2018)
``novovicova``     SME     Σ_{h_j > 0} h_j log2(h_j) / (q log2(m))  (Novovičová et al. 2009)
``davis``          SMD-α   max{0, (q/m) / |∪_i V_i| - (α/p) median(|V_1|, ..., |V_m|)}
                                                                   (Davis et al. 2006)
``somol``          SMS     (Σ_j (h_j/q)(h_j - 1)/(m - 1) - c_min) / (c_max - c_min)
                                                    (Somol & Novovičová 2008; errata)
=================  ======  ==============================================================

They need O(d + nnz(Z)) work: no pairs of runs are formed.

``novovicova`` and ``davis`` accept ``correction="exact" | "estimate"``, reproducing stabm's
``correction.for.chance`` for these measures: stabm treats the measure Φ like an average of
pairwise scores and corrects it against every pair of runs, giving
mean_{i<j} (Φ - E_ij) / (1 - E_ij) where E_ij is the expected value of the *same measure
computed on two random sets* of sizes |V_i| and |V_j| (a hypergeometric expectation, see
:mod:`fsstab.measures._hypergeometric`). For two sets SME is Dice's coefficient and SMD-α is
((a + b)/2) / |V_i ∪ V_j| - (α/p)(a + b)/2. This reproduces every ``|exact`` value of the
reference file; note that for m > 2 runs it does not make the expected value under the null
model exactly 0 (it does for m = 2).
"""

from __future__ import annotations

import math
from functools import partial
from typing import Any

import numpy as np

from fsstab.measures._core import (
    MeasureInputs,
    SelectionStats,
    average_pair_scores,
    check_undefined_policy,
    finite_or_policy,
)
from fsstab.measures._hypergeometric import (
    DEFAULT_N_ESTIMATE,
    ScoreParts,
    check_correction,
    corrected_for_chance,
    expected_pair_scores,
)
from fsstab.measures._registry import register_measure
from fsstab.measures.pairwise import dice_parts

# --------------------------------------------------------------------------------------------
# Values from SelectionStats (NaN where undefined, Bommert 2020, App. B.1)
# --------------------------------------------------------------------------------------------


def nogueira_value(stats: SelectionStats) -> float:
    """SMN / φ (Nogueira et al. 2018; Bommert 2020, §3.3.2.2; Hamer & Dupont 2021, eq. 1).

    Substituting s_j² = h_j (m - h_j) / (m (m - 1)) gives
    φ = 1 - m p Σ_j h_j (m - h_j) / ((m - 1) q (m p - q)); undefined iff q = 0 or q = m p
    (all sets empty or all full).
    """
    m, p, q = stats.M, stats.d, stats.q
    if q == 0 or q == m * p:
        return math.nan
    h = stats.counts[stats.counts > 0]
    spread = float(np.sum(h * (m - h)))
    return 1.0 - m * p * spread / ((m - 1) * q * (m * p - q))


def novovicova_value(stats: SelectionStats) -> float:
    """SME (Novovičová et al. 2009; Bommert 2020, §3.3.2.2); undefined iff q = 0."""
    if stats.q == 0:
        return math.nan
    h = stats.counts[stats.counts > 0].astype(np.float64)
    return float(np.sum(h * np.log2(h))) / (stats.q * math.log2(stats.M))


def davis_value(stats: SelectionStats, penalty: float = 0.0) -> float:
    """SMD-α with α = ``penalty`` (Davis et al. 2006; Bommert 2020, §3.3.2.2); undefined iff
    no feature is selected in any run."""
    union = int(np.count_nonzero(stats.counts))
    if union == 0:
        return math.nan
    mean_size = stats.q / stats.M
    return max(0.0, mean_size / union - penalty / stats.d * float(np.median(stats.sizes)))


def somol_value(stats: SelectionStats) -> float:
    """SMS (Somol & Novovičová 2008; Bommert 2020, §3.3.2.2 with (h_j - 1)/(m - 1), errata).

    Multiplying numerator and denominator by p q (m - 1) leaves integers only:
    SMS = (p Σ_j h_j (h_j - 1) - N_min) / (p N_max - N_min) with
    N_min = q² - p (q - q mod p) - (q mod p)², N_max = (q mod m)² + q (m - 1) - (q mod m) m,
    so the undefined case c_max = c_min (App. B.1: p = 1, q <= 1 or q >= p m - 1) is exact.
    """
    m, p, q = stats.M, stats.d, stats.q
    if q == 0:
        return math.nan
    h = stats.counts[stats.counts > 0]
    coincidences = int(np.sum(h * (h - 1)))
    n_min = q * q - p * (q - q % p) - (q % p) ** 2
    n_max = (q % m) ** 2 + q * (m - 1) - (q % m) * m
    if p * n_max == n_min:
        return math.nan
    return (p * coincidences - n_min) / (p * n_max - n_min)


def davis_pair_parts(
    r: np.ndarray, a: np.ndarray, b: np.ndarray, p: int, *, penalty: float = 0.0
) -> tuple[np.ndarray, np.ndarray]:
    """SMD-α of two sets as (numerator, denominator): ((a+b)/2 - α(a+b)/(2p) |∪|) / |∪|
    with |∪| = a + b - r; max{0, x/u - c} = max{0, x - c u}/u since u > 0 where defined."""
    union = a + b - r
    half_sum = (a + b) / 2.0
    return np.maximum(0.0, half_sum - penalty / p * half_sum * union), union


# --------------------------------------------------------------------------------------------
# Evaluation (with stabm's pairwise correction for chance)
# --------------------------------------------------------------------------------------------


def _check_penalty(penalty: Any) -> float:
    if isinstance(penalty, bool) or not isinstance(penalty, int | float | np.number) or not (
        math.isfinite(penalty) and penalty >= 0
    ):
        raise ValueError(f"penalty (α of SMD-α) must be a finite number >= 0, got {penalty!r}")
    return float(penalty)


def _corrected_against_pairs(
    value: float,
    stats: SelectionStats,
    pair_parts: ScoreParts,
    name: str,
    *,
    correction: str,
    n_estimate: int,
    random_state: Any,
    undefined: str,
) -> float:
    rows_i, rows_j = stats.pairs
    expected = expected_pair_scores(
        pair_parts, stats.sizes[rows_i], stats.sizes[rows_j], stats.d,
        correction=correction, n_estimate=n_estimate, random_state=random_state,
    )
    scores = corrected_for_chance(np.full(expected.shape, value), expected)
    return average_pair_scores(scores, rows_i, rows_j, undefined, name)


def empty_or_full(stats: SelectionStats) -> str:
    """Why a frequency measure is undefined: every set empty, or every set all d features."""
    if stats.q == 0:
        return f": every one of the M = {stats.M} selections is empty (q = 0)"
    if stats.q == stats.M * stats.d:
        return (f": every one of the M = {stats.M} selections holds all d = {stats.d} features, "
                "so there is no variance to compare with chance")
    return ""


def _evaluate_nogueira(inputs: MeasureInputs, *, undefined: str = "nan") -> float:
    undefined = check_undefined_policy(undefined)
    value = nogueira_value(inputs.stats)
    why = empty_or_full(inputs.stats) if math.isnan(value) else ""
    return finite_or_policy(value, undefined, "nogueira", why)


def _evaluate_somol(inputs: MeasureInputs, *, undefined: str = "nan") -> float:
    undefined = check_undefined_policy(undefined)
    return finite_or_policy(somol_value(inputs.stats), undefined, "somol")


def _evaluate_novovicova(
    inputs: MeasureInputs,
    *,
    correction: str = "none",
    n_estimate: int = DEFAULT_N_ESTIMATE,
    random_state: Any = 0,
    undefined: str = "nan",
) -> float:
    undefined = check_undefined_policy(undefined)
    correction = check_correction(correction)
    value = novovicova_value(inputs.stats)
    if correction == "none":
        return finite_or_policy(value, undefined, "novovicova")
    # Two sets: Σ h log2 h / (q log2 2) = 2|V_i ∩ V_j| / (|V_i| + |V_j|), Dice's coefficient.
    return _corrected_against_pairs(
        value, inputs.stats, dice_parts, "novovicova", correction=correction,
        n_estimate=n_estimate, random_state=random_state, undefined=undefined,
    )


def _evaluate_davis(
    inputs: MeasureInputs,
    *,
    penalty: float = 0.0,
    correction: str = "none",
    n_estimate: int = DEFAULT_N_ESTIMATE,
    random_state: Any = 0,
    undefined: str = "nan",
) -> float:
    undefined = check_undefined_policy(undefined)
    correction = check_correction(correction)
    penalty = _check_penalty(penalty)
    value = davis_value(inputs.stats, penalty)
    if correction == "none":
        return finite_or_policy(value, undefined, "davis")
    return _corrected_against_pairs(
        value, inputs.stats, partial(davis_pair_parts, penalty=penalty), "davis",
        correction=correction, n_estimate=n_estimate, random_state=random_state,
        undefined=undefined,
    )


# --------------------------------------------------------------------------------------------
# Public functions
# --------------------------------------------------------------------------------------------


_THESIS = "Bommert (2020), §3.3.2.2 and App. B.1"
_CORRECTION_PARAMS = ("correction", "n_estimate", "random_state", "undefined")


@register_measure(
    family="frequency", requires=("Z",), bounds=(-1.0, 1.0), corrected_for_chance=True,
    symbol="SMN", math=r"\phi", evaluate=_evaluate_nogueira, bounds_note="[-1/(m-1), 1]",
    reference=f"Nogueira, Sechidis & Brown (2018); {_THESIS}, SMN; Hamer & Dupont (2021), eq. 1",
)
def nogueira(Z: Any, *, d: int | None = None, undefined: str = "nan") -> float:
    """φ (SMN), the stability of Nogueira, Sechidis & Brown (2018); Bommert (2020), §3.3.2.2;
    Hamer & Dupont (2021), eq. 1.

    1 - mean selection variance / its value for random selection of the same average size.
    In [-1/(m-1), 1]; 1 iff all sets are identical; corrected for chance; equals the
    Kuncheva index for sets of equal size. Undefined (``undefined`` policy: "nan", "zero",
    "raise") iff all sets are empty or all are full. Inference: :mod:`fsstab.measures.inference`.

    ``Z`` is a selection matrix or index collections with ``d`` (see
    :func:`~fsstab.measures.as_selection_matrix`).

    Examples
    --------
    Features 0 and 3 are selected in one run of two (unbiased variance 1/2), features 1 and 2
    in both (0); the mean variance 1/6 against k̄/d (1 - k̄/d) = 1/4 for random sets of size
    k̄ = 3 out of d = 6:

    >>> from fsstab.measures import nogueira
    >>> round(nogueira([[0, 1, 2], [1, 2, 3]], d=6), 4)      # 1 - (1/6) / (1/4)
    0.3333
    >>> nogueira([[0, 1, 2], [0, 1, 2]], d=6)                # identical sets
    1.0
    """
    return _evaluate_nogueira(MeasureInputs(stats=SelectionStats(Z, d)), undefined=undefined)


_CORRECTION_DOC = """
    ``correction="exact" | "estimate"`` gives stabm's ``correction.for.chance`` (see
    :mod:`fsstab.measures.frequency`): mean over pairs i < j of (Φ - E_ij) / (1 - E_ij);
    a pair whose E_ij is 1 or undefined is an undefined component (``undefined`` policy).
    ``n_estimate`` and ``random_state`` control ``"estimate"``.
"""


@register_measure(
    family="frequency", requires=("Z",), bounds=(0.0, 1.0), corrected_for_chance=False,
    symbol="SME", evaluate=_evaluate_novovicova, params=_CORRECTION_PARAMS,
    reference=f"Novovičová et al. (2009); {_THESIS}, SME",
)
def novovicova(
    Z: Any,
    *,
    d: int | None = None,
    correction: str = "none",
    n_estimate: int = DEFAULT_N_ESTIMATE,
    random_state: Any = 0,
    undefined: str = "nan",
) -> float:
    """SME, entropy-based stability (Novovičová et al. 2009; Bommert 2020, §3.3.2.2).

    In [0, 1]; 1 iff all sets are identical; not corrected for chance (App. B.3). Undefined
    iff all sets are empty.

    Examples
    --------
    Σ_j h_j log2 h_j / (q log2 m) with counts h = (1, 2, 2, 1), q = 6, m = 2:

    >>> from fsstab.measures import novovicova
    >>> round(novovicova([[0, 1, 2], [1, 2, 3]], d=6), 4)    # (2 + 2) / 6
    0.6667
    """
    return _evaluate_novovicova(
        MeasureInputs(stats=SelectionStats(Z, d)), correction=correction,
        n_estimate=n_estimate, random_state=random_state, undefined=undefined,
    )


@register_measure(
    family="frequency", requires=("Z",), bounds=(0.0, 1.0), corrected_for_chance=False,
    symbol="SMD-α", evaluate=_evaluate_davis, params=("penalty", *_CORRECTION_PARAMS),
    checks={"penalty": _check_penalty}, inputs_note="`penalty` = α (default 0)",
    reference=f"Davis et al. (2006); {_THESIS}, SMD-α",
)
def davis(
    Z: Any,
    *,
    d: int | None = None,
    penalty: float = 0.0,
    correction: str = "none",
    n_estimate: int = DEFAULT_N_ESTIMATE,
    random_state: Any = 0,
    undefined: str = "nan",
) -> float:
    """SMD-α (Davis et al. 2006; Bommert 2020, §3.3.2.2), α = ``penalty`` >= 0 (default 0).

    In [0, 1]; the penalty term (α/p) median |V_i| favours small sets. For α = 0, 1 iff all
    sets are identical. Not corrected for chance. Undefined iff all sets are empty.

    Examples
    --------
    The mean set size over the size of the union, 3 / 4, minus α median |V_i| / p:

    >>> from fsstab.measures import davis
    >>> Z = [[0, 1, 2], [1, 2, 3]]
    >>> davis(Z, d=6)
    0.75
    >>> davis(Z, d=6, penalty=1.0)                          # 3/4 - 3/6
    0.25
    """
    return _evaluate_davis(
        MeasureInputs(stats=SelectionStats(Z, d)), penalty=penalty, correction=correction,
        n_estimate=n_estimate, random_state=random_state, undefined=undefined,
    )


@register_measure(
    family="frequency", requires=("Z",), bounds=(0.0, 1.0), corrected_for_chance=False,
    symbol="SMS", evaluate=_evaluate_somol, chance_note="asymptotically (m → ∞)",
    reference=f"Somol & Novovičová (2008); {_THESIS}, SMS ((h_j - 1)/(m - 1) errata)",
)
def somol(Z: Any, *, d: int | None = None, undefined: str = "nan") -> float:
    """SMS, relative weighted consistency (Somol & Novovičová 2008; Bommert 2020, §3.3.2.2 with
    the (h_j - 1)/(m - 1) erratum).

    In [0, 1]; only asymptotically corrected for chance (m → ∞; Nogueira & Brown 2016,
    Theorem 1). Undefined iff c_max = c_min, i.e. p = 1, q <= 1 or q >= p m - 1 (App. B.1).

    Examples
    --------
    With counts h = (1, 2, 2, 1), p = 6, q = 6, m = 2 (see :func:`somol_value`):
    p Σ_j h_j (h_j - 1) = 24, N_min = 36 - 6 · 6 = 0, N_max = 6:

    >>> from fsstab.measures import somol
    >>> round(somol([[0, 1, 2], [1, 2, 3]], d=6), 4)         # (24 - 0) / (6 · 6 - 0)
    0.6667
    """
    return _evaluate_somol(MeasureInputs(stats=SelectionStats(Z, d)), undefined=undefined)


for _function in (novovicova, davis):
    _function.__doc__ = _function.__doc__.replace("\n\n    Examples\n",
                                                  "\n" + _CORRECTION_DOC + "\n    Examples\n")
