"""Sechidis et al. (2019): eq. (1), Fig. 1 inputs, Tables 1-2 and their rank definition,
Tables 3-5 helpers on the IPASS stand-in (fsstab.papers.sechidis2019.stages, .figures)."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from fsstab.papers.sechidis2019.figures import pareto_figure
from fsstab.papers.sechidis2019.reference import EQ1_SELECTIONS
from fsstab.papers.sechidis2019.stages import (
    covariate_table,
    eq1_table,
    figure1_values,
    group_stability_table,
    rank_definition_check,
    strict_dominators,
    table1,
    table2,
    table3,
    timing_inputs,
    top_features,
    uci_datasets,
)
from fsstab.synthetic import IPASS_COVARIATES


def phi_by_formula(Z: np.ndarray) -> float:
    """Eq. (3): 1 - mean_f [M/(M-1) p_f (1 - p_f)] / [(k̄/d)(1 - k̄/d)]."""
    M, d = Z.shape
    p = Z.mean(axis=0)
    k = Z.sum(axis=1).mean()
    return 1 - np.mean(M / (M - 1) * p * (1 - p)) / ((k / d) * (1 - k / d))


def phi_c_by_formula(Z: np.ndarray, C: np.ndarray) -> float:
    """Definition 2 and Theorem 3 written out with loops: 1 - tr(C S) / tr(C Σ0)."""
    M, d = Z.shape
    Z = Z.astype(float)
    p = Z.mean(axis=0)
    S = np.empty((d, d))
    for f in range(d):
        for g in range(d):
            S[f, g] = M / (M - 1) * (np.mean(Z[:, f] * Z[:, g]) - p[f] * p[g])
    k = Z.sum(axis=1).mean()
    sigma0 = np.full((d, d), (k * k - k) / (d * d - d) - k * k / (d * d))
    np.fill_diagonal(sigma0, (k / d) * (1 - k / d))
    return 1 - np.trace(C @ S) / np.trace(C @ sigma0)


def test_eq1_worked_example():
    """Runs {1,3}, {2,3}, {1,4}, {2,4} of 6 features: every p_f = 1/2 for f = 1..4, k̄ = 2,
    φ = 1 - (4/6 · 4/3 · 1/4)/((1/3)(2/3)) = 0; pairwise intersections 1,1,0,0,1,1 (mean 2/3);
    with X1 ~ X2 and X3 ~ X4 every effective intersection is 2 and Φ_C = 1."""
    table = eq1_table().set_index("quantity")["value"]
    values = dict(table)
    Z = EQ1_SELECTIONS
    intersections = [int(np.sum(Z[i] & Z[j])) for i, j in itertools.combinations(range(4), 2)]
    assert intersections == [1, 1, 0, 0, 1, 1]
    assert values["average pairwise intersection |s_i ∩ s_j|"] == pytest.approx(4 / 6)
    assert values["stability φ (eq. 3)"] == pytest.approx(0.0, abs=1e-12)
    assert values["stability φ (eq. 3)"] == pytest.approx(phi_by_formula(Z), abs=1e-12)
    effective = next(key for key in values if key.startswith("average effective"))
    assert values[effective] == pytest.approx(2.0)
    C = np.eye(6)
    C[0, 1] = C[1, 0] = C[2, 3] = C[3, 2] = 1
    assert values["effective stability Φ_C (Definition 2)"] == pytest.approx(1.0)
    assert phi_c_by_formula(Z, C) == pytest.approx(1.0)


def test_rank_definition_check_against_a_hand_count():
    """MIM (φ): Pareto-optimal on 8 of the 10 data sets of Table 1, so a plain count of
    dominators averages to at most 2·6/10 = 1.2 < 1.6, while 1 + count ranges over
    [1 + 2/10, 1 + 12/10] = [1.2, 2.2], which contains 1.6."""
    check = rank_definition_check().set_index(["measure", "method"])
    mim = check.loc[("nogueira", "MIM")]
    assert mim["datasets_not_pareto_optimal"] == 2
    assert mim["count_max"] == pytest.approx(1.2)
    assert not mim["count_consistent"]
    assert (mim["one_plus_count_min"], mim["one_plus_count_max"]) == pytest.approx((1.2, 2.2))
    assert mim["one_plus_count_consistent"]
    assert check["one_plus_count_consistent"].all()
    assert len(check) == 14
    # RF is never Pareto-optimal in Table 1: 1 + count lies in [2, 7]
    rf = check.loc[("sechidis", "RF")]
    assert (rf["one_plus_count_min"], rf["one_plus_count_max"]) == pytest.approx((2.0, 7.0))


def _pareto():
    rows = []
    points = {"d1": {"lasso": (0.9, 0.3, 0.8), "mim": (0.85, 0.6, 0.7), "rf": (0.8, 0.2, 0.9)},
              "d2": {"lasso": (0.7, 0.5, 0.5), "mim": (0.75, 0.4, 0.6), "rf": (0.74, 0.1, 0.1)}}
    for dataset, methods in points.items():
        for measure, column in (("nogueira", 1), ("sechidis", 2)):
            values = {m: (p[0], p[column]) for m, p in methods.items()}
            for m, (acc, stab) in values.items():
                dominated = any(a >= acc and s >= stab and (a, s) != (acc, stab)
                                for a, s in values.values())
                rows.append({"dataset": dataset, "measure": measure, "label": m,
                             "accuracy": acc, "stability": stab, "evaluated": True,
                             "non_dominated": not dominated})
    return pd.DataFrame(rows)


def test_table1_and_pareto_figure():
    methods = {"lasso": "LASSO", "mim": "MIM", "rf": "RF"}
    table = table1(_pareto(), methods, ["d1", "d2"]).set_index("dataset")
    # d1: φ front LASSO (0.9, 0.3), MIM (0.85, 0.6); RF (0.8, 0.2) dominated by both
    assert table.loc["d1", "pareto_optimal_stability"] == "LASSO, MIM"
    # Φ_C: RF (0.8, 0.9) is now on the front with LASSO (0.9, 0.8); MIM (0.85, 0.7) dominated
    assert table.loc["d1", "pareto_optimal_effective_stability"] == "LASSO, RF"
    assert table.loc["d1", "change"]
    # no ties in d1: the workflow's weak dominance gives the same sets
    assert table.loc["d1", "pareto_optimal_stability_weak"] == "LASSO, MIM"
    assert table.loc["d1", "pareto_optimal_effective_stability_weak"] == "LASSO, RF"
    fig = pareto_figure(_pareto(), methods, "d1")
    assert len(fig.axes) == 2
    assert "effective stability" in fig.axes[1].get_xlabel()


def test_table2_counts_section_4_1_dominators():
    # _pareto(), φ: d1 LASSO (0.9, 0.3), MIM (0.85, 0.6), RF (0.8, 0.2): RF has 2 dominators;
    # d2 LASSO (0.7, 0.5), MIM (0.75, 0.4), RF (0.74, 0.1): RF is below MIM in both (1).
    # Ranks 1 + count: LASSO (1 + 1)/2 = 1, MIM 1, RF (3 + 2)/2 = 2.5
    rank = pd.DataFrame({"measure": ["nogueira"] * 3, "label": ["lasso", "mim", "rf"],
                         "non_dominated_rank": [1.0, 1.0, 2.5], "n_datasets": 2})
    methods = {"lasso": "LASSO", "mim": "MIM", "rf": "RF"}
    table = table2(_pareto(), rank, methods, ["d1", "d2"]).set_index(["measure", "method"])
    assert table.loc["nogueira", "non_dominated_rank"].to_dict() == {
        "LASSO": 1.0, "MIM": 1.0, "RF": 2.5}
    assert table.loc[("nogueira", "RF"), "non_dominated_rank_weak"] == 2.5
    assert np.isnan(table.loc[("sechidis", "RF"), "non_dominated_rank_weak"])
    # Φ_C: d1 LASSO (0.9, 0.8), MIM (0.85, 0.7), RF (0.8, 0.9): MIM below LASSO (2);
    # d2 LASSO (0.7, 0.5), MIM (0.75, 0.6), RF (0.74, 0.1): LASSO below MIM, RF below MIM;
    # all three average 1.5 and are listed by name
    assert list(table.loc["sechidis"].index) == ["LASSO", "MIM", "RF"]
    assert table.loc["sechidis", "non_dominated_rank"].tolist() == [1.5, 1.5, 1.5]
    assert (table["n_datasets"] == 2).all()


def test_table2_ties_never_dominate():
    """§4.1's rank counts methods with *both* higher accuracy and stability: at φ = 1 for all
    three, the most accurate dominates nobody (the workflow's weak rank counted it)."""
    pareto = pd.DataFrame({"dataset": "d", "measure": "nogueira", "label": ["a", "b", "c"],
                           "accuracy": [0.9, 0.8, 0.7], "stability": [1.0, 1.0, 1.0],
                           "evaluated": True, "non_dominated": [True, False, False]})
    rank = pd.DataFrame({"measure": "nogueira", "label": ["a", "b", "c"],
                         "non_dominated_rank": [1.0, 2.0, 3.0], "n_datasets": 1})
    table = table2(pareto, rank, {"a": "LASSO", "b": "MIM", "c": "RF"}, ["d"])
    assert table["non_dominated_rank"].tolist() == [1.0, 1.0, 1.0]
    assert table["non_dominated_rank_weak"].tolist() == [1.0, 2.0, 3.0]


def test_strict_dominators_tie_equal_accuracies():
    # the same 422/450 as three different floats (tests/measures/test_ties.py derives them)
    acc = [0.9377777777777776, 0.9377777777777777, 0.9377777777777778, 0.9]
    assert strict_dominators(acc, [0.78, 0.98, 0.5, 0.4]).tolist() == [0, 0, 0, 3]


def test_group_stability_against_the_formulas():
    rng = np.random.default_rng(0)
    Z = np.zeros((30, 23), dtype=bool)
    for i in range(30):
        Z[i, rng.choice([1, 2, 3], 1)] = True   # one EGFR marker per run, alternating
        Z[i, [9, 11]] = True                    # stable choices
        Z[i, rng.choice([19, 20, 21, 22], 1)] = True
    table = group_stability_table({"m": Z}).iloc[0]
    assert table["stability"] == pytest.approx(phi_by_formula(Z))
    assert table["within_A"] == pytest.approx(phi_by_formula(Z[:, [1, 2, 3]]))
    assert table["within_C"] == pytest.approx(phi_by_formula(Z[:, [19, 20, 21, 22]]))
    C = np.eye(23)
    for members in ([1, 2, 3], [11, 12, 13], [19, 20, 21, 22]):
        for a, b in itertools.product(members, members):
            C[a, b] = 1
    assert table["effective_stability"] == pytest.approx(phi_c_by_formula(Z, C))
    # switching within groups only: Φ_C sees a perfectly stable selection
    assert table["effective_stability"] == pytest.approx(1.0)
    assert table["stability"] < 0.8


def test_figure1_inputs_and_values():
    Z, C = timing_inputs(200, n_runs=50, selected_fraction=0.1, group_size=5, random_state=3)
    assert Z.shape == (50, 200)
    assert (Z.sum(axis=1) == 20).all()
    assert C.shape == (200, 200)
    assert C[0, 4] == 1 and C[0, 5] == 0  # noqa: PT018
    settings = {"n_runs": 10, "d": [50], "selected_fraction": 0.2, "group_size": 5}
    values = figure1_values(settings, seed=1)
    assert values["measure"].tolist() == ["sechidis", "yu"]
    assert values.equals(figure1_values(settings, seed=1))


def test_table5_and_top_features():
    table = covariate_table()
    assert len(table) == 23
    assert table.set_index("biomarker").loc[["X2", "X3", "X4"], "group"].tolist() == ["A"] * 3
    assert table.set_index("biomarker").loc["X16", "missing_rate"] == 0.02
    names = ["a", "b", "c", "d"]
    assert top_features(np.array([3, 1, 2, 2]), names, 3) == ["b", "c", "d"]


def test_table3_fits_each_configured_selector_on_the_full_data():
    """By construction: X1 is the class, X2 the class with 10 % of it flipped, X3 with 30 %
    flipped, the rest noise; mutual information ranks them X1 > X2 > X3 > noise, so MIM's
    top 3 (the spec's own parameters: 5 bins) are X1, X2, X3 in that order."""
    rng = np.random.default_rng(1)
    n, d = 400, 12
    y = np.repeat([0, 1], n // 2)
    X = rng.normal(size=(n, d))
    for j, flipped in ((0, 0.0), (1, 0.1), (2, 0.3)):
        X[:, j] = np.where(rng.random(n) < flipped, 1 - y, y) + 0.01 * rng.normal(size=n)
    ds = SimpleNamespace(X=X, y=y, feature_names=[f"X{j + 1}" for j in range(d)])
    spec = {"class": "FilterSelector", "variants": [{"id": "default", "params": {}}],
            "params": {"method": "mim", "n_bins": 5, "n_features_to_select": 3}}
    table = table3(ds, {"mim_ipass": spec}, {"mim_ipass": "MIM"}, k=3, random_state=0)
    assert table["biomarker"].tolist() == ["X1", "X2", "X3"]
    assert table["rank"].tolist() == [1, 2, 3]
    assert set(table["method"]) == {"MIM"}
    assert table["description"].iloc[0] == IPASS_COVARIATES[0]["description"]


def test_uci_datasets_are_the_ranked_ones_without_the_stand_in():
    configured = ["breast", "wine", "ipass", "sonar"]
    ipass = {"dataset": "ipass"}
    assert uci_datasets(configured, None, ipass) == ("breast", "wine", "sonar")
    assert uci_datasets(configured, [], None) == ("breast", "wine", "ipass", "sonar")
    assert uci_datasets(configured, ["sonar", "breast"], ipass) == ("breast", "sonar")


def test_pareto_noise_uses_paired_standard_errors():
    from fsstab.papers.sechidis2019.stages import pareto_noise

    methods = {"lasso": "LASSO", "mim": "MIM", "gbm": "GBM"}
    per_run = {"lasso": [0.9, 0.9, 0.9, 0.9], "mim": [0.8, 0.9, 0.8, 0.9],
               "gbm": [0.5, 0.5, 0.5, 0.6]}
    accuracies = pd.DataFrame([{"dataset": "x", "label": label, "resample": r, "accuracy": a}
                               for label, values in per_run.items()
                               for r, a in enumerate(values)])
    means = {label: float(np.mean(v)) for label, v in per_run.items()}
    stability = {"nogueira": {"lasso": 0.9, "mim": 0.8, "gbm": 0.95},
                 "sechidis": {"lasso": 0.5, "mim": 0.6, "gbm": 0.4}}
    front = {"nogueira": {"lasso": True, "mim": False, "gbm": True},
             "sechidis": {"lasso": True, "mim": True, "gbm": False}}
    pareto = pd.DataFrame([{"dataset": "x", "measure": m, "label": label,
                            "accuracy": means[label], "stability": stability[m][label],
                            "non_dominated": front[m][label]}
                           for m in stability for label in methods])
    table = pareto_noise(pareto, accuracies, methods, ["x"]).set_index(["measure", "method"])
    # φ: LASSO dominates MIM by 0.05 accuracy; paired differences 0.1, 0, 0.1, 0 have
    # sd 0.0577, SE 0.0289: 1.7 SE, not clearly
    mim = table.loc[("nogueira", "MIM")]
    assert mim["dominated_by"] == "LASSO (+0.0500 = 1.7 SE, +0.100)"
    assert mim["clearly_dominated_by"] == ""
    assert bool(mim["within_noise"])
    # Φ_C: LASSO dominates GBM by 0.375 (differences 0.4, 0.4, 0.4, 0.3: SE 0.025, 15 SE),
    # MIM by 0.325 (0.3, 0.4, 0.3, 0.3: SE 0.025, 13 SE)
    gbm = table.loc[("sechidis", "GBM")]
    assert gbm["dominated_by"] == ("LASSO (+0.3750 = 15.0 SE, +0.100); "
                                   "MIM (+0.3250 = 13.0 SE, +0.200)")
    assert gbm["clearly_dominated_by"] == "LASSO, MIM"
    assert not bool(gbm["within_noise"])
    assert list(table.loc["nogueira"].index) == ["LASSO", "GBM", "MIM"]   # the paper's order
    assert table.loc[("nogueira", "GBM"), "dominated_by"] == ""


def test_table1_section_4_1_keeps_ties():
    # A and B both reach stability 1; A is more accurate. Dominance "at least as good in both,
    # better in one" removes B; "both higher" (§4.1's words) keeps it. C is below A in both.
    # The set then changes from φ to Φ_C, which the weak fronts ({LASSO} twice) would deny.
    methods = {"a": "LASSO", "b": "MIM", "c": "RF"}
    pareto = pd.DataFrame({
        "dataset": "d", "measure": ["nogueira"] * 3 + ["sechidis"] * 3,
        "label": ["a", "b", "c"] * 2, "accuracy": [0.9, 0.8, 0.7] * 2,
        "stability": [1.0, 1.0, 0.5, 0.9, 0.8, 0.7],
        "non_dominated": [True, False, False, True, False, False]})
    row = table1(pareto, methods, ["d"]).iloc[0]
    assert row["pareto_optimal_stability_weak"] == "LASSO"
    assert row["pareto_optimal_effective_stability_weak"] == "LASSO"
    assert row["pareto_optimal_stability"] == "LASSO, MIM"
    assert row["pareto_optimal_effective_stability"] == "LASSO"
    assert bool(row["change"])


def test_pareto_noise_follows_section_4_1_dominance():
    """A method that ties the best stability (φ = 1) is not dominated in §4.1's sense even if
    another one is more accurate: Pareto-optimal, with no dominator listed."""
    from fsstab.papers.sechidis2019.stages import pareto_noise

    methods = {"lasso": "LASSO", "mim": "MIM"}
    per_run = {"lasso": [1.0, 1.0, 0.9, 1.0], "mim": [0.5, 0.6, 0.5, 0.5]}
    accuracies = pd.DataFrame([{"dataset": "x", "label": label, "resample": r, "accuracy": a}
                               for label, values in per_run.items()
                               for r, a in enumerate(values)])
    pareto = pd.DataFrame([{"dataset": "x", "measure": m, "label": label,
                            "accuracy": float(np.mean(per_run[label])), "stability": 1.0,
                            "non_dominated": label == "lasso"}
                           for m in ("nogueira", "sechidis") for label in methods])
    table = pareto_noise(pareto, accuracies, methods, ["x"]).set_index(["measure", "method"])
    mim = table.loc[("nogueira", "MIM")]
    assert bool(mim["pareto_optimal"])
    assert mim["dominated_by"] == ""
    assert bool(mim["within_noise"])
