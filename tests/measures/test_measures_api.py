"""Wrong inputs, undefined-value policies, the registry and compute() for the subset,
importance and ranking measures."""

from __future__ import annotations

import math

import numpy as np
import pytest
import scipy.sparse as sp

from fsstab.measures import (
    MEASURES,
    UndefinedMeasureError,
    canberra,
    compute,
    davis,
    importance_weighted,
    jaccard,
    kuncheva,
    nogueira,
    nogueira_confidence_interval,
    nogueira_one_sample_test,
    nogueira_two_sample_test,
    ochiai,
    pair_score_matrix,
    pearson,
)

#: The registered measures of the families this file tests, by family (the adjusted ones have
#: files of their own; tests/measures/test_measures_registry.py checks every family).
MINE = {
    family: [name for name, info in MEASURES.items() if info.family == family]
    for family in ("pairwise", "frequency", "importance", "ranking")
}


# --------------------------------------------------------------------------------------------
# Wrong inputs
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("Z", "d", "message"),
    [
        ([[1, 0, 1], [1, 0]], None, "ragged"),
        ([[0, 7], [1]], 5, "out of range"),
        ([[0, 1, 0]], None, "at least M = 2"),
        ([[0, 2, 1], [1, 1, 0]], None, "binary"),
    ],
)
@pytest.mark.parametrize("name", MINE["pairwise"] + MINE["frequency"])
def test_subset_measures_reject_bad_selections(name, Z, d, message):
    with pytest.raises(ValueError, match=message):
        MEASURES[name].function(Z, d=d)


@pytest.mark.parametrize("measure", [importance_weighted, pearson])
def test_importance_measures_reject_bad_importances(measure):
    with pytest.raises(ValueError, match="non-negative"):
        measure([[1.0, -0.5, 0.0], [1.0, 1.0, 0.0]])
    with pytest.raises(ValueError, match="at least M = 2"):
        measure([[1.0, 0.5, 0.0]])
    with pytest.raises(ValueError, match="NaN or infinite"):
        measure([[1.0, np.nan, 0.0], [1.0, 1.0, 0.0]])


def test_compute_rejects_importances_outside_the_selection():
    Z = [[1, 1, 0], [0, 1, 1]]
    with pytest.raises(ValueError, match=r"W\[0, 2\] is non-zero but feature 2 is not selected"):
        compute(Z, ["importance_weighted"], W=[[1.0, 1.0, 0.5], [0.0, 1.0, 1.0]])
    with pytest.raises(ValueError, match="positive importance"):
        compute(Z, ["pearson"], W=[[1.0, 0.0, 0.0], [0.0, 1.0, 1.0]])


def test_kuncheva_needs_equal_sizes():
    with pytest.raises(ValueError, match=r"same size.*\[1, 2\]"):
        kuncheva([[0], [1, 2]], d=4)
    with pytest.raises(ValueError, match="same size"):
        pair_score_matrix("kuncheva", [[0], [1, 2]], d=4)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: jaccard([[0], [1]], d=3, undefined="ignore"), "undefined must be one of"),
        (lambda: jaccard([[0], [1]], d=3, correction="auto"), "correction must be one of"),
        (lambda: davis([[0], [1]], d=3, penalty=-1), "penalty"),
        (lambda: davis([[0], [1]], d=3, penalty=math.nan), "penalty"),
        (lambda: ochiai([[0], [1]], d=3, correction="estimate", n_estimate=0), "n_estimate"),
        (lambda: pair_score_matrix("kappa", [[0], [1]], d=3, correction="exact"),
         "already corrected"),
        (lambda: pair_score_matrix("sechidis_like", [[0], [1]], d=3), "pairwise measure"),
        (lambda: canberra([[1, 2], [2, 1]], k=3), r"k \(location parameter\)"),
        (lambda: canberra([[1, 2], [2, 1]], k=0), r"k \(location parameter\)"),
        (lambda: canberra([[0, 2], [2, 1]]), ">= 1"),
        (lambda: nogueira_confidence_interval([[0], [1]], d=3, alpha=1.5), "alpha"),
        (lambda: nogueira_one_sample_test([[0], [1]], math.inf, d=3), "value"),
        (lambda: nogueira_two_sample_test([[0], [1]], [[0]], d_a=3, d_b=3), "at least M = 2"),
        (lambda: compute([[0], [1]], ["no_such_measure"], d=3), "unknown stability measure"),
        (lambda: compute([[0], [1]], ["jaccard"], d=3, params={"jaccard": {"penalty": 1}}),
         "does not accept"),
        (lambda: compute([[0], [1]], ["canberra"], d=3), "needs ranks"),
    ],
)
def test_bad_arguments_name_the_problem(call, message):
    with pytest.raises(ValueError, match=message):
        call()


# --------------------------------------------------------------------------------------------
# Undefined values
# --------------------------------------------------------------------------------------------


