"""fsstab.sklearn's functions against independent computations: selection_matrix and
importance_matrix (the selections and importances of fitted runs), cross_validate_stability,
and stability_from_cv_results (RFECV's per-split supports). StabilitySearchCV:
test_sklearn_search.py.

Oracles (none of them is fsstab.sklearn; the shared ones are in _sklearn_helpers.py):
- supports gathered by hand: each pipeline fitted by the test on each training part, its
  selecting step's ``get_support()`` read directly; filter scores from ``f_classif``;
- φ by Nogueira et al.'s frequency formula written in the test, and ``fsstab.measures``
  (``nogueira``, ``nogueira_confidence_interval``, ``importance_weighted``, ``compute``,
  ``canberra``) on the hand-gathered matrices;
- Hamer & Dupont (2021) eq. 7 written in the test for importances.
"""

from __future__ import annotations

import _sklearn_helpers
import numpy as np
import pandas as pd
import pytest
from _sklearn_helpers import eq7, kbest_pipeline, phi_by_formula, supports_by_hand
from sklearn.base import clone
from sklearn.compose import ColumnTransformer
from sklearn.decomposition import PCA
from sklearn.ensemble import RandomForestClassifier
from sklearn.feature_selection import RFE, RFECV, SelectFromModel, SelectKBest, f_classif
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from fsstab.measures import (
    compute,
    importance_weighted,
    nogueira,
    nogueira_confidence_interval,
)
from fsstab.selectors import FilterSelector
from fsstab.sklearn import (
    cross_validate_stability,
    importance_matrix,
    selection_matrix,
    stability_from_cv_results,
)

# the shared fixtures (_sklearn_helpers.py): one BLAS thread for every test of this module
# (autouse), the data sets made once per module
_one_blas_thread = _sklearn_helpers._one_blas_thread
cancer = _sklearn_helpers.cancer
toy = _sklearn_helpers.toy


# --------------------------------------------------------------------------------------------
# selection_matrix / importance_matrix
# --------------------------------------------------------------------------------------------


def test_selection_matrix_reads_selector_steps_and_keeps_names(toy):
    X, y = toy
    frame = pd.DataFrame(X, columns=[f"gene{j}" for j in range(X.shape[1])])
    expected = np.zeros(X.shape[1], dtype=bool)
    expected[np.argsort(f_classif(X, y)[0])[-3:]] = True  # top-3 F statistics, by hand

    runs = [
        SelectKBest(k=3).fit(frame, y),
        make_pipeline(StandardScaler(), SelectKBest(k=3), LogisticRegression()).fit(frame, y),
        make_pipeline(make_pipeline(StandardScaler(), SelectKBest(k=3)),
                      LogisticRegression()).fit(frame, y),  # nested pipeline
        GridSearchCV(make_pipeline(SelectKBest(k=3), LogisticRegression()),
                     {"logisticregression__C": [0.1, 1.0]}, cv=3).fit(frame, y),
    ]
    Z = selection_matrix(runs)
    assert list(Z.columns) == list(frame.columns)
    assert Z.shape == (4, 8)
    for row in Z.to_numpy():
        np.testing.assert_array_equal(row, expected)


def test_selection_matrix_of_models_without_selector(toy):
    X, y = toy
    l1 = LogisticRegression(l1_ratio=1.0, solver="liblinear", C=0.05).fit(X, y)
    forest = RandomForestClassifier(n_estimators=5, max_depth=1, random_state=0).fit(X, y)
    Z = selection_matrix([l1, l1])
    np.testing.assert_array_equal(Z.to_numpy()[0], l1.coef_.ravel() != 0)
    assert 0 < Z.to_numpy()[0].sum() < X.shape[1]  # the check is not vacuous
    np.testing.assert_array_equal(selection_matrix([forest, forest]).to_numpy()[1],
                                  forest.feature_importances_ > 0)
    assert list(Z.columns) == [f"x{j}" for j in range(8)]  # scikit-learn's default names


def test_selection_matrix_accepts_cross_validate_output(toy):
    X, y = toy
    splits = list(StratifiedKFold(4).split(X, y))
    out = cross_validate(kbest_pipeline(3), X, y, cv=splits, return_estimator=True)
    np.testing.assert_array_equal(selection_matrix(out).to_numpy(),
                                  supports_by_hand(kbest_pipeline(3), X, y, splits,
                                                   "selectkbest"))


