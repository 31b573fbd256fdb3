"""Nested evaluation of the choice (``evaluation.nested``): the procedure against a two-fold case
built by hand from the selectors and the resampling primitives, the configuration key, and the
example configuration end to end with patients (groups) at both levels."""

from __future__ import annotations

import dataclasses
import json
import math
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow.parquet as pq
import pytest
import yaml
from conftest import run_snakemake, workflow_dir
from scipy import stats

from fsstab.datasets import read_dataset, resampling_labels
from fsstab.prefilter import prefilter
from fsstab.resampling import make_resamples, read_resamples
from fsstab.seeds import derive_seed
from fsstab.selectors import FilterSelector
from fsstab.synthetic import informative
from fsstab.workflow.checks import checked_workflow
from fsstab.workflow.config import ConfigError, load_schema
from fsstab.workflow.nested import (
    chosen_configurations,
    fold_dataset,
    inner_stability,
    nested_summary,
    outer_resamples,
    outer_results,
    outer_test_fraction,
)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "config" / "examples" / "nested_patient_study.yaml"
SCHEMA = ROOT / "config" / "schemas" / "config.schema.yaml"

SEED = 3
INNER_M = 4
SIZES = {"top2": 2, "top5": 5}


def _spec(config_id: str, k: int) -> dict:
    return {"id": config_id, "selector": config_id, "class": "FilterSelector",
            "params": {"method": "welch_t", "n_features_to_select": k}, "grid": {},
            "variants": [{"id": "default", "params": {}}], "calibrate_target_k": None}


def _grouped_dataset():
    # 48 samples of 24 patients (two each), 10 features, 2 of them informative
    ds = informative(n_samples=48, n_features=10, n_informative=2, effect_size=1.2,
                     random_state=11)
    return dataclasses.replace(ds, sample_groups=tuple(f"p{i // 2:02d}" for i in range(48)))


def _by_hand_fold(ds, train_rows, test_rows, j):
    """The procedure of one outer fold written out: inner resamples of the training part
    (drawn by the resampling primitive under the inner seed), each configuration fitted on
    every inner training set and scored on its test set, the mean accuracies, the choice by
    γ = 1 (the best mean accuracy), the refit on the whole training part and its accuracy on
    the outer test part."""
    groups = np.asarray(ds.sample_groups)
    X, y = ds.X[train_rows], ds.y[train_rows]
    inner_seed = derive_seed(SEED, "nested", j)
    inner = make_resamples(y, "subsample", INNER_M,
                           random_state=derive_seed(inner_seed, ds.name, "resampling"),
                           groups=tuple(groups[train_rows]), fraction=0.75)
    for train, test in inner:          # patients are held out whole inside the part too
        assert not set(groups[train_rows][train]) & set(groups[train_rows][test])
    means = {}
    for config_id, k in SIZES.items():
        scores = [FilterSelector(method="welch_t", n_features_to_select=k).fit(
            X[train], y[train]).score(X[test], y[test]) for train, test in inner]
        means[config_id] = float(np.mean(scores))
    assert means["top2"] != means["top5"]          # the case has a unique best
    best = max(means, key=means.get)
    refit = FilterSelector(method="welch_t", n_features_to_select=SIZES[best]).fit(
        ds.X[train_rows], ds.y[train_rows])
    outer_score = refit.score(ds.X[test_rows], ds.y[test_rows])
    return best, means[best], float(outer_score), np.flatnonzero(refit.support_)


