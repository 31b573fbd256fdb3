"""The workflow's stages on a continuous and a survival outcome (issue 22): runs scored by R²
and RMSE or a C-index (checked against scikit-learn and scikit-survival on a refit made here),
the stability summary, the Pareto decisions and the cross-dataset rank on the score (checked
on hand-made cases), the summary table with its intervals, and the configuration check."""

from __future__ import annotations

import math

import pandas as pd
import pytest
from scipy import stats
from sklearn.metrics import mean_squared_error, r2_score

from fsstab.selectors import FilterSelector, LassoSelector
from fsstab.synthetic import generate
from fsstab.workflow.answers import scored_summary_frame, summary_html
from fsstab.workflow.data import draw_resamples
from fsstab.workflow.decisions import pareto_arrow, pareto_table, rank_table
from fsstab.workflow.outcome_checks import outcome_dataset_problems, outcome_warnings
from fsstab.workflow.selection import select_chunk
from fsstab.workflow.stability import stability_table

LASSO = {"id": "lasso", "selector": "lasso", "class": "LassoSelector",
         "params": {"target_k": 3}, "grid": {}, "variants": [{"id": "default", "params": {}}],
         "calibrate_target_k": None}
COX_FILTER = {"id": "cox", "selector": "cox", "class": "FilterSelector",
              "params": {"method": "cox", "n_features_to_select": 3}, "grid": {},
              "variants": [{"id": "default", "params": {}}], "calibrate_target_k": None}


@pytest.fixture(scope="module")
def linear():
    return generate("linear", n_samples=60, n_features=12, n_relevant=3, random_state=4)


@pytest.fixture(scope="module")
def cox():
    return generate("cox", n_samples=80, n_features=10, n_relevant=2, random_state=6)


def test_regression_runs_are_scored_by_r2_and_rmse(linear):
    resamples = draw_resamples(linear, seed=1, scheme="bootstrap", n_resamples=3, params={})
    tables = select_chunk(linear, resamples, LASSO, [0, 1, 2], seed=1, rank_cap=5)
    runs = tables["runs"]
    assert runs.column_names == ["resample", "variant", "n_train", "n_test", "n_selected",
                                 "r2", "rmse", "ranked", "backend"]
    for r in range(3):
        train, test = resamples.train[r], resamples.test[r]
        refit = LassoSelector(task="regression", target_k=3).fit(linear.X[train],
                                                                 linear.y[train])
        prediction = refit.predict(linear.X[test])
        assert runs.column("r2")[r].as_py() == pytest.approx(
            r2_score(linear.y[test], prediction), rel=1e-12)
        assert runs.column("rmse")[r].as_py() == pytest.approx(
            math.sqrt(mean_squared_error(linear.y[test], prediction)), rel=1e-12)
    table = stability_table(runs, tables["features"], dataset="linear", spec=LASSO,
                            d=linear.n_features, measures=["nogueira"], measure_params={},
                            rank_cap=5, random_state=0,
                            n_samples=linear.n_samples).to_pylist()[0]
    r2 = runs.column("r2").to_numpy()
    assert table["r2_mean"] == pytest.approx(r2.mean())
    assert table["r2_se"] == pytest.approx(r2.std(ddof=1) / math.sqrt(3))
    # bootstrap: the out-of-bag rows are the test rows, the distinct in-bag rows the rest
    rho = runs.column("n_test").to_numpy().mean() / linear.n_samples
    assert table["test_fraction"] == pytest.approx(rho)
    assert table["r2_se_corrected"] == pytest.approx(
        r2.std(ddof=1) * math.sqrt(1 / 3 + rho / (1 - rho)))
    assert table["rmse_mean"] == pytest.approx(runs.column("rmse").to_numpy().mean())
    assert "accuracy_mean" not in table


def test_survival_runs_are_scored_by_the_c_index(cox):
    from sksurv.metrics import concordance_index_censored

    resamples = draw_resamples(cox, seed=2, scheme="subsample", n_resamples=3,
                               params={"fraction": 0.7})
    tables = select_chunk(cox, resamples, COX_FILTER, [0, 1, 2], seed=2, rank_cap=5)
    runs = tables["runs"]
    # 30 % censored: Harrell's C-index (scikit-survival's implementation as the reference)
    assert "c_index" in runs.column_names
    assert "c_index_uno" not in runs.column_names
    for r in range(3):
        train, test = resamples.train[r], resamples.test[r]
        risk = FilterSelector(task="survival", method="cox", n_features_to_select=3).fit(
            cox.X[train], cox.y[train]).predict(cox.X[test])
        expected = concordance_index_censored(cox.y["event"][test], cox.y["time"][test],
                                              risk)[0]
        assert runs.column("c_index")[r].as_py() == pytest.approx(expected, rel=1e-12)


def test_accuracy_model_is_refused_outside_classification(linear):
    resamples = draw_resamples(linear, seed=1, scheme="bootstrap", n_resamples=2, params={})
    with pytest.raises(ValueError, match=r"accuracy_model applies to classification, not to "
                                         r"task regression"):
        select_chunk(linear, resamples, LASSO, [0], seed=1, rank_cap=5,
                     accuracy_model={"class": "KNeighborsClassifier"})


