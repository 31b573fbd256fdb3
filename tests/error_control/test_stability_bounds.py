"""The error bounds of stability selection against the 143 values of the R package stabs 0.7-1
(tests/data/reference/stabs_parameters.json), the refusals of impossible requests, and the
r-concave tail against a search written out here."""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path

import numpy as np
import pytest

from fsstab.selectors import stability_selection_bound, stability_selection_parameters
from fsstab.selectors._rconcave import r_concave_tail

REFERENCE = Path(__file__).parents[1] / "data" / "reference"
CASES = json.loads((REFERENCE / "stabs_parameters.json").read_text())["cases"]


def _id(case: dict) -> str:
    given = {"PFER": ("q", "cutoff"), "q": ("cutoff", "PFER"), "cutoff": ("q", "PFER")}
    values = ",".join(f"{k}={case[k]}" for k in given[case["solve"]])
    return f"{case['solve']}|{case['sampling']}|{case['assumption']}|p={case['p']},{values}"


def _settings(case: dict) -> dict:
    return {"sampling": case["sampling"], "assumption": case["assumption"],
            "n_pairs": case["B"]}


def _signif3(x: float) -> float:
    """R's signif(x, 3), as stabs prints the attained bound."""
    return float(f"{x:.3g}")


def test_the_copy_is_the_cited_file():
    content = (REFERENCE / "stabs_parameters.json").read_bytes()
    readme = (REFERENCE / "README.md").read_text(encoding="utf-8")
    assert f"| `stabs_parameters.json` | `{hashlib.sha256(content).hexdigest()}` |" in readme
    shared = Path(__file__).parents[2].parent / "shared" / "reference" / "stabs_parameters.json"
    if shared.is_file():
        assert shared.read_bytes() == content


def test_all_reference_cases_are_read():
    assert len(CASES) == 143
    solved = {(c["solve"], c["sampling"], c["assumption"]) for c in CASES}
    assert len(solved) == 10


@pytest.mark.parametrize("case", [c for c in CASES if c["solve"] == "PFER"], ids=_id)
def test_bound_equals_stabs(case):
    params = stability_selection_parameters(case["p"], q=case["q"], pi_thr=case["cutoff"],
                                            **_settings(case))
    assert (params.q, params.pi_thr) == (case["q"], case["cutoff"])
    assert params.pfer == pytest.approx(case["specifiedPFER"], rel=1e-6)
    assert _signif3(params.pfer) == pytest.approx(case["PFER"], rel=1e-9)
    assert stability_selection_bound(case["p"], case["q"], case["cutoff"],
                                     **_settings(case)) == params.pfer


def _infeasible(case: dict) -> bool:
    """stabs returns the end of its search with a larger bound than requested (π_thr = 1 or
    q = 1); fsstab refuses those requests."""
    return case["achievedPFER"] > case["PFER"] * (1 + 1e-9)


@pytest.mark.parametrize("case", [c for c in CASES if c["solve"] != "PFER"], ids=_id)
def test_inverse_problem_equals_stabs(case):
    p, settings = case["p"], _settings(case)
    given = {"q": {"pi_thr": case["cutoff"]}, "cutoff": {"q": case["q"]}}[case["solve"]]
    # the bound at stabs' answer is the one stabs reports as attained
    attained = stability_selection_bound(p, case["q"], case["cutoff"], **settings)
    assert _signif3(attained) == pytest.approx(case["achievedPFER"], rel=1e-9)
    if _infeasible(case):
        with pytest.raises(ValueError, match=r"cannot guarantee|allow q < 1"):
            stability_selection_parameters(p, pfer=case["PFER"], **given, **settings)
        return
    params = stability_selection_parameters(p, pfer=case["PFER"], **given, **settings)
    if (case["p"], case["cutoff"], case["PFER"], case["assumption"]) == (200, 0.75, 1, "unimodal"):
        # the one difference: the root of q^2 / (p C) = PFER is q* = sqrt(1 * 200 * 0.98) = 14
        # exactly, which attains PFER = 1; stabs' uniroot (tolerance 1.2e-4) stops just below
        # and floors it to 13. fsstab returns the largest q that keeps the bound.
        assert (params.q, params.pfer) == (14, pytest.approx(1.0, rel=1e-12))
        return
    assert params.q == case["q"]
    assert params.pi_thr == pytest.approx(case["cutoff"], abs=1e-12)
    assert params.pfer == attained
    assert params.pfer <= case["PFER"] * (1 + 1e-12)


