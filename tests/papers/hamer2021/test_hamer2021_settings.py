"""Hamer & Dupont (2021): paper.settings, checked against its packaged schema and the whole
workflow configuration (fsstab.papers.hamer2021.settings)."""

from __future__ import annotations

import copy

import pytest
from conftest import paper_config, paper_workflow

from fsstab.papers.hamer2021.plan import DECISION_FIGURES, MAP_FIGURES
from fsstab.papers.hamer2021.reference import TABLE5
from fsstab.papers.hamer2021.settings import SETTINGS
from fsstab.papers.hamer2021.standard import METHOD_PARAMETERS
from fsstab.workflow.config import ConfigError

CONFIG = paper_config("hamer2021.test")


def workflow(change=None):
    return paper_workflow("hamer2021.test", change)


def settings(change):
    """The reduced configuration's paper.settings after ``change(settings)``."""
    chosen = copy.deepcopy(CONFIG["paper"]["settings"])
    change(chosen)
    return chosen


def test_the_reduced_configuration_is_valid_and_gets_the_schema_defaults():
    assert SETTINGS.problems(CONFIG["paper"]["settings"], workflow()) == []
    checked = SETTINGS.checked(workflow())
    # maps given for two methods keep the LASSO's default; unset sections get theirs
    assert checked["section72"]["maps"]["lasso"] == {"datasets": ["singh", "lsvt"]}
    assert checked["section72"]["maps"]["relief"] == {"datasets": ["sonar"], "values": [1, 5]}
    assert checked["section72"]["logistic_rfe"] == {"datasets": ["lsvt"]}
    assert checked["section72"]["appendix"]["28"] == ["alon", "singh", "chiaretti"]
    filled = SETTINGS.resolve(None)
    assert filled["toy"] == {"n_runs": 30, "n_features": 1_000_000, "canberra_k": 20,
                             "random_state": 0, "replicates": 200}
    assert filled["correlated_groups"]["map"] == {"scenario": 1, "seed": 0,
                                                  "group_sizes": [1, 10]}
    assert filled["section71"]["frequency_score"] == {
        "datasets": ["singh", "chiaretti"], "selector": None, "params": {}}
    assert filled["section73"]["block_size"] == 5
    assert filled["substitutes"] == []


def test_the_schema_names_the_papers_data_sets_methods_and_figures():
    properties = SETTINGS.schema["properties"]
    section71 = properties["section71"]["properties"]
    assert section71["datasets"]["propertyNames"]["enum"] == list(DECISION_FIGURES)
    for section in ("section72", "section73"):
        names = properties[section]["properties"]["datasets"]["propertyNames"]["enum"]
        assert sorted(names) == sorted(TABLE5)
    section72 = properties["section72"]["properties"]
    assert set(section72["methods"]["properties"]) == set(METHOD_PARAMETERS)
    assert set(section72["maps"]["properties"]) == set(MAP_FIGURES)
    assert set(section72["appendix"]["properties"]) == {"26", "27", "28", "29"}


def test_schema_problems_name_their_keys():
    def bad(chosen):
        chosen["toy"] = {"n_runs": 1, "colour": "red"}
        chosen["section71"]["gamma"] = 1.5
        chosen["section72"]["datasets"]["leukemia"] = "t72_breast"
        chosen["section72"]["methods"]["relif"] = "relief"

    problems = SETTINGS.problems(settings(bad), workflow())
    text = "\n".join(problems)
    assert "paper.settings.toy: unknown key(s) 'colour'" in text
    assert "paper.settings.toy.n_runs: 1 is out of range" in text
    assert "paper.settings.section71.gamma: 1.5 is out of range" in text
    assert "paper.settings.section72.datasets: 'leukemia' is not allowed" in text
    assert "paper.settings.section72.methods: unknown key(s) 'relif'" in text
    assert all(p.startswith("paper.settings.") for p in problems)
    with pytest.raises(ConfigError, match=r"paper\.settings\.correlated_groups\.seeds"):
        SETTINGS.resolve({"correlated_groups": {"seeds": 0}})


