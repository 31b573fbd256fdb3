"""Filter scores against independent computations (thesis Ch. 3.1)."""

import math
from collections import Counter

import numpy as np
import pytest
from scipy import stats
from sklearn.metrics import roc_auc_score

from fsstab.selectors._discretize import equal_width_codes
from fsstab.selectors._filter_scores import (
    greedy_information_selection,
    score_anova,
    score_auc,
    score_chi_squared,
    score_cmim,
    score_gain_ratio,
    score_info_gain,
    score_jmi,
    score_kruskal,
    score_mim,
    score_mrmr,
    score_oner,
    score_sym_uncertainty,
    score_variance,
    score_welch_t,
)


@pytest.fixture
def data():
    rng = np.random.default_rng(11)
    n, d = 41, 9
    y = rng.integers(0, 2, n)
    X = rng.normal(size=(n, d)) + np.outer(y, np.linspace(0, 2, d))
    X[:, 2] = np.round(X[:, 2])  # ties
    return X, y


def test_anova_kruskal_against_scipy(data):
    X, y = data
    np.testing.assert_allclose(
        score_anova(X, y), stats.f_oneway(X[y == 0], X[y == 1]).statistic, rtol=1e-10
    )
    expected = [stats.kruskal(X[y == 0, f], X[y == 1, f]).statistic for f in range(X.shape[1])]
    np.testing.assert_allclose(score_kruskal(X, y), expected, rtol=1e-10)
    # three classes
    y3 = np.arange(X.shape[0]) % 3
    groups = [X[y3 == c] for c in range(3)]
    np.testing.assert_allclose(score_anova(X, y3), stats.f_oneway(*groups).statistic, rtol=1e-10)
    expected3 = [stats.kruskal(*(g[:, f] for g in groups)).statistic for f in range(X.shape[1])]
    np.testing.assert_allclose(score_kruskal(X, y3), expected3, rtol=1e-10)


def test_constant_feature_scores_zero(data):
    X, y = data
    X = X.copy()
    X[:, 0] = 3.0
    for score in (score_anova, score_kruskal, score_auc, score_variance, score_welch_t,
                  score_info_gain, score_gain_ratio, score_sym_uncertainty, score_mim,
                  score_chi_squared):
        assert score(X, y)[0] == 0, score.__name__


def test_auc_against_sklearn(data):
    X, y = data
    expected = [abs(0.5 - roc_auc_score(y, X[:, f])) for f in range(X.shape[1])]
    np.testing.assert_allclose(score_auc(X, y), expected, rtol=1e-12)
    with pytest.raises(ValueError, match="two classes"):
        score_auc(X, np.arange(X.shape[0]) % 3)


def test_variance_and_welch(data):
    X, y = data
    np.testing.assert_allclose(score_variance(X, y), X.var(axis=0, ddof=1))
    np.testing.assert_allclose(
        score_welch_t(X, y),
        np.abs(stats.ttest_ind(X[y == 1], X[y == 0], equal_var=False).statistic),
    )


def test_mdl_filters_on_a_hand_table():
    # Feature 0: value 0 for 12 class-0 samples, value 1 for 4 class-0 and 16 class-1 samples.
    # MDL keeps the single cut (see test_discretize), giving the 2x2 table [[12, 0], [4, 16]].
    # Feature 1 separates the classes perfectly; feature 2 is constant.
    y = np.r_[np.zeros(16, int), np.ones(16, int)]
    f0 = np.r_[np.zeros(12), np.ones(20)]
    f1 = np.arange(32.0)
    f2 = np.ones(32)
    X = np.c_[f0, f1, f2]
    table = np.array([[12, 0], [4, 16]])
    n = table.sum()

    def h(counts):
        p = np.asarray(counts, float) / np.sum(counts)
        return -sum(q * math.log2(q) for q in p if q > 0)

    h_y = h(table.sum(axis=0))  # = 1
    h_x = h(table.sum(axis=1))
    info = h_y - sum(row.sum() / n * h(row) for row in table)  # H(Y) - H(Y|X) = 0.5488
    assert info == pytest.approx(0.548794, abs=1e-6)
    expected = {
        score_info_gain: [info, 1.0, 0.0],
        score_gain_ratio: [info / h_x, 1.0, 0.0],
        score_sym_uncertainty: [2 * info / (h_x + h_y), 1.0, 0.0],
        score_oner: [(12 + 16) / 32, 1.0, 0.5],
        # 2x2 chi^2 = n (ad - bc)^2 / ((a+b)(c+d)(a+c)(b+d)) = 19.2; perfect separation: n
        score_chi_squared: [32 * (12 * 16 - 0 * 4) ** 2 / (12 * 20 * 16 * 16), 32.0, 0.0],
    }
    for score, values in expected.items():
        np.testing.assert_allclose(score(X, y), values, rtol=1e-12, atol=1e-12,
                                   err_msg=score.__name__)
    # chi^2 on a larger random problem equals scipy's on the same discretised table
    chi2 = stats.chi2_contingency(table, correction=False).statistic
    assert score_chi_squared(X, y)[0] == pytest.approx(chi2)