def test_importance_matrix_rfe_selectfrommodel_and_pipeline(toy):
    X, y = toy
    rfe = RFE(LogisticRegression(), n_features_to_select=3).fit(X, y)
    expected = np.zeros(8)
    expected[rfe.support_] = eq7(rfe.estimator_.coef_)  # model fitted on the 3 selected
    np.testing.assert_allclose(importance_matrix([rfe, rfe]).to_numpy()[0], expected)

    sfm = SelectFromModel(LogisticRegression(l1_ratio=1.0, solver="liblinear", C=0.05)).fit(X, y)
    w = eq7(sfm.estimator_.coef_)
    np.testing.assert_allclose(importance_matrix([sfm, sfm]).to_numpy()[1],
                               np.where(sfm.get_support(), w, 0))

    pipe = make_pipeline(StandardScaler(), SelectKBest(k=4), LogisticRegression()).fit(X, y)
    expected = np.zeros(8)
    expected[pipe.named_steps["selectkbest"].get_support()] = eq7(pipe[-1].coef_)
    np.testing.assert_allclose(importance_matrix([pipe, pipe]).to_numpy()[0], expected)


def test_importance_matrix_floors_selected_features_the_model_ignores(toy):
    X, y = toy
    pipe = make_pipeline(SelectKBest(k=6),
                         LogisticRegression(l1_ratio=1.0, solver="liblinear", C=0.02)).fit(X, y)
    coef = pipe[-1].coef_.ravel()
    assert (coef == 0).any()
    assert (coef != 0).any()
    Z = selection_matrix([pipe, pipe]).to_numpy()
    W = importance_matrix([pipe, pipe]).to_numpy()
    np.testing.assert_array_equal(W != 0, Z)  # selected = the filter's 6, all positive in W
    on_support = W[0][Z[0]]
    largest = eq7(coef).max()
    np.testing.assert_allclose(np.sort(on_support)[-np.count_nonzero(coef):],
                               np.sort(eq7(coef)[coef != 0]))
    np.testing.assert_allclose(on_support[coef == 0], 1e-6 * largest)


def test_importance_matrix_multiclass_coef_sums_classes():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(150, 5))
    y = np.digitize(X[:, 0] + X[:, 3], [-0.7, 0.7])  # three classes
    model = LogisticRegression(l1_ratio=1.0, solver="saga", C=0.05, max_iter=2000).fit(X, y)
    expected = eq7(np.abs(model.coef_).sum(axis=0))
    np.testing.assert_allclose(importance_matrix([model, model]).to_numpy()[0], expected)


def test_fsstab_selector_importances_are_used_as_is(toy):
    X, y = toy
    sel = FilterSelector(method="anova", n_features_to_select=3).fit(X, y)
    np.testing.assert_array_equal(selection_matrix([sel, sel]).to_numpy()[0], sel.support_)
    np.testing.assert_allclose(importance_matrix([sel, sel]).to_numpy()[0], sel.importances_)


def test_column_transformer_reordering_is_traced_back(toy):
    X, y = toy
    ct = ColumnTransformer([("scaled", StandardScaler(), [5, 6, 7]),
                            ("kept", "passthrough", [0, 1, 2, 3, 4])])
    pipe = make_pipeline(ct, SelectKBest(k=2), LogisticRegression()).fit(X, y)
    order = [5, 6, 7, 0, 1, 2, 3, 4]  # the column transformer's output order
    expected = np.zeros(8, dtype=bool)
    expected[np.asarray(order)[pipe.named_steps["selectkbest"].get_support()]] = True
    assert set(np.flatnonzero(expected)) == {0, 1}  # the informative pair, found again
    np.testing.assert_array_equal(selection_matrix([pipe, pipe]).to_numpy()[0], expected)


