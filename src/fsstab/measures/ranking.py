"""Ranking measure: the Canberra stability φ_can^k of partial rankings (Hamer & Dupont 2021, eq. 5;
Jurman et al. 2008).

With ranks r_i(f) (1 = best) truncated at the location parameter k, t_i(f) = min(r_i(f), k + 1),

    φ_can^k = 1 - (1/χ) (2 / (M(M-1))) Σ_{i<j} Σ_f |t_i(f) - t_j(f)| / (t_i(f) + t_j(f)),
    χ = ((k + 1)(2d - k)/d) log 4 - (2kd + 3d - k - k²)/d,

χ approximating the expected Canberra distance of two random rankings (so φ_can is only
approximately corrected for chance). A feature ranked below k in both rankings contributes 0,
so a pair costs O(k): D_ij = full_j + Σ_{f ∈ top_i} [g(t_i, t_j) - g(k + 1, t_j)] with
g(x, y) = |x - y| / (x + y), top_i = {f : r_i(f) <= k} and full_j = Σ_{f ∈ top_j} g(k + 1, t_j).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from fsstab.measures._core import (
    MeasureInputs,
    as_rank_matrix,
    check_undefined_policy,
    finite_or_policy,
)
from fsstab.measures._registry import register_measure


def canberra_chance_term(k: int, d: int) -> float:
    """χ of Hamer & Dupont (2021), eq. 5: the (approximate) expected truncated Canberra
    distance between two random rankings of d features with location parameter k."""
    return (k + 1) * (2 * d - k) / d * math.log(4) - (2 * k * d + 3 * d - k - k * k) / d


def check_location(k: Any, d: int) -> int:
    if k is None:
        return d
    if isinstance(k, bool) or not isinstance(k, int | np.integer) or not 1 <= k <= d:
        raise ValueError(f"k (location parameter) must be an integer in 1..d={d}, got {k!r}")
    return int(k)


def check_depth(k: Any) -> int | None:
    """The part of :func:`check_location` that needs no data: None or an integer >= 1."""
    if k is not None and (isinstance(k, bool) or not isinstance(k, int | np.integer) or k < 1):
        raise ValueError(f"k (location parameter) must be an integer >= 1 (at most d, the number "
                         f"of features) or null (k = d), got {k!r}")
    return k


def _canberra_terms(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return np.abs(x - y) / (x + y)


def mean_canberra_distance(ranks: np.ndarray, k: int) -> float:
    """Mean over pairs i < j of the truncated Canberra distance Σ_f g(t_i(f), t_j(f))."""
    M = ranks.shape[0]
    cap = float(k + 1)
    truncated = np.minimum(ranks, cap)
    to_cap = np.where(truncated < cap, _canberra_terms(cap, truncated), 0.0)
    full = to_cap.sum(axis=1)
    total = 0.0
    for i in range(M - 1):
        top = np.flatnonzero(truncated[i] < cap)
        later = truncated[i + 1 :, top]
        total += float(
            np.sum(_canberra_terms(truncated[i, top], later) - to_cap[i + 1 :, top])
            + full[i + 1 :].sum()
        )
    return total / (M * (M - 1) / 2)


def _evaluate_canberra(
    inputs: MeasureInputs, *, k: int | None = None, undefined: str = "nan"
) -> float:
    undefined = check_undefined_policy(undefined)
    ranks = inputs.ranks
    d = ranks.shape[1]
    k = check_location(k, d)
    chi = canberra_chance_term(k, d)
    # a distance is >= 0; the sum of differences above can land a rounding error below it,
    # which would put φ_can above its bound 1 (1.0000000000000013 for identical rankings)
    distance = max(0.0, mean_canberra_distance(ranks, k))
    value = min(1.0, 1.0 - distance / chi) if chi > 0 else math.nan
    return finite_or_policy(value, undefined, "canberra",
                            ": χ <= 0, which happens only for d = 1 feature")


@register_measure(
    family="ranking", requires=("ranks",), bounds=(None, 1.0), corrected_for_chance=False,
    symbol="φ_can", math=r"\phi_{\mathrm{can}}", evaluate=_evaluate_canberra,
    params=("k", "undefined"), rank_depth="k", chance_note="approximately (χ)",
    checks={"k": check_depth},
    inputs_note="`k` (default d)",
    reference="Hamer & Dupont (2021), eq. 5 (§2.3); Jurman et al. (2008)",
)
def canberra(ranks: Any, *, k: int | None = None, undefined: str = "nan") -> float:
    """φ_can^k, the Canberra stability of partial rankings (Hamer & Dupont 2021, eq. 5;
    Jurman et al. 2008).

    Parameters
    ----------
    ranks
        ``M x d`` rank matrix, one ranking per run, 1 = best (ties allowed); see
        :func:`~fsstab.measures.as_rank_matrix`.
    k
        Location parameter: only the top k positions are told apart, ranks beyond k count as
        k + 1. ``None`` (default) means k = d, the complete rankings.
    undefined
        Policy ("nan", "zero", "raise") if χ <= 0, which only happens for d = 1.

    At most 1 (identical truncated rankings); variability at the top of the rankings is
    penalised more. Only approximately corrected for chance (χ is an approximation).

    Examples
    --------
    Identical rankings are at distance 0. Two reversed rankings of d = 2 features are at
    Canberra distance |1 - 2|/3 + |2 - 1|/3 = 2/3, against χ = 3 ln 4 - 4 for k = d = 2:

    >>> from fsstab.measures import canberra
    >>> canberra([[1, 2, 3, 4], [1, 2, 3, 4]])
    1.0
    >>> round(canberra([[1, 2], [2, 1]]), 4)          # 1 - (2/3) / (3 ln 4 - 4)
    -3.196
    """
    return _evaluate_canberra(MeasureInputs(ranks=as_rank_matrix(ranks)), k=k, undefined=undefined)