def test_the_infeasible_reference_cases_are_the_expected_ones():
    # only one: q = 20 of p = 200 needs pi_thr > 1 for PFER 0.5 (the bound at 1 is 400/200 = 2)
    assert [(_id(c), c["achievedPFER"]) for c in CASES
            if c["solve"] != "PFER" and _infeasible(c)] == [
        ("cutoff|MB|none|p=200,q=20,PFER=0.5", 2)]


def test_derived_q_is_the_largest_that_keeps_the_bound():
    # under each assumption, q + 1 would exceed the requested PFER (stabs' search order)
    for assumption in ("none", "unimodal", "r-concave"):
        q, _, bound = stability_selection_parameters(
            300, pi_thr=0.8, pfer=1.5, assumption=assumption)
        assert bound <= 1.5
        assert stability_selection_bound(300, q + 1, 0.8, assumption=assumption) > 1.5


def test_derived_threshold_is_the_smallest_grid_point_that_keeps_the_bound():
    # unimodal: the grid point below is outside the bound's range or its bound is not below
    # PFER; r-concave: the grid point below exceeds PFER (the search descends from 1)
    _, pi_thr, bound = stability_selection_parameters(300, q=15, pfer=1.0,
                                                      assumption="unimodal", n_pairs=20)
    # q²/p = 0.75: 0.75 / (2 (2π − 1 − 1/40)) < 1 iff π > 0.7, so π_thr = 29/40
    assert round(pi_thr * 40, 9) == 29
    assert bound < 1.0
    assert stability_selection_bound(300, 15, 28 / 40, assumption="unimodal",
                                     n_pairs=20) >= 1 - 1e-12
    _, pi_thr, bound = stability_selection_parameters(300, q=15, pfer=1.0,
                                                      assumption="r-concave", n_pairs=20)
    count = round(pi_thr * 40)
    assert abs(pi_thr * 40 - count) < 1e-9
    assert bound <= 1.0
    assert stability_selection_bound(300, 15, (count - 1) / 40, assumption="r-concave",
                                     n_pairs=20) > 1.0


def test_mb_sampling_and_ss_without_assumption_share_the_bound():
    # Shah & Samworth (2013, Thm. 1): the Meinshausen-Buhlmann bound holds for CPSS
    for q, pi_thr in ((5, 0.6), (20, 0.9)):
        assert stability_selection_bound(500, q, pi_thr, sampling="MB") == \
            stability_selection_bound(500, q, pi_thr) == q**2 / ((2 * pi_thr - 1) * 500)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"q": 3, "pi_thr": 0.5}, r"pi_thr must lie in \(0.5, 1\]"),
        ({"q": 3, "pi_thr": 0.45, "assumption": "unimodal"}, r"pi_thr must lie in \(0.5, 1\]"),
        ({"q": 30, "pi_thr": 0.2, "assumption": "r-concave"}, "must exceed q/p = 30/100"),
        ({"q": 3, "pi_thr": 0.8, "n_pairs": 0}, r"n_pairs \(B\) must be an integer >= 1"),
        ({"q": 3, "pi_thr": 0.8, "assumption": "r-concave", "n_pairs": 1}, "B\\) >= 2"),
        ({"q": 3, "pi_thr": 0.8, "sampling": "MB", "assumption": "unimodal"}, "sampling='SS'"),
        ({"q": 3, "pi_thr": 0.8, "sampling": "XX"}, "sampling must be one of"),
        ({"q": 3, "pi_thr": 0.8, "assumption": "convex"}, "assumption must be one of"),
        ({"q": 30, "pfer": 1.0}, r"q <= 10 works"),
        ({"q": 60, "pfer": 0.5, "assumption": "unimodal"}, "at pi_thr = 1 the bound is"),
        ({"q": 45, "pi_thr": 0.6, "assumption": "unimodal"}, r"holds for pi_thr > 0\.6"),
        ({"q": 50, "pi_thr": 0.9, "assumption": "r-concave"}, "needs q <= 49"),
        ({"pi_thr": 0.6, "pfer": 0.01}, "raise pfer to at least 0.05"),
        ({"pi_thr": 0.6, "pfer": 40.0, "assumption": "unimodal"}, "holds for q <= 34 only"),
    ],
)
def test_impossible_requests_are_refused_with_what_would_work(kwargs, message):
    with pytest.raises(ValueError, match=message):
        stability_selection_parameters(100, **kwargs)