# --- praznik-style filters -------------------------------------------------------------------
def _h(*columns):
    joint = list(zip(*columns, strict=True))
    n = len(joint)
    return -sum(c / n * math.log2(c / n) for c in Counter(joint).values())


def _mi(a, b):
    return _h(a) + _h(b) - _h(a, b)


def _reference_greedy(columns, y, k, criterion):
    """The thesis §3.1.5 formulas evaluated literally over S at every step."""
    d = len(columns)
    relevance = [_mi(columns[f], y) for f in range(d)]
    selected = [max(range(d), key=lambda f: (relevance[f], -f))]
    while len(selected) < k:
        best, best_value = None, -math.inf
        for f in range(d):
            if f in selected:
                continue
            if criterion == "mrmr":
                value = relevance[f] - sum(_mi(columns[f], columns[j]) for j in selected) / len(
                    selected
                )
            else:
                terms = []
                for j in selected:
                    joint = list(zip(columns[f], columns[j], strict=True))
                    jr = _h(joint) + _h(y) - _h(joint, y)  # I(Y; X_f, X_j)
                    if criterion in ("jmi", "jmim"):
                        terms.append(jr)
                    elif criterion in ("disr", "njmim"):
                        terms.append(jr / _h(y, columns[f], columns[j]))
                    else:  # cmim: I(Y; X_f | X_j) = H(Y|X_j) - H(Y|X_f, X_j)
                        terms.append(
                            (_h(y, columns[j]) - _h(columns[j]))
                            - (_h(y, columns[f], columns[j]) - _h(columns[f], columns[j]))
                        )
                value = sum(terms) if criterion in ("jmi", "disr") else min(terms)
            if value > best_value + 1e-12:
                best, best_value = f, value
        selected.append(best)
    return selected


@pytest.mark.parametrize("criterion", ["mrmr", "jmi", "jmim", "disr", "njmim", "cmim"])
def test_greedy_filters_match_literal_formulas(criterion):
    rng = np.random.default_rng(5)
    n, d = 60, 10
    y = rng.integers(0, 2, n)
    X = rng.normal(size=(n, d)) + np.outer(y, rng.uniform(0, 1.5, d))
    X[:, 3] = X[:, 1] + 0.1 * rng.normal(size=n)  # redundant copy
    codes, levels = equal_width_codes(X, 4)
    columns = [tuple(codes[:, f]) for f in range(d)]
    expected = _reference_greedy(columns, tuple(y), 6, criterion)
    result = greedy_information_selection(codes, levels, y, 6, criterion)
    assert result.order.tolist() == expected


def test_greedy_orders_on_a_hand_example():
    # Y = X2 xor X3 (the four (X2, X3) combinations twice), X1 = Y with samples 0 and 1 flipped,
    # X1c a copy of X1. Features in the order [X1, X1c, X2, X3].
    #   I(Y;X1) = I(Y;X1c) = 1 - H(1/4) = 0.1887, I(Y;X2) = I(Y;X3) = 0, I(X1;X1c) = H(X1) = 1,
    #   I(X1;X2) = 0, I(X1;X3) = 0.1887, I(X2;X3) = 0.
    # MIM: X1, X1c (ties broken by index), then X2, X3.
    # MRMR step 2: X1c 0.1887-1 = -0.81, X2 0-0 = 0, X3 0-0.1887 -> X2; step 3: X1c
    #   0.1887-(1+0)/2 = -0.31, X3 0-(0.1887+0)/2 = -0.09 -> X3; order X1, X2, X3, X1c.
    # JMI step 2: I(Y;X1c,X1) = 0.1887, I(Y;X2,X1) = 0.5, I(Y;X3,X1) = 0.3113 -> X2; step 3:
    #   X1c 0.1887+0.5, X3 0.3113+I(Y;X3,X2)=1 -> X3.
    # CMIM step 2: I(Y;.|X1) = 0, 0.3113, 0.1226 -> X2; step 3: X1c min(0, .) = 0,
    #   X3 min(0.1226, 1) -> X3.
    x2 = np.array([0, 0, 1, 1, 0, 0, 1, 1])
    x3 = np.array([0, 1, 0, 1, 0, 1, 0, 1])
    y = x2 ^ x3
    x1 = y.copy()
    x1[[0, 1]] ^= 1
    X = np.c_[x1, x1, x2, x3].astype(float)
    mim = score_mim(X, y, n_bins=2)
    np.testing.assert_allclose(mim, [1 - 0.8112781244591328] * 2 + [0, 0], atol=1e-12)
    expected_order = [0, 2, 3, 1]
    for score in (score_mrmr, score_jmi, score_cmim):
        assert score(X, y, n_features_to_select=4, n_bins=2).order.tolist() == expected_order
    # criterion values at selection: JMI(X2) = 0.5, JMI(X3) = I(Y;X3,X1) + I(Y;X3,X2)
    #   = (1 - 6/8 H(1/3)) + 1
    jmi = score_jmi(X, y, n_features_to_select=3, n_bins=2).scores
    np.testing.assert_allclose(jmi[[2, 3]], [0.5, 2 - 0.75 * 0.9182958340544896], atol=1e-12)
