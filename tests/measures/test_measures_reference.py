"""Reference values: stabm 1.2.2 (stability_values.json) and Nogueira's inference code
(nogueira_inference.json), copied under tests/data/reference (see its README.md for their
source). Tolerance 1e-9."""

from __future__ import annotations

import hashlib
import itertools
import json
import math

import numpy as np
import pytest
from bruteforce_measures import expected_by_enumeration, score_dice, subsets
from conftest import REFERENCE, SHARED

from fsstab.measures import (
    UndefinedMeasureError,
    davis,
    dice,
    hamming,
    jaccard,
    kappa,
    lustgarten,
    nogueira,
    nogueira_confidence_interval,
    nogueira_one_sample_test,
    nogueira_two_sample_test,
    nogueira_variance,
    novovicova,
    ochiai,
    phi_pairwise,
    somol,
    unadjusted,
    wald,
)

#: stabm function name -> fsstab function (the adjusted ones are tested elsewhere).
STABM_NAMES = {
    "Jaccard": jaccard,
    "Dice": dice,
    "Ochiai": ochiai,
    "Hamming": hamming,
    "Lustgarten": lustgarten,
    "Wald": wald,
    "Unadjusted": unadjusted,
    "Kappa": kappa,
    "Phi": phi_pairwise,
    "Novovicova": novovicova,
    "Davis": davis,
    "Somol": somol,
    "Nogueira": nogueira,
}

#: stabm returns -Inf where one pairwise component of the |exact correction divides a non-zero
#: number by 0 (a pair whose expected value is the maximum 1). fsstab treats such a component
#: as undefined instead of returning -Inf; see test_exact_correction_with_certain_pair.
MINUS_INF_KEYS = {
    ("S07_with_empty", "stabilityDavis|exact|impute0"),
    ("S07_with_empty", "stabilityNovovicova|exact|impute0"),
}


def _load(name: str):
    return json.loads((REFERENCE / name).read_text(encoding="utf-8"))


def _reference_cases() -> list[tuple[str, str]]:
    values = _load("stability_values.json")
    values = values.get("values", values)
    cases = []
    for scenario, keys in values.items():
        for key in keys:
            name = key.split("|")[0].removeprefix("stability")
            if name in STABM_NAMES:
                cases.append((scenario, key))
    return cases


def _kwargs(options: list[str]) -> dict:
    kwargs: dict = {}
    for option in options:
        if option == "impute0":
            kwargs["undefined"] = "zero"
        elif option == "exact":
            kwargs["correction"] = "exact"
        elif option.startswith("penalty="):
            kwargs["penalty"] = float(option.removeprefix("penalty="))
        else:
            raise AssertionError(f"unexpected reference key option {option!r}")
    return kwargs


REFERENCE_CASES = _reference_cases()


def test_reference_copies_are_the_cited_files():
    """The shipped copies are the files their README cites (sha256), and equal the shared
    reference folder where a checkout has one next to it."""
    readme = (REFERENCE / "README.md").read_text(encoding="utf-8")
    for name in ("stability_scenarios.json", "stability_values.json", "nogueira_inference.json"):
        content = (REFERENCE / name).read_bytes()
        assert f"| `{name}` | `{hashlib.sha256(content).hexdigest()}` |" in readme, name
        shared = SHARED / "reference" / name
        if shared.is_file():
            assert shared.read_bytes() == content, f"{name} differs from {shared}"


def test_reference_cases_found():
    # 13 x 12 default calls + 66 |exact + 18 |exact|impute0 + 30 |impute0 + 13 Davis|penalty=1.
    assert len(REFERENCE_CASES) == 283
    assert set(REFERENCE_CASES) >= MINUS_INF_KEYS  # checked by test_exact_correction_...


@pytest.mark.parametrize(
    ("scenario", "key"), [case for case in REFERENCE_CASES if case not in MINUS_INF_KEYS]
)
def test_stabm_reference_value(scenario, key, stability_scenarios, stability_values):
    spec = next(s for s in stability_scenarios if s["id"] == scenario)
    name, *options = key.split("|")
    function = STABM_NAMES[name.removeprefix("stability")]
    value = function(spec["features_0based"], d=spec["p"], **_kwargs(options))
    expected = stability_values[scenario][key]["value"]
    if expected is None:
        assert math.isnan(value)
    else:
        assert value == pytest.approx(float(expected), abs=1e-9, rel=0)


