"""Onda et al. (2022): one experiment on small data (fsstab.papers.onda2022.experiment) -- its
results reproducible and apart from its times, written and read back -- and what the other
rules compute from it: the parameter map and the fixed point (stages), the figures of a data
set and the comparison rows."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from fsstab.papers.onda2022.comparison import comparison_rows
from fsstab.papers.onda2022.experiment import (
    experiment_id,
    parse_mtry,
    read_experiment,
    run_experiment,
    write_experiment,
)
from fsstab.papers.onda2022.figures import (
    DATASET_FIGURES,
    MAIN_FIGURES,
    dataset_figures,
    main_figures,
)
from fsstab.papers.onda2022.stages import (
    fixed_point_summary,
    parameter_map,
    table1,
    table2,
    table4,
)
from fsstab.papers.outputs import NOT_RUN_NOTE, comparison_frame


@pytest.fixture(scope="module")
def small_experiment():
    """30 samples x 40 features, 8 informative; forests of 5 trees, m_ensemble 1 and 2."""
    rng = np.random.default_rng(5)
    X = rng.normal(size=(30, 40))
    y = np.array([0, 1] * 15)
    X[:, :8] += 3.0 * y[:, None]
    kwargs = {"n_target": 4, "n_tree": 5, "mtry": "sqrt", "m_ensemble": (1, 2),
              "p_grid": (0.3, 0.6, 0.9), "p_tolerance": 0.05, "curve_p": (0.5,),
              "threshold_repeats": 30, "random_state": 11}
    return run_experiment(X, y, **kwargs), run_experiment(X, y, **kwargs)


def test_mtry_and_ids():
    assert parse_mtry("sqrt") == "sqrt"
    assert parse_mtry("0.1") == 0.1
    assert experiment_id(0.01, 50) == "mtry-0.01_ntree-50"
    with pytest.raises(ValueError, match="mtry must be 'sqrt' or a number"):
        parse_mtry("2")


def test_experiment_results_are_reproducible_and_times_separate(small_experiment, tmp_path):
    first, second = small_experiment
    assert "seconds" not in first.curves.columns
    pd.testing.assert_frame_equal(first.curves, second.curves)
    pd.testing.assert_frame_equal(first.thresholds, second.thresholds)
    assert first.parameters == second.parameters
    assert set(first.timings["kind"]) == {"curve", "stage"}
    assert (first.timings["seconds"] >= 0).all()
    # §2.3.1: n_useful = #{i : c_i > t_uniform}, recounted from the stored counts
    counts = first.counts["count"].to_numpy()
    fit = first.parameters
    assert fit["n_useful"] == max(int(np.sum(counts > fit["t_uniform"])), fit["n_target"])
    assert fit["m_stability"] == 30  # one leave-one-out copy per sample
    assert set(first.curves["source"]) == {"real", "simulated"}
    assert 0 <= fit["p_bisection"] <= 1
    write_experiment(first, tmp_path / "exp")
    back = read_experiment(tmp_path / "exp")
    pd.testing.assert_frame_equal(back.curves, first.curves)
    assert back.parameters == first.parameters


def test_parameter_map_and_fixed_point(small_experiment):
    fit = small_experiment[0].parameters
    grid = parameter_map(fit, [4, 12, 4], [0.5, 1.0, 0.25], random_state=0)
    assert sorted(grid["n_useful"].unique()) == [4, 8, 12]
    assert sorted(grid["p"].unique()) == [0.5, 0.75, 1.0]
    settings = {"datasets": {"toy": {"fixed_point_n_useful": 8}}, "m_ensemble": [1, 3],
                "p_grid": [0.3, 0.6, 0.9], "curve_p": [0.5]}
    summary, curves = fixed_point_summary(fit, settings, "toy", seed=3)
    assert summary["n_useful"] == 8
    assert summary["p"] in (0.3, 0.6, 0.9)
    assert summary["m_ensemble"] == 3
    assert "seconds" not in curves.columns


def test_dataset_figures_and_comparison(small_experiment):
    exp = small_experiment[0]
    settings = {"datasets": {"colon": {"reference_n_tree": 5, "note": "toy data"}},
                "histogram_n_tree": 5, "timing_n_tree": 5,
                "parameter_map": {"stability_tolerance": 0.1, "n_useful_v_tolerance": 2,
                                  "verification_p": [0.5]}}
    grid = parameter_map(exp.parameters, [4, 12, 4], [0.5, 1.0, 0.25], random_state=0)
    figures = dataset_figures({5: exp}, grid, settings, "colon")
    assert set(figures) == {"fig06_accuracy", "fig07_histogram", "fig08_parameters",
                            "fig09_simulated", "fig10_real", "fig12_timing_real",
                            "fig13_timing_simulated"} == set(DATASET_FIGURES)
    assert set(main_figures({5: exp}, grid, settings, "colon")) == set(MAIN_FIGURES)
    tab1 = table1({"colon": {"n_samples": 30, "n_features": 40, "n_classes": 2,
                             "discrete": False}})
    tab2 = table2({("colon", 5): exp})
    tab4 = table4({"colon": exp})
    frame = comparison_frame(comparison_rows(
        ["colon", "lymphoma"], tab1, tab2, tab4, {"colon": exp}, {}, {"colon": "toy data"}))
    lymphoma = frame[frame["dataset"] == "lymphoma"]
    assert (lymphoma["note"] == NOT_RUN_NOTE).all()
    assert "140.0 ± 20.3" in set(lymphoma["paper_value"])  # Table 2, n_tree = 50
    colon = frame[frame["dataset"] == "colon"]
    t4 = colon[colon["item"].str.startswith("table4")].iloc[0]
    assert t4["paper_value"] == "4.640 ± 0.636"
    # no times in comparison.csv: they change from run to run (timings_speedup)
    assert not frame["item"].str.contains("speed-up").any()
    single = colon[colon["item"].str.startswith("§3.4/D.3: stability")].iloc[0]
    assert single["our_value"] == f"{exp.parameters['single_stability']:.3f}"
    # every row of a selector states m_ensemble, M and k on both sides, and says when they
    # differ: 30 leave-one-out copies of 4 features here, the paper's 62 copies of 20 for Colon
    assert single["setting"] == ("m_ensemble = 1, M = 30, k = 4, n_tree = 5 here; "
                                 "m_ensemble = 1, M = 62, k = 20, n_tree = 300 in the paper")
    assert single["note"] == ("different settings: M 30 here, 62 in the paper; k 4 here, 20 in "
                              "the paper; n_tree 5 here, 300 in the paper; toy data")
    large = colon[colon["item"].str.contains("large real ensemble")].iloc[0]
    assert large["setting"].startswith("m_ensemble = 2, M = 30, k = 4")
    assert "; m_ensemble >= 41, M = 62, k = 20, n_tree = 300 in the paper" in large["setting"]
    assert "m_ensemble 2 here, >= 41 in the paper" in large["note"]
    selectors = frame[~frame["item"].str.startswith("table1")]
    assert selectors["setting"].str.contains("m_ensemble = ").all()
    assert selectors["setting"].str.contains("k = ").all()
