"""Data, fixtures and independent helpers shared by the tests of fsstab.sklearn
(test_sklearn_cv_stability.py, test_sklearn_search.py); none of them is fsstab.sklearn.

A test module takes the fixtures by binding them in its namespace
(``cancer = _sklearn_helpers.cancer``; an imported name that a test's argument shadows would
read as a redefinition to ruff): the autouse ``_one_blas_thread`` then applies to every test of
that module, and the module-scoped ``cancer`` and ``toy`` are made once per module.
"""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.datasets import load_breast_cancer
from sklearn.feature_selection import SelectKBest
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from threadpoolctl import threadpool_limits


@pytest.fixture(autouse=True, scope="module")
def _one_blas_thread():
    # hundreds of tiny fits: BLAS threads only contend (and xdist runs two workers)
    with threadpool_limits(1):
        yield


@pytest.fixture(scope="module")
def cancer():
    """Breast cancer (569 x 30), standardised once so that lbfgs converges quickly."""
    X, y = load_breast_cancer(return_X_y=True)
    return StandardScaler().fit_transform(X), y


@pytest.fixture(scope="module")
def toy():
    """200 x 8 Gaussian features, the class depends on x0 + x1 (+ a little on x2)."""
    rng = np.random.default_rng(7)
    X = rng.normal(size=(200, 8))
    y = (X[:, 0] + X[:, 1] + 0.3 * X[:, 2] + 0.5 * rng.normal(size=200) > 0).astype(int)
    return X, y


def phi_by_formula(Z: np.ndarray) -> float:
    """Nogueira, Sechidis & Brown (2018): 1 − mean_f s_f² / (k̄/d (1 − k̄/d)), s_f² unbiased."""
    Z = np.asarray(Z, dtype=float)
    M, d = Z.shape
    p = Z.mean(axis=0)
    s2 = M / (M - 1) * p * (1 - p)
    k_bar = Z.sum(axis=1).mean()
    return 1 - s2.mean() / (k_bar / d * (1 - k_bar / d))


def eq7(coef: np.ndarray) -> np.ndarray:
    """Hamer & Dupont (2021) eq. 7: ||w||_0 |w_f| / ||w||_1."""
    w = np.abs(np.asarray(coef, dtype=float)).ravel()
    return np.count_nonzero(w) * w / w.sum()


def supports_by_hand(pipeline, X, y, splits, step: str) -> np.ndarray:
    """Fit the pipeline on every training part and read the named step's get_support()."""
    rows = []
    for train, _ in splits:
        fitted = clone(pipeline).fit(X[train], y[train])
        rows.append(fitted.named_steps[step].get_support())
    return np.vstack(rows)


def kbest_pipeline(k=5):
    return make_pipeline(SelectKBest(k=k), LogisticRegression(solver="liblinear", random_state=0))
