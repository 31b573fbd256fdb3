"""CPU cost of Onda et al.'s (2022) App. E.2 real ensembles (normalised mtry 0.1, Fig. 15),
projected from measured forests.

The claim of App. E.2 ("the estimated stability value for the large m_ensemble is almost the
same for all n_tree values", ``e2.mtry_constant``) needs the real bagged ensembles at
normalised mtry 0.1 for every n_tree of Table 2. A forest's cost grows with the features each
split searches (mtry = 0.1 d instead of √d), so this script fits the random forests of
Onda's base selector (``fsstab._forest.fit_forest``, as the experiments do) on the rows one weak
selector sees (a bootstrap of a copy's selection
half, about n/2 rows) at mtry = √d and at 0.1 d, measures the CPU seconds per tree, and projects
the experiments of ``e2.mtry_constant`` on the data sets reachable offline (Colon = alon,
Prostate = singh reduced by variance to 5,966 genes): per data set, M single forests (one per
sample) and ``real_copies`` x max(m_ensemble) weak forests, each of n_tree trees, summed over
the six n_tree values. The √d line checks the projection against the measured experiments of
docs/paper-onda2022.md.

Run::

    python benchmarks/onda2022_mtry_cost.py [--trees 50] [--repeats 3] [--real-copies 20]
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from _threads import describe, pinned  # noqa: E402
from sklearn.ensemble import RandomForestClassifier  # noqa: E402

from fsstab._forest import fit_forest  # noqa: E402
from fsstab.sources import fetch  # noqa: E402

SHARED = Path(os.environ.get("FSSTAB_SHARED", REPO.parent / "shared"))
N_TREES = (50, 100, 200, 300, 400, 500)
M_ENSEMBLE_MAX = 50
DATA = {"colon": ("datamicroarray:alon", None), "prostate": ("datamicroarray:singh", 5966)}


def per_tree_seconds(X: np.ndarray, y: np.ndarray, mtry: str | float, trees: int,
                     repeats: int, seed: int) -> float:
    """CPU seconds per tree of a forest on a bootstrap of half the rows (one weak selector)."""
    rng = np.random.default_rng(seed)
    total = 0.0
    for _ in range(repeats):
        half = rng.choice(len(y), size=len(y) // 2, replace=False)
        rows = rng.choice(half, size=len(half), replace=True)
        forest = RandomForestClassifier(n_estimators=trees, max_features=mtry, bootstrap=True,
                                        random_state=int(rng.integers(2**31)))
        start = time.process_time()
        fit_forest(forest, X[rows], y[rows])
        total += time.process_time() - start
    return total / (repeats * trees)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trees", type=int, default=50, help="trees per measured forest")
    parser.add_argument("--repeats", type=int, default=3, help="forests per measurement")
    parser.add_argument("--real-copies", type=int, default=20)
    args = parser.parse_args()
    hours_by_mtry: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as cache:
        for name, (source, keep) in DATA.items():
            data = fetch(source, mirror=str(SHARED / "datasets"), cache_dir=cache)
            X, y = np.asarray(data.X, dtype=float), np.asarray(data.y)
            if keep is not None:
                X = X[:, np.sort(np.argsort(-X.var(axis=0), kind="stable")[:keep])]
            forests = len(y) + args.real_copies * M_ENSEMBLE_MAX
            print(f"\n{name}: n = {len(y)}, d = {X.shape[1]}; per n_tree: {len(y)} single + "
                  f"{args.real_copies} x {M_ENSEMBLE_MAX} weak forests; n_tree "
                  f"{', '.join(map(str, N_TREES))}")
            for mtry in ("sqrt", 0.01, 0.1):
                seconds = per_tree_seconds(X, y, mtry, args.trees, args.repeats, seed=1)
                hours = forests * sum(N_TREES) * seconds / 3600
                print(f"  mtry {mtry!s:>4}: {1000 * seconds:7.2f} ms CPU per tree -> "
                      f"{hours:6.2f} CPU h for the six n_tree values")
                hours_by_mtry[str(mtry)] = hours_by_mtry.get(str(mtry), 0.0) + hours
    print(f"\ne2.mtry_constant (mtry 0.1, Colon + Prostate): {hours_by_mtry['0.1']:.2f} CPU "
          f"hours; App. E (mtry 0.01 and 0.1): "
          f"{hours_by_mtry['0.01'] + hours_by_mtry['0.1']:.2f} CPU hours")
    print(f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    print(describe())
    with pinned():
        main()