def test_r_concave_max_q_by_hand():
    # q <= maxQ iff ceil(4Bq/p) + 1 < 2B; p = 100, B = 50: 2q + 1 < 100, i.e. q <= 49
    with pytest.raises(ValueError, match="needs q <= 49"):
        stability_selection_bound(100, 50, 0.99, assumption="r-concave")
    assert stability_selection_bound(100, 49, 0.99, assumption="r-concave") > 0


def _tail_by_scan(eta: float, t: int, n: int, r: float) -> float:
    """The largest P(X >= t) over the extremal laws, written out: for every support {0..k}
    plus a partial point at k + 1, the mean fixed by bisection, a fine scan of the mass."""
    s, mean = 1.0 / r, eta * n
    best = 0.0
    for k in range(math.ceil(2 * mean) + 1, n):
        j = np.arange(k + 1.0)
        for frac in np.linspace(0.0, 1.0, 101):  # the point mass at k + 1, relative to its cap
            lo, hi = 1e-6, 1e6
            for _ in range(70):  # the mean increases with a for a fixed relative point mass
                a = math.sqrt(lo * hi)
                w = np.append((a + j) ** s, frac * (a + k + 1) ** s)
                m = float(np.arange(k + 2) @ w / w.sum())
                lo, hi = (a, hi) if m < mean else (lo, a)
            w = np.append((a + j) ** s, frac * (a + k + 1) ** s)
            w /= w.sum()
            best = max(best, float(w[t:].sum()))
    return best


@pytest.mark.parametrize(("eta", "t", "n", "r"), [(0.1, 12, 20, -0.5), (0.05, 9, 12, -0.25)])
def test_r_concave_maximum_equals_a_scan_of_the_extremal_laws(eta, t, n, r):
    scan = _tail_by_scan(eta, t, n, r)
    exact = r_concave_tail(eta, t, n, r, search="maximum")
    stabs = r_concave_tail(eta, t, n, r, search="stabs")
    assert exact == pytest.approx(scan, rel=1e-4)
    assert stabs <= exact * (1 + 1e-12)


def test_r_concave_tail_is_one_below_twice_the_mean():
    assert r_concave_tail(0.1, 10, 50, -0.5) == 1.0  # t = 10 < ceil(2 * 5) + 1
    assert r_concave_tail(0.1, 11, 50, -0.5) < 1.0


def test_r_concave_maximum_is_never_below_stabs_on_the_reference_cases():
    # stabs' search can stop short of the largest tail (module docstring of _rconcave); the
    # difference reaches 2.7 % on stabs' own cases
    ratios = []
    for case in CASES:
        if case["solve"] == "PFER" and case["assumption"] == "r-concave":
            exact = stability_selection_bound(case["p"], case["q"], case["cutoff"],
                                              assumption="r-concave",
                                              r_concave_search="maximum")
            ratios.append(exact / case["specifiedPFER"])
    assert min(ratios) >= 1 - 1e-9
    assert 1.02 < max(ratios) < 1.03