def test_exact_correction_with_certain_pair(stability_scenarios, stability_values):
    """S07 (p = 5) has two runs selecting all 5 features and two empty runs. Under stabm's
    |exact correction of a frequency measure, mean_{i<j} (Φ - E_ij)/(1 - E_ij), the pair of
    full sets has E_ij = 1 (its two-set value is certainly 1): stabm divides Φ - 1 < 0 by 0
    and returns -Inf; fsstab calls the component undefined. With ``undefined="zero"`` the
    undefined components (that pair and the pair of empty sets) count as 0, derived here by
    enumerating all pairs of random sets for E_ij."""
    spec = next(s for s in stability_scenarios if s["id"] == "S07_with_empty")
    sets = [frozenset(s) for s in spec["features_0based"]]
    p = spec["p"]
    for scenario, key in MINUS_INF_KEYS:
        assert stability_values[scenario][key]["value"] == "-Inf"

    def two_set_davis(A, B, p):  # SMD-0 of two sets; undefined for two empty sets
        union = len(A | B)
        return None if union == 0 else (len(A) + len(B)) / 2 / union

    def two_set_novovicova(A, B, p):  # SME of two sets is Dice's coefficient
        return score_dice(A, B, p)

    for function, two_set in [(davis, two_set_davis), (novovicova, two_set_novovicova)]:
        phi = function(spec["features_0based"], d=p)
        components = []
        for A, B in itertools.combinations(sets, 2):
            expected = expected_by_enumeration(two_set, len(A), len(B), p)
            ok = expected is not None and expected != 1
            components.append((phi - expected) / (1 - expected) if ok else 0.0)
        assert function(spec["features_0based"], d=p, correction="exact") != -math.inf
        assert math.isnan(function(spec["features_0based"], d=p, correction="exact"))
        assert function(
            spec["features_0based"], d=p, correction="exact", undefined="zero"
        ) == pytest.approx(np.mean(components), abs=1e-12)
        with pytest.raises(UndefinedMeasureError, match="runs 0 and 1"):
            function(spec["features_0based"], d=p, correction="exact", undefined="raise")
    assert len(subsets(p, 5)) == 1  # the full set is the only 5-subset: E_ij is certain


# --------------------------------------------------------------------------------------------
# Inference (Nogueira, Sechidis & Brown 2018), values from the authors' Python code
# --------------------------------------------------------------------------------------------


def _number(x) -> float:
    if x is None:
        return math.nan
    return float(x)  # also parses "inf" / "-inf"


def _inference_scenarios():
    data = _load("nogueira_inference.json")
    return sorted(data["scenarios"])


@pytest.mark.parametrize("scenario", _inference_scenarios())
def test_nogueira_inference_reference(scenario, nogueira_inference):
    ref = nogueira_inference["scenarios"][scenario]
    Z = np.array(ref["Z"])
    alpha = nogueira_inference["alpha"]
    stability = _number(ref["stability"])
    for got, expected in [
        (nogueira(Z), stability),
        (nogueira_variance(Z), _number(ref["variance"])),
        *zip(
            nogueira_confidence_interval(Z, alpha=alpha),
            (_number(ref["ci95_lower"]), _number(ref["ci95_upper"])),
            strict=True,
        ),
    ]:
        if math.isnan(expected):
            assert math.isnan(got)
        else:
            assert got == pytest.approx(expected, abs=1e-9, rel=0)

    test_ref = ref["hypothesisTestV_stab0_0.5"]
    result = nogueira_one_sample_test(Z, 0.5, alpha=alpha)
    assert result.reject is test_ref["reject"]
    for got, expected in [(result.statistic, test_ref["V"]), (result.p_value, test_ref["p_value"])]:
        expected = _number(expected)
        if math.isnan(expected):
            assert math.isnan(got)
        elif math.isinf(expected):
            assert got == expected
        else:
            assert got == pytest.approx(expected, abs=1e-9, rel=1e-9)


def test_variance_uses_python_sign_not_r_variant(nogueira_inference):
    """The reference file records the R script's variant; it differs where the sign of the
    (φ/2) term matters (e.g. S09: 0.011 vs 0)."""
    ref = nogueira_inference["scenarios"]["S09_disjoint_varying"]
    assert ref["variance_R_script_variant"] == 0.0
    assert nogueira_variance(np.array(ref["Z"])) == pytest.approx(ref["variance"], abs=1e-12)


def test_two_sample_tests_reference(nogueira_inference):
    tests = nogueira_inference["two_sample_tests"]
    alpha = nogueira_inference["alpha"]

    ref = tests["Za__vs__Zb"]
    Za, Zb = np.array(ref["Za"]), np.array(ref["Zb"])
    assert nogueira(Za) == pytest.approx(ref["stab_a"], abs=1e-12)
    assert nogueira(Zb) == pytest.approx(ref["stab_b"], abs=1e-12)
    assert nogueira_variance(Za) == pytest.approx(ref["var_a"], abs=1e-12)
    assert nogueira_variance(Zb) == pytest.approx(ref["var_b"], abs=1e-12)
    result = nogueira_two_sample_test(Za, Zb, alpha=alpha)
    assert result.statistic == pytest.approx(ref["T"], abs=1e-9)
    assert result.p_value == pytest.approx(ref["p_value"], rel=1e-9)
    assert result.reject is ref["reject"]

    ref = tests["S04_nogueira_Z1__vs__S05_nogueira_Z2"]
    scenarios = nogueira_inference["scenarios"]
    result = nogueira_two_sample_test(
        np.array(scenarios["S04_nogueira_Z1"]["Z"]), np.array(scenarios["S05_nogueira_Z2"]["Z"])
    )
    assert result.statistic == _number(ref["T"]) == -math.inf
    assert result.p_value == ref["p_value"]
    assert result.reject is ref["reject"]

