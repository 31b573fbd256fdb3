"""Values no data set can accept stop the run before any job, all at once with their key paths:
selector parameters (each configured selector is built without fitting and checked),
resampling parameters, and `similarity: groups` on a source without feature groups."""

from __future__ import annotations

import inspect

import numpy as np
import pytest
from conftest import REPO, run_snakemake, tiny_config, workflow_dir

from fsstab.resampling import make_resamples, scheme_parameter_problems
from fsstab.selectors import (
    PARAMETER_CHECKS,
    SELECTORS,
    FilterClassifier,
    FilterSelector,
    LassoSelector,
    RandomForestSelector,
    parameter_problems,
)
from fsstab.workflow.config import load_schema, validate_schema
from fsstab.workflow.value_checks import value_problems

SCHEMA = load_schema(REPO / "config" / "schemas" / "config.schema.yaml")


def _raw(config: dict) -> dict:
    return validate_schema(config, SCHEMA)


def test_every_registered_selector_has_checks_and_its_defaults_pass():
    assert set(PARAMETER_CHECKS) == set(SELECTORS)
    for name, cls in SELECTORS.items():
        signature = inspect.signature(cls.__init__).parameters
        defaults = {p: v.default for p, v in signature.items()
                    if p != "self" and v.default is not inspect.Parameter.empty}
        assert parameter_problems(name, defaults) == {}, name
        assert set(PARAMETER_CHECKS[name]) <= set(signature), name


@pytest.mark.parametrize(("cls", "params", "bad"), [
    (LassoSelector, {"C": -1.0}, "C"),
    (RandomForestSelector, {"n_estimators": -5, "n_features_to_select": 3}, "n_estimators"),
    (FilterSelector, {"method": "mrmrr", "n_features_to_select": 3}, "method"),
    (FilterClassifier, {"classifier": "knn", "k": 2.5}, "k"),
])
def test_a_value_the_early_check_refuses_is_one_fit_refuses(cls, params, bad):
    # the early check must never be stricter than fit: what it refuses, fit refuses too
    assert bad in parameter_problems(cls.__name__, params)
    rng = np.random.default_rng(0)
    X, y = rng.normal(size=(40, 8)), np.repeat([0, 1], 20)
    with pytest.raises((ValueError, TypeError)):
        cls(**params).fit(X, y)


def test_a_subsample_fraction_of_one_is_refused_as_make_resamples_does():
    assert "fraction" in scheme_parameter_problems("subsample", {"fraction": 1.0})
    with pytest.raises(ValueError, match="fraction"):
        make_resamples(np.repeat([0, 1], 10), "subsample", 2, random_state=0, fraction=1.0)
    assert scheme_parameter_problems("subsample", {"fraction": 0.5}) == {}
    assert "n_splits" in scheme_parameter_problems("kfold", {"n_splits": 1})


def test_value_problems_name_every_key_path():
    config = tiny_config()
    config["resampling"]["params"] = {"fraction": 1.0}
    config["selectors"]["lasso"]["params"] = {"max_iter": 2.5}
    config["selectors"]["hybrid"]["params"]["C"] = -1
    config["selectors"]["hybrid"]["sweep"] = {"final_C": [0.1, -2.0]}
    config["selectors"]["forest"] = {"class": "RandomForestSelector",
                                     "params": {"n_estimators": -5, "n_features_to_select": 3}}
    config["selectors"]["filter"] = {"class": "FilterSelector", "params": {"method": "mrmrr"}}
    config["datasets"]["mine"] = {"source": "file:expression.csv",
                                  "similarity": {"method": "groups"}}
    problems = value_problems(_raw(config))
    expected = [
        "selectors.lasso.params.max_iter: must be an integer >= 1, got 2.5 (LassoSelector)",
        "selectors.hybrid.params.C: must be a positive finite number, got -1 (HybridRFE)",
        "selectors.hybrid.sweep.final_C[1]: must be a positive finite number, got -2.0",
        "selectors.forest.params.n_estimators: must be an integer >= 1, got -5",
        "selectors.filter.params.method: must be a known filter, got 'mrmrr' (did you mean "
        "'mrmr'?)",
        "resampling.params.fraction: fraction must be a number strictly between 0 and 1, got "
        "1.0",
        "datasets.mine.similarity.method: 'groups' needs the feature groups of the data, which "
        "a 'file' source does not record",
    ]
    for text in expected:
        assert any(text in problem for problem in problems), (text, problems)
    assert len(problems) == len(expected), problems
    assert value_problems(_raw(tiny_config())) == []


def test_every_shipped_configuration_passes_the_value_checks():
    import yaml

    files = sorted((REPO / "config").rglob("*.yaml"))
    files = [f for f in files if "schemas" not in f.parts] + [REPO / ".test/config/config.yaml"]
    for path in files:
        config = yaml.safe_load(path.read_text())
        if isinstance(config, dict) and "datasets" in config:
            assert value_problems(_raw(config)) == [], path


@pytest.mark.workflow
def test_bad_values_stop_the_dry_run_all_at_once(tmp_path):
    config = tiny_config()
    config["resampling"]["params"] = {"fraction": 1.0}
    config["selectors"]["hybrid"]["params"]["C"] = -1
    config["selectors"]["mim"] = {"class": "FilterSelector",
                                  "params": {"method": "mrmrr", "n_features_to_select": 3}}
    result = run_snakemake(workflow_dir(tmp_path, config), "-n")
    message = result.stdout + result.stderr
    assert result.returncode != 0
    assert "selectors.hybrid.params.C: must be a positive finite number, got -1" in message
    assert "selectors.mim.params.method: must be a known filter, got 'mrmrr'" in message
    assert "resampling.params.fraction: fraction must be a number strictly between" in message
    assert not (tmp_path / "data").exists()
