"""Tree, neighbour, filter, boosting, stability-selection and ensemble selectors."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.base import clone
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression

from fsstab.selectors import (
    FILTERS,
    SELECTORS,
    BaseSelector,
    EnsembleSelector,
    FilterSelector,
    GBMSelector,
    RandomForestSelector,
    ReliefSelector,
    StabilitySelection,
    complementary_pairs,
    get_filter,
    stability_selection_parameters,
)
from fsstab.selectors._trees import tree_usage_fraction
from fsstab.selectors._two_stage import fit_selection

INFORMATIVE = {0, 1, 2, 3}


def planted(n=120, d=40, shift=2.0, seed=0):
    """Balanced classes; features 0-3 shift their class means by ``shift`` (which also raises
    their marginal variance to 1 + shift²/4, the signal the unsupervised variance filter sees);
    the other features are standard normal noise."""
    rng = np.random.default_rng(seed)
    y = np.repeat([0, 1], n // 2)
    X = rng.normal(size=(n, d))
    X[:, sorted(INFORMATIVE)] += shift * (y[:, None] - 0.5)
    return X, y


def selected(selector):
    return set(np.flatnonzero(selector.get_support()).tolist())


# --- recovery ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "method", sorted(n for n, info in FILTERS.items() if "classification" in info.tasks))
def test_every_filter_recovers_planted_features(method):
    X, y = planted()
    selector = FilterSelector(method=method, n_features_to_select=4, n_estimators=100,
                              random_state=0).fit(X, y)
    assert selected(selector) == INFORMATIVE
    assert selector.n_features_selected_ == 4
    assert np.all(selector.importances_[selector.support_] > 0)
    assert np.all(selector.importances_[~selector.support_] == 0)
    assert selector.score(X, y) > 0.9


@pytest.mark.parametrize(
    "selector",
    [
        RandomForestSelector(n_estimators=100, n_features_to_select=4, random_state=0),
        GBMSelector(n_features_to_select=4, random_state=0),
        ReliefSelector(n_neighbors=10, n_features_to_select=4),
        StabilitySelection(FilterSelector(method="kruskal"), q=4, pi_thr=0.9, pfer=None,
                           n_pairs=10, random_state=0),
        EnsembleSelector(FilterSelector(method="impurity", n_estimators=50), n_bootstrap=5,
                         n_features_to_select=4, estimator=LogisticRegression(),
                         random_state=0),
    ],
    ids=lambda s: type(s).__name__,
)
def test_selectors_recover_planted_features(selector):
    X, y = planted()
    selector.fit(X, y)
    assert selected(selector) == INFORMATIVE
    assert np.all(selector.importances_[selector.support_] > 0)
    assert set(np.argsort(selector.ranking_)[:4].tolist()) == INFORMATIVE
    assert selector.score(X, y) > 0.9


def test_random_forest_tree_fraction_mode():
    X, y = planted(d=20)
    selector = RandomForestSelector(n_estimators=100, mode="tree_fraction",
                                    min_tree_fraction=0.5, criterion="entropy",
                                    random_state=0).fit(X, y)
    # most trees split on the informative features, fewer than half on any noise feature
    assert selected(selector) == INFORMATIVE
    assert np.all(selector.scores_[selector.support_] >= 0.5)
    assert np.all(selector.scores_[~selector.support_] < 0.5)
    assert set(np.argsort(selector.ranking_)[:4].tolist()) == INFORMATIVE


def test_tree_usage_fraction_counts_trees():
    X, y = planted(d=10)
    forest = RandomForestClassifier(n_estimators=20, max_depth=2, random_state=1).fit(X, y)
    manual = np.zeros(10)
    for tree in forest.estimators_:
        for f in {int(f) for f in tree.tree_.feature if f >= 0}:
            manual[f] += 1
    np.testing.assert_array_equal(tree_usage_fraction(forest, 10), manual / 20)



def test_random_forest_breaks_zero_importance_ties_at_random():
    # Three trees on 300 features split on few of them: fewer than 20 features get a positive
    # out-of-bag importance, the rest tie at 0. The top 20 must hold every positive feature and
    # fill up with tied ones drawn at random, not the lowest indices in every run.
    rng = np.random.default_rng(4)
    X = rng.normal(size=(60, 300))
    y = (X[:, 250] + X[:, 260] > 0).astype(int)
    fills = []
    for seed in range(4):
        selector = RandomForestSelector(n_estimators=3, n_features_to_select=20,
                                        random_state=seed).fit(X, y)
        positive = np.flatnonzero(selector.scores_ > 0)
        assert 0 < positive.size < 20
        chosen = np.flatnonzero(selector.support_)
        assert set(positive) <= set(chosen)
        tied = np.setdiff1d(chosen, positive)
        assert np.all(selector.scores_[tied] == 0)
        fills.append(frozenset(tied))
        again = RandomForestSelector(n_estimators=3, n_features_to_select=20,
                                     random_state=seed).fit(X, y)
        assert np.array_equal(again.support_, selector.support_)
    assert len(set(fills)) == 4
    lowest = set(range(20))
    assert not all(fill <= lowest for fill in fills)

def test_random_forest_final_model_is_a_forest_on_the_selected_features():
    X, y = planted()
    selector = RandomForestSelector(n_estimators=30, n_features_to_select=5,
                                    random_state=0).fit(X, y)
    model = selector.estimator_
    assert isinstance(model, RandomForestClassifier)
    assert model.n_features_in_ == 5
    assert model.n_estimators == 30
    assert selector.transform(X).shape == (X.shape[0], 5)
    assert selector.decision_function(X).shape == (X.shape[0],)
    # ranking follows the out-of-bag permutation scores of the selection forest
    order = np.argsort(selector.ranking_)
    assert np.all(np.diff(selector.scores_[order]) <= 0)


# --- filter selector specifics ---------------------------------------------------------------
def test_filter_lookup_by_thesis_name():
    assert get_filter("anova.test").name == "anova"
    assert get_filter("sym.uncert").name == "sym_uncertainty"
    assert get_filter("MRMR").name == "mrmr"
    by_thesis_name = FilterSelector(method="kruskal.test", n_features_to_select=4)
    assert selected(by_thesis_name.fit(*planted())) == INFORMATIVE
    with pytest.raises(ValueError, match="unknown filter method 'nope'"):
        get_filter("nope")


def test_filter_registry_matches_thesis_table():
    thesis_names = {"anova.test", "limma", "sam", "kruskal.test", "chi.squared", "auc", "oneR",
                    "variance", "permutation", "impurity", "info.gain", "gain.ratio",
                    "sym.uncert", "MIM", "MRMR", "JMI", "JMIM", "DISR", "NJMIM", "CMIM"}
    assert thesis_names <= {info.thesis_name for info in FILTERS.values()}
    assert {name for name, info in FILTERS.items() if info.iterative} == {
        "mrmr", "jmi", "jmim", "disr", "njmim", "cmim"}
    assert {name for name, info in FILTERS.items() if info.classes == "two-class"} == {
        "auc", "welch_t"}


def test_filter_threshold_mode():
    X, y = planted()
    selector = FilterSelector(method="anova", threshold=20.0).fit(X, y)
    np.testing.assert_array_equal(selector.support_, selector.scores_ >= 20.0)
    assert selected(selector) == INFORMATIVE
    nothing = FilterSelector(method="anova", threshold=1e9).fit(X, y)
    assert nothing.n_features_selected_ == 0
    assert np.all(nothing.importances_ == 0)
    assert set(nothing.predict(X).tolist()) <= {0, 1}


def test_iterative_filter_ranking_and_scores():
    X, y = planted()
    selector = FilterSelector(method="mrmr", n_features_to_select=5).fit(X, y)
    ranks = selector.ranking_[selector.support_]
    assert sorted(ranks.tolist()) == [1, 2, 3, 4, 5]
    assert np.all(selector.ranking_[~selector.support_] == 6)
    assert np.all(np.isnan(selector.scores_[~selector.support_]))
    assert np.all(np.isfinite(selector.scores_[selector.support_]))


def test_default_and_fractional_sizes():
    X, y = planted(d=40)
    assert FilterSelector().fit(X, y).n_features_selected_ == 6  # min(20, floor(sqrt(40)))
    assert FilterSelector(n_features_to_select=0.1).fit(X, y).n_features_selected_ == 4


def test_multiclass_filters():
    rng = np.random.default_rng(3)
    y = np.repeat([0, 1, 2], 30)
    X = rng.normal(size=(90, 15))
    X[:, 0] += 2.0 * y
    for method in ("anova", "kruskal", "limma", "info_gain", "mim", "jmi"):
        selector = FilterSelector(method=method, n_features_to_select=1).fit(X, y)
        assert selected(selector) == {0}, method
        assert set(selector.predict(X).tolist()) <= {0, 1, 2}
    with pytest.raises(ValueError, match="two classes"):
        FilterSelector(method="auc").fit(X, y)


# --- stability selection -----------------------------------------------------------------------
def test_pfer_relation_by_hand():
    # q = 10, pi = 0.75, p = 200: PFER = 100 / (0.5 * 200) = 1
    assert stability_selection_parameters(200, q=10, pi_thr=0.75) == (10, 0.75, 1.0)
    # pi = 0.9, PFER = 2, p = 1000: q = floor(sqrt(2 * 0.8 * 1000)) = 40
    assert stability_selection_parameters(1000, pi_thr=0.9, pfer=2.0) == (40, 0.9, 2.0)
    # q = 5, PFER = 0.5, p = 100: pi = (25 / 50 + 1) / 2 = 0.75
    params = stability_selection_parameters(100, q=5, pfer=0.5)
    assert params.q == 5
    assert params.pi_thr == pytest.approx(0.75)


@settings(max_examples=200, deadline=None)
@given(
    p=st.integers(1, 5000),
    pi_thr=st.floats(0.501, 1.0),
    pfer=st.floats(0.01, 50.0),
)
def test_pfer_bound_holds_for_derived_q(p, pi_thr, pfer):
    try:
        q, pi, bound = stability_selection_parameters(p, pi_thr=pi_thr, pfer=pfer)
    except ValueError:
        assert math.sqrt(pfer * (2 * pi_thr - 1) * p) < 1 + 1e-9
        return
    assert 1 <= q <= p
    assert q**2 / ((2 * pi - 1) * p) <= bound * (1 + 1e-12)
    if q < p:  # q is the largest size that keeps the bound
        assert (q + 1) ** 2 / ((2 * pi - 1) * p) > bound * (1 - 1e-12)
    # and the inverse direction reproduces the threshold that attains the bound with this q
    back = stability_selection_parameters(p, q=q, pfer=q**2 / ((2 * pi - 1) * p))
    assert back.pi_thr == pytest.approx(pi, rel=1e-9)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"q": 3, "pi_thr": 0.8, "pfer": 1.0}, "exactly two"),
        ({"q": 3}, "exactly two"),
        ({"q": 0, "pi_thr": 0.8}, "q must be"),
        ({"q": 101, "pi_thr": 0.8}, "q must be"),
        ({"q": 3, "pi_thr": 0.5}, "pi_thr must lie"),
        ({"q": 3, "pfer": 0.0}, "pfer must be"),
        ({"q": 30, "pfer": 1.0}, "cannot guarantee"),
        ({"pi_thr": 0.6, "pfer": 0.01}, "q < 1"),
    ],
)
def test_stability_parameters_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        stability_selection_parameters(100, **kwargs)


def test_stability_selection_frequencies_and_pairs():
    rng = np.random.default_rng(1)
    y = np.r_[np.zeros(30, int), np.ones(31, int)]  # odd n: one sample left out per pair
    X = rng.normal(size=(61, 30))
    X[:, sorted(INFORMATIVE)] += 2.0 * y[:, None]
    selector = StabilitySelection(FilterSelector(method="anova"), q=5, pi_thr=0.8, pfer=None,
                                  n_pairs=6, random_state=0).fit(X, y)
    assert selector.pfer_ == pytest.approx(25 / (0.6 * 30))
    pairs = selector.subsamples_
    assert pairs.shape == (12, 30)
    for b in range(6):
        first, second = pairs[2 * b], pairs[2 * b + 1]
        assert np.intersect1d(first, second).size == 0
        for half in (first, second):  # stratified: each class split evenly (within one)
            assert abs(np.sum(y[half] == 1) - 15.5) <= 1
    manual = np.mean([
        FilterSelector(method="anova", n_features_to_select=5).fit(X[r], y[r]).get_support()
        for r in pairs
    ], axis=0)
    np.testing.assert_array_equal(selector.frequencies_, manual)
    np.testing.assert_array_equal(selector.support_, manual >= 0.8)
    assert isinstance(selector.estimator_, LogisticRegression)


def test_complementary_pairs_without_stratification():
    y = np.r_[np.zeros(5, int), np.ones(6, int)]
    pairs = complementary_pairs(y, 4, 0, stratify=False)
    assert pairs.shape == (8, 5)
    for b in range(4):
        assert np.intersect1d(pairs[2 * b], pairs[2 * b + 1]).size == 0


def test_stability_selection_errors():
    X, y = planted(d=10)
    base = FilterSelector(method="anova")
    with pytest.raises(ValueError, match="no parameter 'k'"):
        StabilitySelection(base, q=2, pfer=None, size_parameter="k", n_pairs=1).fit(X, y)
    y_single = np.r_[0, np.ones(len(y) - 1, int)]
    with pytest.raises(ValueError, match="at least 2 samples of every class"):
        StabilitySelection(base, n_pairs=1).fit(X, y_single)


# --- ensemble ------------------------------------------------------------------------------------
def test_ensemble_aggregates_mean_rank():
    X, y = planted(d=25)
    selector = EnsembleSelector(FilterSelector(method="anova"), n_bootstrap=4,
                                n_features_to_select=6, estimator=LogisticRegression(),
                                random_state=2).fit(X, y)
    assert selector.samples_.shape == (4, X.shape[0])
    for rows, ranking in zip(selector.samples_, selector.rankings_, strict=True):
        # stratified bootstrap keeps the class sizes
        assert np.sum(y[rows] == 1) == np.sum(y == 1)
        expected = FilterSelector(method="anova").fit(X[rows], y[rows]).ranking_
        np.testing.assert_array_equal(ranking, expected)
    mean_rank = selector.rankings_.mean(axis=0)
    np.testing.assert_array_equal(selector.mean_rank_, mean_rank)
    order = np.argsort(mean_rank, kind="stable")
    assert selected(selector) == set(order[:6].tolist())
    assert selector.ranking_[order[0]] == 1


class _Unranked(BaseSelector):
    def _fit(self, X, y):
        self.support_ = np.ones(X.shape[1], bool)
        self.estimator_ = self._fit_model(LogisticRegression(), X, y)
        self.importances_ = np.ones(X.shape[1])


def test_ensemble_needs_a_ranking_selector():
    with pytest.raises(ValueError, match="does not rank features"):
        EnsembleSelector(_Unranked(), n_bootstrap=1).fit(*planted(d=5))


# --- determinism -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "selector",
    [
        FilterSelector(method="permutation", n_estimators=20, n_features_to_select=4),
        FilterSelector(method="impurity", n_estimators=20, n_features_to_select=4),
        FilterSelector(method="jmim", n_features_to_select=4,
                       estimator=RandomForestClassifier(n_estimators=10, random_state=0)),
        RandomForestSelector(n_estimators=20, n_features_to_select=4),
        RandomForestSelector(n_estimators=20, mode="tree_fraction"),
        GBMSelector(n_estimators=20, n_features_to_select=4, subsample=0.7),
        ReliefSelector(n_neighbors=5, n_features_to_select=4),
        StabilitySelection(RandomForestSelector(n_estimators=10), q=4, pi_thr=0.6,
                           pfer=None, n_pairs=2),
        EnsembleSelector(RandomForestSelector(n_estimators=10), n_bootstrap=2,
                         estimator=LogisticRegression(), n_features_to_select=4),
    ],
    ids=lambda s: type(s).__name__ + "-" + str(getattr(s, "method", getattr(s, "mode", ""))),
)
def test_same_random_state_gives_identical_results(selector):
    X, y = planted(n=60, d=20, shift=1.0)
    params = {"random_state": 7} if "random_state" in selector.get_params() else {}
    first = selector.set_params(**params).fit(X, y)
    attrs = {name: np.array(getattr(first, name), copy=True)
             for name in ("support_", "importances_", "ranking_", "scores_")
             if hasattr(first, name)}
    decision = first.decision_function(X)
    second = selector.fit(X, y)
    for name, value in attrs.items():
        np.testing.assert_array_equal(getattr(second, name), value, err_msg=name)
    np.testing.assert_array_equal(second.decision_function(X), decision)


# --- errors --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("selector", "message"),
    [
        (FilterSelector(method="mrmr", threshold=0.1), "iterative filter 'mrmr'"),
        (FilterSelector(threshold=1.0, n_features_to_select=3), "either n_features_to_select"),
        (FilterSelector(threshold=np.nan), r"'threshold' parameter of FilterSelector must be a "
                                           r"float in the range \(-inf, inf\) or None"),
        (FilterSelector(n_features_to_select=0), r"'n_features_to_select' parameter of "
         r"FilterSelector must be an int in the range \[1, inf\), a float in the range "
         r"\(0.0, 1.0\) or None. Got 0 instead"),
        (FilterSelector(n_features_to_select=41), "n_features_to_select=41"),
        (FilterSelector(n_features_to_select=1.5), r"'n_features_to_select' parameter of "
                                                   r"FilterSelector .* Got 1.5 instead"),
        (FilterSelector(method="mim", n_bins=1), "n_bins"),
        (FilterSelector(method="impurity", n_estimators=0), "n_estimators"),
        (RandomForestSelector(mode="all"), "'mode' parameter of RandomForestSelector must be a "
                                           "str among"),
        (RandomForestSelector(mode="tree_fraction", min_tree_fraction=0.0), "min_tree_fraction"),
        (ReliefSelector(n_neighbors=0), "n_neighbors"),
        (ReliefSelector(ramp=(0.5, 0.1)), "ramp"),
        (GBMSelector(max_depth=0), "max_depth"),
        (EnsembleSelector(n_bootstrap=0), "n_bootstrap"),
        (StabilitySelection(FilterSelector(), n_pairs=0), "n_pairs"),
    ],
    ids=lambda v: v if isinstance(v, str) else type(v).__name__,
)
def test_bad_parameters_raise_value_error(selector, message):
    with pytest.raises(ValueError, match=message):
        selector.fit(*planted(n=40, d=40))


@pytest.mark.parametrize(
    "name", sorted(n for n, c in SELECTORS.items() if "classification" in c.tasks))
def test_single_class_labels_are_rejected(name):
    cls = SELECTORS[name]
    selector = cls(FilterSelector()) if name == "StabilitySelection" else cls()
    X, _ = planted(n=20, d=5)
    with pytest.raises(ValueError, match="single class"):
        selector.fit(X, np.zeros(20, int))


@pytest.mark.parametrize(
    "selector",
    [
        FilterSelector(method="permutation", n_estimators=10, n_features_to_select=3),
        RandomForestSelector(n_estimators=10, n_features_to_select=3),
        GBMSelector(n_estimators=10, n_features_to_select=3),
        ReliefSelector(n_neighbors=3, n_features_to_select=3),
        StabilitySelection(FilterSelector(), q=3, pi_thr=0.6, pfer=None, n_pairs=2),
        EnsembleSelector(FilterSelector(), n_bootstrap=2, n_features_to_select=3),
    ],
    ids=lambda s: type(s).__name__,
)
def test_selection_stage_alone_equals_full_fit(selector):
    # resampling ensembles run only the selection stage on their subsamples
    X, y = planted(n=40, d=12)
    if "random_state" in selector.get_params():
        selector.set_params(random_state=3)
    full = clone(selector).fit(X, y)
    alone = fit_selection(clone(selector), X, y)
    for name in ("support_", "ranking_", "scores_", "mean_rank_", "frequencies_"):
        if hasattr(full, name):
            np.testing.assert_array_equal(getattr(alone, name), getattr(full, name), name)
    assert not hasattr(alone, "estimator_")


def test_stability_selection_with_the_thesis_l0_base():
    # thesis Ch. 8: stability selection around L0-regularised logistic regression, whose size
    # parameter is max_support_size
    from fsstab.selectors import L0Selector

    X, y = planted(d=30)
    selector = StabilitySelection(L0Selector(), size_parameter="max_support_size", q=4,
                                  pi_thr=0.8, pfer=None, n_pairs=5, random_state=0).fit(X, y)
    np.testing.assert_allclose(selector.frequencies_ * 10, np.round(selector.frequencies_ * 10))
    assert selected(selector)
    assert selected(selector) <= INFORMATIVE


def test_mean_rank_ensemble_averages_tied_scores():
    """Tied scores must not be ranked by column index inside the mean-rank ensemble (Onda §3.1).

    Column 0 is informative, columns 1..5 are constant: their variance scores tie at 0, so each
    bootstrap copy must give them the average of ranks 2..6, i.e. 4, not 2, 3, 4, 5, 6.
    """
    from fsstab.selectors import EnsembleSelector, FilterSelector
    from fsstab.selectors._ensembles import tie_averaged_ranking

    rng = np.random.default_rng(0)
    X = np.c_[rng.normal(size=40), np.ones((40, 5))]
    y = np.r_[np.zeros(20, int), np.ones(20, int)]
    ens = EnsembleSelector(FilterSelector(method="variance", n_features_to_select=1),
                           n_bootstrap=3, n_features_to_select=1, random_state=0).fit(X, y)
    np.testing.assert_array_equal(ens.rankings_, np.tile([1.0, 4, 4, 4, 4, 4], (3, 1)))
    single = FilterSelector(method="variance", n_features_to_select=1).fit(X, y)
    assert single.ranking_.tolist() == [1, 2, 3, 4, 5, 6]  # the selector's own ranks stay integer
    assert tie_averaged_ranking(single).tolist() == [1.0, 4, 4, 4, 4, 4]
