"""Onda et al. (2022): the claims table (fsstab.papers.onda2022.conclusions), with verdicts
computed from numbers made up here and the expected outcome worked out by hand; and the
diagnostics of why the simulator's large ensembles differ from the real ones."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from fsstab.papers.conclusions import claims_frame, verdict_counts
from fsstab.papers.onda2022.conclusions import SPEEDUP_BOUND, claims
from fsstab.papers.onda2022.reference import STATEMENTS
from fsstab.papers.onda2022.stages import effective_number, n_useful_for
from fsstab.simulator import limit_stability

M_VALUES = [1, 5, 10, 20, 30, 40, 50]


def _curves(dataset, n_tree, real, fitted_p, fitted, other_p, other):
    rows = [{"dataset": dataset, "mtry": "sqrt", "n_tree": n_tree, "source": "real",
             "p": np.nan, "m_ensemble": m, "stability": v, "accuracy": 0.8}
            for m, v in zip(M_VALUES, real, strict=True)]
    for p, values in ((fitted_p, fitted), (other_p, other)):
        rows += [{"dataset": dataset, "mtry": "sqrt", "n_tree": n_tree, "source": "simulated",
                  "p": p, "m_ensemble": m, "stability": v, "accuracy": np.nan}
                 for m, v in zip(M_VALUES, values, strict=True)]
    return rows


def _tables(speedups=(300.0, 1400.0), real_copies=20):
    parameters = pd.DataFrame([
        {"dataset": "colon", "mtry": "sqrt", "n_tree": 300, "m_stability": 62,
         "m_stability_real": real_copies, "n_target": 20, "n_feature": 2000, "n_useful": 60,
         "p": 0.8, "p_bisection": 0.77, "single_stability": 0.115, "n_useful_v": 62},
        {"dataset": "prostate", "mtry": "sqrt", "n_tree": 100, "m_stability": 102,
         "m_stability_real": real_copies, "n_target": 60, "n_feature": 5966, "n_useful": 198,
         "p": 0.8, "p_bisection": 0.8, "single_stability": 0.113, "n_useful_v": 198},
    ])
    curves = pd.DataFrame(
        # colon: the simulated curve at p 0.8 ends 0.02 below the real one, but starts 0.065
        # above it; at p 0.1 it is still at 0.12 when m_ensemble = 30
        _curves("colon", 300, [0.05, 0.10, 0.14, 0.18, 0.20, 0.21, 0.22],
                0.8, [0.115, 0.15, 0.17, 0.18, 0.19, 0.20, 0.20],
                0.1, [0.02, 0.05, 0.08, 0.10, 0.12, 0.14, 0.15])
        # prostate: simulated 0.074, real 0.23 at m_ensemble 50
        + _curves("prostate", 100, [0.04, 0.12, 0.16, 0.19, 0.21, 0.22, 0.23],
                  0.8, [0.113, 0.08, 0.075, 0.074, 0.074, 0.074, 0.074],
                  0.1, [0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07]))
    table2 = pd.DataFrame({"dataset": ["colon", "prostate"], "n_tree": [300, 100],
                           "n_useful_mean": [57.1, 215.7], "n_useful_sd": [5.3, 18.0]})
    table4 = pd.DataFrame({"dataset": ["colon", "prostate"], "t_uniform_mean": [4.597, 6.0],
                           "t_uniform_sd": [0.630, 0.677], "draws": [1000, 1000],
                           "runs": [62, 102]})
    diagnostics = pd.DataFrame({"dataset": ["colon", "prostate"],
                                "limit": [limit_stability(60, 20), limit_stability(198, 60)]})
    timings = pd.DataFrame({"dataset": ["colon", "prostate"], "mtry": ["sqrt", "sqrt"],
                            "n_tree": [300, 100], "speedup": list(speedups)})
    fixed = {"prostate": {"n_useful": 130, "p": 0.7, "n_useful_v": 131, "m_ensemble": 50,
                          "large_ensemble_stability": 0.21}}
    settings = {"datasets": {"colon": {"reference_n_tree": 300, "n_trees": [300]},
                             "lymphoma": {"reference_n_tree": 300, "n_trees": None},
                             "prostate": {"reference_n_tree": 100, "n_trees": [100]}},
                "n_trees": [300], "mtry_study": None}
    return {"parameters": parameters, "curves": curves, "table2": table2, "table4": table4,
            "diagnostics": diagnostics, "timings": timings, "fixed": fixed,
            "settings": settings, "configured": ["colon", "lymphoma", "prostate"],
            "run_here": ["colon", "prostate"]}


def _frame(**kwargs):
    return claims_frame(claims(**_tables(**kwargs))).set_index("key")


def test_verdicts_worked_out_by_hand():
    frame = _frame()
    verdict = frame["verdict"]
    # Table 4: |4.597 - 4.640| = 0.043 <= 2 SE = 2 sqrt((0.630² + 0.636²) / 1000) = 0.057
    assert verdict["table4.t_uniform.colon"] == "holds"
    # 6.0 against 6.455: 0.455 > 0.06
    assert verdict["table4.t_uniform.prostate"] == "does not hold"
    # Table 2 within one paper sd: |57.1 - 60.1| = 3 <= 6.1; |215.7 - 210.8| = 4.9 <= 15.9
    assert verdict["table2.n_useful.colon"] == verdict["table2.n_useful.prostate"] == "holds"
    # single selectors: 0.115 outside 0.1 ± 0.01; prostate 0.113 outside 0.2 ± 0.02
    assert verdict["sec3_4.single_stability.colon"] == "does not hold"
    assert verdict["sec3_4.single_stability.prostate"] == "does not hold"
    assert verdict["sec3_4.p.colon"] == "does not hold"           # 0.8 against 0.7
    assert verdict["sec3_4.fixed_point.colon"] == "holds"         # |62 - 60| <= 2
    assert verdict["sec2_3_2.monotone_in_p.colon"] == "holds"     # 0.02 (p 0.1) < 0.115
    # the p = 0.1 curve is 0.12 at m_ensemble 30: 0.08 from "approximately 0.2"
    assert verdict["sec3_5.plateau"] == "does not hold"
    # m_ensemble > 40: only 50 here, |0.20 - 0.22| = 0.02 <= 0.05
    assert verdict["sec3_5.close_to_real.colon"] == "holds"
    # over every m_ensemble: 0.065 at m_ensemble 1
    assert verdict["sec3_5.behave_similarly.colon"] == "does not hold"
    assert "(at m_ensemble 1)" in frame.loc["sec3_5.behave_similarly.colon", "why"]
    assert verdict["sec3_5.fewer_trees_lower"] == "not testable here"   # one n_tree only
    assert verdict["table2.prostate_decreasing"] == "not testable here"
    # prostate: the real curve grows, the simulated one falls from m_ensemble 1 (0.113) to
    # 50 (0.074)
    assert verdict["d3_2.ensembling_increases.colon"] == "holds"
    assert verdict["d3_2.ensembling_increases.prostate"] == "does not hold"
    # "approximately 0.17 ... and 0.3": 0.074 is 0.096 from 0.17
    assert verdict["d3_2.differ"] == "does not hold"
    assert verdict["d3_2.fixed_point_130"] == "holds"             # |131 - 130| <= 2
    assert verdict["d3_2.fixed_point_close"] == "does not hold"   # 0.21 against 0.3
    # large ensembles (m >= 30): colon within 0.05 at 30, 40, 50; prostate 0.156 apart
    assert verdict["sec4.accurate"] == "partly holds"
    assert verdict["sec3_6.much_faster"] == "holds"
    assert verdict["e2.mtry_constant"] == "not testable here"
    assert (frame[frame["dataset"] == "lymphoma"]["verdict"] == "not testable here").all()
    counts = verdict_counts(frame.reset_index())
    assert sum(counts.values()) == len(frame)


def test_the_speed_up_verdict_uses_the_bound_and_prints_no_time():
    slow = _frame(speedups=(SPEEDUP_BOUND - 1, 1400.0)).loc["sec3_6.much_faster"]
    fast = _frame(speedups=(SPEEDUP_BOUND + 1, 1400.0)).loc["sec3_6.much_faster"]
    assert slow["verdict"] == "does not hold"
    assert fast["verdict"] == "holds"
    # the text is the same whatever the times: conclusions.md stays byte-identical
    assert slow["why"].removesuffix(": no") == fast["why"].removesuffix(": yes")
    assert "1400" not in fast["why"] + fast["our_evidence"]


def test_settings_say_when_the_real_ensembles_used_fewer_copies():
    frame = _frame(real_copies=20)
    row = frame.loc["sec3_5.close_to_real.colon"]
    assert row["settings_match"] == "different"
    assert "M 62 (simulated), 20 (real) here, 62 in the paper" in row["settings"]
    same = _frame(real_copies=62).loc["sec3_5.close_to_real.colon"]
    assert same["settings_match"] == "same"      # m_ensemble 50 >= 41, M 62, k 20, 300 trees


def test_every_statement_is_checked():
    frame = _frame()
    sections = set(frame["section"])
    assert {s.section for s in STATEMENTS.values()} == sections
    assert frame.index.is_unique


def test_effective_number_and_the_n_useful_of_a_stability():
    # 3 copies selecting the same 2 features: spread over 2; never overlapping: over 6
    assert effective_number(np.array([3, 3, 0, 0])) == pytest.approx(2.0)
    assert effective_number(np.ones(6)) == pytest.approx(6.0)
    # n_useful_for inverts limit_stability: the smallest n_useful whose limit is <= the value
    target = limit_stability(130, 60)
    assert n_useful_for(target, 60, 5966) == 130
    assert n_useful_for(target + 1e-9, 60, 5966) == 130
    assert n_useful_for(1.0, 20, 2000) == 20


def test_preference_weighted_stability_diagnostic():
    """Equal selection counts over the useful features make the weighted S_m uniform: the
    paper's simulator, whose large ensembles reach limit_stability; unequal counts (some genes
    preferred) raise the large-ensemble stability above it."""
    from fsstab.papers.onda2022.stages import preference_weighted_stability

    equal = np.zeros(2000)
    equal[:60] = 10
    value = preference_weighted_stability(equal, 4.6, 20, 0.8, 50, 62, random_state=1)
    assert value == pytest.approx(limit_stability(60, 20), abs=0.02)
    unequal = equal.copy()
    unequal[:60] = np.linspace(40, 5, 60)
    assert preference_weighted_stability(unequal, 4.6, 20, 0.8, 50, 62, random_state=1) \
        > limit_stability(60, 20) + 0.1