def test_undefined_policies_for_pairwise_scores():
    """Runs 1 and 2 are empty: their Jaccard score 0/0 is undefined (Bommert 2020, App. B.1);
    the other pairs score |{0}∩{}|/|{0}| = 0, so "zero" gives 0 and "nan" gives NaN."""
    Z = [[0], [], []]
    assert math.isnan(jaccard(Z, d=3))
    assert jaccard(Z, d=3, undefined="zero") == 0.0
    with pytest.raises(UndefinedMeasureError, match="runs 1 and 2"):
        jaccard(Z, d=3, undefined="raise")
    # ochiai: every pair contains an empty set -> all undefined
    assert ochiai(Z, d=3, undefined="zero") == 0.0


def test_undefined_policies_for_whole_values():
    empty = [[], []]
    assert math.isnan(nogueira(empty, d=3))
    assert nogueira(empty, d=3, undefined="zero") == 0.0
    with pytest.raises(UndefinedMeasureError, match="nogueira"):
        nogueira(empty, d=3, undefined="raise")


def test_pair_score_matrix_shows_undefined_pairs_and_asymmetry():
    matrix = pair_score_matrix("npog", [list(range(8)), [0, 1], []], d=10)
    # nPOG(A, B) = 1/16 and nPOG(B, A) = 1 (Nogueira & Brown 2016, Example 3).
    assert matrix[0, 1] == pytest.approx(1 / 16, abs=1e-15)
    assert matrix[1, 0] == pytest.approx(1.0, abs=1e-15)
    assert np.isnan(matrix[2]).all()  # empty first set: a - ab/p = 0
    assert matrix[0, 2] == pytest.approx(0.0, abs=1e-15)  # (0 - 0) / (8 - 0)


# --------------------------------------------------------------------------------------------
# Registry and compute()
# --------------------------------------------------------------------------------------------


def test_registry_metadata_is_complete():
    for names in MINE.values():
        for name in names:
            info = MEASURES[name]
            lower, upper = info.bounds
            assert upper == 1.0
            assert lower is None or -1.0 <= lower <= 0.0
            row = info.as_row()
            assert row["name"] == name
    assert MEASURES["davis"].params[0] == "penalty"
    assert MEASURES["canberra"].requires == ("ranks",)
    assert MEASURES["importance_weighted"].requires == ("W",)
    corrected = {n for names in MINE.values() for n in names if MEASURES[n].corrected_for_chance}
    assert corrected == {"kuncheva", "lustgarten", "wald", "npog", "unadjusted", "kappa",
                         "phi_pairwise", "nogueira_brown", "nogueira", "importance_weighted",
                         "pearson"}


def _example():
    rng = np.random.default_rng(0)
    W = np.where(rng.random((6, 30)) < 0.25, rng.random((6, 30)) + 0.1, 0.0)
    ranks = np.argsort(np.argsort(-W, axis=1), axis=1) + 1
    return W, ranks


def test_compute_equals_the_individual_functions():
    W, ranks = _example()
    Z = W > 0
    results = compute(Z, W=W, ranks=ranks, params={"davis": {"penalty": 1.0},
                                                   "canberra": {"k": 5}})
    expected_names = {n for names in MINE.values() for n in names} - {"kuncheva"}
    assert expected_names <= set(results)
    for name, value in results.items():
        if name not in expected_names:
            continue
        info = MEASURES[name]
        if info.family == "importance":
            direct = info.function(W)
        elif info.family == "ranking":
            direct = info.function(ranks, k=5)
        elif name == "davis":
            direct = info.function(Z, penalty=1.0)
        else:
            direct = info.function(Z)
        assert value == direct or (math.isnan(value) and math.isnan(direct)), name


def test_compute_skips_kuncheva_only_when_sizes_differ():
    assert "kuncheva" not in compute([[0], [1, 2]], d=4)
    assert compute([[0, 1], [1, 2]], d=4)["kuncheva"] == kuncheva([[0, 1], [1, 2]], d=4)
    with pytest.raises(ValueError, match="same size"):
        compute([[0], [1, 2]], ["kuncheva"], d=4)


def test_compute_passes_shared_parameters_and_derives_z_from_w():
    W = np.array([[1.0, 0, 0], [0, 0, 0], [0, 0, 0]])
    results = compute(W=W, names=["jaccard", "nogueira", "importance_weighted"],
                      undefined="zero")
    assert results["jaccard"] == 0.0  # runs 1, 2 undefined -> 0; other pairs score 0
    assert results["importance_weighted"] == pytest.approx(0.0, abs=1e-15)
    estimate = compute([[0, 1], [1, 2], [0, 3]], ["jaccard"], d=6, correction="estimate",
                       random_state=5)
    assert estimate["jaccard"] == jaccard([[0, 1], [1, 2], [0, 3]], d=6,
                                          correction="estimate", random_state=5)


