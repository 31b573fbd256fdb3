"""Values no data set can accept stop the run before any job, all at once with their key paths:
selector parameters (checked against the constraints each class's fit validates, nested
selector specifications recursively), resampling parameters, and `similarity: groups` on a
source without feature groups."""

from __future__ import annotations

import contextlib
import inspect
import re

import numpy as np
import pytest
from conftest import REPO, run_snakemake, tiny_config, workflow_dir
from sklearn.utils._param_validation import InvalidParameterError

from fsstab._sklearn_compat import make_constraint
from fsstab.resampling import make_resamples, scheme_parameter_problems
from fsstab.selectors import (
    SELECTORS,
    FilterClassifier,
    FilterSelector,
    LassoSelector,
    RandomForestSelector,
    parameter_problems,
    specification_problems,
)
from fsstab.workflow.checks import checked_workflow
from fsstab.workflow.config import ConfigError, load_schema, validate_schema
from fsstab.workflow.value_checks import value_problems

SCHEMA = load_schema(REPO / "config" / "schemas" / "config.schema.yaml")


def _raw(config: dict) -> dict:
    return validate_schema(config, SCHEMA)


def test_every_registered_selector_is_checked_and_its_defaults_pass():
    for name, cls in SELECTORS.items():
        signature = inspect.signature(cls.__init__).parameters
        defaults = {p: v.default for p, v in signature.items()
                    if p != "self" and v.default is not inspect.Parameter.empty}
        assert parameter_problems(name, defaults) == {}, name
        assert set(cls._parameter_constraints) == set(signature) - {"self"}, name


def _values(constraint):
    """A value that satisfies ``constraint`` and one that does not, where scikit-learn's test
    helpers can make them (its own generators, which know every constraint type)."""
    from sklearn.utils._param_validation import generate_invalid_param_val, generate_valid_param

    made = make_constraint(constraint)
    found = []
    for generate in (generate_valid_param, generate_invalid_param_val):
        with contextlib.suppress(NotImplementedError, ValueError):
            found.append(generate(made))
    return found


@pytest.mark.parametrize("name", SELECTORS)
def test_the_early_check_refuses_exactly_what_fit_validation_refuses(name):
    # fit validates the constructor parameters (scikit-learn's _validate_params, called by
    # _fit_context) against the constraints the early check applies: for values of every
    # kind, both refuse or both accept (nested specifications aside: a configuration's)
    cls = SELECTORS[name]
    base = {"selector": LassoSelector()} if name == "StabilitySelection" else {}
    for parameter, entry in cls._parameter_constraints.items():
        for constraint in entry:
            for value in [*_values(constraint), object(), "mrmrr", -1, 0.5, None]:
                if isinstance(value, dict):
                    continue
                early = any(p.path == parameter for p in
                            specification_problems(cls, {parameter: value}, joint=False))
                built = cls(**{**base, parameter: value})
                if early:
                    with pytest.raises(InvalidParameterError,
                                       match=f"'{parameter}' parameter of {name}"):
                        built._validate_params()
                else:
                    built._validate_params()


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
        "selectors.hybrid.sweep.final_C[1]: must be a positive finite number or null, got -2.0",
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


def _stabs(params: dict) -> dict:
    config = tiny_config()
    config["selectors"] = {"stabs": {"class": "StabilitySelection", "params": params}}
    return config


def _problems(config: dict) -> list[str]:
    with pytest.raises(ConfigError) as info:
        checked_workflow(config, SCHEMA, base_dir=REPO / ".test")
    return info.value.problems


def test_a_nested_selector_specification_is_built_and_checked_like_any_other():
    lasso = {"class": "LassoSelector", "params": {"C": 0.5}}
    config = _stabs({"selector": lasso, "size_parameter": "target_k", "n_pairs": 5})
    workflow = checked_workflow(config, SCHEMA, base_dir=REPO / ".test")
    (configuration,) = workflow.configurations
    assert configuration.params["selector"] == lasso


def test_nested_specifications_report_every_problem_at_once_with_key_paths():
    config = _stabs({
        "selector": {"class": "StabilitySelection", "params": {
            "selector": {"class": "LassoSelector", "params": {"C": -1, "alpha": 2,
                                                             "random_state": 3}},
            "pi_thr": 1.5}},
        "q": 0, "pfer": -1, "n_pairs": 0,
    })
    problems = _problems(config)
    expected = [
        "selectors.stabs.params.selector.params.selector.params: LassoSelector has no "
        "parameter(s) ['alpha', 'random_state']; its parameters: C, max_iter, target_k, task, "
        "tol (LassoSelector)",
        "selectors.stabs.params.selector.params.selector.params.C: must be a positive finite "
        "number, got -1 (LassoSelector)",
        "selectors.stabs.params.selector.params.pi_thr: must be a number in (0, 1] or null, "
        "got 1.5 (StabilitySelection)",
        # the inner stability selection's default size_parameter is not the LASSO's
        "selectors.stabs.params.selector.params.size_parameter: LassoSelector has no parameter "
        "'n_features_to_select' to receive q (the number of features of each subsample); its "
        "parameters: C, max_iter, target_k, task, tol (StabilitySelection)",
        "selectors.stabs.params.q: must be an integer >= 1 or null, got 0 (StabilitySelection)",
        "selectors.stabs.params.pfer: must be a positive finite number or null, got -1 "
        "(StabilitySelection)",
        "selectors.stabs.params.n_pairs: must be an integer >= 1, got 0 (StabilitySelection)",
    ]
    for text in expected:
        assert text in problems, (text, problems)
    assert len(problems) == len(expected), problems


