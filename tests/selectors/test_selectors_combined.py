"""FilterClassifier (filter + classifier, thesis §5.3 / §6.3.1) and the classifiers of Tables 5.2 /
6.5 (GLM boosting itself: tests/selectors/test_selectors_glmboost.py)."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler

from fsstab.selectors import (
    CLASSIFIERS,
    SELECTORS,
    FilterClassifier,
    FilterSelector,
    make_classifier,
)
from fsstab.selectors._classifiers import RidgeLogisticRegression, used_columns
from fsstab.selectors._combined import n_kept


def _data(n=60, d=30, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = (X[:, 0] + X[:, 1] - X[:, 2] + 0.8 * rng.normal(size=n) > 0).astype(int)
    return X, y


def test_ridge_logistic_solves_scikit_learns_objective():
    """Optimality of C Σ ℓ + ½||w||² (gradient zero) and agreement with scikit-learn."""
    X, y = _data(n=50, d=80)
    for C in (1e-3, 0.5):
        ours = RidgeLogisticRegression(C=C).fit(X, y)
        w, b = ours.coef_[0], ours.intercept_[0]
        p = 1 / (1 + np.exp(-(X @ w + b)))
        np.testing.assert_allclose(C * X.T @ (p - y) + w, 0, atol=1e-8)
        assert abs(np.sum(p - y)) < 1e-8
        reference = LogisticRegression(C=C, tol=1e-12, max_iter=20000).fit(X, y)
        np.testing.assert_allclose(ours.coef_, reference.coef_, atol=1e-5)
        np.testing.assert_allclose(ours.intercept_, reference.intercept_, atol=1e-5)


# --------------------------------------------------------------------------------------------
# Classifiers in the thesis' parametrisation
# --------------------------------------------------------------------------------------------


def test_table_6_5_classifiers_are_registered():
    assert sorted(CLASSIFIERS) == ["glm_boosting", "knn", "lasso", "random_forest", "ridge",
                                   "svm"]
    assert {n for n, c in CLASSIFIERS.items() if c.embedded} == {
        "lasso", "random_forest", "glm_boosting"}


def test_glmnet_lambda_is_scikit_learn_C():
    """glmnet minimises -(1/n) loglik + λ/2 ||β||² on standardised features: the same as
    C Σ loss + ½||w||² with C = 1/(nλ)."""
    X, y = _data(n=50, d=10)
    lam = 0.05
    model = make_classifier("ridge", {"lam": lam}, n_samples=50, n_features=10,
                            random_state=0).fit(X, y)
    Xs = StandardScaler().fit_transform(X)
    reference = LogisticRegression(C=1 / (50 * lam), tol=1e-12, max_iter=20000).fit(Xs, y)
    np.testing.assert_allclose(model[-1].coef_, reference.coef_, atol=1e-5)


def test_svm_knn_forest_parameters():
    svm = make_classifier("svm", {"C": 8.0, "sigma": 0.25}, n_samples=50, n_features=4,
                          random_state=0)
    assert (svm[-1].C, svm[-1].gamma, svm[-1].kernel) == (8.0, 0.25, "rbf")
    assert make_classifier("svm", {}, n_samples=50, n_features=4, random_state=0)[-1].gamma \
        == pytest.approx(0.25)
    assert make_classifier("knn", {"k": 30}, n_samples=12, n_features=4,
                           random_state=0)[-1].n_neighbors == 12
    forest = make_classifier("random_forest", {"n_trees": 100, "node_size_exponent": 0.5,
                                               "mtry_fraction": 0.5},
                             n_samples=200, n_features=10, random_state=0)
    # nodesize = round((0.2 · 200)^0.5) = round(6.32) = 6; mtry = 1 + floor(0.5 · 10) = 6
    assert (forest.min_samples_leaf, forest.max_features) == (6, 6)
    assert forest.n_estimators == 100
    assert make_classifier("random_forest", {"mtry_fraction": 1.0}, n_samples=10,
                           n_features=10, random_state=0).max_features == 10
    assert make_classifier("random_forest", {}, n_samples=10, n_features=17,
                           random_state=0).max_features == 4


@pytest.mark.parametrize(("name", "params", "match"), [
    ("svm", {"k": 3}, "no hyperparameter"),
    ("svm", {"C": -1.0}, "C must be a positive"),
    ("ridge", {"lam": 0.0}, "lam must be a positive"),
    ("random_forest", {"node_size_exponent": 1.5}, r"node_size_exponent must lie in \[0, 1\]"),
    ("random_forest", {"mtry_fraction": -0.1}, r"mtry_fraction must lie in \[0, 1\]"),
    ("boosting", {}, "unknown classifier"),
])
def test_make_classifier_rejects_bad_parameters(name, params, match):
    with pytest.raises(ValueError, match=match):
        make_classifier(name, params, n_samples=20, n_features=5, random_state=0)


def test_used_columns_of_embedded_models():
    X, y = _data(n=80, d=12)
    lasso = make_classifier("lasso", {"lam": 0.05}, n_samples=80, n_features=12,
                            random_state=0).fit(X, y)
    np.testing.assert_array_equal(used_columns("lasso", lasso, 12), lasso[-1].coef_.ravel() != 0)
    forest = make_classifier("random_forest", {"n_trees": 5, "node_size_exponent": 1.0},
                             n_samples=80, n_features=12, random_state=0).fit(X, y)
    split = set()
    for tree in forest.estimators_:
        split |= {int(f) for f in tree.tree_.feature if f >= 0}
    assert set(np.flatnonzero(used_columns("random_forest", forest, 12))) == split
    assert used_columns("svm", None, 12).all()


# --------------------------------------------------------------------------------------------
# FilterClassifier
# --------------------------------------------------------------------------------------------


def test_registered():
    assert SELECTORS["FilterClassifier"] is FilterClassifier


@pytest.mark.parametrize(("fraction", "d", "expected"), [
    (0.5, 5, 2), (0.5, 7, 4), (0.1, 30, 3), (0.0, 30, 0), (1.0, 30, 30), (0.01, 30, 0),
])
def test_n_kept_rounds_half_to_even_like_R(fraction, d, expected):
    assert n_kept(fraction, d) == expected


@pytest.mark.parametrize("filter_name", ["anova", "mim", "jmi"])
@pytest.mark.parametrize("classifier", ["svm", "knn", "ridge"])
def test_non_embedded_classifier_uses_the_filters_top_features(filter_name, classifier):
    X, y = _data()
    sel = FilterClassifier(filter=filter_name, fraction=0.2, classifier=classifier,
                           importance="uniform", random_state=1).fit(X, y)
    reference = FilterSelector(method=filter_name, n_features_to_select=6).fit(X, y)
    np.testing.assert_array_equal(sel.kept_, reference.support_)
    np.testing.assert_array_equal(sel.support_, sel.kept_)
    # the classifier is the one the thesis pairs, fitted on the kept columns
    direct = make_classifier(classifier, {}, n_samples=60, n_features=6,
                             random_state=0).fit(X[:, sel.kept_], y)
    np.testing.assert_array_equal(sel.predict(X), direct.predict(X[:, sel.kept_]))


@pytest.mark.parametrize(("classifier", "params"), [
    ("lasso", {"lam": 0.03}),
    ("glm_boosting", {"n_iterations": 30}),
    ("random_forest", {"n_trees": 20, "node_size_exponent": 0.8}),
])
def test_embedded_selection_is_the_used_subset_of_the_kept_features(classifier, params):
    X, y = _data(n=80, d=25)
    sel = FilterClassifier(filter="mim", fraction=0.6, classifier=classifier,
                           random_state=2, **params).fit(X, y)
    assert sel.kept_.sum() == 15
    assert not np.any(sel.support_ & ~sel.kept_)
    assert 0 < sel.support_.sum() <= 15
    # feeding only the used columns predicts exactly what the model on all kept columns does
    model = sel.estimator_.model
    np.testing.assert_array_equal(sel.predict(X), model.predict(X[:, sel.kept_]))
    assert np.all(sel.importances_[sel.support_] > 0)
    assert np.all(sel.importances_[~sel.support_] == 0)


def test_no_filter_keeps_every_feature_and_has_no_ranking():
    X, y = _data()
    sel = FilterClassifier(filter="none", classifier="knn", k=3, importance="uniform").fit(X, y)
    assert sel.support_.all()
    assert not hasattr(sel, "ranking_")


def test_zero_percent_keeps_nothing_and_predicts_the_majority():
    X, y = _data()
    sel = FilterClassifier(filter="anova", fraction=0.0, classifier="svm").fit(X, y)
    assert not sel.support_.any()
    majority = np.bincount(y).argmax()
    np.testing.assert_array_equal(sel.predict(X), np.full(len(y), majority))


@pytest.mark.parametrize("filter_name", ["jmi", "impurity", "anova"])
def test_refit_final_equals_a_fresh_fit(filter_name):
    """Variants reuse the filter (the greedy order extended on demand) yet give exactly what a
    new fit with those parameters gives, in any order of fractions."""
    X, y = _data(n=50, d=20)
    base = FilterClassifier(filter=filter_name, fraction=0.1, classifier="ridge", lam=0.1,
                            filter_trees=30, random_state=5).fit(X, y)
    for params in ({"fraction": 0.05}, {"fraction": 0.5}, {"fraction": 0.3},
                   {"fraction": 1.0, "classifier": "glm_boosting", "lam": None,
                    "n_iterations": 20},
                   {"fraction": 0.25, "classifier": "svm", "lam": None, "C": 2.0}):
        refit = base.refit_final(X, y, **params)
        fresh = FilterClassifier(**{**base.get_params(), **params}).fit(X, y)
        np.testing.assert_array_equal(refit.support_, fresh.support_)
        np.testing.assert_array_equal(refit.ranking_, fresh.ranking_)
        np.testing.assert_array_equal(refit.importances_, fresh.importances_)
        np.testing.assert_array_equal(refit.predict(X), fresh.predict(X))
        np.testing.assert_array_equal(refit.scores_, fresh.scores_)
    if filter_name == "jmi":
        # 2 features first, then 10 (1.0 · 20 needs 20): doubling keeps recomputations few
        assert base.filter_cache_.extensions <= 4


def test_refit_final_to_another_classifier_clears_the_previous_hyperparameters():
    X, y = _data()
    svm = FilterClassifier(filter="mim", fraction=0.5, classifier="svm", C=2.0, sigma=0.1,
                           importance="uniform").fit(X, y)
    knn = svm.refit_final(X, y, classifier="knn", k=3, fraction=0.3)
    assert (knn.C, knn.sigma, knn.k) == (None, None, 3)
    fresh = FilterClassifier(filter="mim", fraction=0.3, classifier="knn", k=3,
                             importance="uniform").fit(X, y)
    np.testing.assert_array_equal(knn.predict(X), fresh.predict(X))
    # the same classifier keeps what is not given
    assert svm.refit_final(X, y, C=4.0).sigma == 0.1


def test_refit_final_refuses_filter_parameters():
    X, y = _data()
    sel = FilterClassifier(filter="mim", fraction=0.5).fit(X, y)
    with pytest.raises(ValueError, match="refit_final only changes"):
        sel.refit_final(X, y, filter="jmi")


@pytest.mark.parametrize(("params", "match"), [
    ({"classifier": "knn", "C": 1.0}, r"\['C'\] are not hyperparameters of classifier 'knn'"),
    ({"fraction": 1.5}, r"'fraction' parameter of FilterClassifier must be a float in the range "
                        r"\[0.0, 1.0\]"),
    ({"filter": "none", "fraction": 0.5}, "fraction must be 1"),
    ({"classifier": "tree"}, r"'classifier' parameter of FilterClassifier must be a known "
                             r"classifier \('glm_boosting', 'knn',"),
    ({"importance": "oob"}, "'importance' parameter of FilterClassifier must be a str among"),
    ({"filter": "bogus"}, r"'filter' parameter of FilterClassifier must be a known filter "
                          r"\('anova', 'auc',"),
])
def test_bad_parameters_are_named(params, match):
    X, y = _data()
    with pytest.raises(ValueError, match=match):
        FilterClassifier(**params).fit(X, y)


def test_deterministic_and_seeded():
    X, y = _data(n=70, d=20)
    kwargs = {"filter": "impurity", "fraction": 0.5, "classifier": "random_forest",
              "n_trees": 15, "filter_trees": 20}
    a = FilterClassifier(random_state=3, **kwargs).fit(X, y)
    b = FilterClassifier(random_state=3, **kwargs).fit(X, y)
    np.testing.assert_array_equal(a.support_, b.support_)
    np.testing.assert_array_equal(a.importances_, b.importances_)
