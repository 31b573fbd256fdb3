"""What the configuration can know is checked before the first job: the accuracy model's and
the measures' parameters, a `classes:` option that lists a label twice, and the resampling
against the class sizes once the labels are known."""

from __future__ import annotations

import copy

import numpy as np
import pytest
from conftest import REPO, run_snakemake, tiny_config, workflow_dir

from fsstab.workflow.config import ConfigError, check_config, load_schema, validate_schema
from fsstab.workflow.evaluation import ACCURACY_MODELS, accuracy_model_problems
from fsstab.workflow.value_checks import value_problems

SCHEMA = load_schema(REPO / "config" / "schema" / "config.schema.yaml")


def config_problems(config: dict) -> list[str]:
    raw = validate_schema(copy.deepcopy(config), SCHEMA)
    found = list(value_problems(raw))
    try:
        check_config(raw)
    except ConfigError as exc:
        found += exc.problems
    return found


# -- the accuracy model ---------------------------------------------------------------------

@pytest.mark.parametrize(("cls", "key", "value"), [
    ("KNeighborsClassifier", "n_neighbors", -1),
    ("KNeighborsClassifier", "weights", "closest"),
    ("SVC", "C", 0.0),
    ("LogisticRegression", "max_iter", -5),
    ("RandomForestClassifier", "n_estimators", "many"),
    ("DecisionTreeClassifier", "max_depth", 0),
    ("GaussianNB", "var_smoothing", -1.0),
])
def test_accuracy_model_values_refused_early_are_refused_by_fit(cls, key, value):
    (problem,) = accuracy_model_problems({"class": cls, "params": {key: value}})
    assert problem.startswith(f"accuracy_model.params.{key}: {cls} must be"), problem
    rng = np.random.default_rng(0)
    X, y = rng.normal(size=(20, 3)), np.repeat([0, 1], 10)
    with pytest.raises((ValueError, TypeError)):
        ACCURACY_MODELS[cls](**{key: value}).fit(X, y)


def test_accuracy_model_defaults_and_good_values_pass():
    for cls in ACCURACY_MODELS:
        assert accuracy_model_problems({"class": cls}) == [], cls
    assert accuracy_model_problems({"class": "KNeighborsClassifier",
                                    "params": {"n_neighbors": 3}}) == []


# -- measures, classes ----------------------------------------------------------------------

def test_measure_parameters_are_checked_with_the_configuration():
    config = tiny_config()
    config["measures"]["params"]["jaccard"] = {"n_estimate": 0, "correction": "estimate"}
    config["measures"]["params"]["nogueira"] = {"undefined": "skip"}
    found = config_problems(config)
    assert "measures.params.jaccard.n_estimate: n_estimate must be a positive integer " \
           "(Monte-Carlo draws), got 0" in found
    assert "measures.params.nogueira.undefined: undefined must be one of 'nan', 'zero', " \
           "'raise'; got 'skip'" in found
    assert len(found) == 2, found


@pytest.mark.parametrize(("classes", "multiclass", "problem"), [
    ({"tumour": ["T1", "T2"], "normal": ["N", "T2"]}, False,
     "the label 'T2' appears in two merged classes"),
    (["a", "b", "a"], True, "classes lists the same label twice: ['a', 'b', 'a']"),
    (["a", "b", "c"], False, "classes must list exactly two labels to keep"),
])
def test_a_classes_option_is_checked_with_the_configuration(classes, multiclass, problem):
    config = tiny_config()
    config["datasets"]["study"] = {"source": {"source": "sklearn:wine", "classes": classes,
                                              **({"multiclass": True} if multiclass else {})}}
    found = [p for p in config_problems(config) if p.startswith("datasets.study.")]
    assert found, config_problems(config)
    assert found[0].startswith(f"datasets.study.source.classes: {problem}"), found


@pytest.mark.workflow
def test_late_failures_of_today_stop_the_dry_run(tmp_path):
    config = tiny_config()
    config["accuracy_model"] = {"class": "KNeighborsClassifier", "params": {"n_neighbors": -1}}
    config["measures"]["params"]["jaccard"] = {"n_estimate": 0, "correction": "estimate"}
    config["datasets"]["wine"] = {"source": {"source": "sklearn:wine",
                                             "classes": {"a": ["class_0", "class_1"],
                                                         "b": ["class_1", "class_2"]}}}
    result = run_snakemake(workflow_dir(tmp_path, config), "-n")
    message = result.stdout + result.stderr
    assert result.returncode != 0
    assert "  - accuracy_model.params.n_neighbors: KNeighborsClassifier must be an int in the " \
           "range [1, inf) or None. Got -1 instead." in message
    assert "  - measures.params.jaccard.n_estimate: n_estimate must be a positive integer" in (
        message)
    assert "  - datasets.wine.source.classes: the label 'class_1' appears in two merged " \
           "classes" in message
    assert not (tmp_path / "data").exists()
