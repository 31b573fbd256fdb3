"""
Tuning feature selection for accuracy *and* stability
=====================================================

Three everyday scikit-learn pipelines select features of the breast cancer data (569 samples,
30 features): a univariate filter (``SelectKBest``), an L1-penalised logistic regression, and
recursive feature elimination (``RFE``). Each is tuned twice on the *same* grid and the *same*
cross-validation splits:

- by ``GridSearchCV``, which keeps the most accurate configuration;
- by :class:`fsstab.sklearn.StabilitySearchCV`, which also measures how stable each
  configuration's selection is across the splits (Nogueira et al.'s φ, with its 95 %
  confidence interval) and keeps the compromise maximising ``γ·accuracy + (1 − γ)·φ`` for
  γ = 0.5 on the convex hull of the Pareto front (Hamer & Dupont 2021, §7.1).

The runs of the stability estimate are the models fitted on the training parts: 5-fold
cross-validation repeated twice gives M = 10 selections per configuration. Run it with
``python docs/examples/plot_stability_search.py`` (a few seconds); it prints
the chosen configurations and writes ``stability_search_breast_cancer.png``.
"""

# %%
# Data, splits and the three pipelines
# ------------------------------------
import matplotlib

matplotlib.use("Agg")  # write the figure to a file; no window needed

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.datasets import load_breast_cancer
from sklearn.feature_selection import RFE, SelectKBest
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, RepeatedStratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from fsstab.plots import pareto_plot
from fsstab.sklearn import StabilitySearchCV

X, y = load_breast_cancer(return_X_y=True, as_frame=True)
cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=0)
splits = list(cv.split(X, y))  # one fixed list: both searches see exactly these splits

sizes = [1, 2, 4, 8, 15]
logistic = LogisticRegression(solver="liblinear", random_state=0)  # fast on small data
pipelines = {
    "SelectKBest": (
        make_pipeline(StandardScaler(), SelectKBest(), logistic),
        {"selectkbest__k": sizes},
    ),
    "L1 logistic": (
        make_pipeline(StandardScaler(),
                      LogisticRegression(l1_ratio=1.0, solver="liblinear",  # L1 penalty
                                         random_state=0)),
        {"logisticregression__C": np.round(np.logspace(-2, 0, 5), 4).tolist()},
    ),
    "RFE": (
        make_pipeline(StandardScaler(), RFE(logistic, step=5), logistic),
        {"rfe__n_features_to_select": sizes},
    ),
}

# %%
# The two searches
# ----------------
# ``StabilitySearchCV`` evaluates every (configuration, split) exactly like ``GridSearchCV``
# (same fits, same scores) and adds the stability columns to ``cv_results_``.
rows, searches = [], {}
for name, (pipeline, grid) in pipelines.items():
    accuracy_only = GridSearchCV(pipeline, grid, cv=splits).fit(X, y)
    trade_off = StabilitySearchCV(pipeline, grid, cv=splits, refit="gamma=0.5").fit(X, y)
    searches[name] = (accuracy_only, trade_off)
    results = trade_off.cv_results_  # same grid and splits: the same table for both
    for label, search in (("GridSearchCV", accuracy_only), ("StabilitySearchCV", trade_off)):
        best = search.best_index_
        rows.append({
            "pipeline": name,
            "search": label,
            "chosen": ", ".join(f"{k.split('__')[-1]}={v}"
                                for k, v in results["params"][best].items()),
            "accuracy": results["mean_test_score"][best],
            "nogueira": results["mean_stability"][best],
            "ci_low": results["stability_ci_low"][best],
            "ci_high": results["stability_ci_high"][best],
            "n_features": results["mean_n_features"][best],
        })
comparison = pd.DataFrame(rows)
with pd.option_context("display.width", 120, "display.precision", 3):
    print(comparison.to_string(index=False))

# %%
# The (accuracy, stability) trade-off of each pipeline
# ----------------------------------------------------
# Grey points are all configurations, coloured ones the Pareto front, circled ones the convex
# hull compromises with the γ interval on which each is optimal; the star is the γ = 0.5
# choice of ``StabilitySearchCV`` and the cross ``GridSearchCV``'s choice.
fig, axes = plt.subplots(len(searches), 1, figsize=(8.5, 4.2 * len(searches)),
                         layout="constrained")
for ax, (name, (accuracy_only, trade_off)) in zip(axes, searches.items(), strict=True):
    results = trade_off.cv_results_
    defined = np.flatnonzero(np.isfinite(results["mean_stability"]))  # φ needs a selection
    labels = [", ".join(f"{k.split('__')[-1]}={v}" for k, v in results["params"][i].items())
              for i in defined]
    pareto_plot(results["mean_test_score"][defined], results["mean_stability"][defined],
                measure="nogueira", labels=labels, gamma=0.5, title=name, ax=ax)
    best = accuracy_only.best_index_
    ax.scatter([results["mean_test_score"][best]], [results["mean_stability"][best]],
               marker="x", s=120, color="black", label="GridSearchCV", zorder=6)
    ax.legend(loc="lower left", fontsize=7)
fig.savefig("stability_search_breast_cancer.png", dpi=110)
print("wrote stability_search_breast_cancer.png")
