"""Tests of fsstab.simulator's real selectors and driver (Onda et al. 2022): the leave-one-out
splits of Appendix C.1, OndaForestSelector, real single and ensemble selections,
compare_ensembles and its speed-ups (§2.4, §3.6), and the limit stability that large
ensembles approach. Small synthetic data; the colon run is the benchmark.
"""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest

from fsstab import simulator as sim
from fsstab.simulator._common import child_seed

# --------------------------------------------------------------------------------------------
# Real selectors and the driver (small synthetic data; the colon run is the benchmark)
# --------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_data():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(24, 40))
    y = np.array(["a"] * 12 + ["b"] * 12)
    X[y == "b", :4] += 2.0
    return X, y


def test_onda_splits_follow_appendix_c1(small_data):
    _, y = small_data
    splits = sim.onda_splits(y, random_state=0)
    assert len(splits) == 24
    assert sorted(int(s.test[0]) for s in splits) == list(range(24))
    for split in splits:
        rows = np.concatenate([split.selection, split.predictor, split.test])
        assert sorted(rows.tolist()) == list(range(24))
        assert abs(split.selection.size - split.predictor.size) <= 1
        labels = y[split.selection]
        assert abs(np.sum(labels == "a") - np.sum(labels == "b")) <= 1  # stratified halves
    again = sim.onda_splits(y, random_state=0)
    assert all(np.array_equal(a.selection, b.selection) for a, b in zip(splits, again, strict=True))
    fewer = sim.onda_splits(y, m_stability=5, random_state=0)
    assert len(fewer) == 5
    assert len({int(s.test[0]) for s in fewer}) == 5
    with pytest.raises(ValueError, match="m_stability must be >= 2 and <= 24"):
        sim.onda_splits(y, m_stability=25)


def test_forest_selector_ranks_by_importance_with_random_ties(small_data):
    X, y = small_data
    selector = sim.OndaForestSelector(n_estimators=3, n_features_to_select=4, random_state=0)
    selector.fit(X, y)
    scores, ranks = selector.scores_, selector.ranking_
    assert np.array_equal(np.sort(ranks), np.arange(1, 41))
    order = np.argsort(ranks)
    assert np.all(np.diff(scores[order]) <= 0)  # better rank, no smaller importance
    unused = np.flatnonzero(scores == 0)
    assert unused.size > 10
    # zero-importance features are not ranked in column order
    assert not np.array_equal(np.argsort(ranks[unused]), np.arange(unused.size))
    refit = sim.OndaForestSelector(n_estimators=3, n_features_to_select=4, random_state=0)
    assert np.array_equal(refit.fit(X, y).ranking_, ranks)
    assert sim.OndaForestSelector(n_estimators=20, max_features=0.1, random_state=0).fit(
        X, y
    ).estimator_.max_features == 0.1


def test_real_single_selections(small_data):
    X, y = small_data
    splits = sim.onda_splits(y, m_stability=4, random_state=0)
    base = sim.OndaForestSelector(n_estimators=5)
    for bootstrap in (True, False):
        selections, seconds = sim.real_single_selections(
            X, y, splits, base, 6, bootstrap=bootstrap, random_state=0
        )
        assert selections.shape == (4, 40)
        assert np.all(selections.sum(axis=1) == 6)
        assert seconds > 0
        again, _ = sim.real_single_selections(
            X, y, splits, base, 6, bootstrap=bootstrap, random_state=0
        )
        assert np.array_equal(selections, again)
    # a bootstrap perturbs the data: the two kinds of run differ
    direct, _ = sim.real_single_selections(X, y, splits, base, 6, random_state=0)
    bootstrapped, _ = sim.real_single_selections(X, y, splits, base, 6, bootstrap=True,
                                                 random_state=0)
    assert not np.array_equal(bootstrapped, direct)


def test_real_ensemble_curve(small_data):
    from sklearn.neighbors import KNeighborsClassifier

    X, y = small_data
    splits = sim.onda_splits(y, m_stability=4, random_state=0)
    base = sim.OndaForestSelector(n_estimators=5)
    frame = sim.real_ensemble_curve(X, y, splits, base, [1, 3], 6,
                                    predictor=KNeighborsClassifier(3), random_state=0)
    assert list(frame.columns) == ["m_ensemble", "stability", "seconds", "accuracy"]
    assert frame["m_ensemble"].tolist() == [1, 3]
    assert frame["stability"].between(0, 1).all()
    assert frame["accuracy"].between(0, 1).all()
    without = sim.real_ensemble_curve(X, y, splits, base, [1, 3], 6, random_state=0)
    assert without["accuracy"].isna().all()
    assert without["stability"].tolist() == frame["stability"].tolist()


def test_real_ensemble_curve_equals_separate_ensembles(small_data):
    """The curve reuses the largest ensemble's first m weak selectors: the same selections as
    one EnsembleSelector of size m per copy, fitted from scratch (the definition)."""
    from fsstab.seeds import as_seed
    from fsstab.selectors import EnsembleSelector
    from fsstab.simulator._common import selection_stability

    X, y = small_data
    splits = sim.onda_splits(y, m_stability=4, random_state=0)
    base = sim.OndaForestSelector(n_estimators=5)
    frame = sim.real_ensemble_curve(X, y, splits, base, [1, 3, 4], 6, random_state=7)
    codes = np.unique(y, return_inverse=True)[1]
    for m, ours in zip([1, 3, 4], frame["stability"], strict=True):
        selections = np.array([
            EnsembleSelector(selector=base, n_bootstrap=m, n_features_to_select=6,
                             random_state=child_seed(as_seed(7), 0, j))
            .fit(X[split.selection], codes[split.selection]).get_support()
            for j, split in enumerate(splits)])
        assert ours == selection_stability(selections, "jaccard")


