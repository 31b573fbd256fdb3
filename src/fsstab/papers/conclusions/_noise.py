"""The one noise rule every comparison of two measured values uses (``docs/papers.md``,
"One rule per kind of check").

Two measured values are compared through their difference and the standard error of that
difference, ``SE = sqrt(SE_a² + SE_b²)`` (each the standard error of its own estimate; a
number printed without one contributes its rounding, half a unit of its last printed digit,
as a tolerance):

- a claim that two values **agree** (equal, close, within, constant, corrected for chance)
  fails when the gap exceeds ``z_m`` standard errors, where ``m`` is the number of comparisons
  the paper's statement is checked on in the run (data sets x quantities, points of a curve)
  and ``z_m = Φ⁻¹(1 - α / (2m))`` with ``α = 2(1 - Φ(2)) = 0.0455``: 2 standard errors for one
  comparison, a Bonferroni allowance for several (the chance that one of ``m`` true
  agreements fails by chance stays ``α``) -- :func:`noise_z`, :func:`within_noise`,
  :func:`within_standard_errors`;
- a claim that one value is **higher, lower, increases, differs** holds only when the
  difference is beyond 2 standard errors in the claimed direction in every case checked (no
  allowance: asking every case to show it is already the stricter reading) --
  :func:`beyond_noise`; a qualitative size ("much", "far", "considerable", "drastic") adds a
  margin the paper's own figures give (``margin``).
"""

from __future__ import annotations

import math

from fsstab.papers.conclusions._claims import Assessment, Verdict, _assess
from fsstab.papers.conclusions._criteria import _num

#: Standard errors of the difference for one comparison.
N_STANDARD_ERRORS = 2.0
#: The two-sided error rate of one comparison at :data:`N_STANDARD_ERRORS`: 2(1 - Φ(2)).
ALPHA = 2.0 * 0.5 * math.erfc(N_STANDARD_ERRORS / math.sqrt(2.0))



def noise_z(n_comparisons: int = 1) -> float:
    """The number of standard errors two measured values may differ by while agreeing, for a
    claim checked on ``n_comparisons`` comparisons: ``Φ⁻¹(1 - α / (2m))``, 2 for one.

    Examples
    --------
    >>> noise_z(1), round(noise_z(7), 2)
    (2.0, 2.72)
    """
    m = int(n_comparisons)
    if m < 1:
        raise ValueError(f"n_comparisons must be at least 1, got {n_comparisons!r}")
    if m == 1:
        return N_STANDARD_ERRORS
    from scipy.special import ndtri

    return float(ndtri(1.0 - ALPHA / (2.0 * m)))


def _z_text(n_comparisons: int) -> str:
    z = noise_z(n_comparisons)
    if n_comparisons == 1:
        return f"{z:g} SE"
    return f"{z:.2f} SE (Bonferroni over {n_comparisons} comparisons)"


def within_noise(gap: float, se: float, *, what: str, n_comparisons: int = 1,
                 tolerance: float = 0.0, tolerance_label: str = "rounding",
                 digits: int = 3) -> Assessment:
    """Two measured values agree: ``|gap| <= z_m SE + tolerance`` (:func:`noise_z`;
    ``tolerance``: the rounding of a printed number, or the margin a word such as "close" is
    given, named by ``tolerance_label``). Not testable without a finite gap and standard
    error.

    Examples
    --------
    >>> within_noise(0.043, 0.0283, what="t_uniform ours - paper").why
    '|t_uniform ours - paper| = 0.043 <= 2 SE = 0.057 (SE 0.028)'
    >>> within_noise(0.1, 0.03, what="gap", n_comparisons=7).verdict.value
    'does not hold'
    """
    if not (math.isfinite(gap) and math.isfinite(se)):
        return _assess(Verdict.NOT_TESTABLE, f"{what}: no finite value and standard error to "
                                             f"compare (gap {gap}, SE {se})")
    allowed = noise_z(n_comparisons) * se + tolerance
    ok = abs(gap) <= allowed
    extra = f" + {tolerance_label} {_num(tolerance, digits)}" if tolerance else ""
    return _assess(Verdict.HOLDS if ok else Verdict.DOES_NOT_HOLD,
                   f"|{what}| = {_num(abs(gap), digits)} {'<=' if ok else '>'} "
                   f"{_z_text(n_comparisons)}{extra} = {_num(allowed, digits)} "
                   f"(SE {_num(se, digits)})")