def test_two_outer_folds_against_the_procedure_by_hand():
    ds = _grouped_dataset()
    groups = np.asarray(ds.sample_groups)
    outer = outer_resamples(ds, seed=SEED, outer=2, repeats=1)
    # two folds partition the samples, each patient on one side
    assert sorted(np.concatenate(outer.test).tolist()) == list(range(48))
    for train, test in outer:
        assert not set(groups[train]) & set(groups[test])
        assert sorted([*train, *test]) == list(range(48))
    specs = {c: _spec(c, k) for c, k in SIZES.items()}
    resampling = {"scheme": "subsample", "n_resamples": INNER_M, "params": {"fraction": 0.75}}
    folds = []
    for j in range(2):
        rows = [inner_stability(ds, outer, j, spec, seed=SEED, resampling=resampling,
                                measures=["nogueira"], measure_params={}, similarity=None,
                                confidence_level=0.95, rank_cap=10)
                for spec in specs.values()]
        summary = pd.concat([r.to_pandas() for r in rows], ignore_index=True)
        choices = chosen_configurations(summary, ["nogueira"], gammas=[1.0], acc_const=0.025,
                                        stab_const=0.1, random_state=0)
        result = outer_results(ds, outer, j, choices, specs, {}, seed=SEED, rank_cap=10)
        best, inner_best, outer_score, selected = _by_hand_fold(ds, outer.train[j],
                                                                outer.test[j], j)
        by_gamma = result[result["rule"] == "gamma=1"].iloc[0]
        assert by_gamma["configuration"] == best
        assert by_gamma["inner_score"] == pytest.approx(inner_best)
        assert by_gamma["outer_score"] == pytest.approx(outer_score)
        assert list(by_gamma["selected"]) == selected.tolist()
        folds.append((result, outer_score, inner_best, selected))
    table = pd.concat([f[0] for f in folds], ignore_index=True)
    # ρ₀ = test patients / patients = 12/24: the corrected se is s·√(1/2 + 1)
    rho = outer_test_fraction(ds, outer)
    assert rho == pytest.approx(0.5)
    summary = nested_summary(table, score="accuracy", d=ds.n_features, test_fraction=rho)
    row = summary[summary["rule"] == "gamma=1"].iloc[0]
    a, b = folds[0][1], folds[1][1]
    mean = (a + b) / 2
    s = abs(a - b) / math.sqrt(2)                 # sd of two values
    se = s * math.sqrt(1 / 2 + 1)
    half = stats.t.ppf(0.975, 1) * se
    assert row["outer_mean"] == pytest.approx(mean)
    assert row["outer_se"] == pytest.approx(s / math.sqrt(2))
    assert row["outer_se_corrected"] == pytest.approx(se)
    assert row["outer_low"] == pytest.approx(max(0.0, mean - half))
    assert row["outer_high"] == pytest.approx(min(1.0, mean + half))
    inner = (folds[0][2] + folds[1][2]) / 2
    assert row["inner_mean"] == pytest.approx(inner)
    assert row["optimism"] == pytest.approx(inner - mean)
    labels = [folds[0][0].loc[folds[0][0]["rule"] == "gamma=1", "label"].iloc[0],
              folds[1][0].loc[folds[1][0]["rule"] == "gamma=1", "label"].iloc[0]]
    assert row["most_chosen_folds"] == (2 if labels[0] == labels[1] else 1)
    assert json.loads(row["choices"]) == {label: labels.count(label) for label in labels}
    # φ of two sets (Nogueira et al. 2018, eq. 3): per feature the unbiased variance of its
    # selection over M = 2 runs, 2·p(1 − p) with p its frequency, against k̄/d·(1 − k̄/d)
    sets = [set(folds[0][3].tolist()), set(folds[1][3].tolist())]
    d = ds.n_features
    p = np.array([sum(f in s for s in sets) / 2 for f in range(d)])
    k_bar = (len(sets[0]) + len(sets[1])) / 2
    phi = 1 - np.mean(2 * p * (1 - p)) / (k_bar / d * (1 - k_bar / d))
    assert row["features_phi"] == pytest.approx(phi)


