"""Timing of the selectors for continuous and survival outcomes.

1. One penalised fit at a fixed C on n = 200 standardised samples, d = 1,000 and 5,000
   features (10 true effects): fsstab's working-set proximal Newton solver against
   scikit-learn's coordinate descent (``ElasticNet``, ``alpha = 1/(C n)``) for least squares and
   scikit-survival's ``CoxnetSurvivalAnalysis`` (same alpha, if installed) for the Cox model,
   both at tight tolerances; "agreement" is the Jaccard index of the two supports.
2. Whole selector fits as the workflow runs them: the LASSO / elastic net with ``target_k=20``
   (regularisation path + refit), ``LinearRFE``, the random forest and the regression and
   survival filters.

Every timing is the best of ``--repeats`` runs with BLAS/OpenMP pinned to one thread
(``benchmarks/_threads.py``), CPU seconds beside wall seconds (the machine is shared), and the
peak RSS of the process at the end. Run::

    python benchmarks/bench_outcomes.py [--repeats 3]
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from _threads import describe, pinned

from fsstab.outcomes import survival_target
from fsstab.selectors import (
    ElasticNetSelector,
    FilterSelector,
    LassoSelector,
    LinearRFE,
    RandomForestSelector,
)
from fsstab.selectors._logistic import GroupStructure, standardize
from fsstab.selectors._penalized_losses import (
    CoxLoss,
    LeastSquaresLoss,
    null_model_C_for,
    penalized_fit,
)


def timed(run: Callable[[], object], repeats: int) -> tuple[float, float, object]:
    """Best wall and CPU seconds of ``repeats`` runs and the last result."""
    best_wall = best_cpu = np.inf
    result = None
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        result = run()
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    return best_wall, best_cpu, result


def data(n: int, d: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    beta = np.zeros(d)
    beta[:10] = 0.5
    y = X @ beta + rng.normal(size=n)
    event_time = rng.exponential(np.exp(-X @ beta))
    censoring = rng.exponential(2.0, size=n)
    return X, y, survival_target(event_time <= censoring, np.minimum(event_time, censoring))


def jaccard(a: np.ndarray, b: np.ndarray) -> float:
    union = np.sum(a | b)
    return float(np.sum(a & b) / union) if union else 1.0


def solver_table(repeats: int) -> None:
    print("1. one penalised fit at C = 3 C0 (n = 200), fsstab against the reference solver")
    print(f"{'problem':<28}{'fsstab wall/cpu s':>20}{'reference wall/cpu s':>24}"
          f"{'k':>6}{'agreement':>11}")
    from sklearn.linear_model import ElasticNet
    try:
        from sksurv.linear_model import CoxnetSurvivalAnalysis
    except ImportError:
        CoxnetSurvivalAnalysis = None
    for d in (1000, 5000):
        X, y, survival = data(200, d)
        Xs = standardize(X)[0]
        n = Xs.shape[0]
        groups = GroupStructure.from_labels(None, d)
        for rho in (1.0, 0.5):
            for task in ("least squares", "Cox"):
                loss = (LeastSquaresLoss(Xs, y) if task == "least squares"
                        else CoxLoss(Xs, survival["time"], survival["event"]))
                C = 3 * null_model_C_for(loss, groups, rho)
                wall, cpu, ours = timed(
                    lambda loss=loss, C=C, rho=rho, g=groups: penalized_fit(
                        loss, C, g, l1_ratio=rho, tol=1e-8), repeats)
                if task == "least squares":
                    model = ElasticNet(alpha=1 / (C * n), l1_ratio=rho, tol=1e-10,
                                       max_iter=100_000)
                    ref_wall, ref_cpu, ref = timed(
                        lambda m=model, A=Xs, b=y: m.fit(A, b).coef_, repeats)
                elif CoxnetSurvivalAnalysis is not None:
                    model = CoxnetSurvivalAnalysis(alphas=[1 / (C * n)], l1_ratio=rho,
                                                   tol=1e-10, max_iter=100_000,
                                                   fit_baseline_model=False)
                    ref_wall, ref_cpu, ref = timed(
                        lambda m=model, A=Xs, b=survival: m.fit(A, b).coef_[:, 0], repeats)
                else:
                    ref_wall = ref_cpu = float("nan")
                    ref = ours.coef
                agreement = jaccard(ours.coef != 0, np.asarray(ref) != 0)
                name = f"{task}, ρ={rho:g}, d={d}"
                print(f"{name:<28}{wall:>10.3f}/{cpu:<9.3f}{ref_wall:>14.3f}/{ref_cpu:<9.3f}"
                      f"{np.count_nonzero(ours.coef):>6}{agreement:>11.2f}")


def selector_table(repeats: int) -> None:
    print("\n2. selector fits (n = 200, d = 1,000; 20 features)")
    X, y, survival = data(200, 1000)
    rows = [
        ("LassoSelector target_k=20", "regression",
         lambda t: LassoSelector(task=t, target_k=20)),
        ("ElasticNetSelector target_k=20", "regression",
         lambda t: ElasticNetSelector(task=t, target_k=20)),
        ("LinearRFE k=20", "regression", lambda t: LinearRFE(n_features_to_select=20, task=t)),
        ("RandomForestSelector 500 trees", "regression",
         lambda t: RandomForestSelector(task=t, n_features_to_select=20, random_state=0)),
        ("FilterSelector pearson", "regression",
         lambda t: FilterSelector(method="pearson", task=t, n_features_to_select=20)),
        ("FilterSelector mrmr", "regression",
         lambda t: FilterSelector(method="mrmr", task=t, n_features_to_select=20)),
        ("LassoSelector target_k=20", "survival",
         lambda t: LassoSelector(task=t, target_k=20)),
        ("ElasticNetSelector target_k=20", "survival",
         lambda t: ElasticNetSelector(task=t, target_k=20)),
        ("LinearRFE k=20", "survival", lambda t: LinearRFE(n_features_to_select=20, task=t)),
        ("FilterSelector cox", "survival",
         lambda t: FilterSelector(method="cox", task=t, n_features_to_select=20)),
        ("RandomForestSelector 100 trees", "survival",
         lambda t: RandomForestSelector(task=t, n_estimators=100, n_features_to_select=20,
                                        random_state=0)),
    ]
    print(f"{'selector':<34}{'task':<12}{'wall s':>9}{'cpu s':>9}{'true found':>12}")
    for name, task, make in rows:
        target = y if task == "regression" else survival
        try:
            wall, cpu, fitted = timed(lambda make=make, task=task, target=target:
                                      make(task).fit(X, target), repeats)
        except ImportError as error:
            print(f"{name:<34}{task:<12}  skipped ({error})")
            continue
        found = int(np.sum(fitted.support_[:10]))
        print(f"{name:<34}{task:<12}{wall:>9.3f}{cpu:>9.3f}{found:>9d}/10")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    with pinned():
        solver_table(args.repeats)
        selector_table(args.repeats)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak RSS {peak:.0f} MB; {describe()}")


if __name__ == "__main__":
    main()
