"""Random search spaces (fsstab.search) and their expansion into workflow variants."""

from __future__ import annotations

import copy
from pathlib import Path

import numpy as np
import pytest

from fsstab.search import parse_space, sample_space
from fsstab.workflow.config import ConfigError, check_config, load_schema, validate_schema

REPO = Path(__file__).resolve().parents[2]

TABLE_6_5_SVM = {"fraction": {"uniform": [0, 1]}, "C": {"log2_uniform": [-15, 15]},
                 "sigma": {"log2_uniform": [-15, 15]}}


def test_draws_lie_in_their_ranges():
    space = {"u": {"uniform": [0, 1]}, "c": {"log2_uniform": [-15, 15]},
             "m": {"log2_uniform": [0, 15], "round": True}, "k": {"integers": [1, 20]},
             "t": {"choice": [100, 200, 500]}, "fixed": "rbf"}
    draws = sample_space(space, 300, 0)
    assert all(0 <= d["u"] <= 1 for d in draws)
    assert all(2.0**-15 <= d["c"] <= 2.0**15 for d in draws)
    assert all(isinstance(d["m"], int) and 1 <= d["m"] <= 2**15 for d in draws)
    assert {d["k"] for d in draws} == set(range(1, 21))
    assert {d["t"] for d in draws} == {100, 200, 500}
    assert {d["fixed"] for d in draws} == {"rbf"}
    # the log scale is uniform: about half of the exponents are negative
    exponents = np.log2([d["c"] for d in draws])
    assert 0.4 < np.mean(exponents < 0) < 0.6


def test_same_seed_same_draws_and_growing_keeps_the_first():
    a = sample_space(TABLE_6_5_SVM, 10, 42)
    assert a == sample_space(TABLE_6_5_SVM, 10, 42)
    assert sample_space(TABLE_6_5_SVM, 25, 42)[:10] == a
    assert sample_space(TABLE_6_5_SVM, 10, 43) != a


@pytest.mark.parametrize(("space", "match"), [
    ({}, "non-empty mapping"),
    ({"x": {"uniform": [1, 0]}}, "low <= high"),
    ({"x": {"uniform": [0]}}, "two numbers"),
    ({"x": {"integers": [0.5, 2]}}, "two integers"),
    ({"x": {"choice": []}}, "non-empty list"),
    ({"x": {"uniform": [0, 1], "choice": [1]}}, "one of"),
    ({"x": {"uniform": [0, 1], "round": True}}, "only applies to log2_uniform"),
])
def test_bad_spaces_name_the_parameter(space, match):
    with pytest.raises(ValueError, match=match):
        parse_space(space)


# --------------------------------------------------------------------------------------------
# The workflow: selectors.<label>.random_search
# --------------------------------------------------------------------------------------------

SCHEMA = load_schema(REPO / "config" / "schemas" / "config.schema.yaml")
CONFIG = {
    "seed": 5,
    "datasets": {"a": {"source": "sklearn:breast_cancer"}},
    "selectors": {
        "svm": {"class": "FilterClassifier", "params": {"classifier": "svm"},
                "grid": {"filter": ["mim", "jmi"]},
                "random_search": {"n": 12, "space": TABLE_6_5_SVM}},
    },
    "measures": {"names": ["nogueira"]},
}


def _check(config):
    return check_config(validate_schema(config, SCHEMA))


def test_random_search_expands_into_variants_shared_by_the_grid():
    wf = _check(CONFIG)
    mim, jmi = wf.configurations
    assert [v.id for v in mim.variants] == [f"draw-{i:04d}" for i in range(12)]
    # the same configurations for every filter (thesis §5.3)
    assert [v.params for v in mim.variants] == [v.params for v in jmi.variants]
    assert set(mim.variants[0].params) == {"fraction", "C", "sigma"}
    # seeded by (global seed, label): reproducible, different for another seed
    assert [v.params for v in _check(CONFIG).configurations[0].variants] == \
        [v.params for v in mim.variants]
    other = copy.deepcopy(CONFIG)
    other["seed"] = 6
    assert _check(other).configurations[0].variants[0].params != mim.variants[0].params


@pytest.mark.parametrize(("change", "match"), [
    (lambda c: c["selectors"]["svm"]["random_search"]["space"].update(n_bins={"choice": [3]}),
     r"random_search.space: \['n_bins'\] cannot vary inside a job"),
    (lambda c: c["selectors"]["svm"].update(sweep={"C": [1.0]}),
     "give either sweep or random_search"),
    (lambda c: c["selectors"]["svm"]["random_search"]["space"].update(gamma={"uniform": [0, 1]}),
     r"FilterClassifier has no parameter\(s\) \['gamma'\]"),
    (lambda c: c["selectors"]["svm"]["random_search"]["space"].update(C={"uniform": [2, 1]}),
     r"random_search.space.C: uniform needs"),
    (lambda c: c["selectors"]["svm"]["params"].update(C=1.0),
     r"\['C'\] also appear in params or grid"),
])
def test_random_search_errors_name_the_key(change, match):
    config = copy.deepcopy(CONFIG)
    change(config)
    with pytest.raises(ConfigError, match=match):
        _check(config)


def test_a_list_of_searches_concatenates_their_draws():
    """A hierarchical space written as one search per classifier (thesis Table 6.5)."""
    config = copy.deepcopy(CONFIG)
    config["selectors"]["svm"]["params"] = {}
    config["selectors"]["svm"]["random_search"] = [
        {"n": 3, "space": {"classifier": "svm", **TABLE_6_5_SVM}},
        {"n": 2, "space": {"classifier": "knn", "k": {"integers": [1, 20]},
                           "fraction": {"uniform": [0, 1]}}},
    ]
    (mim, _) = _check(config).configurations
    assert [v.id for v in mim.variants] == [f"draw-{i:04d}" for i in range(5)]
    assert [v.params["classifier"] for v in mim.variants] == ["svm"] * 3 + ["knn"] * 2
    assert set(mim.variants[4].params) == {"classifier", "k", "fraction"}
    config["selectors"]["svm"]["random_search"][1]["space"]["gamma"] = 1.0
    with pytest.raises(ConfigError, match=r"random_search\[1\]\.space: FilterClassifier has no"):
        _check(config)