def test_cross_checks_name_their_keys():
    def bad(chosen):
        chosen["toy"]["n_runs"] = 40          # 5 M + 15 = 215 features needed
        chosen["toy"]["n_features"] = 200
        chosen["correlated_groups"].update(group_sizes=[2, 3], seeds=2)
        chosen["correlated_groups"]["map"] = {"scenario": 1, "seed": 2, "group_sizes": [1, 3]}
        chosen["correlated_groups"]["scenarios"] = [2, 3]
        chosen["section71"]["frequency_score"]["datasets"] = ["singh", "alon"]
        chosen["section72"]["methods"].pop("lasso")
        chosen["substitutes"] = ["breast", "gravier"]

    problems = SETTINGS.problems(settings(bad), workflow())
    assert problems == [
        "paper.settings.toy.n_features: the toy maps use up to 5 M + 15 = 215 features "
        "(M = toy.n_runs = 40); got 200",
        "paper.settings.correlated_groups.group_sizes: must include 1 (the size at which λ is "
        "calibrated), got [2, 3]",
        "paper.settings.correlated_groups.map.scenario: 1 is not among the scenarios [2, 3]",
        "paper.settings.correlated_groups.map.seed: must lie in 0..seeds-1 = 1, got 2",
        "paper.settings.correlated_groups.map.group_sizes: [1] are not among the group_sizes "
        "[2, 3]",
        "paper.settings.section71.frequency_score.datasets: ['alon'] are not in "
        "section71.datasets",
        "paper.settings.section72.methods.lasso: Table 5 needs the LASSO",
        "paper.settings.substitutes: ['gravier'] are not in section72.datasets or "
        "section73.datasets",
    ]


def test_names_must_be_configured_in_the_workflow():
    def bad(chosen):
        chosen["section71"]["datasets"]["singh"] = "nowhere"
        chosen["section71"]["hybrid"] = ["rfe", "hybrid", "no_filter"]
        chosen["section72"]["methods"]["relief"] = "no_such_selector"
        chosen["section73"]["selector"] = None

    problems = SETTINGS.problems(settings(bad), workflow())
    assert problems[0] == ("paper.settings.section71.datasets.singh: dataset(s) ['nowhere'] are "
                           "not configured under 'datasets'; configured: ['t71_singh', "
                           "'t72_alon', 't72_breast', 't72_ionosphere', 't72_sonar', 't73_alon', "
                           "'t73_breast', 't73_ionosphere', 't73_sonar']")
    assert problems[1].startswith("paper.settings.section71.hybrid: selector(s) ['no_filter'] "
                                  "are not configured under 'selectors'")
    assert problems[2].startswith("paper.settings.section72.methods.relief: selector(s) "
                                  "['no_such_selector'] are not configured")
    assert problems[3] == ("paper.settings.section73.selector: name the selector whose runs "
                           "are grouped")
    assert len(problems) == 4

    def no_hybrid(chosen):
        chosen["section71"]["hybrid"] = []
        chosen["section71"]["frequency_score"]["selector"] = None

    assert SETTINGS.problems(settings(no_hybrid), workflow()) == [
        "paper.settings.section71.hybrid: list the hybrid-RFE selectors (their union is the "
        "Pareto set of Figs. 9-11)",
        "paper.settings.section71.frequency_score.selector: name the selector of Fig. 10",
    ]


def test_checked_stops_on_any_problem():
    def unconfigured(raw):
        raw["paper"]["settings"]["section73"]["selector"] = "lasso_typo"

    with pytest.raises(ConfigError) as error:
        SETTINGS.checked(workflow(unconfigured))
    assert error.value.problems[0].startswith(
        "paper.settings.section73.selector: selector(s) ['lasso_typo'] are not configured")
