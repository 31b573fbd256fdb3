"""Timing of fsstab's logistic RFE and hybrid-RFE sweep (issue 3, "Performance").

1. Logistic RFE on n = 100, d = 5,000 down to k = 20, against
   ``sklearn.feature_selection.RFE(LogisticRegression(C))`` on the same standardised data and
   the same elimination schedule:

   * scikit-learn's float ``step=0.2`` removes 20 % of the *initial* features per iteration
     (5000 → 4000 → 3000 → 2000 → 1000 → 20); fsstab runs the same schedule with
     ``step=1000``;
   * Hamer & Dupont's schedule removes 20 % of the *remaining* features (26 iterations);
     scikit-learn's RFE cannot express it, so its loop is written out with the same
     scikit-learn estimator (fit, rank by ``coef_²``, keep the top features).

   scikit-learn's estimator runs with its default tolerance (lbfgs, ``tol=1e-4``), which is how
   RFE is used in practice, and with ``tol=1e-10``, which solves the same problems as fsstab's
   Newton solver; "agreement" is the Jaccard index of the two selected sets (1 = identical).
2. A hybrid-RFE sweep over (final_C, α) against independent fits: the sweep computes the
   elimination path once and only refits the final model.

Threads: both sides run with BLAS/OpenMP pinned to one thread (``threadpoolctl``), the fair
comparison. fsstab's solvers limit BLAS to one thread themselves; scikit-learn's lbfgs uses the
default pool, which on a shared 2-core machine oversubscribes the cores -- the table is
repeated with default threads to show that effect, and labelled as such (it is not a speed-up
of fsstab). Each timing is the best of ``--repeats`` runs (the machine is shared). Run::

    python benchmarks/bench_rfe.py [--repeats 3]
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from unittest import mock

import numpy as np
from sklearn.base import clone
from sklearn.exceptions import ConvergenceWarning
from sklearn.feature_selection import RFE
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from _threads import describe, pinned, pools

from fsstab.selectors import HybridRFE, LogisticRFE, _rfe, hybrid_rfe_sweep
from fsstab.selectors._rfe import elimination_schedule

N, D, K, C = 100, 5000, 20, 0.1


def make_data(seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(N, D)) * rng.uniform(0.5, 3.0, size=D)
    y = (X[:, :10] @ rng.normal(size=10) + rng.normal(size=N) > 0).astype(int)
    return X, y


def best_time(fn: Callable[[], object], repeats: int) -> tuple[float, object]:
    best, result = np.inf, None
    for _ in range(repeats):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def sklearn_rfe(Xs: np.ndarray, y: np.ndarray, sizes: np.ndarray, tol: float) -> np.ndarray:
    """scikit-learn following ``sizes``.

    Equal drops: ``sklearn.feature_selection.RFE`` itself. Otherwise RFE's own loop written out
    (fit ``LogisticRegression``, rank by ``coef_²``, keep the top ones; no warm start), because
    RFE cannot shrink its step; chaining one-iteration RFEs would add a refit per step.
    """
    drops = -np.diff(sizes)
    estimator = LogisticRegression(C=C, tol=tol, max_iter=100_000)
    if np.all(drops[:-1] == drops[0]):
        return RFE(estimator, n_features_to_select=K, step=int(drops[0])).fit(Xs, y).support_
    alive = np.arange(Xs.shape[1])
    for size in sizes[1:]:
        coef = clone(estimator).fit(Xs[:, alive], y).coef_[0]
        alive = np.sort(alive[np.argsort(-(coef**2), kind="stable")[: int(size)]])
    support = np.zeros(Xs.shape[1], dtype=bool)
    support[alive] = True
    return support


def jaccard(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.sum(a & b) / np.sum(a | b))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    repeats = parser.parse_args().repeats
    warnings.simplefilter("ignore", ConvergenceWarning)  # lbfgs at its default tolerance
    X, y = make_data()
    Xs = StandardScaler().fit_transform(X)

    print(f"Logistic RFE, n = {N}, d = {D:,}, k = {K}, C = {C}")
    print(describe())
    with pinned():
        rfe_table(X, y, Xs, repeats)
    print()
    print(f"the same with default threads (NOT a fair comparison; pools: {pools()}; fsstab's "
          "solver limits BLAS to 1 thread itself, scikit-learn's lbfgs does not)")
    rfe_table(X, y, Xs, repeats)
    with pinned():
        sweep_table(X, y, repeats)


def rfe_table(X: np.ndarray, y: np.ndarray, Xs: np.ndarray, repeats: int) -> None:
    header = (
        f"{'schedule':<36}{'steps':>6}{'sklearn tol':>12}{'fsstab s':>10}{'sklearn s':>11}"
        f"{'ratio':>8}{'agreement':>11}"
    )
    print(header)
    print("-" * len(header))
    for label, step in [
        ("20 % of initial (sklearn step=0.2)", int(0.2 * D)),
        ("20 % of remaining (Hamer)", 0.2),
    ]:
        sizes = elimination_schedule(D, K, step)
        ours_t, ours = best_time(
            lambda step=step: LogisticRFE(n_features_to_select=K, C=C, step=step).fit(X, y),
            repeats,
        )
        for tol in (1e-4, 1e-10):
            ref_t, ref_support = best_time(
                lambda sizes=sizes, tol=tol: sklearn_rfe(Xs, y, sizes, tol), repeats
            )
            print(
                f"{label:<36}{sizes.size - 1:>6}{tol:>12.0e}{ours_t:>10.3f}{ref_t:>11.3f}"
                f"{ref_t / ours_t:>7.1f}x{jaccard(ours.support_, ref_support):>11.2f}"
            )


def sweep_table(X: np.ndarray, y: np.ndarray, repeats: int) -> None:
    print()
    final_Cs = [0.001, 0.01, 0.1, 1.0, 10.0]
    alphas = [0.0, 0.1, 0.5, 1.0]
    base = HybridRFE(n_features_to_select=K, n_forced=5, epsilon=0.5, C=C)
    grid = {"final_C": final_Cs, "shrinkage_alpha": alphas}
    n_fits = len(final_Cs) * len(alphas)
    print(f"Hybrid-RFE sweep over final_C x alpha ({len(final_Cs)} x {len(alphas)} = {n_fits}),")
    print("N = 5, epsilon = 0.5, same data")
    with mock.patch.object(_rfe, "run_elimination", wraps=_rfe.run_elimination) as spy:
        sweep_t, results = best_time(lambda: hybrid_rfe_sweep(X, y, grid, base=base), repeats)
    paths_per_sweep = spy.call_count // repeats
    independent_t, _ = best_time(
        lambda: [clone(base).set_params(**p).fit(X, y) for p, _ in results], 1
    )
    single_t, _ = best_time(lambda: clone(base).fit(X, y), repeats)
    print(f"{'':<38}{'fits':>6}{'paths':>7}{'time s':>10}")
    print("-" * 61)
    print(f"{'hybrid_rfe_sweep':<38}{n_fits:>6}{paths_per_sweep:>7}{sweep_t:>10.3f}")
    print(f"{'independent fits':<38}{n_fits:>6}{n_fits:>7}{independent_t:>10.3f}")
    print(f"{'one fit (path + final model)':<38}{1:>6}{1:>7}{single_t:>10.3f}")
    print(f"speed-up of the sweep: {independent_t / sweep_t:.1f}x")


if __name__ == "__main__":
    main()