def _r2_summary() -> pd.DataFrame:
    # four configurations of one regression dataset, M = 10 runs each
    return pd.DataFrame({
        "dataset": ["reg"] * 4, "label": ["a", "b", "c", "d"],
        "configuration": ["a", "b", "c", "d"], "variant": ["default"] * 4,
        "selector": ["a", "b", "c", "d"], "class": ["LassoSelector"] * 4,
        "n_runs": [10] * 4, "n_features": [20] * 4, "mean_n_selected": [3.0, 4.0, 5.0, 3.0],
        "r2_mean": [0.30, 0.45, 0.50, 0.20], "r2_se": [0.02, 0.03, 0.05, 0.01],
        "rmse_mean": [9.0, 8.0, 7.5, 9.5], "rmse_se": [0.1, 0.2, 0.3, 0.1],
        "nogueira": [0.90, 0.70, 0.40, 0.60],
        "nogueira_ci_low": [0.8, 0.6, 0.3, 0.5], "nogueira_ci_high": [1.0, 0.8, 0.5, 0.7],
    })


def test_pareto_decisions_on_r2_by_hand():
    table = pareto_table(_r2_summary(), ["nogueira"], gammas=[0.5, 0.9], acc_const=0.06,
                         stab_const=0.1, random_state=0)
    assert "r2" in table.columns
    assert "accuracy" not in table.columns
    by = table.set_index("label")
    # d (0.20, 0.60) is dominated by a (0.30, 0.90); a, b, c trade R² for stability
    assert by["non_dominated"].to_dict() == {"a": True, "b": True, "c": True, "d": False}
    # γ = 0.5: 0.5·R² + 0.5·φ = 0.60, 0.575, 0.45, 0.40 -> a; γ = 0.9: 0.36, 0.475, 0.49 -> c
    assert by.loc["a", "chosen_gammas"] == [0.5]
    assert by.loc["c", "chosen_gammas"] == [0.9]
    # ε-constraint: R² within 0.06 of the best (0.50): b and c; the best φ among them, b
    # (0.70), and every one within 0.1 of it -- b alone; then the best R²: b
    assert by["epsilon_choice"].to_dict() == {"a": False, "b": True, "c": False, "d": False}
    # hull of (0.30, 0.90), (0.45, 0.70), (0.50, 0.40): the γ where a and b tie is
    # 0.2 / (0.15 + 0.2) = 4/7, where b and c tie 0.3 / (0.05 + 0.3) = 6/7
    assert by.loc["a", "gamma_hi"] == pytest.approx(4 / 7)
    assert by.loc["b", "gamma_lo"] == pytest.approx(4 / 7)
    assert by.loc["b", "gamma_hi"] == pytest.approx(6 / 7)
    arrow = pareto_arrow(table)
    assert arrow.column_names[6] == "r2"


def test_rank_across_datasets_of_different_tasks():
    summary = pd.concat([
        _r2_summary().drop(columns=["rmse_mean", "rmse_se"]),
        pd.DataFrame({
            "dataset": ["cls"] * 4, "label": ["a", "b", "c", "d"],
            "configuration": ["a", "b", "c", "d"], "variant": ["default"] * 4,
            "accuracy_mean": [0.70, 0.80, 0.75, 0.90], "nogueira": [0.5, 0.6, 0.4, 0.3],
        }),
    ], ignore_index=True)
    ranks = rank_table(summary, ["nogueira"]).set_index("label")["non_dominated_rank"]
    # rank = 1 + the number of dominating configurations. Regression (R², φ): a, b, c
    # undominated, d dominated by a and b (rank 3); classification (accuracy, φ): b dominates
    # a and c (rank 2), b and d undominated
    assert ranks.to_dict() == {"b": 1.0, "a": 1.5, "c": 1.5, "d": 2.0}


def test_summary_table_of_a_regression_by_hand():
    frame = scored_summary_frame(_r2_summary(), ["nogueira"], confidence_level=0.9)
    columns = list(frame.columns)
    start = columns.index("r2_mean")
    assert columns[start:start + 11] == [
        "r2_mean", "r2_se", "r2_low", "r2_high", "rmse_mean", "rmse_se", "rmse_low",
        "rmse_high", "nogueira", "nogueira_ci_low", "nogueira_ci_high"]
    t = stats.t.ppf(0.95, 9)
    assert frame["r2_low"].tolist() == pytest.approx([0.30 - t * 0.02, 0.45 - t * 0.03,
                                                      0.50 - t * 0.05, 0.20 - t * 0.01])
    assert frame["rmse_high"][2] == pytest.approx(7.5 + t * 0.3)
    page = summary_html(_r2_summary(), pd.DataFrame(columns=["label", "measure",
                                                             "chosen_gammas", "epsilon_choice"]),
                        dataset="reg", measures=["nogueira"])
    assert "R² [95 % CI]" in page
    assert "RMSE [95 % CI]" in page
    assert "accuracy" not in page


def test_outcome_data_problems_and_warnings():
    assert outcome_dataset_problems("s", {"task": "survival", "n": 30, "events": 1}) == [
        "datasets.s: 1 event(s) among 30 samples; a survival outcome needs at least 2 (an "
        "event in a training set and one in a test set)"]
    assert outcome_dataset_problems("s", {"task": "survival", "n": 30, "events": 2}) == []
    assert "8 events among 30 samples" in outcome_warnings(
        "s", {"task": "survival", "n": 30, "events": 8})[0]
    assert outcome_warnings("s", {"task": "survival", "n": 30, "events": 10}) == []
    assert "has 12 samples" in outcome_warnings("r", {"task": "regression", "n": 12})[0]
