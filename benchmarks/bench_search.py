"""Wall time of fsstab.sklearn.StabilitySearchCV against scikit-learn's GridSearchCV (issue 14).

Target: ``StabilitySearchCV`` within 10 % of ``GridSearchCV`` on the same grid and the same
splits -- reading every fitted model's selection and computing φ with its interval for every
candidate must be negligible next to the fits.

Both searches get the same estimator, the same parameter grid and the same list of splits
(``RepeatedStratifiedKFold(5, 2)``: 10 splits), and the same ``n_jobs``. Threads are pinned on
both sides: one BLAS/OpenMP thread in this process (``threadpoolctl``) and in every joblib
worker (``parallel_config(backend="loky", inner_max_num_threads=1)``). Runs alternate
G S G S ... so that a drift of the shared machine's speed hits both; the table gives the median
and min wall time of each and the median of the pairwise ratios S/G.

Modes: ``refit=False`` on both sides runs exactly the same fits (the ratio is then the cost of
what StabilitySearchCV adds); ``refit`` on both (GridSearchCV's best accuracy, StabilitySearchCV's
γ = 0.5 compromise) adds one fit on the whole data each, possibly of a different candidate.
The last column, "added work", is what StabilitySearchCV computes beyond GridSearchCV, timed
directly (reading each fitted model's selection, φ and its interval per candidate, the Pareto
front and hull), in CPU ms and as a share of GridSearchCV's median wall time (with n_jobs = 2
the selections are read in the workers, in parallel, so the added wall time is at most this): on
a loaded shared machine the wall-time ratio is noisy, this number is not.

Workloads:

- ``kbest``: breast cancer (569 x 30), StandardScaler + SelectKBest + logistic regression
  (liblinear), k in 10 values;
- ``l1``: breast cancer, L1 logistic regression (liblinear), C in 10 values;
- ``l1-wide``: a simulated n = 200, d = 2,000 problem (10 informative features), L1 logistic
  regression, C in 8 values -- larger selection matrices (10 x 2,000 per candidate).

Run::

    python benchmarks/bench_search.py [--repeats 5] [--n-jobs 1 2] [--workloads kbest l1 l1-wide]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import numpy as np
from joblib import parallel_config
from sklearn.base import clone
from sklearn.datasets import load_breast_cancer
from sklearn.exceptions import ConvergenceWarning
from sklearn.feature_selection import SelectKBest
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, RepeatedStratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from threadpoolctl import threadpool_limits

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from fsstab.measures import nogueira, nogueira_confidence_interval
from fsstab.pareto import hull_gamma_intervals, pareto_front
from fsstab.sklearn import StabilitySearchCV
from fsstab.sklearn._tracing import _trace


def _logistic(**kwargs):
    return LogisticRegression(solver="liblinear", random_state=0, **kwargs)


def workloads() -> dict[str, Callable[[], tuple]]:
    def kbest():
        X, y = load_breast_cancer(return_X_y=True)
        pipe = make_pipeline(StandardScaler(), SelectKBest(), _logistic())
        return X, y, pipe, {"selectkbest__k": [1, 2, 3, 4, 5, 6, 8, 10, 15, 20]}

    def l1():
        X, y = load_breast_cancer(return_X_y=True)
        X = StandardScaler().fit_transform(X)
        return X, y, _logistic(l1_ratio=1.0), {"C": np.logspace(-2, 0.5, 10).tolist()}

    def l1_wide():
        rng = np.random.default_rng(0)
        X = rng.normal(size=(200, 2000))
        y = (X[:, :10] @ rng.normal(size=10) + rng.normal(size=200) > 0).astype(int)
        return X, y, _logistic(l1_ratio=1.0), {"C": np.logspace(-1.5, 0, 8).tolist()}

    return {"kbest": kbest, "l1": l1, "l1-wide": l1_wide}


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def added_work(search: StabilitySearchCV, estimator, X, y, splits) -> float:
    """Seconds StabilitySearchCV spends beyond GridSearchCV's work, measured directly.

    Reading the selection of one fitted model (timed on a model fitted here, best of 20) times
    the number of fits, plus φ and its interval for every candidate and the Pareto front / hull
    on the table. On a loaded machine this is the robust number; the wall-time ratio is noisy.
    """
    train = splits[0][0]
    fitted = clone(estimator).set_params(**search.cv_results_["params"][0])
    fitted.fit(X[train], y[train])
    per_fit = min(timed(lambda: _trace(fitted, importance=False))[0] for _ in range(20))
    n_fits = search.selections_.shape[0] * search.selections_.shape[1]
    start = time.perf_counter()
    for Z in search.selections_:
        if 0 < Z.sum() < Z.size and Z.sum(axis=1).min() < Z.shape[1]:
            nogueira(Z)
            nogueira_confidence_interval(Z)
    res = search.cv_results_
    finite = np.isfinite(res["mean_stability"])
    pareto_front(res["mean_test_score"][finite], res["mean_stability"][finite])
    hull_gamma_intervals(res["mean_test_score"][finite], res["mean_stability"][finite])
    return per_fit * n_fits + time.perf_counter() - start


def compare(X, y, estimator, grid, splits, *, n_jobs: int, refit: bool,
            repeats: int) -> tuple[list[float], list[float], StabilitySearchCV]:
    """Alternating wall times of GridSearchCV and StabilitySearchCV, after one warm-up each."""

    def grid_search():
        return GridSearchCV(estimator, grid, cv=splits, n_jobs=n_jobs, refit=refit).fit(X, y)

    def stability_search():
        return StabilitySearchCV(estimator, grid, cv=splits, n_jobs=n_jobs,
                                 refit="gamma=0.5" if refit else False).fit(X, y)

    grid_search()  # warm-up: worker start-up, imports, caches
    stability_search()
    g_times, s_times, search = [], [], None
    for _ in range(repeats):
        g_times.append(timed(grid_search)[0])
        seconds, search = timed(stability_search)
        s_times.append(seconds)
    return g_times, s_times, search


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--n-jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--workloads", nargs="+", default=list(workloads()))
    args = parser.parse_args()

    warnings.simplefilter("ignore", ConvergenceWarning)
    warnings.filterwarnings("ignore", message=".*undefined stability.*")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start; "
          f"threads pinned to 1 per process on both sides; {args.repeats} alternating runs")
    header = (f"{'workload':9} {'n_jobs':>6} {'refit':>5} {'fits':>5} "
              f"{'GridSearchCV median (min)':>26} {'StabilitySearchCV median (min)':>31} "
              f"{'ratio S/G':>9} {'added work':>15}")
    print(header)
    print("-" * len(header))
    factories = workloads()
    with threadpool_limits(1), parallel_config(backend="loky", inner_max_num_threads=1):
        for name in args.workloads:
            X, y, estimator, grid = factories[name]()
            splits = list(RepeatedStratifiedKFold(n_splits=5, n_repeats=2,
                                                  random_state=0).split(X, y))
            n_fits = len(splits) * int(np.prod([len(v) for v in grid.values()]))
            for n_jobs in args.n_jobs:
                for refit in (False, True):
                    g, s, search = compare(X, y, estimator, grid, splits, n_jobs=n_jobs,
                                           refit=refit, repeats=args.repeats)
                    ratio = statistics.median(b / a for a, b in zip(g, s, strict=True))
                    extra = added_work(search, estimator, X, y, splits)
                    share = extra / statistics.median(g)
                    print(f"{name:9} {n_jobs:>6} {'yes' if refit else 'no':>5} {n_fits:>5} "
                          f"{statistics.median(g):>15.3f} s ({min(g):.3f}) "
                          f"{statistics.median(s):>20.3f} s ({min(s):.3f}) "
                          f"{ratio:>9.3f} {extra * 1e3:>6.1f} ms {share:>5.1%}")
                    sys.stdout.flush()
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