def test_the_prefilter_is_fitted_on_the_outer_training_part_only():
    # 48 samples of 24 patients, 10 features, the 5 of largest variance kept. One feature of
    # low variance gets a large spread on the outer test rows of fold 0 only: on all samples it
    # is among the 5 most variable, on the training part it is not
    raw = _grouped_dataset()
    raw = dataclasses.replace(raw, X=raw.X.copy())
    outer = outer_resamples(raw, seed=SEED, outer=2, repeats=1)   # by y and groups only
    train, test = outer.train[0], outer.test[0]
    planted = int(np.argmin(raw.X[train].var(axis=0, ddof=1)))
    raw.X[test, planted] *= 25.0
    params = {"n_features": 5, "log_transform": None, "holdout": None}
    ds, _ = prefilter(raw, n_features=5)              # what the workflow's prefilter keeps
    by_hand_all = np.sort(np.argsort(-raw.X.var(axis=0, ddof=1), kind="stable")[:5])
    by_hand_train = np.sort(np.argsort(-raw.X[train].var(axis=0, ddof=1), kind="stable")[:5])
    assert planted in by_hand_all
    assert planted not in by_hand_train
    assert ds.feature_names == tuple(raw.feature_names[i] for i in by_hand_all)

    fold, columns = fold_dataset(raw, ds, outer, 0, params)
    assert columns.tolist() == by_hand_train.tolist()
    assert fold.n_samples == raw.n_samples                    # the test part kept, filtered
    np.testing.assert_array_equal(fold.X, raw.X[:, by_hand_train])

    # the procedure runs on the training part's features: the inner stability over d = 5 of
    # them, the refit selects among them and reports columns of the unfiltered data
    spec = _spec("top2", 2)
    resampling = {"scheme": "subsample", "n_resamples": INNER_M, "params": {"fraction": 0.75}}
    summary = inner_stability(fold, outer, 0, spec, seed=SEED, resampling=resampling,
                              measures=["nogueira"], measure_params={}, similarity=None,
                              confidence_level=0.95, rank_cap=10).to_pandas()
    choices = chosen_configurations(summary, ["nogueira"], gammas=[1.0], acc_const=0.025,
                                    stab_const=0.1, random_state=0)
    result = outer_results(fold, outer, 0, choices, {"top2": spec}, {}, seed=SEED,
                           rank_cap=10, columns=columns)
    refit = FilterSelector(method="welch_t", n_features_to_select=2).fit(
        raw.X[train][:, by_hand_train], raw.y[train])
    expected = by_hand_train[np.flatnonzero(refit.support_)]
    row = result[result["rule"] == "gamma=1"].iloc[0]
    assert list(row["selected"]) == expected.tolist()
    assert row["outer_score"] == pytest.approx(
        refit.score(raw.X[test][:, by_hand_train], raw.y[test]))


def _example(tmp_path: Path) -> dict:
    config = yaml.safe_load(EXAMPLE.read_text())
    (tmp_path / ".test" / "data").mkdir(parents=True)
    for name in ("study_expression.csv", "study_samples.tsv"):
        shutil.copy(ROOT / ".test" / "data" / name, tmp_path / ".test" / "data" / name)
    return config


def test_the_nested_key_is_checked_with_the_configuration(tmp_path):
    config = _example(tmp_path)
    config["evaluation"] = {"nested": {"outer": 1}}
    with pytest.raises(ConfigError, match=r"evaluation.nested.outer"):
        checked_workflow(config, load_schema(SCHEMA), base_dir=tmp_path)
    config["evaluation"] = {"nested": {"repeats": 2}}
    with pytest.raises(ConfigError, match=r"evaluation.nested"):
        checked_workflow(config, load_schema(SCHEMA), base_dir=tmp_path)


@pytest.mark.workflow
def test_the_nested_example_runs_with_patients_at_both_levels(tmp_path):
    config = _example(tmp_path)
    config["resampling"]["n_resamples"] = 4
    config["evaluation"]["nested"] = {"outer": 2, "repeats": 1}
    workdir = workflow_dir(tmp_path, config)
    result = run_snakemake(workdir, "--cores", "2", timeout=1800)
    assert result.returncode == 0, result.stderr[-5000:]
    results = workdir / "results" / "nested_patient_study" / "biopsies"
    ds = read_dataset(workdir / "data" / "biopsies")
    groups = np.asarray(ds.sample_groups)
    outer = read_resamples(results / "nested" / "outer_splits.parquet",
                           y=resampling_labels(ds), groups=ds.sample_groups)
    assert len(outer) == 2
    for train, test in outer:
        assert not set(groups[train]) & set(groups[test])
    summary = pq.read_table(results.parent / "biopsies" / "nested.parquet").to_pandas()
    # every (Pareto measure, rule): γ = 0.5, the ε-constraint, one-SE
    assert set(zip(summary["measure"], summary["rule"], strict=True)) == {
        (m, r) for m in ("nogueira", "sechidis") for r in ("gamma=0.5", "epsilon", "one_se")}
    assert (summary["n_outer"] == 2).all()
    folds = pd.concat([pq.read_table(results / "nested" / f"o00{j}" / "outer.parquet")
                       .to_pandas() for j in range(2)], ignore_index=True)
    for _, part in folds.groupby(["measure", "rule"]):
        row = summary[(summary["measure"] == part["measure"].iloc[0])
                      & (summary["rule"] == part["rule"].iloc[0])].iloc[0]
        assert row["outer_mean"] == pytest.approx(part["outer_score"].mean())
        assert row["inner_mean"] - row["outer_mean"] == pytest.approx(row["optimism"])
    html = (results / "report" / "nested.html").read_text()
    assert "of 2 outer folds; outer accuracy" in html
    assert (results.parent / "biopsies" / "nested.csv").exists()
