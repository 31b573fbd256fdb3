"""Effective stability Φ_C (SMES) of Sechidis et al. (2019): Nogueira's φ with the selection
covariance weighted by a feature-similarity matrix, so that selecting one of two similar
features in turn does not count as instability (Bommert 2020, §3.3.2.3; one of the adjusted
measures of :mod:`fsstab.measures.adjusted`, with the same ``C`` and ``threshold``).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import scipy.sparse as sp

from fsstab.measures._core import (
    MeasureInputs,
    SelectionStats,
    check_undefined_policy,
    finite_or_policy,
)
from fsstab.measures._registry import register_measure
from fsstab.measures._similarity_graph import check_threshold, thresholded_similarity
from fsstab.measures.adjusted import _adjusted_inputs

__all__ = ["effective_stability", "sechidis"]

_THESIS = "Bommert (2020), §3.3.2.3"


def effective_stability(stats: SelectionStats, T: np.ndarray | sp.csr_array) -> float:
    """Φ_C = 1 - tr(C S) / tr(C Σ⁰) (Sechidis et al. 2019, Definition 2 and Theorem 3).

    ``T`` is the (thresholded) similarity matrix. Both traces are computed without any
    ``d x d`` intermediate (for a sparse ``T`` only its stored entries are touched):

    * tr(C S) = M/(M-1) [ (1/M) Σ_i z_i C z_iᵀ - (1/M²) hᵀ C h ], because
      S = M/(M-1) (ZᵀZ/M - h hᵀ/M²) (S_ff' = M/(M-1)(h_ff'/M - h_f h_f'/M²));
    * tr(C Σ⁰) = p σ_d + σ_o Σ_{f≠f'} c_ff' with σ_d = (q/(mp))(1 - q/(mp)) and, per the
      erratum in DEVELOPERS.md (thesis SMES), σ_o = ((1/m)Σ_i|V_i|² - q/m)/(p² - p) - q²/(m²p²).

    NaN when tr(C Σ⁰) = 0 (all sets empty, or all full). For p = 1, Σ⁰ has no off-diagonal
    entries and Φ_C = SMN.
    """
    M, d = stats.M, stats.d
    Zf = stats.Z.astype(np.float64)
    ZT = Zf @ T
    within = float(Zf.multiply(ZT).sum())  # Σ_i z_i C z_iᵀ: ZC restricted to Z's support
    h = stats.counts.astype(np.float64)
    trace_CS = M / (M - 1) * (within / M - float(h @ (T @ h)) / M**2)

    k_bar = stats.q / M
    diagonal_variance = k_bar / d * (1 - k_bar / d)
    trace_C_Sigma = d * diagonal_variance
    scale = abs(trace_C_Sigma)
    if d > 1:
        mean_square_size = float(np.mean(stats.sizes.astype(np.float64) ** 2))
        off_diagonal_covariance = (mean_square_size - k_bar) / (d * d - d) - k_bar**2 / d**2
        off_diagonal_sum = float(T.sum()) - float(T.diagonal().sum())
        trace_C_Sigma += off_diagonal_covariance * off_diagonal_sum
        scale += abs(off_diagonal_covariance * off_diagonal_sum)
    # Rounding can leave a few ulps where the two terms cancel exactly.
    if scale == 0 or abs(trace_C_Sigma) <= 1e-12 * scale:
        return math.nan
    return 1.0 - trace_CS / trace_C_Sigma


def _evaluate_sechidis(inputs: MeasureInputs, *, undefined: str = "nan") -> float:
    undefined = check_undefined_policy(undefined)
    T = inputs.cache.get("adjusted.thresholded_C")
    if T is None:
        T = thresholded_similarity(inputs.C, check_threshold(inputs.threshold))
        inputs.cache["adjusted.thresholded_C"] = T
    return finite_or_policy(effective_stability(inputs.stats, T), undefined, "sechidis")


@register_measure(
    family="adjusted", requires=("Z", "C"), bounds=(None, None), corrected_for_chance=False,
    symbol="SMES", math=r"\phi_{C}", evaluate=_evaluate_sechidis, bounds_note="none known",
    reference=("Sechidis et al. (2019), Definition 2 and Theorem 3; "
               f"{_THESIS}, SMES (Σ erratum in DEVELOPERS.md)"),
    description="SMES, the effective stability Φ_C = 1 - tr(C S) / tr(C Σ⁰)",
)
def sechidis(
    Z: Any, C: Any, *, threshold: float | None = None, d: int | None = None,
    undefined: str = "nan",
) -> float:
    """SMES, the effective stability Φ_C (Sechidis et al. 2019, Definition 2; Bommert 2020,
    §3.3.2.3 with the Σ erratum of DEVELOPERS.md).

    C is thresholded first: similarities below θ are set to 0 (Bommert 2020, §6.2.1);
    ``threshold=0`` uses C as it is. Equals SMN (Nogueira's φ) when C = I. No bounds are
    known and it is not corrected for chance (Bommert 2020, §6.1). See
    :func:`effective_stability` for the computation, which is linear in the number of stored
    entries of C and never forms a ``d x d`` matrix for sparse C.

    ``undefined`` ("nan", "zero" or "raise") applies when tr(C Σ⁰) = 0.

    Examples
    --------
    With C = I it is Nogueira's φ; when features 0 and 3 are interchangeable (C_03 = 1), the
    two runs' selections vary only within that group: their covariance -1/2 cancels the
    variances 1/2 + 1/2 in tr(C S), so Φ_C = 1:

    >>> import numpy as np
    >>> from fsstab.measures import nogueira, sechidis
    >>> Z = [[0, 1, 2], [1, 2, 3]]
    >>> round(sechidis(Z, np.eye(6), threshold=0.5, d=6), 4), round(nogueira(Z, d=6), 4)
    (0.3333, 0.3333)
    >>> C = np.eye(6)
    >>> C[0, 3] = C[3, 0] = 1.0
    >>> sechidis(Z, C, threshold=0.5, d=6)
    1.0
    """
    return _evaluate_sechidis(_adjusted_inputs(Z, C, threshold, d), undefined=undefined)
