"""A continuous and a survival outcome through the workflow (issue 22): the example
configurations, reduced, run end to end (tables, figures, stable features, report tables);
the runs' scores are checked against scikit-learn and scikit-survival on refits made here,
the resamples against the strata derived here; selectors that cannot serve a dataset's task
are refused with the configuration."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow.parquet as pq
import pytest
import yaml
from conftest import run_snakemake, workflow_dir
from scipy import stats

from fsstab.datasets import read_dataset
from fsstab.resampling import read_resamples
from fsstab.selectors import FilterSelector, LassoSelector, selectors_for_task
from fsstab.workflow.checks import checked_workflow
from fsstab.workflow.config import ConfigError, load_schema

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "config" / "schemas" / "config.schema.yaml"


def _example(name: str, tmp_path: Path) -> dict:
    """An example configuration with its local files copied below ``tmp_path``."""
    config = yaml.safe_load((ROOT / "config" / "examples" / f"{name}.yaml").read_text())
    for entry in config["datasets"].values():
        source = entry["source"]
        if isinstance(source, dict):
            for path in (source["source"].removeprefix("file:"), source.get("samples")):
                if path and (ROOT / path).is_file():
                    (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy(ROOT / path, tmp_path / path)
    return config


def _problems(config: dict, tmp_path: Path) -> list[str]:
    with pytest.raises(ConfigError) as error:
        checked_workflow(config, load_schema(SCHEMA), base_dir=tmp_path)
    return error.value.problems


def test_selectors_that_cannot_serve_a_task_are_refused(tmp_path):
    config = _example("metastasis", tmp_path)
    config["selectors"]["hybrid"] = {"class": "HybridRFE", "params": {"n_features_to_select": 5}}
    config["selectors"]["welch"] = {"class": "FilterSelector",
                                    "params": {"method": "welch_t", "n_features_to_select": 5}}
    config["accuracy_model"] = {"class": "KNeighborsClassifier"}
    # the roster grows with the registry; the refusal is what is checked here
    survival = ", ".join(selectors_for_task("survival"))
    assert {"LassoSelector", "RandomForestSelector"} <= set(survival.split(", "))
    assert "HybridRFE" not in survival
    assert _problems(config, tmp_path) == [
        "accuracy_model: a classifier scores the selections of classification datasets only, "
        "but dataset 'transbig' has task survival (datasets.transbig.source.task); remove "
        "accuracy_model (each selection is then scored by its own model)",
        "selectors.hybrid: HybridRFE serves classification, not survival, but dataset "
        "'transbig' has task survival (datasets.transbig.source.task); selectors for "
        f"survival: {survival} (restrict this selector with 'datasets:')",
        "selectors.welch: filter 'welch_t' does not serve task 'survival'; filters for "
        "survival: cox, variance, but dataset 'transbig' has task survival "
        "(datasets.transbig.source.task); selectors for survival: "
        f"{survival} (restrict this selector with 'datasets:')",
    ]
    # a selector of continuous and survival outcomes on a classification dataset, and a
    # survival filter on the bundled regression data
    config = _example("diabetes", tmp_path)
    config["datasets"]["cancer"] = {"source": "sklearn:breast_cancer"}
    config["selectors"] = {
        "rfe": {"class": "LinearRFE", "params": {"n_features_to_select": 4},
                "grid": {"task": ["regression"]}},
        "cox": {"class": "FilterSelector", "params": {"method": "cox"}},
        "lasso": {"class": "LassoSelector", "params": {"C": 1.0}},
    }
    config["pareto"]["measures"] = ["nogueira"]
    config["measures"]["names"] = ["nogueira"]
    problems = _problems(config, tmp_path)
    assert len(problems) == 4
    assert problems.pop(0) == (
        "selectors.rfe.grid.task: a selector serves the task of each dataset it runs on "
        "(datasets.<name>.source.task); remove it")
    assert problems[0].startswith("selectors.rfe: LinearRFE serves regression, survival, not "
                                  "classification, but dataset 'cancer' has task "
                                  "classification (datasets.cancer.source); selectors for "
                                  "classification: LassoSelector")
    assert problems[1].startswith("selectors.cox: filter 'cox' does not serve task "
                                  "'regression'; filters for regression: f_test, mrmr")
    assert "but dataset 'diabetes' has task regression (datasets.diabetes.source)" in problems[1]
    assert problems[2].startswith("selectors.cox: filter 'cox' does not serve task "
                                  "'classification'")


def _strata(y: np.ndarray, bins: int = 5) -> np.ndarray:
    """Quintiles of y by counting: sample i lies in bin ⌊(#{j: y_j <= y_i} − 1) · 5 / n⌋, so
    tied targets share a bin (docs/outcomes.md)."""
    at_most = (y[None, :] <= y[:, None]).sum(axis=1)
    return (at_most - 1) * bins // y.size


@pytest.mark.workflow
def test_a_continuous_outcome_end_to_end(tmp_path):
    config = _example("diabetes", tmp_path)
    config["resampling"]["n_resamples"] = 4
    config["selectors"] = {k: config["selectors"][k] for k in ("lasso", "correlation")}
    config["measures"]["names"] = ["nogueira", "pearson", "sechidis"]
    config["pareto"]["measures"] = ["nogueira", "sechidis"]
    workdir = workflow_dir(tmp_path, config)
    result = run_snakemake(workdir, "--cores", "2")
    assert result.returncode == 0, result.stderr[-5000:]
    ds = read_dataset(workdir / "data" / "diabetes")
    assert ds.task == "regression"
    assert ds.X.shape == (442, 10)
    results = workdir / "results" / "diabetes" / "diabetes"
    strata = _strata(ds.y)
    resamples = read_resamples(results / "resamples.parquet", y=strata)
    for train in resamples.train:  # stratified bootstrap: n_c draws from every quintile
        assert np.bincount(strata[train]).tolist() == np.bincount(strata).tolist()
    C = json.loads((results / "select" / "lasso" / "calibration.json").read_text())["C"]
    for name, selector in (
        ("lasso", LassoSelector(task="regression", C=C)),
        ("correlation", FilterSelector(task="regression", method="pearson",
                                       n_features_to_select=4)),
    ):
        runs = pq.read_table(results / "select" / name / "runs.parquet").to_pandas()
        assert list(runs.columns[5:7]) == ["r2", "rmse"]
        for r in (0, 3):
            train, test = resamples.train[r], resamples.test[r]
            prediction = selector.fit(ds.X[train], ds.y[train]).predict(ds.X[test])
            residual = ds.y[test] - prediction
            r2 = 1 - residual @ residual / np.sum((ds.y[test] - ds.y[test].mean()) ** 2)
            assert runs["r2"][r] == pytest.approx(r2, rel=1e-10)
            assert runs["rmse"][r] == pytest.approx(np.sqrt(np.mean(residual ** 2)), rel=1e-10)
    summary = pd.read_csv(workdir / "results" / "diabetes" / "summary.csv")
    t = stats.t.ppf(0.975, 3)
    np.testing.assert_allclose(summary["r2_low"], summary["r2_mean"] - t * summary["r2_se"])
    # bootstrap: ρ₀ = mean out-of-bag rows / n, the corrected variance factor on s² is
    # 1/M + ρ₀/(1 − ρ₀) against the naive 1/M
    rho = np.mean([test.size for test in resamples.test]) / resamples.n_samples
    M = len(resamples)
    np.testing.assert_allclose(summary["r2_se_corrected"],
                               summary["r2_se"] * np.sqrt(M * (1 / M + rho / (1 - rho))))
    np.testing.assert_allclose(summary["r2_low_corrected"],
                               summary["r2_mean"] - t * summary["r2_se_corrected"])
    assert "accuracy_mean" not in summary.columns
    pareto = pq.read_table(results / "pareto.parquet")
    assert "r2" in pareto.column_names
    assert "accuracy" not in pareto.column_names
    stable = pd.read_csv(results / "stable_features.csv")
    assert set(stable["feature_name"]) <= set(ds.feature_names)
    assert "R² [95 % CI]" in (results / "report" / "summary.html").read_text()
    for figure in ("summary", "pareto/nogueira", "feature_maps/lasso"):
        assert (results / "figures" / f"{figure}.png").stat().st_size > 0


@pytest.mark.workflow
def test_a_time_to_event_end_to_end(tmp_path):
    from sksurv.metrics import concordance_index_ipcw

    config = _example("metastasis", tmp_path)
    config["resampling"]["n_resamples"] = 4
    config["selectors"] = {k: config["selectors"][k]
                           for k in ("cox_lasso", "cox_filter", "random_survival_forest")}
    config["selectors"]["random_survival_forest"]["params"]["n_estimators"] = 20
    config["measures"]["names"] = ["nogueira", "pearson", "intersection_count"]
    config["pareto"]["measures"] = ["nogueira"]
    workdir = workflow_dir(tmp_path, config)
    result = run_snakemake(workdir, "--cores", "2")
    assert result.returncode == 0, result.stderr[-5000:]
    ds = read_dataset(workdir / "data" / "transbig")
    sheet = pd.read_csv(tmp_path / ".test/data/metastasis_samples.tsv", sep="\t",
                        dtype={"sample": str})
    assert ds.task == "survival"
    assert ds.X.shape == (198, 76)
    assert ds.sample_ids == tuple(sheet["sample"])
    np.testing.assert_array_equal(ds.y["time"], sheet["t.tdm"].to_numpy(float))
    np.testing.assert_array_equal(ds.y["event"], sheet["e.tdm"].to_numpy() == 1)
    results = workdir / "results" / "metastasis" / "transbig"
    resamples = read_resamples(results / "resamples.parquet", y=ds.y["event"].astype(int))
    for train in resamples.train:  # stratified by the event: all 51 metastases drawn 51 times
        assert int(ds.y["event"][train].sum()) == 51
    C = json.loads((results / "select" / "cox_lasso" / "calibration.json").read_text())["C"]
    for name, selector in (
        ("cox_lasso", LassoSelector(task="survival", C=C)),
        ("cox_filter", FilterSelector(task="survival", method="cox", n_features_to_select=10)),
    ):
        runs = pq.read_table(results / "select" / name / "runs.parquet").to_pandas()
        # 147 of 198 censored (74 %): Uno's C-index; scikit-survival's with τ = the last
        # training time is the reference
        assert "c_index_uno" in runs.columns
        assert "c_index" not in runs.columns
        for r in range(4):
            train, test = resamples.train[r], resamples.test[r]
            risk = selector.fit(ds.X[train], ds.y[train]).predict(ds.X[test])
            expected = concordance_index_ipcw(ds.y[train], ds.y[test], risk,
                                              tau=ds.y["time"][train].max())[0]
            assert runs["c_index_uno"][r] == pytest.approx(expected, rel=1e-9)
    forest = pq.read_table(results / "select" / "random_survival_forest" / "runs.parquet")
    assert forest.column("n_selected").to_pylist() == [10] * 4
    summary = pd.read_csv(workdir / "results" / "metastasis" / "summary.csv")
    assert {"c_index_uno_mean", "c_index_uno_low", "c_index_uno_high"} <= set(summary.columns)
    assert (summary["c_index_uno_high"] <= 1).all()
    assert "C-index (Uno) [95 % CI]" in (results / "report" / "summary.html").read_text()
    for figure in ("summary", "pareto/nogueira", "feature_maps/cox_lasso"):
        assert (results / "figures" / f"{figure}.png").stat().st_size > 0
