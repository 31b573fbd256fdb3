"""StabilitySelection's sampling, bounds and stabs' path semantics (selection="path"): the
truncated LASSO path against paths computed here with scikit-learn / scikit-survival solvers
and the truncation rule of glmnet's pmax written out."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.linear_model import Lasso, LogisticRegression

from fsstab.selectors import (
    ElasticNetSelector,
    FilterSelector,
    L0Selector,
    LassoSelector,
    StabilitySelection,
    complementary_pairs,
    stability_selection_parameters,
)
from fsstab.selectors._lasso_path import standardized_subsample, truncated_lasso_path


def _logistic_data(seed=0, n=80, d=15):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = (X[:, 0] - X[:, 1] + 0.5 * X[:, 2] + 0.8 * rng.normal(size=n) > 0).astype(np.int64)
    return X, y


def _standardized(X):
    Xs = X - X.mean(axis=0)
    return Xs / Xs.std(axis=0)


def _truncate(points, null_loss, q):
    """glmnet's rules over a path of (support, loss), computed lazily: drop the first point
    where more than q features have ever entered and stop there; stop after a point explaining
    > 99.9 % of the null loss or (from the fifth point on, the null model counting) gaining
    < 1e-5."""
    entered = kept = None
    explained = 0.0
    for k, (support, loss) in enumerate(points, start=1):
        entered = np.zeros_like(support) if entered is None else entered
        kept = np.zeros_like(support) if kept is None else kept
        if (entered | support).sum() > q:
            return kept
        entered |= support
        kept = support
        gained = 1 - loss / null_loss
        if gained > 0.999 or (k + 1 >= 5 and gained - explained < 1e-5):
            return kept
        explained = gained
    return kept


def _sklearn_logistic_path(Xs, y, q):
    n, d = Xs.shape
    c0 = 1.0 / np.abs(Xs.T @ (y.mean() - y)).max()  # w = 0 optimal up to this C
    Cs = c0 * (0.01 if n < d else 1e-4) ** (-np.arange(1, 100) / 99)
    model = LogisticRegression(l1_ratio=1.0, solver="saga", tol=1e-12, max_iter=100_000,
                               warm_start=True)
    signs = 2.0 * y - 1

    def points():
        for C in Cs:
            model.set_params(C=C).fit(Xs, y)
            coef = np.where(np.abs(model.coef_[0]) > 1e-6, model.coef_[0], 0.0)
            margins = Xs @ coef + model.intercept_[0]
            yield coef != 0, float(np.logaddexp(0.0, -signs * margins).sum())

    prior = y.mean()
    null = -len(y) * (prior * np.log(prior) + (1 - prior) * np.log(1 - prior))
    return _truncate(points(), null, q)


@pytest.mark.parametrize(("seed", "q"), [(0, 3), (1, 5), (2, 8)])
def test_logistic_path_equals_a_path_of_sklearn_fits(seed, q):
    X, y = _logistic_data(seed)
    Xs = _standardized(X)
    ours = truncated_lasso_path(Xs, y, q)
    np.testing.assert_array_equal(ours.support, _sklearn_logistic_path(Xs, y, q))
    assert ours.entered.sum() <= q


def test_least_squares_path_equals_a_path_of_sklearn_lasso_fits():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(60, 40))
    y = X[:, 0] - 2 * X[:, 5] + 0.5 * rng.normal(size=60)
    Xs = _standardized(X)
    n = Xs.shape[0]
    yc = y - y.mean()
    c0 = 1.0 / np.abs(Xs.T @ yc).max()
    points = []
    for C in c0 * 0.01 ** (-np.arange(1, 100) / 99):
        coef = Lasso(alpha=1 / (C * n), tol=1e-12, max_iter=100_000).fit(Xs, y).coef_
        points.append((np.abs(coef) > 1e-9, 0.5 * np.sum((yc - Xs @ coef) ** 2)))
    for q in (2, 6):
        ours = truncated_lasso_path(Xs, y, q, task="regression")
        np.testing.assert_array_equal(ours.support, _truncate(points, 0.5 * yc @ yc, q))


def test_cox_path_equals_coxnet_at_the_same_penalties():
    from sksurv.linear_model import CoxnetSurvivalAnalysis

    from fsstab.outcomes import survival_target

    rng = np.random.default_rng(4)
    X = rng.normal(size=(70, 20))
    time = rng.exponential(np.exp(-(X[:, 0] - X[:, 3])))
    event = rng.random(70) < 0.8
    y = survival_target(event, time)
    Xs = _standardized(X)
    ours = truncated_lasso_path(Xs, y, 3, task="survival")
    # Coxnet (Breslow ties, alpha = 1/(C n)) at the C where our path stopped selects the same
    alpha = 1 / (ours.C * 70)
    model = CoxnetSurvivalAnalysis(alphas=[alpha * 4, alpha * 2, alpha], l1_ratio=1.0,
                                   normalize=False, tol=1e-12, max_iter=1_000_000).fit(Xs, y)
    np.testing.assert_array_equal(np.abs(model.coef_[:, -1]) > 1e-9, ours.support)
    assert 1 <= ours.support.sum() <= 3


def test_path_selection_counts_the_truncated_paths_of_every_subsample():
    X, y = _logistic_data(5, n=60, d=12)
    pairs = complementary_pairs(y, 4, random_state=2)
    stabs = StabilitySelection(LassoSelector(), selection="path", q=3, pi_thr=0.6, pfer=None,
                               subsamples=pairs).fit(X, y)
    expected = np.mean([_sklearn_logistic_path(_standardized(X[r]), y[r], 3) for r in pairs],
                       axis=0)
    np.testing.assert_allclose(stabs.frequencies_, expected)
    np.testing.assert_array_equal(stabs.support_, expected >= 0.6)


def test_standardized_subsample_is_the_scaler_of_those_rows():
    X, _ = _logistic_data(6, d=5)
    X[:, 4] = 3.0  # a constant column becomes zeros
    rows = np.array([1, 4, 5, 9, 20, 33])
    expected = X[rows] - X[rows].mean(axis=0)
    scale = expected.std(axis=0)
    scale[scale == 0] = 1
    np.testing.assert_allclose(standardized_subsample(X, rows), expected / scale, atol=1e-14)


def test_path_selection_takes_the_elastic_net_penalty():
    X, y = _logistic_data(7)
    stabs = StabilitySelection(ElasticNetSelector(l1_ratio=0.5), selection="path", q=4,
                               pi_thr=0.7, pfer=None, n_pairs=3, random_state=0).fit(X, y)
    assert stabs.frequencies_[:2].tolist() == [1.0, 1.0]


def test_path_selection_refuses_other_base_selectors_and_more_classes():
    X, y = _logistic_data(8)
    with pytest.raises(ValueError, match="needs a LASSO-type base selector"):
        StabilitySelection(FilterSelector(), selection="path", q=2, pfer=None,
                           n_pairs=2).fit(X, y)
    y3 = np.arange(len(y)) % 3
    with pytest.raises(ValueError, match="binary classification"):
        StabilitySelection(LassoSelector(), selection="path", q=2, pfer=None,
                           n_pairs=2).fit(X, y3)
    with pytest.raises(ValueError, match=r"'selection' parameter of StabilitySelection must be "
                                         r"a str among .*'path'.*'glmnet' instead"):
        StabilitySelection(LassoSelector(), selection="glmnet", n_pairs=2).fit(X, y)


def test_mb_sampling_uses_b_subsamples_of_half_size_and_the_mb_bound():
    X, y = _logistic_data(9, n=61, d=30)
    ss = StabilitySelection(FilterSelector(method="anova"), q=4, pi_thr=0.8, pfer=None,
                            n_pairs=6, random_state=1).fit(X, y)
    mb = StabilitySelection(FilterSelector(method="anova"), q=4, pi_thr=0.8, pfer=None,
                            n_pairs=6, sampling="MB", random_state=1).fit(X, y)
    assert mb.subsamples_.shape == (6, 30)
    np.testing.assert_array_equal(mb.subsamples_, ss.subsamples_[0::2])  # the same draws
    assert mb.pfer_ == ss.pfer_ == pytest.approx(16 / (0.6 * 30))
    manual = np.mean([FilterSelector(method="anova", n_features_to_select=4).fit(
        X[r], y[r]).get_support() for r in mb.subsamples_], axis=0)
    np.testing.assert_array_equal(mb.frequencies_, manual)


def test_the_assumption_sets_the_completed_parameters():
    X, y = _logistic_data(10, n=60, d=200)
    for assumption in ("none", "unimodal", "r-concave"):
        stabs = StabilitySelection(FilterSelector(method="anova"), pi_thr=0.75, pfer=1.0,
                                   n_pairs=5, assumption=assumption, random_state=0).fit(X, y)
        assert (stabs.q_, stabs.pi_thr_, stabs.pfer_) == stability_selection_parameters(
            200, pi_thr=0.75, pfer=1.0, assumption=assumption, n_pairs=5)
    # r-concave: thresholds below 1/2 are meaningful, support_at accepts them
    low = StabilitySelection(FilterSelector(method="anova"), q=2, pi_thr=0.3, pfer=None,
                             n_pairs=5, assumption="r-concave", random_state=0).fit(X, y)
    np.testing.assert_array_equal(low.support_at(0.3), low.support_)
    with pytest.raises(ValueError, match=r"pi_thr must lie in \(0.5, 1\]"):
        StabilitySelection(FilterSelector(), q=2, pi_thr=0.3, pfer=None, n_pairs=5).fit(X, y)


def test_given_subsamples_need_pairs_for_the_shape_bounds():
    X, y = _logistic_data(11)
    odd = complementary_pairs(y, 3, random_state=0)[:5]
    with pytest.raises(ValueError, match="an even number of rows"):
        StabilitySelection(FilterSelector(), pi_thr=0.8, pfer=1.0, subsamples=odd,
                           assumption="unimodal").fit(X, y)


def test_defaults_are_the_complementary_pairs_and_the_mb_bound():
    # the defaults keep the behaviour of the thesis' setup: B pairs and q²/((2π − 1)p)
    X, y = _logistic_data(12, d=40)
    base = L0Selector(backend="abess")
    default = StabilitySelection(base, size_parameter="max_support_size", n_pairs=3,
                                 random_state=0).fit(X, y)
    explicit = StabilitySelection(base, size_parameter="max_support_size", n_pairs=3,
                                  sampling="SS", assumption="none", selection="calibrated",
                                  random_state=0).fit(X, y)
    np.testing.assert_array_equal(default.frequencies_, explicit.frequencies_)
    assert default.subsamples_.shape == (6, 40)
    assert default.q_ == int(np.floor(np.sqrt(1.0 * 0.5 * 40)))
