"""Bommert (2020), Chapter 8 (fsstab.papers.bommert2020.ch8): false positives and negatives,
the approaches' choices (Algorithm 3.2), stability selection with L0, the L0 tuning table, the
simulation and the toy example, each checked against an independent derivation written here."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fsstab.papers.bommert2020 import common
from fsstab.papers.bommert2020.ch8 import approaches, reference, simulation, stages, toy
from fsstab.papers.bommert2020.reference import NTREE_VALUES
from fsstab.selectors import GLMBoostSelector, complementary_pairs, l0_logistic_support


def _toy(seed=0, n=60, d=12):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = (X[:, 0] + X[:, 1] + 0.5 * rng.normal(size=n) > 0).astype(np.int64)
    return X, y


def brute_force_overlap(V, C, sim, theta):
    """a = |V ∩ C| + min(A(V, C), A(C, V)), A written out as in §3.3.2.3 / §8.3.1."""
    V, C = set(V), set(C)

    def A(Vi, Vj):
        return sum(1 for x in Vi - Vj if any(sim[x][y] >= theta for y in Vj - Vi))

    return len(V & C) + min(A(V, C), A(C, V))


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_adjusted_overlap_matches_the_definition(data):
    d = data.draw(st.integers(2, 9))
    V = data.draw(st.sets(st.integers(0, d - 1), max_size=d))
    C = data.draw(st.sets(st.integers(0, d - 1), min_size=1, max_size=d))
    values = data.draw(st.lists(st.sampled_from([0.0, 0.5, 0.9, 0.95, 1.0]),
                                min_size=d * d, max_size=d * d))
    sim = np.array(values).reshape(d, d)
    sim = np.maximum(sim, sim.T)
    np.fill_diagonal(sim, 1.0)
    a = simulation.adjusted_overlap(sorted(V), sorted(C), sim, 0.9)
    assert a == brute_force_overlap(V, C, sim, 0.9)
    fp, fn = simulation.false_features(sorted(V), sorted(C), sim, 0.9)
    assert fp == len(V) - a
    assert fn == len(C) - a
    # §8.3.1: n. selected = false positives - false negatives + |C|
    assert len(V) == fp - fn + len(C)


def test_false_features_hand_example():
    # relevant {0, 5}; selected {1, 5, 7}: 1 is similar to 0 (0.95), 7 is unrelated
    sim = np.eye(8)
    sim[0, 1] = sim[1, 0] = 0.95
    assert simulation.false_features([1, 5, 7], [0, 5], sim, 0.9) == (1, 0)
    # below the threshold the substitute does not count
    sim[0, 1] = sim[1, 0] = 0.85
    assert simulation.false_features([1, 5, 7], [0, 5], sim, 0.9) == (2, 1)
    assert simulation.false_features([], [0, 5], sim, 0.9) == (0, 2)


def test_choose_by_accuracy_breaks_ties_at_random_but_reproducibly():
    acc = [0.7, 0.9, 0.9, np.nan, 0.9]
    picks = {approaches.choose_by_accuracy(acc, seed) for seed in range(40)}
    assert picks == {1, 2, 4}
    assert approaches.choose_by_accuracy(acc, 3) == approaches.choose_by_accuracy(acc, 3)
    with pytest.raises(ValueError, match="finite"):
        approaches.choose_by_accuracy([np.nan], 0)


def test_epsilon_constraint_choice_by_hand():
    # Algorithm 3.2 with acc.const = 0.025, stab.const = 0.1 (erratum: acc.max - acc.const):
    # acc.max = 0.90 -> keep acc >= 0.875: rows 1, 2, 3; stab.max among them = 0.8 -> keep
    # stab >= 0.7: rows 2, 3; best accuracy among them: row 3 (0.88).
    table = pd.DataFrame({
        "max_support_size": [2, 4, 6, 8],
        "accuracy": [0.80, 0.90, 0.876, 0.88],
        "unadjusted": [0.95, 0.50, 0.80, 0.72],
        "intersection_count": [0.95, 0.50, 0.60, 0.90],
    })
    assert approaches.choose_l0_configuration(table, "unadj", acc_const=0.025, stab_const=0.1,
                                        random_state=0) == 3
    # SMA-Count: stab.max = 0.9 -> keep >= 0.8: row 3 only
    assert approaches.choose_l0_configuration(table, "adj", acc_const=0.025, stab_const=0.1,
                                        random_state=0) == 3
    assert approaches.choose_l0_configuration(table, "acc", acc_const=0.025, stab_const=0.1,
                                        random_state=0) == 1
    with pytest.raises(ValueError, match="approach"):
        approaches.choose_l0_configuration(table, "stabs", acc_const=0.025, stab_const=0.1,
                                     random_state=0)


def test_stabs_configurations_follow_the_bound():
    configs = approaches.stabs_configurations(200, 200, 5)
    assert configs["pi_thr"].between(0.6, 0.9).all()
    assert configs["pfer"].between(0.1, 10).all()
    # q = floor(sqrt(PFER (2 pi_thr - 1) p)) (Meinshausen & Bühlmann bound, thesis §3.3.3)
    expected = [math.floor(math.sqrt(math.floor(pfer * (2 * pi - 1) * 200)))
                for pfer, pi in zip(configs["pfer"], configs["pi_thr"], strict=True)]
    assert configs["q"].tolist() == expected
    again = approaches.stabs_configurations(200, 200, 5)
    pd.testing.assert_frame_equal(configs, again)


def brute_force_smu(Z, p):
    """SMU (thesis §3.3.2.1) written out over all pairs."""
    scores = []
    for i, j in itertools.combinations(range(len(Z)), 2):
        a, b = Z[i].sum(), Z[j].sum()
        inter = np.sum(Z[i] & Z[j])
        expected = a * b / p
        scores.append((inter - expected) / (math.sqrt(a * b) - expected))
    return float(np.mean(scores))


def test_l0_tuning_table_measures():
    X, y = _toy(1, n=80, d=15)
    folds = common.stratified_folds(y, 4, 3)
    selections = approaches.l0_cv_selections(X, y, folds, [2, 3, 30], backend="abess")
    # sizes above p are capped at p
    assert selections.sizes.tolist() == [2, 3, 15]
    assert selections.supports.shape == (3, 4, 15)
    assert (selections.supports.sum(axis=2) == np.array([[2], [3], [15]])).all()
    no_similar = np.eye(15)
    table, seconds = approaches.l0_tuning_table(selections, no_similar, n_estimate=500)
    for s in range(2):
        assert table["unadjusted"][s] == pytest.approx(
            brute_force_smu(selections.supports[s], 15))
    # without similar features SMA-Count is SMU (thesis §3.3.2.3)
    np.testing.assert_allclose(table["intersection_count"][:2], table["unadjusted"][:2])
    # all features selected: SMU undefined -> 0 (impute.na = 0, the authors' setting)
    assert table["unadjusted"][2] == 0.0
    np.testing.assert_allclose(table["accuracy"], selections.accuracies.mean(axis=1))
    assert set(seconds) == {"unadjusted", "intersection_count"}


def test_run_approaches_and_a_simulation_replication():
    scenario = simulation.Scenario("blocks", 40, 30, 4)
    settings_ = approaches.ApproachSettings(n_folds=3, sizes=(2, 4, 6), n_estimate=200,
                                      n_stabs_configs=3, n_pairs=3, backend="abess")
    results, tuning, timings = simulation.simulation_replication(scenario, 0, settings_, seed=5)
    assert results["approach"].tolist() == list(reference.APPROACHES)
    truth = results.set_index("approach").loc["truth"]
    assert (truth["false_positive"], truth["false_negative"]) == (0, 0)
    assert truth["n_selected"] == 5
    chosen = results.set_index("approach").loc[["adj", "unadj", "acc"], "max_support_size"]
    assert set(chosen) <= {2, 4, 6}
    l0 = results[results["approach"].isin(["adj", "unadj", "acc"])]
    np.testing.assert_array_equal(l0["n_selected"], l0["max_support_size"])
    assert tuning["max_support_size"].tolist() == [2, 4, 6]
    assert set(timings["approach"]) == {"adj", "unadj", "acc", "stabs"}
    again, _, _ = simulation.simulation_replication(scenario, 0, settings_, seed=5)
    pd.testing.assert_frame_equal(results.drop(columns="selected"),
                                  again.drop(columns="selected"))


def test_scenarios_of_table_8_1():
    all_ = simulation.scenarios()
    assert len(all_) == 32
    assert simulation.Scenario.from_id("toeplitz_n100_p10000_s24") == simulation.Scenario(
        "toeplitz", 100, 10000, 24)
    with pytest.raises(ValueError, match="design"):
        simulation.Scenario("ar1", 100, 200, 4)
    with pytest.raises(ValueError, match="form"):
        simulation.Scenario.from_id("blocks-100-200")


def test_approach_settings_from_mapping():
    s = approaches.ApproachSettings.from_mapping({"sizes": [2, 4], "n_pairs": 5})
    assert s.sizes == (2, 4)
    assert s.n_pairs == 5
    assert s.acc_const == 0.025
    with pytest.raises(ValueError, match="unknown approach setting"):
        approaches.ApproachSettings.from_mapping({"n_pair": 5})


def test_nested_group_counts_by_hand():
    row = {"replication": 0, "method": "l0", **{f"X{j}": False for j in range(1, 16)}}
    row.update({"X1": True, "X3": True, "X5": True, "X8": True})
    counts = toy.nested_group_counts(pd.DataFrame([row]))
    assert counts.loc[0, ["X2..X4", "X2..X5", "X2..X6", "X2..X7", "X2..X8"]].tolist() == [
        1, 2, 2, 2, 3]


def test_boosting_cv_accuracy_equals_separate_fits():
    X, y = _toy(2, n=45, d=6)
    folds = common.stratified_folds(y, 3, 0)
    n_iters = [1, 5, 40]
    fast = toy._boosting_cv_accuracy(X, y, folds, n_iters)
    for value, m in zip(fast, n_iters, strict=True):
        direct = np.mean([GLMBoostSelector(n_iter=m).fit(X[tr], y[tr]).score(X[te], y[te])
                          for tr, te in folds])
        assert value == pytest.approx(direct)


def test_toy_search_space_ranges():
    rng = np.random.RandomState(0)
    boost = toy.toy_search_space("glmboost", 90, 15, 30, rng)
    assert all(1 <= c["n_iter"] <= 2**15 for c in boost)
    forest = toy.toy_search_space("random_forest", 90, 15, 30, rng)
    assert all(c["ntree"] in NTREE_VALUES and 1 <= c["mtry"] <= 15
               and 1 <= c["nodesize"] <= 18 for c in forest)
    assert [c["max_support_size"] for c in toy.toy_search_space("l0", 90, 15, 30, rng)] == \
        list(range(1, 16))
    with pytest.raises(ValueError, match="unknown toy method"):
        toy.toy_search_space("svm", 90, 15, 3, rng)


def test_stability_selections_are_the_l0_fits_on_shared_pairs():
    X, y = _toy()
    fits = approaches.stability_selections(X, y, [2, 3, 3, 0], n_pairs=4, random_state=1,
                                           backend="abess")
    assert sorted(fits) == [2, 3]
    # written out: the same B stratified complementary pairs for every q, L0 on each half
    pairs = complementary_pairs(y, 4, 1, stratify=True)
    for q, fit in fits.items():
        np.testing.assert_array_equal(fit.subsamples_, pairs)
        counts = sum(l0_logistic_support(X[rows], y[rows], q, backend="abess")[0]
                     for rows in pairs)
        np.testing.assert_array_equal(fit.frequencies_, counts / 8)
        # every one of the 2B subsamples selects exactly q features (abess: exact size)
        assert fit.frequencies_.sum() == pytest.approx(q)
    # the relevant features are selected on (almost) every half-sample
    assert fits[2].frequencies_[:2].min() >= 0.75
    np.testing.assert_array_equal(fits[2].support_at(0.75), fits[2].frequencies_ >= 0.75)


def test_tune_stability_selection_accuracy_by_hand():
    X, y = _toy(6, n=60, d=10)
    folds = common.stratified_folds(y, 3, 0)
    configs = pd.DataFrame({"stabs_config": [0, 1, 2], "pi_thr": [0.6, 0.9, 0.7],
                            "pfer": [1.0, 1.0, 0.1], "q": [2, 2, 0]})
    tuned, seconds = approaches.tune_stability_selection(X, y, folds, configs, n_pairs=2,
                                                         random_state=4, backend="abess")
    assert np.isnan(tuned["accuracy"][2]) and seconds > 0  # noqa: PT018 (q = 0: not evaluated)
    from fsstab.seeds import derive_seed

    for i in (0, 1):
        accuracies = []
        for f, (train, test) in enumerate(folds):
            pairs = complementary_pairs(y[train], 2, derive_seed(4, "stabs-fold", f))
            freq = sum(l0_logistic_support(X[train][rows], y[train][rows], 2,
                                           backend="abess")[0] for rows in pairs) / 4
            support = freq >= configs["pi_thr"][i] - 1e-12
            accuracies.append(approaches.glm_accuracy(X[train], y[train], X[test], y[test],
                                                      support))
        assert tuned["accuracy"][i] == pytest.approx(np.mean(accuracies))


def test_random_forest_selects_the_features_it_splits_on():
    X, y = _toy(3, d=5)
    X[:, 4] = 0.0  # a constant feature is never split on
    fit = toy.fit_embedded("random_forest", {"ntree": 20, "nodesize": 1, "mtry": 2}, X, y, 0)
    from sklearn.ensemble import RandomForestClassifier

    forest = RandomForestClassifier(n_estimators=20, min_samples_leaf=1, max_features=2,
                                    random_state=0, n_jobs=1).fit(X, y)
    expected = np.zeros(5, bool)
    for tree in forest.estimators_:
        for f in tree.tree_.feature:
            if f >= 0:
                expected[f] = True
    np.testing.assert_array_equal(fit.support, expected)
    assert not fit.support[4]


def test_stage_helpers():
    simulation_settings = {"sizes": [[100, 200], [40, 30]], "designs": ["blocks", "toeplitz"],
                           "similar": [0, 4]}
    ids = stages.scenario_ids(simulation_settings)
    assert len(ids) == 8
    assert ids[0] == "blocks_n100_p200_s0"
    stems = stages.simulation_figure_stems(simulation_settings)
    assert stems[:2] == ["fig08_5_simulation_n100_p200", "figA_simulation_n40_p30"]
    assert "fig08_6_test_accuracy_blocks" in stems and "figA_29_false_negative_toeplitz" in stems  # noqa: PT018
    assert stems[-1] == "fig08_7_tuning_time"
    assert stages.approach_settings({"n_pairs": 3}).n_pairs == 3


def test_lasso_liblinear_fit_does_not_depend_on_the_global_random_state():
    # the §8.1 toy data (X2 = X3 = X4): which of the copies L1 keeps depends on liblinear's
    # coordinate order, which must come from the fit's seed, not from NumPy's global generator
    from fsstab.seeds import derive_seed
    from fsstab.synthetic import GENERATORS

    data = GENERATORS["similar_features_toy"](n_samples=100,
                                              random_state=derive_seed(11, "toy", 0))
    X, y = data.X, data.y.astype(np.int64)
    supports = set()
    state = np.random.get_state()
    try:
        for global_seed in range(8):
            np.random.seed(global_seed)
            fitted = toy.fit_embedded("lasso_liblinear", {"lambda": 4.55098}, X, y, 5)
            supports.add(tuple(fitted.support))
    finally:
        np.random.set_state(state)
    assert len(supports) == 1
