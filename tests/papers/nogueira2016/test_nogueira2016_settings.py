"""Nogueira & Brown (2016): paper.settings, checked against its packaged schema and the whole
workflow configuration (fsstab.papers.nogueira2016.settings)."""

from __future__ import annotations

import copy

import pytest
import yaml
from conftest import REPO

from fsstab.papers.nogueira2016.settings import SETTINGS
from fsstab.workflow.config import ConfigError, check_config, load_schema, validate_schema

CONFIG = yaml.safe_load((REPO / "config/paper/nogueira2016.test.yaml").read_text())
SCHEMA = load_schema(REPO / "config/schemas/config.schema.yaml")


def workflow(change=None):
    raw = copy.deepcopy(CONFIG)
    if change:
        change(raw)
    return check_config(validate_schema(raw, SCHEMA))


def test_the_reduced_configuration_is_valid_and_gets_the_schema_defaults():
    assert SETTINGS.problems(CONFIG["paper"]["settings"], workflow()) == []
    filled = SETTINGS.resolve(None)
    assert filled["figure1"] == {"n": 10, "k2": [6, 8]}
    assert filled["figure2_measures"][:4] == ["nogueira_brown", "lustgarten", "wald", "npog"]
    assert SETTINGS.checked(workflow())["figure1"]["n"] == 10


def test_every_problem_names_its_key():
    def two_measures(raw):
        raw["measures"]["names"] = ["wald", "nogueira_brown"]
        raw["pareto"]["measures"] = raw["figures"]["measures"] = ["wald"]

    wf = workflow(two_measures)
    problems = SETTINGS.problems({"figure1": {"k2": [12]}, "figure2_measures": ["wald", "kappa"]},
                                 wf)
    assert "paper.settings.figure1.k2: [12] must lie in 1..n-1 = 9" in problems
    assert ("paper.settings.figure2_measures: measure(s) ['kappa'] are not computed "
            "(measures.names); computed: ['nogueira_brown', 'wald']") in problems
    (problem,) = SETTINGS.problems({"typo": 1}, wf)
    assert problem.startswith("paper.settings: unknown key(s) 'typo'")
    assert "typo" in problem
    (problem,) = SETTINGS.problems({"figure1": {"n": "ten"}}, wf)
    assert problem.startswith("paper.settings.figure1.n: 'ten' has the wrong type; expected an "
                              "integer")
    with pytest.raises(ConfigError, match=r"paper\.settings\.figure1\.n"):
        SETTINGS.resolve({"figure1": {"n": 1}})


def test_each_dataset_needs_one_random_forest_configuration():
    def second_forest(raw):
        raw["selectors"]["rf_p25"]["datasets"] = ["sonar", "wine"]

    wf = workflow(second_forest)
    with pytest.raises(ConfigError) as error:
        SETTINGS.checked(wf)
    assert ("paper.settings: dataset 'wine' needs exactly one selector configuration (Table 2's "
            "p), found ['rf_p50', 'rf_p25']") in error.value.problems
