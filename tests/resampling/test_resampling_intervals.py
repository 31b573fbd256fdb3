"""Corrected standard errors of resampled scores, against values derived by hand.

Every expected value below is worked out in the comments from the formulas of the papers
(Nadeau & Bengio 2003; Bouckaert & Frank 2004; Efron & Tibshirani 1997), not from the code.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from scipy import stats

from fsstab.outcomes import score_interval
from fsstab.resampling import (
    corrected_standard_error,
    held_out_fraction,
    loo_bootstrap,
    naive_standard_error,
    variance_factor,
)
from fsstab.workflow.answers import corrected_interval_columns, summary_frame
from fsstab.workflow.decisions import pareto_table
from fsstab.workflow.stability import run_test_fraction


def test_subsampling_by_hand():
    # four subsamples of 90 of 100 rows: n_test/n_train = 10/90 = 1/9.
    # scores 0.8, 0.9, 0.7, 0.85: mean 0.8125, squared deviations 0.00015625, 0.00765625,
    # 0.01265625, 0.00140625, sum 7/320, s² = 7/960; factor 1/4 + 1/9 = 13/36;
    # var = 7/960 · 13/36 = 91/34560
    scores = [0.8, 0.9, 0.7, 0.85]
    rho = held_out_fraction([10, 10, 10, 10], 100)
    assert rho == pytest.approx(0.1)
    assert variance_factor(4, rho) == pytest.approx(13 / 36)
    assert corrected_standard_error(scores, rho) == pytest.approx(math.sqrt(91 / 34560))
    assert naive_standard_error(scores) == pytest.approx(math.sqrt(7 / 960 / 4))


def test_repeated_kfold_by_hand():
    # Bouckaert & Frank: 5-fold CV repeated twice on 100 rows, M = 10 folds of 20 test rows;
    # n_test/n_train = 20/80 = 1/(k − 1) = 1/4. Five folds score 0.8 and five 0.9: mean 0.85,
    # every deviation ±0.05, s² = 10 · 0.0025 / 9; factor 1/10 + 1/4 = 0.35
    scores = [0.8, 0.9] * 5
    rho = held_out_fraction([20] * 10, 100)
    expected = math.sqrt(0.025 / 9 * 0.35)
    assert corrected_standard_error(scores, rho) == pytest.approx(expected)
    # the interval: 0.85 ± t_9 · se (t_9 = 2.262 at 95 %)
    low, high = score_interval([0.85], [expected], [10], "accuracy")
    t9 = stats.t.ppf(0.975, 9)
    assert low[0] == pytest.approx(0.85 - t9 * expected)
    assert high[0] == pytest.approx(0.85 + t9 * expected)


def test_bootstrap_uses_the_distinct_in_bag_rows():
    # 100 rows, out-of-bag sizes 36, 37, 38 (mean 37): ρ₀ = 0.37 and the factor is
    # 1/3 + 37/63 (out-of-bag over distinct in-bag rows), not 1/3 + 37/100 (over the draws)
    scores = [0.7, 0.8, 0.9]                      # s² = 0.01
    rho = held_out_fraction([36, 37, 38], 100)
    assert corrected_standard_error(scores, rho) == pytest.approx(
        math.sqrt(0.01 * (1 / 3 + 37 / 63)))


def test_corrected_over_naive_is_the_square_root_of_one_plus_m_rho_over_one_minus_rho():
    rng = np.random.default_rng(0)
    scores = rng.uniform(0.6, 0.9, size=30)
    for rho in (0.05, 0.1, 0.368):
        ratio = corrected_standard_error(scores, rho) / naive_standard_error(scores)
        assert ratio == pytest.approx(math.sqrt(1 + 30 * rho / (1 - rho)))


def test_undefined_and_bad_inputs():
    assert math.isnan(corrected_standard_error([0.8], 0.1))
    assert math.isnan(naive_standard_error([0.8]))
    assert math.isnan(corrected_standard_error([0.8, math.nan], 0.1))
    with pytest.raises(ValueError, match="strictly between 0 and 1"):
        corrected_standard_error([0.8, 0.9], 1.0)
    with pytest.raises(ValueError, match=r"1\.\.99"):
        held_out_fraction([10, 100], 100)
    with pytest.raises(ValueError, match="empty"):
        held_out_fraction([], 100)
    with pytest.raises(ValueError, match="n_units"):
        held_out_fraction([1], 1)


def test_groups_are_the_units_when_the_runs_record_them():
    # 12 patients: 3 held out in the first resample, 4 and 5 in the next two (mean 4):
    # ρ₀ = 4/12 whatever the number of rows (samples) those patients have
    runs = pa.table({"variant": ["v"] * 3, "n_test": [7, 9, 11],
                     "n_train_groups": pa.array([9, 8, 7], pa.int32()),
                     "n_test_groups": pa.array([3, 4, 5], pa.int32())})
    assert run_test_fraction(runs, "v", 30) == pytest.approx(1 / 3)
    # without groups the rows count: mean 9 of 30 rows
    assert run_test_fraction(runs.drop_columns(["n_train_groups", "n_test_groups"]), "v",
                             30) == pytest.approx(0.3)
    bad = runs.set_column(2, "n_train_groups", pa.array([9, 9, 7], pa.int32()))
    with pytest.raises(ValueError, match="different numbers of groups"):
        run_test_fraction(bad, "v", 30)


# -- Efron & Tibshirani (1997): the leave-one-out bootstrap ----------------------------------


def test_loo_bootstrap_by_hand():
    # n = 3 rows, B = 3 bootstraps drawing rows (0, 0, 1), (1, 2, 2), (0, 2, 2):
    # N = [[2, 0, 1], [1, 1, 0], [0, 2, 2]]; out of bag: row 2 in b1, row 0 in b2, row 1 in b3,
    # with losses 1, 0, 1. Ê = (0, 1, 1), Err⁽¹⁾ = 2/3.
    # q^b = (1/3) Σ_l I_l^b Q_l^b = (1/3, 0, 1/3); N̄ = (1, 2/3, 4/3);
    # Σ_b (N_i^b − N̄_i) q^b = (1/3, −1/9, −2/9); e_n = (2/3)^−3 = 27/8, / B: × 9/8
    # → (3/8, −1/8, −1/4). First term (2 + 1/2)(Ê_i − 2/3)/3 = (−5/9, 5/18, 5/18).
    # D = (−13/72, 11/72, 2/72), Σ D² = 294/5184, se = √294 / 72
    counts = np.array([[2, 0, 1], [1, 1, 0], [0, 2, 2]])
    losses = np.full((3, 3), 7.0)           # in-bag entries are never read
    losses[2, 0], losses[0, 1], losses[1, 2] = 1.0, 0.0, 1.0
    result = loo_bootstrap(losses, counts)
    assert result.estimate == pytest.approx(2 / 3)
    np.testing.assert_allclose(result.per_sample, [0.0, 1.0, 1.0])
    assert result.se == pytest.approx(math.sqrt(294) / 72)


def test_loo_bootstrap_of_a_constant_predictor_is_the_se_of_a_mean():
    # every 4⁴ = 256 bootstrap sample of n = 4 rows, each once: the averages over b are exact
    # expectations. With losses that do not depend on the training rows,
    # Cov(N_i, I_i) = −p and Cov(N_i, I_l) = p/(n − 1) (p = (1 − 1/n)ⁿ), so the second term of
    # D̂_i is −e_n p (Q_i − Q̄)/(n − 1) = −(Q_i − Q̄)/(n − 1) and
    # D̂_i = (Q_i − Q̄)(2/n + 1/(n(n − 1)) − 1/(n − 1)) = (Q_i − Q̄)/n.
    draws = list(itertools.product(range(4), repeat=4))
    counts = np.array([np.bincount(d, minlength=4) for d in draws]).T
    values = np.array([0.0, 1.0, 3.0, 0.5])
    result = loo_bootstrap(np.repeat(values[:, None], len(draws), axis=1), counts)
    assert result.estimate == pytest.approx(values.mean())
    assert result.se == pytest.approx(math.sqrt(np.sum((values - values.mean()) ** 2)) / 4)


def test_loo_bootstrap_refuses_what_it_cannot_estimate():
    with pytest.raises(ValueError, match="never out of bag"):
        loo_bootstrap(np.zeros((3, 1)), np.array([[1], [1], [1]]))
    with pytest.raises(ValueError, match="draw n = 3 rows"):
        loo_bootstrap(np.zeros((3, 1)), np.array([[1], [1], [0]]))
    with pytest.raises(ValueError, match="one shape"):
        loo_bootstrap(np.zeros((3, 2)), np.array([[3], [0], [0]]))


# -- the summary and the one-SE choice read the corrected standard error ------------------------


def _summary() -> pd.DataFrame:
    return pd.DataFrame({
        "dataset": "d", "label": list("abc"), "configuration": list("abc"),
        "variant": "default", "selector": list("abc"), "class": "LassoSelector",
        "n_runs": 30, "n_features": 10, "mean_n_selected": 5.0,
        "accuracy_mean": [0.90, 0.88, 0.85], "accuracy_se": [0.01, 0.01, 0.01],
        "accuracy_se_corrected": [0.03, 0.03, 0.03], "test_fraction": 0.1,
        "phi": [0.3, 0.5, 0.9],
    })


def test_summary_frame_adds_the_corrected_interval_beside_the_naive_one():
    frame = summary_frame(_summary(), ["phi"])
    t29 = stats.t.ppf(0.975, 29)                        # 2.045
    np.testing.assert_allclose(frame["accuracy_low"], [0.90 - t29 * 0.01, 0.88 - t29 * 0.01,
                                                       0.85 - t29 * 0.01])
    np.testing.assert_allclose(frame["accuracy_low_corrected"],
                               [0.90 - t29 * 0.03, 0.88 - t29 * 0.03, 0.85 - t29 * 0.03])
    np.testing.assert_allclose(frame["accuracy_high_corrected"],
                               [min(0.90 + t29 * 0.03, 1.0), 0.88 + t29 * 0.03,
                                0.85 + t29 * 0.03])
    columns = frame.columns.tolist()
    start = columns.index("accuracy_mean")
    assert columns[start:start + 8] == [
        "accuracy_mean", "accuracy_se", "accuracy_low", "accuracy_high",
        "accuracy_se_corrected", "accuracy_low_corrected", "accuracy_high_corrected", "phi"]
    assert corrected_interval_columns("accuracy", columns) == (
        "accuracy_low_corrected", "accuracy_high_corrected")
    naive = summary_frame(_summary().drop(columns=["accuracy_se_corrected"]), ["phi"])
    assert corrected_interval_columns("accuracy", naive.columns) == (
        "accuracy_low", "accuracy_high")


def test_the_one_se_choice_uses_the_corrected_standard_error():
    # best 0.90; naive band 0.90 − 0.01 keeps a only (0.88 < 0.89); the corrected band
    # 0.90 − 0.03 = 0.87 keeps a and b: the most stable of them is b (φ 0.5)
    table = pareto_table(_summary(), ["phi"], gammas=[0.5], acc_const=0.0, stab_const=0.0,
                         random_state=0)
    assert table.loc[table["one_se_choice"], "label"].tolist() == ["b"]
    naive = pareto_table(_summary().drop(columns=["accuracy_se_corrected"]), ["phi"],
                         gammas=[0.5], acc_const=0.0, stab_const=0.0, random_state=0)
    assert naive.loc[naive["one_se_choice"], "label"].tolist() == ["a"]


def test_the_report_table_shows_the_corrected_interval():
    from fsstab.workflow.answers import summary_html

    pareto = pd.DataFrame({"measure": ["phi"] * 3, "label": list("abc"),
                           "chosen_gammas": [[0.5], [], []], "epsilon_choice": False})
    page = summary_html(_summary(), pareto, dataset="d", measures=["phi"])
    # a: 0.90 ± t_29 · 0.03 = 0.90 ± 0.0614 (the naive interval would be 0.90 ± 0.0205)
    assert "0.900 <span class=\"ci\">[0.839, 0.961]</span>" in page
    assert "corrected for their overlap" in page
    naive = summary_html(_summary().drop(columns=["accuracy_se_corrected"]), pareto,
                         dataset="d", measures=["phi"])
    assert "0.900 <span class=\"ci\">[0.880, 0.920]</span>" in naive
    assert "corrected for their overlap" not in naive
