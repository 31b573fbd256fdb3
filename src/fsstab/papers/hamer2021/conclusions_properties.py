"""The claims of Hamer & Dupont (2021), §5.1-5.2, checked on a run: Theorems 1-3, Properties
1-4, eq. 10 and the statement that φ_iw behaves like φ (validated in §7.2).

The evidence is the run's own feature stability maps -- every setting of every §7.2 method on
every data set -- evaluated by :mod:`fsstab.papers.hamer2021.properties` (table
``sec5_phi_iw_properties``, one row per map; ``sec5_lasso_checks``, one row per data set), and
every setting of the §7.2 methods (``sec7_2_settings``). Theorems 1-3, Properties 1-4 and eq. 10
follow from the definitions: *verified by construction* when their check holds -- an identity's
two sides agree within :data:`~fsstab.papers.hamer2021.properties.IDENTITY_TOLERANCE` on every
map, Property 4's mean over random-identity maps within the noise of 0 (a Bonferroni allowance
over the data sets) -- and *does not hold* when it fails (the library's φ_iw departs from the
paper's definitions, or the paper from its own).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from fsstab.papers.conclusions import (
    Assessment,
    Claim,
    all_of,
    at_least,
    by_construction,
    holds_if,
    not_recomputable,
    not_testable,
    within_noise,
)
from fsstab.papers.hamer2021.conclusions_cases import missing_case, roll_up
from fsstab.papers.hamer2021.conclusions_common import (
    FLIP_TOLERANCE,
    SIMILAR,
    claim,
    combined,
    settings_of,
    show,
)
from fsstab.papers.hamer2021.properties import IDENTITY_TOLERANCE

__all__ = ["property_claims"]

_MEASURE_COLUMNS = ("importance_weighted", "even_importance_weighted",
                    "deterministic_importance_weighted", "disjoint_importance_weighted")


#: Differences below this are rounding noise and shown as "< 1e-12": their digits vary with the
#: order of float operations, not with the claim.
_NOISE = 1e-12


def _gap(value: float) -> str:
    return f"< {_NOISE:g}" if value < _NOISE else f"= {value:.2g}"


def _per_dataset(table: pd.DataFrame | None, configured: Sequence[str],
                 check: Callable[[pd.DataFrame], Assessment]) -> dict[str, Assessment]:
    """``check`` on the rows of each configured data set; missing ones as missing cases."""
    present = set() if table is None else set(table["dataset"])
    return {d: (check(table[table["dataset"] == d]) if d in present else missing_case(d))
            for d in configured}


def _largest_gap(rows: pd.DataFrame, a: str, b: str) -> float:
    gaps = (rows[a] - rows[b]).abs().to_numpy(dtype=float)
    return float(np.nanmax(gaps)) if np.isfinite(gaps).any() else math.nan


def _identity(rows: pd.DataFrame, pairs: Sequence[tuple[str, str]], what: str) -> Assessment:
    """Both sides of each pair agree within IDENTITY_TOLERANCE on every map of ``rows``."""
    parts = []
    for a, b in pairs:
        gap = _largest_gap(rows, a, b)
        if not math.isfinite(gap):
            parts.append(not_testable(f"{what}: no map with both {a} and {b}"))
            continue
        parts.append(holds_if(gap <= IDENTITY_TOLERANCE, f"largest |{a} − {b}| over "
                              f"{len(rows)} maps {_gap(gap)} <= {IDENTITY_TOLERANCE:g}"))
    return all_of(*parts)


def _fully_defined(rows: pd.DataFrame) -> Assessment:
    values = rows[list(_MEASURE_COLUMNS)].to_numpy(dtype=float)
    undefined = int(np.count_nonzero(~np.isfinite(values)))
    return holds_if(undefined == 0, f"φ_iw undefined (NaN) on {undefined} of {values.size} maps "
                    f"({len(rows)} maps of the run, each also deterministic, disjoint and with "
                    "even importances)")


def _maximum(rows: pd.DataFrame) -> Assessment:
    deterministic = rows["deterministic_importance_weighted"].to_numpy(dtype=float)
    varying = rows[rows["importance_spread"] > 0]["importance_weighted"].to_numpy(dtype=float)
    gap = float(np.max(np.abs(deterministic - 1)))
    return all_of(
        holds_if(gap <= IDENTITY_TOLERANCE, f"largest |φ_iw − 1| over {deterministic.size} "
                 f"deterministic maps {_gap(gap)} <= {IDENTITY_TOLERANCE:g}"),
        holds_if(bool(np.all(varying < 1 - IDENTITY_TOLERANCE)),
                 f"φ_iw < 1 on all {varying.size} maps whose importances vary (largest "
                 f"{show(np.max(varying), 4) if varying.size else 'none'})"))


def _bounds(rows: pd.DataFrame, lasso: pd.DataFrame | None) -> Assessment:
    M = rows["n_runs"].to_numpy(dtype=float)
    values = rows[list(_MEASURE_COLUMNS)].to_numpy(dtype=float)
    lower = np.broadcast_to((-1 / (M - 1))[:, None], values.shape)
    finite = np.isfinite(values)
    below = values[finite] < lower[finite] - IDENTITY_TOLERANCE
    above = values[finite] > 1 + IDENTITY_TOLERANCE
    low, high = float(values[finite].min()), float(values[finite].max())
    if lasso is not None and not lasso.empty:
        low = min(low, float(lasso["chance_min"].min()))
        high = max(high, float(lasso["chance_max"].max()))
    return holds_if(not below.any() and not above.any(),
                    f"every φ_iw in [−1/(M−1), 1]: smallest {show(low, 4)} (bound "
                    f"{show(-1 / (M.max() - 1), 4)} at M = {int(M.max())}), largest "
                    f"{show(high, 4)}")


def _chance(row: pd.DataFrame, n_comparisons: int) -> Assessment:
    r = row.iloc[0]
    return within_noise(float(r["chance_mean"]), float(r["chance_se"]),
                        what=f"mean φ_iw of {int(r['chance_replicates'])} random-identity maps",
                        n_comparisons=n_comparisons, digits=5)


def _theorem1(row: pd.DataFrame) -> Assessment:
    r = row.iloc[0]
    gap = float(r["theorem1_max_difference"])
    return holds_if(gap <= FLIP_TOLERANCE, f"largest |eq. 7 − eq. 9| over "
                    f"{int(r['theorem1_n_features'])} features {_gap(gap)} <= "
                    f"{FLIP_TOLERANCE:g}")


def _theorem3(rows: pd.DataFrame) -> Assessment:
    constant = rows[rows["constant_size"] > 0]
    if constant.empty:
        return not_testable("no map whose runs all select the same number of features")
    return _identity(constant, [("even_importance_weighted", "kuncheva"),
                                ("kuncheva", "even_nogueira")], "Theorem 3")


#: Why §5.2's "similar manner" cannot be recomputed from a run that did not publish its settings.
SETTINGS72_NOT_PUBLISHED = ("every §7.2 setting's φ and φ_iw (sec7_2_settings) was not "
                            "published by this run; regenerating it reruns §7.2's selections "
                            "(54 CPU-min in the jobs)")


def _like_phi(rows: pd.DataFrame, methods: Sequence[str]) -> Assessment:
    rows = rows[rows["selector"].isin(methods)]
    phi = rows["nogueira"].to_numpy(dtype=float)
    iw = rows["importance_weighted"].to_numpy(dtype=float)
    finite = np.isfinite(phi) & np.isfinite(iw)
    if finite.sum() < 3:
        return not_testable(f"{finite.sum()} settings with φ and φ_iw")
    r = float(np.corrcoef(phi[finite], iw[finite])[0, 1])
    return at_least(r, SIMILAR, what=f"r(φ, φ_iw) over {int(finite.sum())} settings", digits=3)


#: Why each of §5's claims is certain once fsstab implements the paper's definitions.
_PROOF = {
    "theorem1": "Theorem 1 (its proof)",
    "sec5_2.fully_defined": "Property 1 (App. A)",
    "sec5_2.maximum": "Property 2 (App. A)",
    "sec5_2.bounds": "Property 3 (App. A)",
    "sec5_2.chance": "Property 4 (App. A), checked on random-identity maps",
    "theorem2": "Theorem 2 (App. B)",
    "theorem3": "Theorem 3 (App. B)",
    "eq10": "eq. 10 (App. B)",
}


def property_claims(
    properties: pd.DataFrame | None, lasso: pd.DataFrame | None,
    settings72: pd.DataFrame | None, methods: Sequence[str],
    configured: Sequence[str], run: Mapping[str, Any],
) -> list[Claim]:
    """The claims of §5.1-5.2 on the maps of the run's §7.2 data sets (``configured``: the
    paper names of the configuration's §7.2 data sets; ``settings72``: every setting of the
    §7.2 methods, None when the run did not publish it; ``methods``: the selector labels of the
    §7.2 methods)."""
    settings = combined([settings_of(run, "section72", d) for d in configured
                         if d in run["section72"]])

    def row(key: str, cases: dict[str, Assessment]) -> Claim:
        if key in _PROOF:
            cases = {d: by_construction(a, _PROOF[key]) for d, a in cases.items()}
        shown = "; ".join(f"{d}: {a.why}" for d, a in cases.items()
                          if a.verdict.value in ("holds", "does not hold", "partly holds",
                                                 "verified by construction"))
        return claim(key, shown, roll_up(cases), settings, dataset="all")

    tested = 0 if lasso is None else int(lasso["dataset"].isin(list(configured)).sum())
    present = set() if settings72 is None else set(settings72["dataset"])
    like_phi = {d: (_like_phi(settings72[settings72["dataset"] == d], methods) if d in present
                    else missing_case(d)) for d in configured}
    if settings72 is None and any(d in run["section72"] for d in configured):
        like_phi_claim = claim("sec5_2.iw_like_phi", "", not_recomputable(
            SETTINGS72_NOT_PUBLISHED), settings, dataset="all")
    else:
        like_phi_claim = row("sec5_2.iw_like_phi", like_phi)
    return [
        row("theorem1", _per_dataset(lasso, configured, _theorem1)),
        row("sec5_2.fully_defined", _per_dataset(properties, configured, _fully_defined)),
        row("sec5_2.maximum", _per_dataset(properties, configured, _maximum)),
        row("sec5_2.bounds", _per_dataset(
            properties, configured,
            lambda r: _bounds(r, None if lasso is None else
                              lasso[lasso["dataset"] == r["dataset"].iloc[0]]))),
        row("sec5_2.chance", _per_dataset(lasso, configured,
                                          lambda r: _chance(r, max(1, tested)))),
        row("theorem2", _per_dataset(properties, configured, lambda r: _identity(
            r, [("even_importance_weighted", "theorem2")], "Theorem 2"))),
        row("theorem3", _per_dataset(properties, configured, _theorem3)),
        like_phi_claim,
        row("eq10", _per_dataset(properties, configured, lambda r: _identity(
            r, [("importance_weighted", "eq10_left"), ("importance_weighted", "eq10_right")],
            "eq. 10"))),
    ]