@pytest.mark.parametrize(("params", "expected"), [
    ({}, "selectors.stabs.params: StabilitySelection needs ['selector'], which have no "
         "default; give selector a selector specification, e.g. selector: {class: "
         "LassoSelector, params: {C: 0.1}}"),
    ({"selector": "LassoSelector"},
     "selectors.stabs.params.selector: must be a selector specification {class: <selector>, "
     "params: {...}}, got 'LassoSelector' (StabilitySelection)"),
    ({"selector": {"class": "LasoSelector"}},
     "selectors.stabs.params.selector.class: unknown selector 'LasoSelector' (did you mean "
     "'LassoSelector'?)"),
    ({"selector": {"clas": "LassoSelector"}},
     "selectors.stabs.params.selector: a selector specification takes the keys 'class' "
     "(required) and 'params', got ['clas'] (StabilitySelection)"),
    ({"selector": {"class": "FilterSelector", "params": {"random_state": 1}}},
     "selectors.stabs.params.selector.params: ['random_state'] of the nested FilterSelector is "
     "set by the workflow"),
    # StabilitySelection's own parameters together: exactly two of q, pi_thr, pfer, and a
    # size_parameter the base selector has
    ({"selector": {"class": "FilterSelector"}, "q": 5},
     "selectors.stabs.params: needs exactly two of q, pi_thr and pfer"),
    ({"selector": {"class": "LassoSelector"}},
     "selectors.stabs.params.size_parameter: LassoSelector has no parameter "
     "'n_features_to_select' to receive q"),
    ({"selector": {"class": "FilterSelector"}, "pi_thr": 0.4},
     "selectors.stabs.params.pi_thr: must lie in (0.5, 1] with assumption 'none' (below only "
     "under r-concave), got 0.4"),
    ({"selector": {"class": "FilterSelector"}, "selection": "path"},
     "selectors.stabs.params.selection: 'path' needs a LASSO-type base selector"),
    ({"selector": {"class": "FilterSelector"}, "sampling": "MB", "assumption": "unimodal"},
     "selectors.stabs.params.assumption: 'unimodal' needs complementary pairs"),
])
def test_a_bad_nested_specification_names_its_key(params, expected):
    problems = _problems(_stabs(params))
    assert any(expected in problem for problem in problems), (expected, problems)
    assert len(problems) == 1, problems


@pytest.mark.parametrize(("params", "fit_says"), [
    ({"selector": FilterSelector(), "q": 3}, "exactly two"),    # q, pi_thr and pfer
    ({"selector": LassoSelector()}, "has no parameter 'n_features_to_select'"),
    ({"selector": FilterSelector(), "pi_thr": 0.4}, r"pi_thr must lie in \(0.5, 1\]"),
    ({"selector": FilterSelector(), "selection": "path"}, "LASSO-type base selector"),
    ({"selector": FilterSelector(), "sampling": "MB", "assumption": "unimodal"},
     "needs complementary pairs"),
    ({"selector": FilterSelector(), "assumption": "r-concave", "n_pairs": 1},
     "r-concave bound needs n_pairs"),
])
def test_stability_selections_joint_problems_are_what_fit_refuses(params, fit_says):
    from fsstab.selectors import StabilitySelection

    defaults = StabilitySelection(FilterSelector()).get_params(deep=False)
    assert StabilitySelection.joint_parameter_problems({**defaults, **params}), params
    rng = np.random.default_rng(0)
    X, y = rng.normal(size=(40, 8)), np.repeat([0, 1], 20)
    with pytest.raises(ValueError, match=fit_says):
        StabilitySelection(**params).fit(X, y)
    fine = {"selector": FilterSelector(), "q": 3, "pfer": None, "n_pairs": 3}
    assert StabilitySelection.joint_parameter_problems({**defaults, **fine}) == {}
    StabilitySelection(**fine).fit(X, y)


def test_the_nested_base_selector_must_serve_the_datasets_task():
    # the regression-only filter as the base selector of a classification run
    problems = _problems(_stabs({"selector": {"class": "FilterSelector",
                                              "params": {"method": "pearson"}}}))
    assert len(problems) == 1, problems
    assert problems[0].startswith(
        "selectors.stabs.params.selector: filter 'pearson' does not serve task "
        "'classification'"), problems
    assert "dataset 'tiny' has task classification" in problems[0]


def test_a_grid_of_nested_specifications_is_checked_per_value():
    config = _stabs({"size_parameter": "target_k"})
    config["selectors"]["stabs"]["grid"] = {"selector": [
        {"class": "LassoSelector"}, {"class": "LassoSelector", "params": {"tol": -1}}]}
    problems = _problems(config)
    assert problems == ["selectors.stabs.grid.selector[1].params.tol: must be a finite number "
                        ">= 0, got -1 (LassoSelector)"], problems


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


@pytest.mark.workflow
def test_a_nested_specification_dry_runs(tmp_path):
    config = tiny_config()
    config["selectors"]["stabs"] = {"class": "StabilitySelection", "params": {
        "selector": {"class": "FilterSelector", "params": {"method": "welch_t"}},
        "q": 3, "pfer": None, "n_pairs": 5}}
    result = run_snakemake(workflow_dir(tmp_path, config), "-n")
    assert result.returncode == 0, result.stderr[-3000:]
    # one selection job per configuration (the tiny run's resamples fit in one chunk): lasso,
    # hybrid and the stability selection
    assert re.search(r"^select\s+3$", result.stdout, re.MULTILINE), result.stdout
