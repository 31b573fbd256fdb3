"""Onda et al. (2022): what the rules compute besides the experiments
(fsstab.papers.onda2022.stages) -- the run's plan, Tables 1, 2 and 4, the speed-ups and the
compatible parameters -- on inputs written by hand."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
import yaml
from conftest import REPO

from fsstab.papers.onda2022.experiment import Experiment
from fsstab.papers.onda2022.settings import SETTINGS
from fsstab.papers.onda2022.stages import (
    compatible_pairs,
    run_plan,
    speedup_table,
    table1,
    table2,
    table4,
)

REDUCED = yaml.safe_load((REPO / "config/paper/onda2022.test.yaml").read_text())


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


def test_the_plan_of_the_reduced_configuration():
    """config/paper/onda2022.test.yaml runs Colon and Prostate (not Lymphoma): the forests of
    n_tree 3 and 5 on both, App. E's mtry 0.05 (Fig. 15's) with 3 trees on both, Fig. 11 on
    Prostate (the only fixed_point_n_useful)."""
    plan = run_plan(SETTINGS.resolve(REDUCED["paper"]["settings"]), REDUCED["only_datasets"])
    assert plan.datasets == ("colon", "prostate")
    assert plan.main == "colon"
    assert plan.experiments == (
        ("colon", "sqrt", 3), ("colon", "sqrt", 5), ("prostate", "sqrt", 3),
        ("prostate", "sqrt", 5), ("colon", "0.05", 3), ("prostate", "0.05", 3))
    assert plan.fixed_point == ("prostate",)
    assert plan.figure14
    assert plan.figure15 == ("colon", "prostate")
    assert plan.figure15_experiments == (("0.05", 3),)


def test_the_plan_follows_the_main_data_set_and_the_mtry_study():
    settings = SETTINGS.resolve({"mtry_study": {"mtry": [0.01, 0.1], "n_trees": [50]},
                                 "n_trees": [50, 100]})
    # Prostate alone: no Fig. 14 (Colon, the first data set, is the main one); mtry 0.01 only
    # on the main data set, Fig. 15's 0.1 on every data set
    plan = run_plan(settings, ["prostate", "breast"])
    assert plan.main == "colon"
    assert plan.experiments == (("prostate", "sqrt", 50), ("prostate", "sqrt", 100),
                                ("prostate", "0.1", 50))
    assert not plan.figure14
    assert plan.fixed_point == ("prostate",)
    settings = SETTINGS.resolve({"main_dataset": "lymphoma"})
    plan = run_plan(settings, ["colon", "lymphoma"])
    assert (plan.main, plan.figure14, plan.figure15, plan.fixed_point) == (
        "lymphoma", False, (), ())
    assert {m for _, m, _ in plan.experiments} == {"sqrt"}