def test_compare_ensembles():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(24, 200))
    y = np.array(["a"] * 12 + ["b"] * 12)
    X[y == "b", :6] += 3.0
    kwargs = {"n_target": 4, "base_selector": sim.OndaForestSelector(n_estimators=50),
              "m_ensemble": (1, 2), "m_stability": 8, "curve_p_values": (0.3,),
              "n_threshold_repeats": 20, "random_state": 0}
    result = sim.compare_ensembles(X, y, **kwargs)
    curves = result.curves
    assert list(curves.columns) == ["source", "p", "m_ensemble", "stability", "seconds",
                                    "accuracy"]
    real = curves[curves["source"] == "real"]
    simulated = curves[curves["source"] == "simulated"]
    assert real["m_ensemble"].tolist() == [1, 2]
    assert real["p"].isna().all()
    fit = result.parameters
    assert set(simulated["p"]) == {fit.p, 0.3}
    assert fit.p in sim.DEFAULT_P_GRID
    assert fit.n_target == 4
    assert fit.n_feature == 200
    assert fit.n_useful == fit.n_useful_estimate.n_useful >= 4
    assert len(result.splits) == 8
    assert result.counts["count"].sum() == 8 * 4
    assert result.counts["uniform_count"].sum() == 8 * 4
    assert result.counts["uniform_count"].max() == fit.n_useful_estimate.t_uniform
    assert len(result.thresholds) == 20
    assert result.timings["stage"].tolist() == [
        "real single selectors", "parameter estimation", "real ensembles", "simulated ensembles"
    ]
    assert result.speedup > 0
    assert result.speedup_total > 0
    again = sim.compare_ensembles(X, y, **kwargs)
    columns = ["source", "p", "m_ensemble", "stability"]
    assert again.curves[columns].equals(curves[columns])


def test_bad_driver_inputs(small_data):
    X, y = small_data
    base = sim.OndaForestSelector(n_estimators=3)
    splits = sim.onda_splits(y, m_stability=3, random_state=0)
    with pytest.raises(ValueError, match="NaN"):
        sim.real_single_selections(np.full((24, 40), np.nan), y, splits, base, 4)
    with pytest.raises(ValueError, match="one label per row"):
        sim.real_single_selections(X, y[:-1], splits, base, 4)
    with pytest.raises(ValueError, match="two classes"):
        sim.real_single_selections(X, np.zeros(24), splits, base, 4)
    with pytest.raises(ValueError, match="at least two copies"):
        sim.real_single_selections(X, y, splits[:1], base, 4)
    bad = [sim.OndaSplit(np.array([0, 99]), np.array([1]), np.array([2]))] * 2
    with pytest.raises(ValueError, match=r"splits\[0\].selection"):
        sim.real_single_selections(X, y, bad, base, 4)
    with pytest.raises(ValueError, match="n_target must be >= 1 and <= 40"):
        sim.real_single_selections(X, y, splits, base, 41)

    class NoRanking:
        def get_params(self, deep=False):
            return {}

        def set_params(self, **params):
            return self

        def fit(self, X, y):
            return self

    for bootstrap in (True, False):
        with pytest.raises(ValueError, match="does not rank features"):
            sim.real_single_selections(X, y, splits, NoRanking(), 4, bootstrap=bootstrap)
    with pytest.raises(ValueError, match="n_threshold_repeats"):
        sim.compare_ensembles(X, y, n_target=4, base_selector=base, n_threshold_repeats=-1)
    with pytest.raises(ValueError, match="m_ensemble values must not be empty"):
        sim.compare_ensembles(X, y, n_target=4, base_selector=base, m_ensemble=())


def test_ensemble_speedups_from_the_stage_times():
    """§3.6: real / simulated ensembles; §2.4: real / (single runs + estimation + simulated).
    Rows of one stage add up (a timing table gathered from parts)."""
    stages = ["real single selectors", "parameter estimation", "real ensembles",
              "simulated ensembles", "simulated ensembles"]
    timings = pd.DataFrame({"stage": stages, "seconds": [10.0, 1.0, 200.0, 0.25, 0.25]})
    speedup, total = sim.ensemble_speedups(timings)
    assert speedup == pytest.approx(200.0 / 0.5)
    assert total == pytest.approx(200.0 / 11.5)
    with pytest.raises(ValueError, match=r"no stage\(s\) \['parameter estimation'\]"):
        sim.ensemble_speedups(timings[timings["stage"] != "parameter estimation"])


def test_limit_stability_by_enumeration():
    """Two uniform 2-subsets of 5 features, enumerated: 10 x 10 pairs, Jaccard 1 (same set),
    1/3 (one shared) or 0."""
    subsets = list(itertools.combinations(range(5), 2))
    values = [len(set(a) & set(b)) / len(set(a) | set(b)) for a in subsets for b in subsets]
    assert sim.limit_stability(5, 2) == pytest.approx(np.mean(values), abs=1e-15)
    assert sim.limit_stability(7, 7) == 1.0
    with pytest.raises(ValueError, match="n_target"):
        sim.limit_stability(5, 6)


@pytest.mark.parametrize("p", [0.3, 0.9])
def test_large_simulated_ensembles_approach_the_limit_whatever_p(p):
    """Algorithm 2 with many weak selectors: the stability of 400 simulated ensembles is the
    limit's within sampling error (sd of a pairwise mean over 400 copies ~ 0.005)."""
    value = sim.simulated_stability(300, 5, 15, p, 300, 400, random_state=3)
    assert value == pytest.approx(sim.limit_stability(15, 5), abs=0.02)
