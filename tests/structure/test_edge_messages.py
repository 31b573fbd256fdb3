"""The late or silent cases a new user meets: a message that says the opposite, a value above
its bound, a gene name that breaks a figure, an error that does not say why."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer
from sklearn.decomposition import PCA
from sklearn.feature_selection import SelectKBest
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from fsstab.measures import (
    UndefinedMeasureError,
    canberra,
    nogueira,
    nogueira_bounds,
    nogueira_confidence_interval,
)
from fsstab.plots import feature_stability_map, new_figure, save_figure
from fsstab.sklearn import cross_validate_stability, selection_matrix


def test_pca_after_the_selection_is_measured_not_refused():
    X, y = load_breast_cancer(return_X_y=True)
    pipe = make_pipeline(StandardScaler(), SelectKBest(k=5), PCA(n_components=2),
                         LogisticRegression())
    result = cross_validate_stability(pipe, X, y, cv=4, measures=["nogueira"])
    row = result.to_frame().loc["nogueira"]
    assert row["mean_n_features"] == 5.0
    # the selections are SelectKBest's, traced to the input features
    fitted = [make_pipeline(StandardScaler(), SelectKBest(k=5)).fit(X[train], y[train])
              for train in (np.arange(0, 400), np.arange(100, 569))]
    assert selection_matrix(fitted).to_numpy().sum(axis=1).tolist() == [5, 5]
    # PCA *before* the selection: refused, saying so
    before = make_pipeline(StandardScaler(), PCA(n_components=4), SelectKBest(k=2),
                           LogisticRegression())
    with pytest.raises(ValueError, match="outputs the new feature 'pca0'; a selection made "
                                         "after it cannot be traced back"):
        cross_validate_stability(before, X, y, cv=3)
    # importances after a PCA would be weights of components, not of input features
    with pytest.raises(ValueError, match="no feature importance"):
        cross_validate_stability(pipe, X, y, cv=3, measures=["importance_weighted"])


def test_nogueira_undefined_says_why():
    with pytest.raises(UndefinedMeasureError,
                       match=r"nogueira is undefined for this input: every one of the M = 3 "
                             r"selections is empty \(q = 0\)"):
        nogueira(np.zeros((3, 5), dtype=bool), undefined="raise")
    with pytest.raises(UndefinedMeasureError, match="holds all d = 5 features"):
        nogueira(np.ones((3, 5), dtype=bool), undefined="raise")


def test_canberra_of_identical_rankings_is_exactly_its_bound():
    # Hamer & Dupont (2021), eq. 5: identical rankings have distance 0, so φ_can = 1; the sum
    # of differences used to land a rounding error above it (1.0000000000000002)
    ranks = np.tile([7, 9, 12, 6, 3, 1, 15, 5, 13, 14, 8, 10, 4, 11, 2], (3, 1))
    assert canberra(ranks, k=15) == 1.0
    rng = np.random.default_rng(1)
    for _ in range(200):
        d = int(rng.integers(3, 30))
        ranks = np.tile(rng.permutation(d) + 1, (int(rng.integers(2, 5)), 1))
        value = canberra(ranks, k=int(rng.integers(1, d + 1)))
        assert value <= 1.0
        assert value == pytest.approx(1.0, abs=1e-12)
        # one ranking changed: still never above the bound
        ranks[0] = rng.permutation(d) + 1
        assert canberra(ranks, k=int(rng.integers(1, d + 1))) <= 1.0


def test_the_interval_of_phi_is_cut_to_its_range():
    Z = np.zeros((5, 20), dtype=bool)
    Z[:, :5] = True
    Z[4, 3], Z[4, 12] = False, True
    low, high = nogueira_confidence_interval(Z)
    assert high > 1.0  # the published Wald interval
    clipped = nogueira_confidence_interval(Z, clip=True)
    assert clipped == (low, 1.0)
    assert nogueira_bounds(5) == (-0.25, 1.0)
    # the lower end: M = 3 disjoint sets (the reference scenario S09 reaches -0.539 < -1/2)
    disjoint = np.zeros((3, 9), dtype=bool)
    for i in range(3):
        disjoint[i, 3 * i:3 * i + i + 1] = True
    raw_low, _ = nogueira_confidence_interval(disjoint)
    cut_low, _ = nogueira_confidence_interval(disjoint, clip=True)
    assert cut_low == max(raw_low, -0.5)


def test_a_gene_named_like_mathtext_is_drawn_literally(tmp_path):
    W = np.array([[0.6, 0.4, 0.0], [0.5, 0.0, 0.5], [0.7, 0.3, 0.0]])
    names = [r"$\foo{x}$", "GENE_$2", "plain"]
    fig = new_figure((6, 3))
    ax = fig.subplots()
    feature_stability_map(W, feature_names=names, legend_features=3, ax=ax)
    _, png = save_figure(fig, tmp_path / "map")  # mathtext would fail on \foo
    assert png.stat().st_size > 0
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels[0].startswith(r"\$\foo{x}\$")
