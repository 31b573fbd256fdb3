"""The one-standard-error choice: the library rule, the workflow's Pareto table and
StabilitySearchCV(refit="one_se")."""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
from sklearn.datasets import load_breast_cancer
from sklearn.feature_selection import SelectKBest
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from fsstab.outcomes import one_standard_error_choice, score_standard_errors
from fsstab.sklearn import StabilitySearchCV
from fsstab.workflow.decisions import pareto_arrow, pareto_table


def _brute_force(score, se, stability):
    """The rule read literally: every candidate within one SE of the best, then the most
    stable, then the higher score, then the first."""
    best = max(s for s, t in zip(score, stability, strict=True)
               if np.isfinite(s) and np.isfinite(t))
    band = best - min(e for s, e, t in zip(score, se, stability, strict=True)
                      if s == best and np.isfinite(t))
    inside = [i for i, (s, t) in enumerate(zip(score, stability, strict=True))
              if np.isfinite(s) and np.isfinite(t) and s >= band]
    return sorted(inside, key=lambda i: (-stability[i], -score[i], i))[0]


def test_the_choice_against_the_rule_read_literally():
    rng = np.random.default_rng(0)
    for _ in range(300):
        n = int(rng.integers(1, 8))
        score = np.round(rng.uniform(0.8, 0.95, n), 2)
        se = np.round(rng.uniform(0, 0.03, n), 3)
        stability = np.round(rng.uniform(0, 1, n), 1)
        if n > 2:
            stability[rng.integers(n)] = np.nan
        if not np.isfinite(stability).any():
            continue
        assert one_standard_error_choice(score, se, stability) == \
            _brute_force(score, se, stability)
    # the worked example: 0.94 >= 0.95 - 0.02, 0.90 is not
    assert one_standard_error_choice([0.95, 0.94, 0.90], [0.02, 0.01, 0.01],
                                     [0.40, 0.70, 0.90]) == 1
    with pytest.raises(ValueError, match="finite"):
        one_standard_error_choice([np.nan], [0.1], [0.5])


def test_the_pareto_table_marks_the_one_se_choice_per_measure():
    summary = pd.DataFrame({
        "dataset": "d", "configuration": list("abcd"), "selector": list("abcd"),
        "variant": "default", "label": list("abcd"),
        "accuracy_mean": [0.95, 0.94, 0.90, 0.93], "accuracy_se": [0.02, 0.01, 0.01, 0.005],
        "mean_n_selected": 5.0, "phi": [0.40, 0.70, 0.90, 0.80],
        "other": [0.9, 0.1, 0.5, 0.2],
    })
    table = pareto_table(summary, ["phi", "other"], gammas=[0.5], acc_const=0.1,
                         stab_const=0.1, random_state=0)
    chosen = table[table["one_se_choice"]].set_index("measure")["label"]
    # band 0.93: a, b and d are inside; phi: d (0.80); other: a (0.9)
    assert chosen.to_dict() == {"phi": "d", "other": "a"}
    assert "one_se_choice" in pareto_arrow(table).column_names


def test_stability_search_refits_the_one_se_candidate():
    X, y = load_breast_cancer(return_X_y=True)
    pipe = make_pipeline(StandardScaler(), SelectKBest(k=5), LogisticRegression())
    grid = {"selectkbest__k": [2, 5, 10, 20]}
    search = StabilitySearchCV(pipe, grid, cv=5, refit="one_se").fit(X, y)
    results = search.cv_results_
    splits = np.column_stack([results[f"split{k}_test_score"] for k in range(5)])
    naive = splits.std(axis=1, ddof=1) / np.sqrt(5)
    np.testing.assert_allclose(score_standard_errors(results, "score", 5), naive)
    # 5 folds partition the rows: ρ₀ = 1/5, ρ₀/(1 − ρ₀) = 1/4 (Bouckaert & Frank's 1/(k − 1)),
    # so the corrected standard error is s·√(1/5 + 1/4)
    assert search.test_fraction_ == pytest.approx(0.2)
    se = splits.std(axis=1, ddof=1) * np.sqrt(1 / 5 + 1 / 4)
    np.testing.assert_allclose(score_standard_errors(results, "score", 5, test_fraction=0.2),
                               se)
    expected = _brute_force(list(results["mean_test_score"]), list(se),
                            list(results["mean_stability"]))
    assert search.best_index_ == expected
    assert search.best_params_ == results["params"][expected]
    # the rule differs from plain accuracy whenever a more stable candidate is within the band
    best = int(np.argmax(results["mean_test_score"]))
    within = [i for i in range(4) if results["mean_test_score"][i] >= results[
        "mean_test_score"][best] - se[best]]
    assert expected == max(within, key=lambda i: (results["mean_stability"][i],
                                                  results["mean_test_score"][i], -i))


def test_grouped_splits_count_groups():
    # 12 patients with 1 to 4 samples each (30 rows); each split holds out 3 of the 12
    # patients: ρ₀ = 3/12 in groups, while the held-out rows depend on which patients
    from sklearn.model_selection import GroupShuffleSplit

    X, y = load_breast_cancer(return_X_y=True)
    groups = np.repeat(np.arange(12), [1, 2, 3, 4] * 3)
    X, y = X[:30], np.array([0, 1] * 15)
    cv = GroupShuffleSplit(n_splits=4, test_size=3, random_state=2)
    rows = np.mean([len(test) for _, test in cv.split(X, y, groups)]) / 30
    assert rows == pytest.approx(0.225)              # 27 of 120 rows
    pipe = make_pipeline(StandardScaler(), SelectKBest(k=2), LogisticRegression())
    search = StabilitySearchCV(pipe, {"selectkbest__k": [2, 3]}, cv=cv,
                               refit="one_se").fit(X, y, groups=groups)
    assert search.test_fraction_ == pytest.approx(0.25)


def test_unknown_refit_rules_list_one_se():
    X, y = load_breast_cancer(return_X_y=True)
    pipe = make_pipeline(StandardScaler(), SelectKBest(k=5), LogisticRegression())
    with pytest.raises(ValueError, match="'one_se'"):
        StabilitySearchCV(pipe, {"selectkbest__k": [2, 5]}, cv=3, refit="one-se").fit(X, y)


def test_the_choice_does_not_depend_on_the_order_of_the_candidates():
    score, se, stability = [0.9, 0.91, 0.89], [0.02, 0.025, 0.01], [0.5, 0.4, 0.6]
    for p in itertools.permutations(range(3)):
        index = one_standard_error_choice([score[i] for i in p], [se[i] for i in p],
                                          [stability[i] for i in p])
        assert p[index] == 2  # 0.89 >= 0.91 - 0.025 and the most stable
