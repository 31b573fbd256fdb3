"""ReliefF (equal K) weights against a loop written from Kononenko's update rule."""

import numpy as np
import pytest

from fsstab.selectors._relief_scores import relief_scores


def _diff(a, b, low, span, ramp):
    out = np.zeros_like(a)
    ok = span > 0
    out[ok] = np.abs(a[ok] - b[ok]) / span[ok]
    if ramp is not None:
        t_eq, t_diff = ramp
        out = np.array([
            1.0 if v >= t_diff else 0.0 if v <= t_eq else (v - t_eq) / (t_diff - t_eq)
            for v in out
        ])
    return out


def _reference_relief(X, y, k, ramp=None):
    n, d = X.shape
    low, span = X.min(0), X.max(0) - X.min(0)
    classes = sorted(set(y.tolist()))
    prior = {c: np.mean(y == c) for c in classes}
    w = np.zeros(d)
    for i in range(n):
        dist = [(_diff(X[i], X[j], low, span, ramp).sum(), j) for j in range(n) if j != i]
        for c in classes:
            neighbours = sorted((dj, j) for dj, j in dist if y[j] == c)[:k]  # ties: lower j
            if not neighbours:
                continue
            total = sum(_diff(X[i], X[j], low, span, ramp) for _, j in neighbours)
            if c == y[i]:
                w -= total / len(neighbours)
            else:
                w += prior[c] / (1 - prior[y[i]]) * total / len(neighbours)
    return w / n


@pytest.mark.parametrize(("k", "ramp", "n_classes"), [
    (1, None, 2), (3, None, 2), (5, None, 3), (40, None, 2), (4, (0.04, 0.1), 2),
    (4, (0.1, 0.1), 3),
])
def test_relief_matches_reference(k, ramp, n_classes):
    rng = np.random.default_rng(k)
    n, d = 30, 7
    y = rng.integers(0, n_classes, n)
    X = rng.normal(size=(n, d)) + np.outer(y, np.linspace(0, 2, d))
    X[:, 4] = np.round(X[:, 4])
    X[:, 5] = 2.0
    np.testing.assert_allclose(relief_scores(X, y, k, ramp), _reference_relief(X, y, k, ramp),
                               rtol=1e-10, atol=1e-12)


def test_relief_ranks_relevant_features_first():
    rng = np.random.default_rng(0)
    n, d = 80, 30
    y = rng.integers(0, 2, n)
    X = rng.normal(size=(n, d))
    X[:, :3] += 2.5 * y[:, None]
    assert set(np.argsort(-relief_scores(X, y, 10))[:3]) == {0, 1, 2}


def test_relief_rejects_bad_parameters():
    X = np.zeros((4, 2))
    y = np.array([0, 0, 1, 1])
    with pytest.raises(ValueError, match="n_neighbors"):
        relief_scores(X, y, 0)
    with pytest.raises(ValueError, match="ramp"):
        relief_scores(X, y, 1, ramp=(0.2, 0.1))
