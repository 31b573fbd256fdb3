"""Sechidis et al. (2019): paper.settings, checked against its packaged schema and the whole
workflow configuration (fsstab.papers.sechidis2019.settings)."""

from __future__ import annotations

import copy

import pytest
from conftest import paper_config, paper_workflow

from fsstab.papers.sechidis2019.settings import SETTINGS
from fsstab.workflow.config import ConfigError

CONFIG = paper_config("sechidis2019.test")


def workflow(change=None):
    return paper_workflow("sechidis2019.test", change)


def test_the_reduced_configuration_is_valid_and_gets_the_schema_defaults():
    assert SETTINGS.problems(CONFIG["paper"]["settings"], workflow()) == []
    filled = SETTINGS.resolve(None)
    assert filled["methods"]["mrmr"] == "mRMR"
    assert filled["ipass"] is None  # §4.2 is left out unless asked for
    assert filled["figure1"]["d"] == [100, 200, 500, 1000, 2000, 5000]
    assert SETTINGS.resolve({"ipass": {}})["ipass"] == {
        "dataset": "ipass", "selectors": {"gbm_ipass": "GBM", "cmim_ipass": "CMIM"},
        "top_k": 4}
    assert SETTINGS.checked(workflow())["ipass"]["top_k"] == 4


def test_every_problem_names_its_key():
    def break_the_stand_in(raw):
        raw["datasets"]["ipass"]["similarity"] = {"method": "pearson", "threshold": 0.5}
        raw["selectors"]["gbm_ipass"]["grid"] = {"learning_rate": [0.05, 0.1]}
        raw["measures"]["names"] = ["nogueira"]
        raw["pareto"]["measures"] = raw["figures"]["measures"] = ["nogueira"]

    settings = copy.deepcopy(CONFIG["paper"]["settings"])
    settings["methods"]["zz"] = "RF"
    problems = SETTINGS.problems(settings, workflow(break_the_stand_in))
    assert problems[0].startswith("paper.settings.methods: selector(s) ['zz'] are not "
                                  "configured under 'selectors'")
    assert ("paper.settings.ipass.dataset: 'ipass' needs similarity: {method: groups} (C = 1 "
            "within the biomarker groups, §4.2)") in problems
    assert ("paper.settings.ipass.selectors: ['gbm_ipass'] must be single configurations (no "
            "grid or sweep)") in problems
    assert ("paper.settings: measure(s) ['sechidis'] are not computed (measures.names); "
            "computed: ['nogueira'] (the paper compares φ and Φ_C)") in problems
    assert len(problems) == 4
    (problem,) = SETTINGS.problems({"methods": {"mim": "Lasso"}}, workflow())
    assert problem.startswith("paper.settings.methods.mim: 'Lasso' is not allowed; allowed "
                              "values: 'LASSO', 'RF'")
    (problem,) = SETTINGS.problems({"ipass": {"dataset": "nope"}}, workflow())
    assert problem.startswith("paper.settings.ipass.dataset: dataset(s) ['nope'] are not "
                              "configured")
    with pytest.raises(ConfigError, match=r"paper\.settings\.figure1\.repeats"):
        SETTINGS.resolve({"figure1": {"repeats": 0}})


def test_c_is_binary_as_in_the_paper_and_stated_otherwise():
    from conftest import paper_workflow

    from fsstab.papers.sechidis2019.reference import PAPER_RUN
    from fsstab.papers.sechidis2019.settings import SETTINGS, run_settings

    workflow = paper_workflow("sechidis2019")
    assert workflow.datasets["sonar"].similarity_params == {
        "method": "spearman", "threshold": 0.5, "binary": True}
    run = run_settings(workflow, SETTINGS.checked(workflow)["methods"])
    assert run["sonar"]["C"] == PAPER_RUN["C"]

    def weighted(raw):
        raw["datasets"]["sonar"]["similarity"].pop("binary")

    workflow = paper_workflow("sechidis2019", weighted)
    assert workflow.datasets["sonar"].similarity_params == {"method": "spearman",
                                                            "threshold": 0.5}
    run = run_settings(workflow, SETTINGS.checked(workflow)["methods"])
    assert run["sonar"]["C"] == "weighted |rho|: |Spearman rho| > 0.5"
