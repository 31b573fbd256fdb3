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

SCHEMA = load_schema(REPO / "config" / "schemas" / "config.schema.yaml")


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


# -- the resampling against the class sizes ------------------------------------------------

def small_class_config(scheme="subsample", params=None, selectors=None):
    config = {
        "datasets": {"study": {"source": "file:study.csv"}},
        "resampling": {"scheme": scheme, "n_resamples": 4,
                       "params": {"fraction": 0.3} if params is None else params},
        "selectors": selectors or {
            "hybrid": {"class": "HybridRFE", "params": {"n_features_to_select": 3,
                                                        "n_forced": 2}},
            "lasso": {"class": "LassoSelector", "params": {"C": 0.5}}},
        "measures": {"names": ["nogueira"]},
    }
    return config


def workflow_of(config):
    return check_config(validate_schema(copy.deepcopy(config), SCHEMA))


def test_a_training_set_with_one_sample_of_a_class_is_refused_for_welch_t():
    from fsstab.workflow.checks import dataset_problems

    # 3 + 40 samples, 30 %: 13 training rows, 1 of the small class (quota 0.91); 50 % gives 2
    wf = workflow_of(small_class_config())
    assert dataset_problems(wf, "study", n_features=20, class_counts={"a": 3, "b": 40}) == [
        "resampling.params.fraction: subsample with fraction=0.3 leaves 1 sample(s) of class "
        "'a' (3 in all) in each training set of dataset 'study', but selectors.hybrid "
        "(HybridRFE) needs at least 2 of every class; set resampling.params.fraction to at "
        "least 0.5"]
    assert dataset_problems(wf, "study", n_features=20, class_counts={"a": 7, "b": 40}) == []
    lasso_only = small_class_config(selectors={"lasso": {"class": "LassoSelector",
                                                         "params": {"C": 0.5}}})
    assert dataset_problems(workflow_of(lasso_only), "study", n_features=20,
                            class_counts={"a": 3, "b": 40}) == []


def test_impossible_resampling_and_too_many_neighbours_are_refused():
    from fsstab.workflow.checks import dataset_problems

    wf = workflow_of(small_class_config("kfold", {"n_splits": 10}))
    (problem,) = dataset_problems(wf, "study", n_features=20, class_counts={"a": 3, "b": 4})
    assert problem.startswith("resampling.params.n_splits: n_splits must be an integer in "
                              "2..n=7, got 10 (dataset 'study': classes 'a': 3, 'b': 4)")
    config = small_class_config("leave_out", {"delta": 0.5})
    config["accuracy_model"] = {"class": "KNeighborsClassifier", "params": {"n_neighbors": 15}}
    found = dataset_problems(workflow_of(config), "study", n_features=20,
                             class_counts={"a": 10, "b": 10})
    assert found == ["accuracy_model.params.n_neighbors: 15 neighbours, but leave_out with "
                     "delta=0.5 (resampling.params.delta) gives training sets of 10 rows on "
                     "dataset 'study'"]


def _small_class_study(folder, layout):
    """g1..g6 and y: 3 samples of 'a', 40 of 'b'; samples in rows, or genes in rows."""
    import pandas as pd

    rng = np.random.default_rng(0)
    frame = pd.DataFrame(rng.normal(size=(43, 6)).round(4), columns=[f"g{j}" for j in range(1, 7)])
    frame["y"] = ["a"] * 3 + ["b"] * 40
    if layout == "rows":
        frame.to_csv(folder / "study.csv", index=False)
    else:
        frame.set_axis([f"S{i}" for i in range(43)]).T.rename_axis("gene").to_csv(
            folder / "study.csv")


GENES_IN_ROWS = {"source": "file:study.csv", "transpose": True, "row_names": True,
                 "id_column": "gene", "target": "y"}


SMALL_CLASS_PROBLEM = (
    "resampling.params.fraction: subsample with fraction=0.3 leaves 1 sample(s) of class 'a' "
    "(3 in all) in each training set of dataset 'study'")


def test_a_dataset_not_fetched_yet_is_checked_on_its_labels(tmp_path):
    from fsstab.workflow.checks import check_stored_datasets

    _small_class_study(tmp_path, "rows")
    wf = workflow_of(small_class_config())
    with pytest.raises(ConfigError) as info:
        check_stored_datasets(wf, tmp_path / "data", base_dir=tmp_path)
    assert info.value.problems[0].startswith(SMALL_CLASS_PROBLEM)
    holdout = small_class_config()  # a holdout split changes the samples: the job checks
    holdout["datasets"]["study"]["prefilter"] = {"holdout": {"part": "train", "random_state": 0}}
    assert check_stored_datasets(workflow_of(holdout), tmp_path / "data",
                                 base_dir=tmp_path) == []
    enough = small_class_config(params={"fraction": 0.5})
    assert check_stored_datasets(workflow_of(enough), tmp_path / "data",
                                 base_dir=tmp_path) == []


@pytest.mark.workflow
def test_the_dry_run_refuses_it_from_the_labels_of_a_csv_file(tmp_path):
    """The target column alone is read (not the matrix): refused before the first job."""
    _small_class_study(tmp_path, "rows")
    workdir = workflow_dir(tmp_path, small_class_config())
    result = run_snakemake(workdir, "-n")
    assert result.returncode != 0
    assert f"  - {SMALL_CLASS_PROBLEM}" in result.stdout + result.stderr
    assert not (workdir / "data").exists()
    assert not (workdir / "logs").exists()


@pytest.mark.workflow
def test_the_prefilter_job_refuses_it_and_the_next_start_before_any_job(tmp_path):
    """Genes in rows: the labels are known once the matrix is fetched."""
    _small_class_study(tmp_path, "genes")
    config = small_class_config()
    config["datasets"]["study"]["source"] = GENES_IN_ROWS
    workdir = workflow_dir(tmp_path, config)
    result = run_snakemake(workdir, "--cores", "1")
    assert result.returncode != 0
    log = (workdir / "logs" / "study" / "prefilter.log").read_text()
    assert SMALL_CLASS_PROBLEM in log
    assert not (workdir / "results" / "study" / "resamples.parquet").exists()
    again = run_snakemake(workdir, "--cores", "1")
    assert again.returncode != 0
    assert f"  - {SMALL_CLASS_PROBLEM}" in again.stdout + again.stderr
    assert "Select jobs to execute" not in again.stdout + again.stderr  # no job started
