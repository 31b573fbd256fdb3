"""Adjusted measures against the stabm 1.2.2 reference values (tests/data/reference)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from fsstab.measures import MEASURES, compute
from fsstab.measures import adjusted as adj

STABM_NAMES = {
    "Zucknick": "zucknick",
    "Sechidis": "sechidis",
    "Yu": "yu",
    "IntersectionMBM": "intersection_mbm",
    "IntersectionGreedy": "intersection_greedy",
    "IntersectionCount": "intersection_count",
    "IntersectionMean": "intersection_mean",
}
APPROX = "estimate_N1000_seed1_APPROX"


def _parse(key: str) -> tuple[str, list[str]] | None:
    base, *modifiers = key.split("|")
    name = STABM_NAMES.get(base.removeprefix("stability"))
    return None if name is None else (name, modifiers)


def _call(name: str, scenario: dict, modifiers: list[str], **extra) -> float:
    """Evaluate the reference key's variant through the public function."""
    kwargs: dict = {"threshold": scenario["threshold"], "d": scenario["p"]} | extra
    for modifier in modifiers:
        if modifier in ("exact", "none"):
            kwargs["correction"] = modifier
        elif modifier == "impute0":
            kwargs["undefined"] = "zero"
        elif modifier == "threshold=0":
            kwargs["threshold"] = 0.0
        else:
            raise AssertionError(f"unhandled reference modifier {modifier!r}")
    function = MEASURES[name].function
    return function(scenario["features_0based"], np.array(scenario["sim_mat"]), **kwargs)


def _exact_keys(scenarios: list[dict], values: dict) -> list[tuple[str, str]]:
    keys = []
    for scenario in scenarios:
        for key in values[scenario["id"]]:
            parsed = _parse(key)
            if parsed is not None and not any(APPROX in m for m in parsed[1]):
                keys.append((scenario["id"], key))
    return keys


def test_every_adjusted_reference_key_matches(stability_scenarios, stability_values):
    keys = _exact_keys(stability_scenarios, stability_values)
    # 12 scenarios x 7 measures with their variants: make sure the parser saw them all.
    assert len(keys) == 188
    by_id = {s["id"]: s for s in stability_scenarios}
    failures = []
    for scenario_id, key in keys:
        name, modifiers = _parse(key)
        reference = stability_values[scenario_id][key]["value"]
        got = _call(name, by_id[scenario_id], modifiers)
        if reference is None:
            ok = math.isnan(got)
        else:
            ok = got == pytest.approx(reference, abs=1e-9, rel=0)
        if not ok:
            failures.append(f"{scenario_id} {key}: got {got!r}, reference {reference!r}")
    assert not failures, "\n".join(failures)


def test_compute_shares_work_without_changing_values(stability_scenarios):
    names = [n for n, info in MEASURES.items() if info.family == "adjusted"]
    params = {n: {"correction": "exact"} for n in names if n != "sechidis"}
    for scenario in stability_scenarios:
        together = compute(
            scenario["features_0based"],
            names,
            d=scenario["p"],
            C=np.array(scenario["sim_mat"]),
            threshold=scenario["threshold"],
            params=params,
        )
        for name in names:
            alone = _call(name, scenario, ["exact"] if name in params else [])
            assert together[name] == pytest.approx(alone, abs=0, nan_ok=True), (name, scenario)


def _implied_expectation(value: float, raw_mean: float, upper: float) -> float:
    """All runs of S06 have 4 features, so every pair shares one expectation E and
    value = (X̄ - E) / (UB - E) with X̄ the uncorrected mean: E = (X̄ - value UB) / (1 - value)."""
    return (raw_mean - value * upper) / (1 - value)


@pytest.mark.parametrize("stabm_name", ["Yu", "IntersectionMBM", "IntersectionGreedy",
                                        "IntersectionCount", "IntersectionMean"])
def test_monte_carlo_reference_within_standard_errors(
    stabm_name, stability_scenarios, stability_values
):
    """stabm's N = 1000 estimate, our exact value and our N = 10,000 estimate agree within
    4 standard errors of the Monte-Carlo mean.

    X = |V_i ∩ V_j| + Adj lies in [0, min(a, b)] = [0, 4], so by Popoviciu's inequality its
    standard deviation is at most 2 and an N-draw mean has standard error <= 2 / sqrt(N).
    The comparison is made on the expectation E implied by each value (see
    :func:`_implied_expectation`; UB = 4 for both SMA and SMY at a = b = 4).
    """
    scenario = next(s for s in stability_scenarios if s["id"] == "S06_nogueira_Z3")
    reference = stability_values[scenario["id"]]
    name = STABM_NAMES[stabm_name]
    raw_mean = reference[f"stability{stabm_name}|none"]["value"]
    upper, sd_max = 4.0, 2.0
    e_stabm = _implied_expectation(reference[f"stability{stabm_name}|{APPROX}"]["value"],
                                   raw_mean, upper)
    e_exact = _implied_expectation(_call(name, scenario, ["exact"]), raw_mean, upper)
    e_ours = _implied_expectation(
        _call(name, scenario, [], correction="estimate", random_state=1), raw_mean, upper
    )
    assert abs(e_stabm - e_exact) <= 4 * sd_max / math.sqrt(1000)
    assert abs(e_ours - e_exact) <= 4 * sd_max / math.sqrt(10_000)
    assert abs(e_ours - e_stabm) <= 4 * sd_max * math.sqrt(1 / 1000 + 1 / 10_000)


def test_registry_metadata():
    rows = {name: MEASURES[name] for name in adj.PAIRWISE_ADJUSTED} | {
        "sechidis": MEASURES["sechidis"]
    }
    symbols = {name: info.symbol for name, info in rows.items()}
    assert symbols == {
        "zucknick": "SMZ",
        "yu": "SMY",
        "intersection_mbm": "SMA-MBM",
        "intersection_greedy": "SMA-Greedy",
        "intersection_count": "SMA-Count",
        "intersection_mean": "SMA-Mean",
        "sechidis": "SMES",
    }
    for name, info in rows.items():
        assert info.family == "adjusted"
        assert info.requires == ("Z", "C")
        assert "Bommert (2020)" in info.reference or "Sechidis" in info.reference
        assert info.as_row()["name"] == name
    # Thesis Table 6.2 and §6.1: bounds and correction for chance.
    assert MEASURES["zucknick"].bounds == (0.0, 1.0)
    assert MEASURES["sechidis"].bounds == (None, None)
    assert all(MEASURES[n].bounds == (None, 1.0) for n in adj.PAIRWISE_ADJUSTED if n != "zucknick")
    corrected = {n for n, info in rows.items() if info.corrected_for_chance}
    assert corrected == set(adj.PAIRWISE_ADJUSTED) - {"zucknick"}