def test_sparse_and_dense_inputs_agree():
    W, _ = _example()
    Z = W > 0
    for name in MINE["pairwise"][:4] + MINE["frequency"]:
        function = MEASURES[name].function
        assert function(sp.csr_array(Z)) == function(Z)
        assert function([np.flatnonzero(row) for row in Z], d=Z.shape[1]) == function(Z)
    assert importance_weighted(sp.csr_matrix(W)) == importance_weighted(W)
    assert pearson(sp.csc_array(W)) == pytest.approx(pearson(W), abs=1e-15)


# --------------------------------------------------------------------------------------------
# Silent misuse (issue 16): misspelt keywords, ranks of another shape, index lists without d
# --------------------------------------------------------------------------------------------

Z_TEN = np.random.default_rng(0).random((10, 50)) < 0.2


@pytest.mark.parametrize(
    ("names", "keyword"),
    [(["davis"], "penalti"), (["intersection_count"], "n_estmate"), (["canberra"], "kk"),
     (["nogueira"], "penalty")],
)
def test_compute_rejects_keywords_no_measure_takes(names, keyword):
    ranks = np.argsort(np.argsort(-Z_TEN.astype(int), axis=1), axis=1) + 1
    extra = {"ranks": ranks, "params": {"canberra": {"k": 3}}} if names == ["canberra"] else {}
    with pytest.raises(ValueError, match=rf"\['{keyword}'\].*none of the measures"):
        compute(Z_TEN, names, **extra, **{keyword: 0.5})


def test_compute_passes_a_seed_and_accepted_keywords():
    # random_state is a seed for whichever measure draws; penalty is davis's own parameter
    with_seed = compute(Z_TEN, ["nogueira", "davis"], random_state=1, penalty=0.5)
    # davis with α = 0.5 on these counts, from its definition (Bommert 2020, §3.3.2.2):
    # max(0, (Σ_j h_j/M)/|V| − α·median|V_i|/d), |V| = number of features selected at least once
    counts = Z_TEN.sum(axis=0)
    sizes = Z_TEN.sum(axis=1)
    expected = max(0.0, (counts.sum() / 10) / (counts > 0).sum() - 0.5 * np.median(sizes) / 50)
    assert with_seed["davis"] == pytest.approx(expected, rel=1e-12)


def test_compute_rejects_ranks_of_another_shape():
    with pytest.raises(ValueError, match=r"ranks has shape \(3, 4\).*\(10, 50\)"):
        compute(Z_TEN, ["canberra"], ranks=np.ones((3, 4)), params={"canberra": {"k": 2}})


@pytest.mark.parametrize(
    ("Z", "message"),
    [([[0, 3], [1, 3]], "looks like lists of selected feature indices"),
     ([[0, 1], [1, 0]], "ambiguous"),
     ([{0, 1}, {1, 2}], "sets of feature indices"),
     ([[0, 3], [1]], "ragged")],
)
def test_index_lists_without_d_are_refused(Z, message):
    with pytest.raises(ValueError, match=message):
        compute(Z, ["nogueira"])
    # with d they are index lists: φ of {0, 3}, {1, 3} / {0, 1}, {0, 1} ...
    compute([list(row) for row in Z], ["nogueira"], d=4)


def test_nested_0_1_rows_are_still_a_matrix():
    # a 0/1 row of length >= 3 repeats a value, so it cannot list indices: Z is a matrix
    assert compute([[1, 0, 1], [1, 1, 0]], ["jaccard"])["jaccard"] == pytest.approx(1 / 3)


def test_selection_frequency_interval_inverts_the_score_test():
    """Wilson's interval is the set of p the score test |p̂ − p| ≤ z √(p(1 − p)/M) accepts
    (Wilson 1927): its ends are found here by root finding, independently of the closed form."""
    from scipy.optimize import brentq
    from scipy.stats import norm

    from fsstab.measures import selection_frequency_interval

    Z = np.zeros((7, 4), dtype=int)
    Z[:, 0] = 1               # p̂ = 1
    Z[:3, 1] = 1              # p̂ = 3/7
    Z[:1, 2] = 1              # p̂ = 1/7; feature 3 never: p̂ = 0
    p, low, high = selection_frequency_interval(Z, alpha=0.1)
    z = norm.ppf(0.95)
    for f, h in enumerate([7, 3, 1, 0]):
        hat = h / 7
        assert p[f] == hat

        def score(q, hat=hat):
            return abs(hat - q) - z * math.sqrt(q * (1 - q) / 7)

        # (at p̂ = 0 or 1 the score vanishes at the end itself: search just inside)
        expected_low = 0.0 if hat == 0 else brentq(score, 1e-12, min(hat, 1 - 1e-9))
        expected_high = 1.0 if hat == 1 else brentq(score, max(hat, 1e-9), 1 - 1e-12)
        assert low[f] == pytest.approx(expected_low, abs=1e-9)
        assert high[f] == pytest.approx(expected_high, abs=1e-9)
    assert (low[3], high[0]) == (0.0, 1.0)  # exactly, not 1 - 1e-16