def test_untraceable_and_inconsistent_runs_raise_clear_errors(toy):
    X, y = toy
    pca = make_pipeline(PCA(n_components=5), SelectKBest(k=2), LogisticRegression()).fit(X, y)
    with pytest.raises(ValueError, match=r"estimators\[0\]: step 'pca' \(PCA\) outputs the new"):
        selection_matrix([pca, pca])
    small = SelectKBest(k=2).fit(X[:, :5], y)
    with pytest.raises(ValueError, match=r"estimators\[1\] was fitted on 5 features"):
        selection_matrix([SelectKBest(k=2).fit(X, y), small])
    with pytest.raises(ValueError, match="no feature importance found"):
        importance_matrix([SelectKBest(k=2).fit(X, y)] * 2)
    with pytest.raises(ValueError, match="selects no features"):
        selection_matrix([make_pipeline(StandardScaler(), _NoWeights()).fit(X, y)] * 2)
    with pytest.raises(ValueError, match="empty"):
        selection_matrix([])


class _NoWeights(LogisticRegression):
    """A classifier whose fitted model exposes no coef_ (like a k-NN)."""

    def fit(self, X, y):
        super().fit(X, y)
        del self.coef_
        return self


# --------------------------------------------------------------------------------------------
# cross_validate_stability
# --------------------------------------------------------------------------------------------


def test_cross_validate_stability_selectkbest_equals_supports_by_hand(cancer):
    X, y = cancer
    cv = StratifiedKFold(5, shuffle=True, random_state=0)
    splits = list(cv.split(X, y))
    pipe = kbest_pipeline(5)
    Z = supports_by_hand(pipe, X, y, splits, "selectkbest")
    assert 0 < phi_by_formula(Z) < 1  # the splits disagree: a non-trivial case

    result = cross_validate_stability(pipe, X, y, cv=cv, scoring="accuracy",
                                      confidence_level=0.9)
    np.testing.assert_array_equal(result.selection.to_numpy(), Z)
    assert result.stability["nogueira"] == pytest.approx(nogueira(Z), abs=1e-12)
    assert result.stability["nogueira"] == pytest.approx(phi_by_formula(Z), abs=1e-12)
    assert result.intervals["nogueira"] == pytest.approx(
        nogueira_confidence_interval(Z, alpha=0.1), abs=1e-12)
    accuracy = [np.mean(clone(pipe).fit(X[tr], y[tr]).predict(X[te]) == y[te])
                for tr, te in splits]
    np.testing.assert_allclose(result.scores["test_score"], accuracy)
    assert list(result.selection.columns) == [f"x{j}" for j in range(30)]

    frame = result.to_frame()
    assert frame.loc["nogueira", "value"] == result.stability["nogueira"]
    assert (frame.loc["nogueira", "ci_low"], frame.loc["nogueira", "ci_high"]) == \
        result.intervals["nogueira"]
    assert frame.loc["nogueira", "n_runs"] == 5
    assert frame.loc["nogueira", "mean_n_features"] == 5
    splits_frame = result.splits_frame()
    assert splits_frame["n_features"].tolist() == [5] * 5
    np.testing.assert_allclose(splits_frame["test_score"], accuracy)
    assert "nogueira=" in repr(result)


def test_cross_validate_stability_all_measures_and_adjusted(cancer):
    X, y = cancer
    splits = list(StratifiedKFold(4, shuffle=True, random_state=1).split(X, y))
    pipe = make_pipeline(SelectKBest(k=6), LogisticRegression())
    fitted = [clone(pipe).fit(X[tr], y[tr]) for tr, _ in splits]
    Z = np.vstack([f.named_steps["selectkbest"].get_support() for f in fitted])
    W = np.zeros(Z.shape)
    for i, f in enumerate(fitted):
        W[i, Z[i]] = eq7(f[-1].coef_)

    result = cross_validate_stability(pipe, X, y, cv=splits, measures=None,
                                      return_estimator=True)
    assert len(result.estimators) == 4
    expected = compute(Z, W=W)
    assert set(result.stability) == set(expected)
    assert {"nogueira", "jaccard", "importance_weighted", "pearson"} <= set(expected)
    for name, value in expected.items():
        assert result.stability[name] == pytest.approx(value, abs=1e-12, nan_ok=True), name
    assert result.stability["importance_weighted"] == pytest.approx(importance_weighted(W))
    assert np.isnan(result.intervals["jaccard"][0])  # no inference known for it

    C = np.abs(np.corrcoef(X, rowvar=False))
    adjusted = cross_validate_stability(pipe, X, y, cv=splits, measures=["intersection_count"],
                                        similarity=C, threshold=0.9,
                                        measure_params={"intersection_count":
                                                        {"random_state": 0}})
    assert adjusted.stability["intersection_count"] == pytest.approx(
        compute(Z, ["intersection_count"], C=C, threshold=0.9,
                params={"intersection_count": {"random_state": 0}})["intersection_count"])


