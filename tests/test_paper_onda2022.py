"""Onda et al. (2022) paper layer: one experiment split into results and times, the tables,
the parameter maps, the comparison rows and the settings."""

from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from fsstab.papers.onda2022 import (
    Experiment,
    check_settings,
    comparison_rows,
    compatible_pairs,
    dataset_figures,
    experiment_id,
    fixed_point_summary,
    parameter_map,
    parse_mtry,
    read_experiment,
    run_experiment,
    speedup_table,
    table1,
    table2,
    table4,
    write_experiment,
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


def _experiment(n_useful_draws, t_draws, n_tree=100, stages=(10.0, 1.0, 200.0, 0.5)):
    timings = pd.DataFrame({
        "kind": "stage", "source": "", "p": math.nan, "m_ensemble": 0,
        "stage": ["real single selectors", "parameter estimation", "real ensembles",
                  "simulated ensembles"], "seconds": list(stages)})
    return Experiment(
        curves=pd.DataFrame(), counts=pd.DataFrame(),
        thresholds=pd.DataFrame({"t_uniform": t_draws, "n_useful": n_useful_draws}),
        parameters={"n_useful": int(np.median(n_useful_draws)), "m_stability": 62,
                    "n_tree": n_tree}, timings=timings)


def test_tables_2_and_4_and_speedup():
    exp = _experiment([50, 54, 58], [4, 5, 6])
    tab2 = table2({("colon", 100): exp})
    assert tab2.loc[0, "n_useful_mean"] == 54.0
    assert tab2.loc[0, "n_useful_sd"] == pytest.approx(4.0)  # sqrt((16 + 0 + 16) / 2)
    tab4 = table4({"colon": exp})
    assert tab4.loc[0, "t_uniform_mean"] == 5.0
    assert tab4.loc[0, "t_uniform_sd"] == pytest.approx(1.0)
    speed = speedup_table({("colon", "sqrt", 100): exp}).iloc[0]
    assert speed["speedup"] == pytest.approx(200.0 / 0.5)
    assert speed["speedup_total"] == pytest.approx(200.0 / (10.0 + 1.0 + 0.5))


def test_table1_types():
    tab = table1({"a": {"n_samples": 62, "n_features": 2000, "n_classes": 2, "discrete": True},
                  "b": {"n_samples": 96, "n_features": 4026, "n_classes": 9,
                        "discrete": False}})
    assert tab["label_type"].tolist() == ["Binary", "Multi-class (9)"]
    assert tab["feature_type"].tolist() == ["Discrete", "Continuous"]


def test_compatible_pairs_by_hand():
    grid = pd.DataFrame({"n_useful": [40, 60, 60, 80], "p": [0.5, 0.7, 0.9, 0.7],
                         "stability": [0.095, 0.109, 0.15, 0.1], "n_useful_v": [40, 59, 60, 70]})
    pairs = compatible_pairs(grid, 0.1, 60, 0.1, 2)
    # stability within 0.1 ± 0.01: rows 0, 1, 3; n_useful^v within 60 ± 2: rows 1, 2
    assert pairs["stability_ok"].tolist() == [True, True, False, True]
    assert pairs["n_useful_v_ok"].tolist() == [False, True, True, False]
    assert pairs["both"].tolist() == [False, True, False, False]


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
                            "fig13_timing_simulated"}
    tab1 = table1({"colon": {"n_samples": 30, "n_features": 40, "n_classes": 2,
                             "discrete": False}})
    tab2 = table2({("colon", 5): exp})
    tab4 = table4({"colon": exp})
    frame = comparison_frame(comparison_rows(
        ["colon", "lymphoma"], tab1, tab2, tab4, {"colon": exp}, {},
        speedup_table({("colon", "sqrt", 5): exp}), {"colon": "toy data"}))
    lymphoma = frame[frame["dataset"] == "lymphoma"]
    assert (lymphoma["note"] == NOT_RUN_NOTE).all()
    assert "140.0 ± 20.3" in set(lymphoma["paper_value"])  # Table 2, n_tree = 50
    colon = frame[frame["dataset"] == "colon"]
    t4 = colon[colon["item"].str.startswith("table4")].iloc[0]
    assert t4["paper_value"] == "4.640 ± 0.636"
    assert any(colon["item"].str.startswith("§3.6: speed-up"))
    single = colon[colon["item"].str.startswith("§3.4/D.3: stability")].iloc[0]
    assert single["our_value"] == f"{exp.parameters['single_stability']:.3f}"


def test_settings_are_checked():
    config = {"datasets": {"colon": {"source": "x"}}}
    settings = {"datasets": {"colon": {"n_target": 20, "reference_n_tree": 300,
                                       "n_useful_range": [20, 100, 10]},
                             "gone": {"n_target": 5, "reference_n_tree": 7,
                                      "n_useful_range": [5, 10, 1]}},
                "main_dataset": "nope", "histogram_n_tree": 1000,
                "parameter_map": {"p_range": [0.5, 0.1, 0.1]}}
    problems = check_settings(settings, SimpleNamespace(raw=config))
    text = "\n".join(problems)
    assert ("paper.settings.datasets: dataset(s) ['gone'] are not configured under 'datasets'"
            in text)
    assert "paper.settings.main_dataset: 'nope' is not one of datasets" in text
    assert "paper.settings.datasets.gone.reference_n_tree: 7 is not in n_trees" in text
    assert "paper.settings.histogram_n_tree: 1000 is not in n_trees" in text
    assert "paper.settings.parameter_map.p_range" in text
