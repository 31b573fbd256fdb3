"""Bommert (2020): paper.settings, one section per chapter, each checked against its packaged
schema (defaults: the thesis' settings) and the whole workflow configuration."""

from __future__ import annotations

import copy

import pytest
from conftest import REPO, paper_config

from fsstab.papers.bommert2020.settings import SETTINGS
from fsstab.workflow.config import ConfigError, check_config, load_schema, validate_schema

SCHEMA = load_schema(REPO / "config/schemas/config.schema.yaml")


def workflow(name, change=None):
    raw = copy.deepcopy(paper_config(name))
    if change:
        change(raw)
    return check_config(validate_schema(raw, SCHEMA))


@pytest.mark.parametrize("name", ["bommert2020", "bommert2020_ch56_offline",
                                  "bommert2020_ch78.test", "bommert2020_ch78_offline"])
def test_the_configurations_are_valid(name):
    wf = workflow(name)
    assert SETTINGS.problems(wf.paper.settings, wf) == []
    assert set(SETTINGS.checked(wf)) == set(wf.paper.settings)


def test_sections_resolve_to_the_thesis_settings():
    settings = SETTINGS.resolve({"ch5": {}, "ch6": {}, "ch7": {},
                                 "ch8": {"simulation": {}, "toy": {}}})
    ch5, ch6, ch7, ch8 = (settings[f"ch{k}"] for k in range(5, 9))
    # Table 5.1's 20 filters on the 12 data sets of Table 4.1; §5.1 on gina_agnostic, 970 x 970
    assert (len(ch5["filters"]), len(ch5["datasets"])) == (20, 12)
    assert (ch5["scaling"]["dataset"], ch5["scaling"]["n_observations"]) == ("gina_agnostic",
                                                                            970)
    # §5.3: 10 x 10 nested cross-validation, 100 configurations of Table 5.2
    benchmark = ch5["benchmark"]
    assert (benchmark["outer_folds"], benchmark["inner_folds"],
            benchmark["n_configurations"]) == (10, 10, 100)
    assert sorted(benchmark["classifiers"]) == ["knn", "ridge", "svm"]
    assert ch6["all_pairs"]["threshold"] == 0.9
    assert ch6["real"]["datasets"][0] == "sonar_train"
    # Table 6.5: 4 filters x 6 classifiers, 200 configurations each, 10-fold CV
    assert (ch7["n_per_method"], ch7["n_folds"], len(ch7["filters"]),
            len(ch7["classifiers"])) == (200, 10, 4, 6)
    assert ch7["ntree_values"] == [100, 200, 500, 1000, 2000, 5000]
    # §8.3.1: max.feats 2, 4, ..., 100; acc.const = 0.025, stab.const = 0.1
    assert ch8["approaches"]["sizes"] == list(range(2, 101, 2))
    assert (ch8["approaches"]["acc_const"], ch8["approaches"]["stab_const"]) == (0.025, 0.1)
    # Table 8.1: 4 sizes x 2 designs x 4 numbers of similar features, 50 replications
    sim = ch8["simulation"]
    assert len(sim["sizes"]) * len(sim["designs"]) * len(sim["similar"]) == 32
    assert sim["n_replications"] == 50
    assert ch8["toy"]["n_datasets"] == 1000
    assert ch8["toy"]["ntree_values"] == [100, 200, 500, 1000, 2000, 5000]
    assert "real_data" not in ch8  # a part of Ch. 8 runs when given


def test_every_problem_names_its_key():
    wf = workflow("bommert2020_ch78.test")  # datasets: christensen only
    bad = {"ch5": {"datasets": ["christensen", "zz"], "filters": ["anova.test", "bogus"],
                   "scaling": {"dataset": "christensen"},
                   "benchmark": {"classifiers": {"svm": {"k": {"integers": [1, 3]}},
                                                 "tree": {}},
                                 "boxplot_datasets": ["gravier"]}},
           "ch6": {"real": {"datasets": ["christensen_train"]}},
           "ch7": {"datasets": ["sonar", "christensen", "christensen"]},
           "ch8": {"approaches": {"pfer_range": [5, 1]},
                   "simulation": {"sizes": [[100, 12]], "designs": ["blocks"],
                                  "similar": [4]},
                   "real_data": {"datasets": ["arcene"]}}}
    problems = SETTINGS.problems(bad, wf)
    expected = [
        "paper.settings.ch5.datasets: dataset(s) ['zz'] are not configured under 'datasets'",
        "paper.settings.ch5.filters: unknown filter",
        "paper.settings.ch5.benchmark.classifiers.svm: no hyperparameter(s) ['k']",
        "paper.settings.ch5.benchmark.classifiers: unknown classifier 'tree'",
        "paper.settings.ch5.benchmark.boxplot_datasets: ['gravier'] are not in",
        "paper.settings.ch6.real.datasets: dataset(s) ['christensen_train'] are not configured",
        "paper.settings.ch7.datasets: dataset(s) ['sonar'] are not configured",
        "paper.settings.ch7.datasets: ['christensen'] named more than once",
        "paper.settings.ch8.approaches.pfer_range: [5, 1] is not increasing",
        # p = 12 in blocks of 5 features: 3 blocks, fewer than the 5 relevant features need
        "paper.settings.ch8.simulation.sizes: [100, 12] in blocks of 5",
        "paper.settings.ch8.real_data.datasets: dataset(s) ['arcene'] are not configured",
    ]
    for start in expected:
        assert sum(p.startswith(start) for p in problems) == 1, (start, problems)
    assert len(problems) == len(expected)


def test_schema_problems_and_the_parts():
    wf = workflow("bommert2020_ch78.test")
    assert SETTINGS.problems({"ch7": {"datasets": ["christensen"], "n_folds": 1}}, wf) == [
        "paper.settings.ch7.n_folds: 1 is out of range; allowed: an integer >= 2"]
    assert SETTINGS.problems({"ch8": {}}, wf) == [
        "paper.settings.ch8: give at least one of toy, simulation, real_data (nothing to run)"]
    (problem,) = SETTINGS.problems({"ch9": {}}, wf)
    assert problem.startswith("paper.settings: ")
    assert "ch9" in problem
    (problem,) = SETTINGS.problems({}, wf)
    assert problem.startswith("paper.settings")  # at least one chapter
    with pytest.raises(ConfigError, match=r"paper\.settings\.ch8.*unknown_key"):
        SETTINGS.resolve({"ch8": {"unknown_key": 1}})
    with pytest.raises(ConfigError, match=r"paper\.settings\.ch6\.all_pairs\.threshold"):
        SETTINGS.resolve({"ch6": {"all_pairs": {"threshold": 2}}})
