"""Pairwise subset measures: the mean over all pairs of runs i < j of a score of (V_i, V_j).

Every score depends on the pair only through r = |V_i ∩ V_j|, a = |V_i|, b = |V_j| and the
number of features p, so all pairs are evaluated at once from the Gram matrix Z Zᵀ of
:class:`~fsstab.measures.SelectionStats` -- no loop over pairs. Notation and definitions:
Bommert (2020), §3.3.2.1 and App. B.1 (with the errata of DEVELOPERS.md), Nogueira & Brown
(2016), §2-4.

=====================  =======  ===================================================  =========
function               thesis   pairwise score                                       corrected
=====================  =======  ===================================================  =========
``jaccard``            SMJ      r / (a + b - r)                                       no
``dice``               SMD      r / ((a + b) / 2)                                     no
``ochiai``             SMO      r / sqrt(a b)                                         no
``hamming``            SMH      (r + |V_iᶜ ∩ V_jᶜ|) / p = (p - a - b + 2 r) / p       no
``kuncheva``           --       (r - k²/p) / (k - k²/p), all sizes equal to k         yes
``lustgarten``         SML      (r - ab/p) / (min(a, b) - max(0, a + b - p))          yes
``wald``               SMW      (r - ab/p) / (min(a, b) - ab/p)                       yes
``npog``               --       (r - ab/p) / (a - ab/p), a = |V_i| of the first run   yes
``unadjusted``         SMU      (r - ab/p) / (sqrt(a b) - ab/p)                       yes
``kappa``              SMK      (r - ab/p) / ((a + b)/2 - ab/p)                       yes
``phi_pairwise``       SMP      (r - ab/p) / sqrt(a (1 - a/p) b (1 - b/p))            yes
``nogueira_brown``     sim_N    (r - ab/p) / max(ab/p - max(0, a+b-p), min(a,b) - ab/p) yes
=====================  =======  ===================================================  =========

A score is undefined where its denominator is 0 (Bommert 2020, App. B.1: e.g. an empty set
for SMO, two empty sets for SMJ, an empty or full set for SML). ``nogueira_brown`` is the
exception: Nogueira & Brown (2016, §4) set sim_N = 0 when a or b is 0 or p.

``jaccard``, ``dice``, ``ochiai`` and ``hamming`` accept ``correction="exact" | "estimate"``,
stabm's ``correction.for.chance``: each pairwise score s becomes (s - E[s]) / (1 - E[s]) with
E[s] over random sets of the same sizes (:mod:`fsstab.measures._hypergeometric`). Corrected
Dice and Hamming equal SMK and corrected Ochiai equals SMU, because those scores are linear
in r and E[r] = ab/p.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

from fsstab.measures._core import (
    MeasureInputs,
    SelectionStats,
    average_pair_scores,
    check_undefined_policy,
)
from fsstab.measures._hypergeometric import (
    DEFAULT_N_ESTIMATE,
    ScoreParts,
    check_correction,
    corrected_for_chance,
    expected_pair_scores,
    intersection_support,
    ratio,
)
from fsstab.measures._registry import register_measure

Array = np.ndarray
Parts = tuple[np.ndarray, np.ndarray]

# --------------------------------------------------------------------------------------------
# Pairwise scores as (numerator, denominator) of float arrays r, a, b and the integer p.
# Scores with a chance term are scaled by p so that both parts stay integers (exact in
# float64 up to 2**53): the test "denominator == 0" is then exact.
# --------------------------------------------------------------------------------------------


def jaccard_parts(r: Array, a: Array, b: Array, p: int) -> Parts:
    """SMJ, Jaccard (1901): |V_i ∩ V_j| / |V_i ∪ V_j| (Bommert 2020, §3.3.2.1)."""
    return r, a + b - r


def dice_parts(r: Array, a: Array, b: Array, p: int) -> Parts:
    """SMD, Dice (1945): |V_i ∩ V_j| / ((|V_i| + |V_j|)/2) (Bommert 2020, §3.3.2.1)."""
    return 2.0 * r, a + b


def ochiai_parts(r: Array, a: Array, b: Array, p: int) -> Parts:
    """SMO, Ochiai (1957): |V_i ∩ V_j| / sqrt(|V_i||V_j|) (Bommert 2020, §3.3.2.1)."""
    return r, np.sqrt(a * b)


def hamming_parts(r: Array, a: Array, b: Array, p: int) -> Parts:
    """SMH, Dunne et al. (2002): (|V_i ∩ V_j| + |V_iᶜ ∩ V_jᶜ|) / p (Bommert 2020, §3.3.2.1)."""
    return p - a - b + 2.0 * r, np.full(np.shape(r), float(p))


def _chance_numerator(r: Array, a: Array, b: Array, p: int) -> Array:
    """p (r - ab/p): the intersection minus its expectation under the null model, times p."""
    return p * r - a * b


def kuncheva_parts(r: Array, a: Array, b: Array, p: int) -> Parts:
    """Kuncheva (2007) index, Nogueira & Brown (2016) eq. 4: (r - k²/p) / (k - k²/p), a = b = k."""
    return _chance_numerator(r, a, b, p), p * a - a * b


def lustgarten_parts(r: Array, a: Array, b: Array, p: int) -> Parts:
    """SML, Lustgarten et al. (2009); Nogueira & Brown (2016) eq. 7."""
    low, high = intersection_support(a, b, p)
    return _chance_numerator(r, a, b, p), p * (high - low)


def wald_parts(r: Array, a: Array, b: Array, p: int) -> Parts:
    """SMW, Wald et al. (2013); Nogueira & Brown (2016) eq. 8 (product ab/p, see errata)."""
    return _chance_numerator(r, a, b, p), p * np.minimum(a, b) - a * b


def npog_parts(r: Array, a: Array, b: Array, p: int) -> Parts:
    """nPOG, Zhang et al. (2009), Nogueira & Brown (2016) eq. 9: normalised by the *first* set."""
    return _chance_numerator(r, a, b, p), p * a - a * b


def unadjusted_parts(r: Array, a: Array, b: Array, p: int) -> Parts:
    """SMU, Bommert & Rahnenführer (2020); Bommert (2020), §3.3.2.1."""
    return _chance_numerator(r, a, b, p), p * np.sqrt(a * b) - a * b


def kappa_parts(r: Array, a: Array, b: Array, p: int) -> Parts:
    """SMK, Carletta (1996), the κ coefficient; Bommert (2020), §3.3.2.1."""
    return _chance_numerator(r, a, b, p), p * (a + b) / 2.0 - a * b


def phi_pairwise_parts(r: Array, a: Array, b: Array, p: int) -> Parts:
    """SMP, Nogueira & Brown (2016): the Pearson correlation of the two 0/1 selection vectors;
    Bommert (2020), §3.3.2.1 with numerator r - ab/p (errata). Scaled by p:
    p sqrt(a(1 - a/p) b(1 - b/p)) = sqrt(a (p - a) b (p - b))."""
    return _chance_numerator(r, a, b, p), np.sqrt(a * (p - a) * b * (p - b))


def nogueira_brown_parts(r: Array, a: Array, b: Array, p: int) -> Parts:
    """sim_N, Nogueira & Brown (2016) eq. 14, with sim_N = 0 where a or b is 0 or p (§4)."""
    low, high = intersection_support(a, b, p)
    expected = a * b  # p E[r]
    denominator = np.maximum(expected - p * low, p * high - expected)
    degenerate = (a == 0) | (b == 0) | (a == p) | (b == p)
    numerator = np.where(degenerate, 0.0, _chance_numerator(r, a, b, p))
    return numerator, np.where(degenerate, 1.0, denominator)


PAIR_PARTS: dict[str, ScoreParts] = {
    "jaccard": jaccard_parts,
    "dice": dice_parts,
    "ochiai": ochiai_parts,
    "hamming": hamming_parts,
    "kuncheva": kuncheva_parts,
    "lustgarten": lustgarten_parts,
    "wald": wald_parts,
    "npog": npog_parts,
    "unadjusted": unadjusted_parts,
    "kappa": kappa_parts,
    "phi_pairwise": phi_pairwise_parts,
    "nogueira_brown": nogueira_brown_parts,
}

#: Measures that are not corrected for chance and accept ``correction`` (stabm's
#: ``correction.for.chance``).
CORRECTABLE: tuple[str, ...] = ("jaccard", "dice", "ochiai", "hamming")


# --------------------------------------------------------------------------------------------
# Evaluation
# --------------------------------------------------------------------------------------------


def _check_equal_sizes(stats: SelectionStats) -> None:
    sizes = np.unique(stats.sizes)
    if sizes.size > 1:
        raise ValueError(
            "kuncheva needs all selected sets to have the same size (Kuncheva 2007); got sizes "
            f"{sizes.tolist()}. Use nogueira_brown (its generalisation, Nogueira & Brown 2016 "
            "eq. 14) or nogueira for sets of varying size."
        )


def pair_scores(
    name: str,
    stats: SelectionStats,
    rows_i: np.ndarray,
    rows_j: np.ndarray,
    *,
    correction: str = "none",
    n_estimate: int = DEFAULT_N_ESTIMATE,
    random_state: Any = 0,
) -> np.ndarray:
    """Scores of measure ``name`` for the pairs of runs (rows_i[u], rows_j[u]); NaN = undefined."""
    parts = PAIR_PARTS[name]
    if name == "kuncheva":
        _check_equal_sizes(stats)
    r = stats.gram[rows_i, rows_j].astype(np.float64)
    a = stats.sizes[rows_i].astype(np.float64)
    b = stats.sizes[rows_j].astype(np.float64)
    scores = ratio(*parts(r, a, b, stats.d))
    if correction == "none":
        return scores
    expected = expected_pair_scores(
        parts, stats.sizes[rows_i], stats.sizes[rows_j], stats.d,
        correction=correction, n_estimate=n_estimate, random_state=random_state,
    )
    return corrected_for_chance(scores, expected)


def _evaluate(
    inputs: MeasureInputs,
    name: str,
    *,
    correction: str = "none",
    n_estimate: int = DEFAULT_N_ESTIMATE,
    random_state: Any = 0,
    undefined: str = "nan",
) -> float:
    undefined = check_undefined_policy(undefined)
    correction = check_correction(correction)
    rows_i, rows_j = inputs.stats.pairs
    scores = pair_scores(
        name, inputs.stats, rows_i, rows_j,
        correction=correction, n_estimate=n_estimate, random_state=random_state,
    )
    return average_pair_scores(scores, rows_i, rows_j, undefined, name)


def pair_score_matrix(
    name: str,
    Z: Any,
    *,
    d: int | None = None,
    correction: str = "none",
    n_estimate: int = DEFAULT_N_ESTIMATE,
    random_state: Any = 0,
) -> np.ndarray:
    """The ``M x M`` matrix of pairwise scores of a pairwise measure (NaN where undefined).

    Entry (i, j) is the score of V_i (first argument) and V_j; the measure is the mean of the
    strict upper triangle. Shows which runs disagree. ``name`` is a key of :data:`PAIR_PARTS`;
    ``correction`` only for :data:`CORRECTABLE` measures.

    Examples
    --------
    Jaccard's index of {0, 1}, {0, 1} and {2}: 1 for the first two runs, 0 against the third:

    >>> from fsstab.measures import pair_score_matrix
    >>> pair_score_matrix("jaccard", [[0, 1], [0, 1], [2]], d=4).tolist()
    [[1.0, 1.0, 0.0], [1.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    """
    if name not in PAIR_PARTS:
        raise ValueError(
            f"name must be a pairwise measure ({', '.join(PAIR_PARTS)}); got {name!r}"
        )
    correction = check_correction(correction)
    if correction != "none" and name not in CORRECTABLE:
        raise ValueError(
            f"correction={correction!r} is only available for {', '.join(CORRECTABLE)}; "
            f"{name} is already corrected for chance"
        )
    stats = SelectionStats(Z, d)
    rows_i, rows_j = np.indices((stats.M, stats.M)).reshape(2, -1)
    scores = pair_scores(
        name, stats, rows_i, rows_j,
        correction=correction, n_estimate=n_estimate, random_state=random_state,
    )
    return scores.reshape(stats.M, stats.M)


# --------------------------------------------------------------------------------------------
# Public functions
# --------------------------------------------------------------------------------------------

_ARGS_DOC = """
    Parameters
    ----------
    Z
        Selection matrix (M x d 0/1, dense or ``scipy.sparse``) or a list of M collections of
        selected feature indices together with ``d``; see
        :func:`~fsstab.measures.as_selection_matrix`.
    d
        Number of features p (required for index collections).
    undefined
        ``"nan"`` (default: an undefined pair makes the measure NaN), ``"zero"`` (undefined
        pairs count as 0, stabm's ``impute.na = 0``) or ``"raise"``.
"""

_CORRECTION_DOC = """    correction
        ``"none"`` (default), ``"exact"`` (hypergeometric expectation, stabm's
        ``correction.for.chance = "exact"``) or ``"estimate"`` (Monte Carlo with
        ``n_estimate`` draws per pair of set sizes, seeded by ``random_state``). Corrected
        pairwise scores are (s - E[s]) / (1 - E[s]); a pair whose score is certain
        (E[s] = 1) is undefined.
    n_estimate, random_state
        Draws and seed (``sklearn.utils.check_random_state`` semantics) of ``"estimate"``.
"""


def _make_measure(name: str, summary: str, example: str) -> Callable[..., float]:
    if name in CORRECTABLE:

        def measure(
            Z: Any,
            *,
            d: int | None = None,
            correction: str = "none",
            n_estimate: int = DEFAULT_N_ESTIMATE,
            random_state: Any = 0,
            undefined: str = "nan",
        ) -> float:
            return _evaluate(
                MeasureInputs(stats=SelectionStats(Z, d)), name,
                correction=correction, n_estimate=n_estimate, random_state=random_state,
                undefined=undefined,
            )

        doc = summary + _ARGS_DOC + _CORRECTION_DOC
    else:

        def measure(Z: Any, *, d: int | None = None, undefined: str = "nan") -> float:
            return _evaluate(MeasureInputs(stats=SelectionStats(Z, d)), name, undefined=undefined)

        doc = summary + _ARGS_DOC
    measure.__name__ = measure.__qualname__ = name
    measure.__doc__ = doc + _EXAMPLE_DOC.format(name=name, example=example)
    return measure


def _equal_sizes(inputs: MeasureInputs) -> bool:
    sizes = inputs.stats.sizes
    return bool(np.all(sizes == sizes[0]))


_THESIS = "Bommert (2020), §3.3.2.1 and App. B.1"
_NB = "Nogueira & Brown (2016)"
_CORRECTION_PARAMS = ("correction", "n_estimate", "random_state", "undefined")

#: The examples' two runs: V_1 = {0, 1, 2}, V_2 = {1, 2, 3} of p = 6 features, so a = b = 3,
#: r = |V_1 ∩ V_2| = 2 and the overlap expected by chance ab/p = 1.5.
_EXAMPLE_DOC = """
    Examples
    --------
    >>> from fsstab.measures import {name}
    >>> Z = [[0, 1, 2], [1, 2, 3]]        # V_1, V_2 of p = 6 features: a = b = 3, r = 2
{example}
"""


def _pairwise(
    name: str, summary: str, example: str, *, symbol: str,
    bounds: tuple[float | None, float | None], corrected: bool, reference: str, **notes: Any,
) -> Callable[..., float]:
    """A pairwise measure's public function, registered (:func:`register_measure`)."""
    return register_measure(
        family="pairwise", requires=("Z",), bounds=bounds, corrected_for_chance=corrected,
        reference=reference, evaluate=partial(_evaluate, name=name), symbol=symbol,
        params=_CORRECTION_PARAMS if name in CORRECTABLE else ("undefined",), **notes,
    )(_make_measure(name, summary, example))


jaccard = _pairwise(
    "jaccard",
    """SMJ: mean Jaccard index |V_i ∩ V_j| / |V_i ∪ V_j| (Jaccard 1901; Bommert 2020, §3.3.2.1).

    In [0, 1]; 1 iff all sets are identical. Not corrected for chance. A pair of two empty
    sets is undefined (App. B.1).
""",
    """    >>> jaccard(Z, d=6)                   # r / (a + b - r) = 2 / 4
    0.5""",
    symbol="SMJ", bounds=(0.0, 1.0), corrected=False,
    reference=f"Jaccard (1901); {_THESIS}, SMJ",
)

dice = _pairwise(
    "dice",
    """SMD: mean Dice coefficient 2|V_i ∩ V_j| / (|V_i| + |V_j|) (Dice 1945; Bommert 2020,
    §3.3.2.1).

    In [0, 1]; 1 iff all sets are identical. Not corrected for chance. A pair of two empty
    sets is undefined (App. B.1).
""",
    """    >>> round(dice(Z, d=6), 4)            # 2r / (a + b) = 4 / 6
    0.6667""",
    symbol="SMD", bounds=(0.0, 1.0), corrected=False,
    reference=f"Dice (1945); {_THESIS}, SMD",
)

ochiai = _pairwise(
    "ochiai",
    """SMO: mean Ochiai coefficient |V_i ∩ V_j| / sqrt(|V_i||V_j|) (Ochiai 1957; Bommert 2020,
    §3.3.2.1).

    In [0, 1]; 1 iff all sets are identical. Not corrected for chance. A pair with an empty
    set is undefined (App. B.1).
""",
    """    >>> round(ochiai(Z, d=6), 4)          # r / sqrt(ab) = 2 / 3
    0.6667""",
    symbol="SMO", bounds=(0.0, 1.0), corrected=False,
    reference=f"Ochiai (1957); {_THESIS}, SMO",
)

hamming = _pairwise(
    "hamming",
    """SMH: mean share of features on which two runs agree, (|V_i ∩ V_j| + |V_iᶜ ∩ V_jᶜ|) / p
    (Dunne et al. 2002; Bommert 2020, §3.3.2.1; Nogueira & Brown 2016, eq. 3).

    In [0, 1]; always defined; 1 iff all sets are identical. Not corrected for chance.
""",
    """    >>> round(hamming(Z, d=6), 4)         # (p - a - b + 2r) / p = 4 / 6
    0.6667""",
    symbol="SMH", bounds=(0.0, 1.0), corrected=False,
    reference=f"Dunne et al. (2002); {_THESIS}, SMH; {_NB}, eq. 3",
)

kuncheva = _pairwise(
    "kuncheva",
    """Kuncheva index: mean of (r - k²/p) / (k - k²/p) (Kuncheva 2007; Nogueira & Brown 2016,
    eq. 4; Hamer & Dupont 2021, eq. 2).

    Only for sets of equal size k (``ValueError`` otherwise; use :func:`nogueira_brown` or
    :func:`nogueira`). In [-1, 1], corrected for chance; undefined for k = 0 or k = p.
""",
    """    >>> round(kuncheva(Z, d=6), 4)        # (r - k²/p) / (k - k²/p) = 0.5 / 1.5
    0.3333""",
    symbol="KI", bounds=(-1.0, 1.0), corrected=True,
    reference=f"Kuncheva (2007); {_NB}, eq. 4; Hamer & Dupont (2021), eq. 2",
    applicable=_equal_sizes, inputs_note="equal sizes",
)

lustgarten = _pairwise(
    "lustgarten",
    """SML: mean of (r - ab/p) / (min(a, b) - max(0, a + b - p)) (Lustgarten et al. 2009;
    Nogueira & Brown 2016, eq. 7; Bommert 2020, §3.3.2.1).

    In [-1, 1] but 1 is only reached as p → ∞ (identical sets of size k give 1 - k/p or k/p).
    Corrected for chance. A pair with an empty or a full set is undefined.
""",
    """    >>> round(lustgarten(Z, d=6), 4)      # (r - ab/p) / (min(a, b) - max(0, a + b - p))
    0.1667""",
    symbol="SML", bounds=(-1.0, 1.0), corrected=True,
    reference=f"Lustgarten et al. (2009); {_NB}, eq. 7; {_THESIS}, SML",
    bounds_note="[-1, 1] (1 only as p → ∞)",
)

wald = _pairwise(
    "wald",
    """SMW: mean of (r - ab/p) / (min(a, b) - ab/p) (Wald et al. 2013; Nogueira & Brown 2016,
    eq. 8; Bommert 2020, §3.3.2.1 with the product ab/p of the errata).

    In [1 - p, 1]; 1 for nested sets, not only identical ones. Corrected for chance. A pair
    with an empty or a full set is undefined.
""",
    """    >>> round(wald(Z, d=6), 4)            # (r - ab/p) / (min(a, b) - ab/p) = 0.5 / 1.5
    0.3333""",
    symbol="SMW", bounds=(None, 1.0), corrected=True,
    reference=f"Wald et al. (2013); {_NB}, eq. 8; {_THESIS}, SMW (product errata)",
    bounds_note="[1 - p, 1]",
)

npog = _pairwise(
    "npog",
    """Average nPOG: mean over i < j of (r - ab/p) / (a - ab/p) with a = |V_i| of the earlier
    run (Zhang et al. 2009; Nogueira & Brown 2016, eq. 9).

    Not symmetric: permuting the runs can change the value (Nogueira & Brown 2016, Example 3).
    At most 1, unbounded below (1 - p). Corrected for chance. Undefined when the first set of
    a pair is empty or full.
""",
    """    >>> round(npog(Z, d=6), 4)            # (r - ab/p) / (a - ab/p) = 0.5 / 1.5
    0.3333
    >>> from fsstab.measures import pair_score_matrix
    >>> V = [[0, 1, 2, 3], [2, 3]]        # p = 8: ab/p = 1, (2 - 1) / (4 - 1) but (2 - 1) / (2 - 1)
    >>> pair_score_matrix("npog", V, d=8).round(4).tolist()
    [[1.0, 0.3333], [1.0, 1.0]]""",
    symbol="nPOG", bounds=(None, 1.0), corrected=True,
    reference=f"Zhang et al. (2009); {_NB}, eq. 9",
    symmetric=False, bounds_note="[1 - p, 1]",
)

unadjusted = _pairwise(
    "unadjusted",
    """SMU: mean of (r - ab/p) / (sqrt(ab) - ab/p) (Bommert & Rahnenführer 2020; Bommert 2020,
    §3.3.2.1).

    In [-1, 1]; 1 iff all sets are identical (App. B.4); corrected for chance. Undefined for a
    pair with an empty set or two full sets.
""",
    """    >>> round(unadjusted(Z, d=6), 4)      # (r - ab/p) / (sqrt(ab) - ab/p) = 0.5 / 1.5
    0.3333""",
    symbol="SMU", bounds=(-1.0, 1.0), corrected=True,
    reference=f"Bommert & Rahnenführer (2020); {_THESIS}, SMU",
)

kappa = _pairwise(
    "kappa",
    """SMK: mean κ coefficient (r - ab/p) / ((a + b)/2 - ab/p) (Carletta 1996; Bommert 2020,
    §3.3.2.1).

    In [-1, 1]; 1 iff all sets are identical (App. B.4); corrected for chance. Undefined for a
    pair of two empty or two full sets.
""",
    """    >>> round(kappa(Z, d=6), 4)           # (r - ab/p) / ((a + b)/2 - ab/p) = 0.5 / 1.5
    0.3333""",
    symbol="SMK", bounds=(-1.0, 1.0), corrected=True,
    reference=f"Carletta (1996); {_THESIS}, SMK",
)

phi_pairwise = _pairwise(
    "phi_pairwise",
    """SMP: mean Pearson correlation of the 0/1 selection vectors,
    (r - ab/p) / sqrt(a(1 - a/p) b(1 - b/p)) (Nogueira & Brown 2016; Bommert 2020, §3.3.2.1
    with the numerator of the errata).

    In [-1, 1]; 1 iff all sets are identical; corrected for chance. Undefined for a pair with
    an empty or a full set.
""",
    """    >>> round(phi_pairwise(Z, d=6), 4)    # 0.5 / sqrt(3 (1 - 1/2) 3 (1 - 1/2)) = 0.5 / 1.5
    0.3333""",
    symbol="SMP", bounds=(-1.0, 1.0), corrected=True,
    reference=f"{_NB}; {_THESIS}, SMP (numerator errata)",
)

nogueira_brown = _pairwise(
    "nogueira_brown",
    """sim_N: mean of (r - E[r]) / max(E[r] - min r, max r - E[r]) with E[r] = ab/p,
    min r = max(0, a + b - p), max r = min(a, b) (Nogueira & Brown 2016, eq. 14).

    Kuncheva's index generalised to sets of varying size: in [-1, 1], equal to Kuncheva for
    equal sizes, corrected for chance. sim_N = 0 for a pair with an empty or full set (§4), so
    it is always defined.
""",
    """    >>> round(nogueira_brown(Z, d=6), 4)  # (r - 1.5) / max(1.5 - 0, 3 - 1.5)
    0.3333""",
    symbol="sim_N", bounds=(-1.0, 1.0), corrected=True,
    reference=f"{_NB}, eq. 14 and §4",
)
