"""Run times of the filter, tree, neighbour and resampling-ensemble selectors.

Prints three tables on a microarray-sized problem (default n = 100, d = 5000, k = 20, the
sizes of Hamer & Dupont 2021 §7.2):

1. the score of every filter of thesis Table 3.1 on all features;
2. the iterative information filters against the number of selected features (thesis Ch. 5.1:
   only they depend on k) next to MIM;
3. a full ``fit`` (selection + predictive model + importances) of every selector.

Usage: ``python benchmarks/selectors_other.py [--n 100] [--d 5000] [--k 20] [--repeats 3]``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
from _threads import describe, pinned
from sklearn.linear_model import LogisticRegression

from fsstab.selectors import (
    FILTERS,
    EnsembleSelector,
    FilterSelector,
    GBMSelector,
    RandomForestSelector,
    ReliefSelector,
    StabilitySelection,
)


def planted_problem(n: int, d: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Balanced two-class data, 20 informative features among d."""
    rng = np.random.default_rng(seed)
    y = np.repeat([0, 1], n // 2)
    X = rng.normal(size=(y.size, d))
    X[:, :20] += 1.0 * (y[:, None] - 0.5)
    return X, y


def best_of(func: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100)
    parser.add_argument("--d", type=int, default=5000)
    parser.add_argument("--k", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    X, y = planted_problem(args.n, args.d)
    print(f"n = {args.n}, d = {args.d}, k = {args.k}; best of {args.repeats} runs\n")

    print("1. Filter scores on all features (random-forest filters: 500 trees)")
    print(f"{'filter':<16} {'thesis name':<13} {'seconds':>9}")
    for name, info in FILTERS.items():
        options = {"n_features_to_select": args.k} if info.iterative else {}
        if "random_state" in info.options:
            options["random_state"] = 0
        repeats = 1 if name in ("permutation", "impurity") else args.repeats
        seconds = best_of(lambda info=info, options=options: info.score(X, y, **options), repeats)
        print(f"{name:<16} {info.thesis_name:<13} {seconds:9.3f}")

    print("\n2. Iterative information filters against the number of selected features (seconds)")
    sizes = [k for k in (5, 10, 20, 50, 100) if k <= args.d]
    print(f"{'filter':<8}" + "".join(f"{'k=' + str(k):>9}" for k in sizes))
    for name in ("mim", "mrmr", "jmi", "jmim", "disr", "njmim", "cmim"):
        info = FILTERS[name]
        row = []
        for k in sizes:
            options = {"n_features_to_select": k} if info.iterative else {}
            row.append(best_of(lambda info=info, o=options: info.score(X, y, **o), args.repeats))
        print(f"{name:<8}" + "".join(f"{t:9.3f}" for t in row))

    print("\n3. Full fit: selection, predictive model and importances")
    selectors = {
        "FilterSelector(anova)": FilterSelector(n_features_to_select=args.k),
        "FilterSelector(cmim)": FilterSelector(method="cmim", n_features_to_select=args.k),
        "RandomForestSelector(T=500)": RandomForestSelector(
            n_features_to_select=args.k, random_state=0),
        "RandomForestSelector(tree_fraction, T=100)": RandomForestSelector(
            n_estimators=100, mode="tree_fraction", min_tree_fraction=0.02,
            criterion="entropy", random_state=0),
        "GBMSelector(100 stumps)": GBMSelector(n_features_to_select=args.k, random_state=0),
        "ReliefSelector(K=10)": ReliefSelector(n_features_to_select=args.k),
        "StabilitySelection(anova, B=50)": StabilitySelection(
            FilterSelector(), q=args.k, pi_thr=0.75, pfer=None, random_state=0),
        "EnsembleSelector(impurity T=100, m=50)": EnsembleSelector(
            FilterSelector(method="impurity", n_estimators=100), n_bootstrap=50,
            n_features_to_select=args.k, estimator=LogisticRegression(), random_state=0),
    }
    print(f"{'selector':<42} {'seconds':>9} {'selected':>9} {'train acc':>10}")
    for name, selector in selectors.items():
        seconds = best_of(lambda s=selector: s.fit(X, y), 1)
        print(f"{name:<42} {seconds:9.2f} {selector.n_features_selected_:9d} "
              f"{selector.score(X, y):10.2f}")


if __name__ == "__main__":
    print(describe())
    with pinned():
        main()