def test_cross_validate_stability_rejects_bad_requests(toy):
    X, y = toy
    with pytest.raises(ValueError, match="unknown stability measure"):
        cross_validate_stability(kbest_pipeline(2), X, y, measures=["nogeira"])
    with pytest.raises(ValueError, match="rank-based"):
        cross_validate_stability(kbest_pipeline(2), X, y, measures=["canberra"])
    with pytest.raises(ValueError, match="confidence_level"):
        cross_validate_stability(kbest_pipeline(2), X, y, confidence_level=95)


# --------------------------------------------------------------------------------------------
# stability_from_cv_results (RFECV's per-split supports)
# --------------------------------------------------------------------------------------------


def test_stability_from_rfecv_equals_supports_by_hand(cancer):
    X, y = cancer
    X = X[:, :10]
    rfecv = RFECV(LogisticRegression(), cv=StratifiedKFold(4)).fit(X, y)
    res = rfecv.cv_results_
    assert "split0_support" in res  # scikit-learn >= 1.7
    table = stability_from_cv_results(rfecv, confidence_level=0.95)
    assert table.index.tolist() == list(range(1, 11)) == res["n_features"].tolist()
    for row, n in enumerate(table.index):
        Z = np.vstack([res[f"split{k}_support"][row] for k in range(4)])
        assert Z.sum(axis=1).tolist() == [n] * 4  # RFE keeps exactly n at this row
        if n < 10:
            assert table.loc[n, "nogueira"] == pytest.approx(phi_by_formula(Z), abs=1e-12)
            assert (table.loc[n, "nogueira_ci_low"], table.loc[n, "nogueira_ci_high"]) == \
                pytest.approx(nogueira_confidence_interval(Z))
    assert np.isnan(table.loc[10, "nogueira"])  # every split keeps every feature
    np.testing.assert_allclose(table["mean_test_score"], res["mean_test_score"])


def test_stability_from_cv_results_dict_in_the_documented_layout():
    # RFECV.cv_results_ as scikit-learn >= 1.7 builds it: split{k}_support / split{k}_ranking of
    # shape (n_subsets_of_features, n_features), ascending n_features.
    supports = [
        [[1, 0, 0, 0], [1, 1, 0, 0]],
        [[1, 0, 0, 0], [1, 0, 1, 0]],
        [[0, 1, 0, 0], [1, 1, 0, 0]],
    ]
    rankings = [
        [[1, 2, 3, 4], [1, 1, 2, 3]],
        [[1, 3, 2, 4], [1, 2, 1, 3]],
        [[2, 1, 3, 4], [1, 1, 2, 3]],
    ]
    cv_results = {"mean_test_score": np.array([0.7, 0.8]), "n_features": np.array([1, 2])}
    for k in range(3):
        cv_results[f"split{k}_support"] = np.array(supports[k], dtype=bool)
        cv_results[f"split{k}_ranking"] = np.array(rankings[k])
    table = stability_from_cv_results(cv_results, measures=["nogueira", "canberra"])
    # n = 1: frequencies (2/3, 1/3, 0, 0), k̄ = 1, d = 4, M = 3
    s2 = 3 / 2 * np.array([2 / 9, 2 / 9, 0, 0])
    assert table.loc[1, "nogueira"] == pytest.approx(1 - s2.mean() / (1 / 4 * 3 / 4))
    # n = 2: frequencies (1, 2/3, 1/3, 0), k̄ = 2
    s2 = 3 / 2 * np.array([0, 2 / 9, 2 / 9, 0])
    assert table.loc[2, "nogueira"] == pytest.approx(1 - s2.mean() / (1 / 2 * 1 / 2))
    from fsstab.measures import canberra

    assert table.loc[2, "canberra"] == pytest.approx(
        canberra(np.array([r[1] for r in rankings], dtype=float)))
    assert table["mean_test_score"].tolist() == [0.7, 0.8]


def test_stability_from_cv_results_without_supports_names_the_version():
    with pytest.raises(ValueError, match=r"scikit-learn 1\.7"):
        stability_from_cv_results({"mean_test_score": [0.5], "split0_test_score": [0.5]})
