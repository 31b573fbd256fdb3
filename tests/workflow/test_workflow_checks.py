"""Mistakes caught before any selection job (issue 16): what the configuration alone shows and
what the data show once fetched, each naming the key at fault."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from fsstab.workflow.checks import (
    check_prefiltered_dataset,
    check_stored_datasets,
    configuration_problems,
    dataset_problems,
    dataset_warnings,
)
from fsstab.workflow.config import ConfigError, check_config, load_schema, validate_schema

REPO = Path(__file__).resolve().parents[2]
SCHEMA = load_schema(REPO / "config" / "schemas" / "config.schema.yaml")

BASE = {
    "datasets": {
        "toy": {"source": {"source": "synthetic:informative", "n_samples": 40,
                           "n_features": 30, "random_state": 0}},
    },
    "selectors": {
        "lasso": {"class": "LassoSelector", "calibrate_target_k": 5},
        "hybrid": {"class": "HybridRFE", "params": {"n_features_to_select": 4},
                   "grid": {"n_forced": [0, 2]}, "sweep": {"final_C": [0.1, 1.0]}},
    },
    "measures": {"names": ["nogueira"]},
}


def expand(raw):
    return check_config(validate_schema(copy.deepcopy(raw), SCHEMA))


def raw_of(raw):
    """The schema-valid configuration with defaults, as configuration_problems takes it."""
    return validate_schema(copy.deepcopy(raw), SCHEMA)


def test_a_valid_configuration_has_no_problems(tmp_path):
    assert configuration_problems(raw_of(BASE), base_dir=tmp_path) == []


def test_these_problems_come_with_check_configs_own():
    from fsstab.workflow.checks import checked_workflow

    raw = copy.deepcopy(BASE)
    raw["selectors"]["hybrid"]["grid"]["n_forced"] = [6]
    raw["selectors"]["typo"] = {"class": "LassoSelectr"}
    with pytest.raises(ConfigError) as info:
        checked_workflow(raw, SCHEMA, problems=["an earlier problem"])
    problems = info.value.problems
    assert problems[0] == "an earlier problem"
    assert problems[1].startswith("selectors.typo.class: unknown selector 'LassoSelectr'")
    assert problems[2].startswith("selectors.hybrid.grid.n_forced: n_forced=6 exceeds")
    assert len(problems) == 3


def test_forced_features_beyond_the_selected_ones():
    raw = copy.deepcopy(BASE)
    raw["selectors"]["hybrid"]["grid"]["n_forced"] = [0, 6]
    problems = configuration_problems(raw_of(raw))
    assert problems == [
        "selectors.hybrid.grid.n_forced: n_forced=6 exceeds n_features_to_select=4 "
        "(configuration hybrid_n_forced-6); at most the selected features can be forced in"
    ]
    # a swept n_features_to_select names the variant
    raw["selectors"]["hybrid"]["grid"]["n_forced"] = [3]
    raw["selectors"]["hybrid"]["params"] = {}
    raw["selectors"]["hybrid"]["sweep"] = {"n_features_to_select": [2, 5]}
    problems = configuration_problems(raw_of(raw))
    assert problems == [
        "selectors.hybrid.grid.n_forced: n_forced=3 exceeds n_features_to_select=2 "
        "(configuration hybrid_n_forced-3:n_features_to_select-2); at most the selected "
        "features can be forced in"
    ]


def test_sizes_above_a_prefilter_size_are_known_from_the_configuration():
    raw = copy.deepcopy(BASE)
    raw["datasets"]["toy"]["prefilter"] = {"n_features": 3}
    problems = configuration_problems(raw_of(raw))
    assert (
        "selectors.lasso.calibrate_target_k: 5 features exceed the 3 features "
        "datasets.toy.prefilter.n_features keeps (d = 3)" in problems
    )
    assert (
        "selectors.hybrid.params.n_features_to_select: n_features_to_select=4 exceeds the 3 "
        "features datasets.toy.prefilter.n_features keeps (d = 3; configuration "
        "hybrid_n_forced-0)" in problems
    )
    # a fraction is not a count
    raw["datasets"]["toy"]["prefilter"] = {"n_features": 0.5}
    assert configuration_problems(raw_of(raw)) == []


def test_binary_selectors_on_classes_the_spec_keeps():
    raw = copy.deepcopy(BASE)
    raw["datasets"]["wine"] = {"source": {"source": "sklearn:wine", "multiclass": True,
                                          "classes": ["class_0", "class_1", "class_2"]}}
    problems = configuration_problems(raw_of(raw))
    assert problems == [
        "selectors.hybrid: HybridRFE supports binary classification only, but dataset 'wine' "
        "has 3 classes (configuration hybrid_n_forced-0); restrict the selector with "
        "'datasets:', or keep two classes with 'classes: [a, b]' in the source",
        "selectors.hybrid: HybridRFE supports binary classification only, but dataset 'wine' "
        "has 3 classes (configuration hybrid_n_forced-2); restrict the selector with "
        "'datasets:', or keep two classes with 'classes: [a, b]' in the source",
    ]
    raw["selectors"]["hybrid"]["datasets"] = ["toy"]
    raw["selectors"]["lasso"]["datasets"] = ["wine"]  # the LASSO handles several classes
    assert configuration_problems(raw_of(raw)) == []


def test_a_missing_local_file_names_the_folder(tmp_path):
    raw = copy.deepcopy(BASE)
    raw["datasets"]["mine"] = {"source": "file:expression.csv"}
    problems = configuration_problems(raw_of(raw), base_dir=tmp_path)
    assert problems == [
        f"datasets.mine.source: 'file:expression.csv': no such file expression.csv in "
        f"{tmp_path.resolve()} (a relative path is resolved against the working directory -- "
        "Snakemake's --directory; give an absolute path to use a file elsewhere)"
    ]
    (tmp_path / "expression.csv").write_text("g1,label\n1,a\n2,b\n")
    assert configuration_problems(raw_of(raw), base_dir=tmp_path) == []


def test_data_problems_once_d_n_and_the_classes_are_known():
    workflow = expand(BASE)
    assert dataset_problems(workflow, "toy", n_features=30, class_counts={"a": 20, "b": 20}) \
        == []
    problems = dataset_problems(workflow, "toy", n_features=3,
                                class_counts={"a": 20, "b": 19, "c": 1})
    assert problems[0] == (
        "datasets.toy: class(es) with fewer than 2 samples ('c': 1); a class must be able to "
        "appear in a training set and in a test set. Drop it with 'classes:' or merge it into "
        "another class"
    )
    assert (
        "selectors.lasso.calibrate_target_k: 5 features exceed the features of dataset 'toy' "
        "after prefiltering (d = 3)" in problems
    )
    assert any(p.startswith("selectors.hybrid.params.n_features_to_select: "
                            "n_features_to_select=4 exceeds") for p in problems)
    assert any("HybridRFE supports binary classification only, but dataset 'toy' has 3 "
               "classes" in p for p in problems)


def test_small_data_get_a_warning():
    assert dataset_warnings("toy", n_samples=40, class_counts={"a": 20, "b": 20}) == []
    (warning,) = dataset_warnings("toy", n_samples=3, class_counts={"a": 2, "b": 1})
    assert warning.startswith("dataset 'toy' has 3 samples (a: 2, b: 1); with fewer than 10")


def test_the_prefilter_job_and_the_stored_datasets_are_checked(tmp_path):
    from fsstab.datasets import write_dataset
    from fsstab.workflow.data import fetch_dataset, prefilter_dataset

    raw = copy.deepcopy(BASE)
    raw["selectors"]["hybrid"]["params"]["n_features_to_select"] = 35
    config = validate_schema(raw, SCHEMA)
    ds, _ = prefilter_dataset(fetch_dataset("toy", raw["datasets"]["toy"]["source"]),
                              n_features=None, log_transform=None)
    assert ds.n_features == 30
    with pytest.raises(ConfigError, match=r"n_features_to_select=35 exceeds the features of "
                                          r"dataset 'toy' after prefiltering \(d = 30"):
        check_prefiltered_dataset(config, ds)
    # stored by an earlier run: the next start of the workflow reports it
    write_dataset(ds, tmp_path / "toy")
    with pytest.raises(ConfigError, match="n_features_to_select=35"):
        check_stored_datasets(check_config(config), tmp_path)
    # ... unless the stored dataset was made with other settings (the prefilter remakes it)
    raw["datasets"]["toy"]["prefilter"] = {"n_features": 0.9}
    assert check_stored_datasets(expand(raw), tmp_path) == []


def test_bounds_that_cannot_be_met_and_fixed_x_knockoffs_are_refused_with_what_works():
    """Shah & Samworth's bound without assumption: q = 20 on p = 30 features needs
    pi_thr = (q²/(PFER p) + 1)/2 = (400/30 + 1)/2 > 1, and q <= isqrt(PFER p) = 5 works
    (PFER = 1); fixed-X knockoffs need n >= 2d + 1: 36 training rows (subsample 0.9 of 40)
    allow d <= 17."""
    raw = copy.deepcopy(BASE)
    raw["selectors"] = {
        "stabs": {"class": "StabilitySelection",
                  "params": {"selector": {"class": "FilterSelector"}, "q": 20, "pi_thr": None}},
        "knockoffs": {"class": "KnockoffSelector",
                      "params": {"knockoffs": "fixed", "task": "regression"}},
    }
    raw["resampling"] = {"scheme": "subsample", "params": {"fraction": 0.9}}
    workflow = expand(raw)
    problems = dataset_problems(workflow, "toy", n_features=30,
                                class_counts={"a": 20, "b": 20})
    stabs = [p for p in problems if p.startswith("selectors.stabs.params: ")]
    assert len(stabs) == 1, problems
    assert "q <= 5 works, or raise pfer" in stabs[0]
    assert "training sets of 36 rows, 30 features" in stabs[0]
    knock = [p for p in problems if p.startswith("selectors.knockoffs.params.knockoffs: ")]
    assert len(knock) == 1
    assert "n=36 and d=30: keep at most d=17 features" in knock[0]
    # p = 400: pi_thr = (400/400 + 1)/2 = 1 meets PFER 1; d = 17 = (36 - 1) // 2 fixed-X
    assert not [p for p in dataset_problems(workflow, "toy", n_features=400,
                                            class_counts={"a": 20, "b": 20})
                if p.startswith("selectors.stabs")]
    assert not [p for p in dataset_problems(workflow, "toy", n_features=17,
                                            class_counts={"a": 20, "b": 20})
                if p.startswith("selectors.knockoffs")]


def test_a_nested_knockoff_problem_names_its_key_path():
    raw = copy.deepcopy(BASE)
    raw["selectors"] = {"stabs": {"class": "StabilitySelection", "params": {
        "selector": {"class": "KnockoffSelector", "params": {"knockoffs": "fixed"}},
        "size_parameter": "max_features", "q": 2, "pi_thr": None}}}
    workflow = expand(raw)
    problems = dataset_problems(workflow, "toy", n_features=30,
                                class_counts={"a": 20, "b": 20})
    assert any(p.startswith("selectors.stabs.params.selector.params.knockoffs: fixed-X "
                            "knockoffs need n >= 2d + 1") for p in problems), problems