def beyond_noise(change: float, se: float, *, what: str, direction: int = 1,
                 margin: float = 0.0, digits: int = 3) -> Assessment:
    """A directional claim ("higher", "increases"; ``direction`` -1: "lower", "decreases"):
    holds when ``direction * change - margin > 2 SE``. ``margin``: the size a qualitative word
    asks for ("much", from the paper's own figures). Not testable without a finite change and
    standard error.

    Examples
    --------
    >>> beyond_noise(0.001, 0.04, what="φ λ2 = 1 -> 0.1").why
    'φ λ2 = 1 -> 0.1 = +0.001 <= 2 SE = 0.080 (SE 0.040): no increase beyond noise'
    >>> beyond_noise(-0.3, 0.05, what="change", direction=-1).verdict.value
    'holds'
    """
    if direction not in (1, -1):
        raise ValueError(f"direction must be 1 or -1, got {direction!r}")
    word = "increase" if direction > 0 else "decrease"
    if not (math.isfinite(change) and math.isfinite(se)):
        return _assess(Verdict.NOT_TESTABLE, f"{what}: no finite change and standard error "
                                             f"(change {change}, SE {se})")
    bound = N_STANDARD_ERRORS * se
    ok = direction * change - margin > bound
    sign = f"{change:+.{digits}f}"
    need = margin + bound
    if direction > 0:
        compare, limit = (">" if ok else "<="), _num(need, digits)
    else:
        compare, limit = ("<" if ok else ">="), _num(-need, digits)
    rule = (f"margin {_num(margin, digits)} + " if margin else "") + f"{N_STANDARD_ERRORS:g} SE"
    if direction < 0:
        rule = f"-({rule})" if margin else f"-{rule}"
    shown = f"{what} = {sign} {compare} {rule} = {limit} (SE {_num(se, digits)})"
    if not ok:
        shown += f": no {word} beyond {'the margin and ' if margin else ''}noise"
    return _assess(Verdict.HOLDS if ok else Verdict.DOES_NOT_HOLD, shown)


def within_standard_errors(
    ours: float, ours_se: float, paper: float, paper_se: float, *, n_se: float | None = None,
    digits: int = 2, n_comparisons: int = 1,
) -> Assessment:
    """Two means agree: ``|ours - paper| <= z * sqrt(ours_se² + paper_se²)`` (standard errors
    of the means, e.g. sd / sqrt(K) of each run), with ``z`` = :func:`noise_z`
    (``n_comparisons``) unless ``n_se`` sets it.

    Examples
    --------
    >>> within_standard_errors(6.5, 0.07, 9.8, 0.093).verdict.value
    'does not hold'
    """
    se = math.sqrt(ours_se ** 2 + paper_se ** 2)
    gap = abs(ours - paper)
    if not (math.isfinite(gap) and math.isfinite(se)):
        return _assess(Verdict.NOT_TESTABLE,
                       f"no finite value to compare (ours {ours}, paper {paper})")
    z = noise_z(n_comparisons) if n_se is None else float(n_se)
    label = (f"{z:g} SE" if n_se is not None or n_comparisons == 1
             else f"{z:.2f} SE (Bonferroni over {n_comparisons} comparisons)")
    ok = gap <= z * se
    paper_text = _num(paper, digits)
    paper_text = f"({paper_text})" if paper_text.startswith("-") else paper_text
    return _assess(
        Verdict.HOLDS if ok else Verdict.DOES_NOT_HOLD,
        f"|{_num(ours, digits)} - {paper_text}| = {_num(gap, digits)} "
        f"{'<=' if ok else '>'} {label} = {_num(z * se, digits)} "
        f"(SE = sqrt(SE_ours² + SE_paper²) = {_num(se, digits + 1)})",
    )
