"""Onda et al. (2022): paper.settings, checked against its packaged schema and the whole
workflow configuration (fsstab.papers.onda2022.settings)."""

from __future__ import annotations

import copy

import pytest
from conftest import paper_config, paper_workflow

from fsstab.papers.onda2022.settings import SETTINGS
from fsstab.workflow.config import ConfigError

CONFIG = paper_config("onda2022.test")


def workflow(change=None):
    return paper_workflow("onda2022.test", change)


def test_the_reduced_configuration_is_valid_and_gets_the_schema_defaults():
    assert SETTINGS.problems(CONFIG["paper"]["settings"], workflow()) == []
    filled = SETTINGS.resolve(None)
    # the paper's settings: Colon with n_target = 20 (§3.2), n_tree 50..500 (Table 2)
    assert filled["datasets"]["colon"]["n_target"] == 20
    assert filled["datasets"]["prostate"]["fixed_point_n_useful"] == 130
    assert filled["n_trees"] == [50, 100, 200, 300, 400, 500]
    assert filled["p_grid"] == pytest.approx([0.1 * i for i in range(1, 10)])
    assert filled["mtry_study"] is None
    checked = SETTINGS.checked(workflow())
    assert checked["datasets"]["lymphoma"]["fixed_point_n_useful"] is None
    assert checked["datasets"]["lymphoma"]["note"] == ""
    assert checked["mtry_study"]["real_ensemble_mtry"] == 0.05


def test_every_problem_names_its_key():
    settings = copy.deepcopy(CONFIG["paper"]["settings"])
    settings["datasets"]["gone"] = {"n_target": 5, "reference_n_tree": 7,
                                    "n_useful_range": [5, 10, 1]}
    settings.update(main_dataset="nope", histogram_n_tree=1000)
    settings["parameter_map"]["p_range"] = [0.5, 0.1, 0.1]
    settings["mtry_study"]["real_ensemble_mtry"] = 0.2
    problems = SETTINGS.problems(settings, workflow())
    assert problems == [
        "paper.settings.datasets: dataset(s) ['gone'] are not configured under 'datasets'; "
        "configured: ['colon', 'lymphoma', 'prostate']",
        "paper.settings.main_dataset: 'nope' is not one of datasets",
        "paper.settings.datasets.gone.reference_n_tree: 7 is not in n_trees [3, 5]",
        "paper.settings.histogram_n_tree: 1000 is not in n_trees [3, 5]",
        "paper.settings.parameter_map.p_range: [0.5, 0.1, 0.1] must be 0 <= first <= last <= 1 "
        "with a positive step",
        "paper.settings.mtry_study.real_ensemble_mtry: 0.2 is not one of mtry_study.mtry [0.05]",
    ]
    (problem,) = SETTINGS.problems({"datasets": {"colon": {"n_target": 20}}}, workflow())
    assert problem.startswith("paper.settings.datasets.colon: ")
    assert "reference_n_tree" in problem
    with pytest.raises(ConfigError, match=r"paper\.settings\.mtry_study\.mtry"):
        SETTINGS.resolve({"mtry_study": {"mtry": [1.5]}})


def test_a_data_set_can_have_its_own_n_trees():
    """datasets.<name>.n_trees replaces n_trees for that data set (the paper's ensemble sizes
    at the reference n_tree only); its reference and the figures' n_tree must be among them,
    and a null histogram_n_tree / timing_n_tree means each data set's reference."""
    from fsstab.papers.onda2022.settings import dataset_n_trees, figure_n_tree
    from fsstab.papers.onda2022.stages import run_plan

    settings = copy.deepcopy(CONFIG["paper"]["settings"])
    settings["datasets"]["prostate"].update(n_trees=[4], reference_n_tree=4)
    settings.update(histogram_n_tree=None, timing_n_tree=None, mtry_study=None)
    assert SETTINGS.problems(settings, workflow()) == []
    filled = SETTINGS.resolve(settings)
    assert dataset_n_trees(filled, "prostate") == [4]
    assert dataset_n_trees(filled, "colon") == [3, 5]
    assert figure_n_tree(filled, "timing_n_tree", "prostate") == 4
    assert figure_n_tree(filled, "histogram_n_tree", "colon") == 5
    plan = run_plan(filled, ["colon", "prostate"])
    assert plan.experiments == (("colon", "sqrt", 3), ("colon", "sqrt", 5),
                                ("prostate", "sqrt", 4))
    settings.update(timing_n_tree=5)
    settings["datasets"]["prostate"]["reference_n_tree"] = 3
    assert SETTINGS.problems(settings, workflow()) == [
        "paper.settings.datasets.prostate.reference_n_tree: 3 is not in "
        "datasets.prostate.n_trees [4]",
        "paper.settings.timing_n_tree: 5 is not in datasets.prostate.n_trees [4]",
    ]
