"""fsstab's IPSS against the ipss package (Melikechi & Miller) on the same selection paths.

The selection indicators of a logistic LASSO on B complementary pairs come from
:func:`fsstab.selectors.lasso_stability_paths`; both sides then integrate the same paths on the
same grid (m = 2, δ = 1, cutoff 0.05): fsstab's :func:`integrated_path_stability` and the
package's ``ipss.processing.postprocess_ipss``. Printed: each side's number of integrated
grid points, bound I(Λ), and the E(FP) scores of the planted and the best null features.

The ipss package depends on xgboost, which fsstab does not install; give a folder holding the
package (``pip install --no-deps --target DIR ipss``) with ``--ipss DIR``; its boosting
selector is not used here, so a stand-in module replaces xgboost. Without it, fsstab's side is
printed alone::

    python benchmarks/ipss_comparison.py --ipss /tmp/ipss_pkg
"""

from __future__ import annotations

import argparse
import sys
import time
import types
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from _threads import describe, pinned


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ipss", type=Path, help="folder holding the ipss package")
    parser.add_argument("--n", type=int, default=200)
    parser.add_argument("--d", type=int, default=500)
    parser.add_argument("--pairs", type=int, default=25)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    from fsstab.selectors import (
        LassoSelector,
        complementary_pairs,
        integrated_path_stability,
        lasso_stability_paths,
    )

    rng = np.random.default_rng(args.seed)
    X = rng.normal(size=(args.n, args.d))
    y = (X[:, :5] @ np.array([1.0, -1.0, 1.0, -1.0, 1.0])
         + 0.5 * rng.normal(size=args.n) > 0).astype(np.int64)
    pairs = complementary_pairs(y, args.pairs, random_state=args.seed)
    print(describe())
    with pinned():
        cpu = time.process_time()
        Z, lambdas = lasso_stability_paths(LassoSelector(), X, y, pairs, n_lambdas=50)
        ours = integrated_path_stability(Z, lambdas, n_pairs=args.pairs, m=2, delta=1.0)
        cpu = time.process_time() - cpu
    print(f"{args.n} x {args.d}, B = {args.pairs} pairs, 5 planted features, "
          f"{len(lambdas)} grid points; paths + IPSS {cpu:.1f} CPU s")
    null_best = ours.efp_scores[5:].min()
    print("| side | points integrated | I(Λ) | E(FP) scores of the 5 planted | best null |")
    print("|---|---|---|---|---|")
    print(f"| fsstab | {ours.n_points} | {ours.bound:.4g} | "
          f"{np.round(ours.efp_scores[:5], 3).tolist()} | {null_best:.3g} |")
    if args.ipss is None:
        print("| ipss | not run: --ipss not given |  |  |  |")
        return
    sys.path.insert(0, str(args.ipss))
    sys.modules.setdefault("xgboost", types.ModuleType("xgboost"))
    from ipss.processing import ipss_scores, postprocess_ipss

    B, d = args.pairs, args.d
    results = np.stack([Z[:, 2 * b:2 * b + 2, :] for b in range(B)]).astype(np.float64)
    theirs = postprocess_ipss(results, lambdas, len(lambdas), d, d, np.arange(d), B, 0.05, 1.0,
                              "h2", None, None)
    efp = np.array([theirs["efp_scores"][j] for j in range(d)])
    _, integral, _, stop = ipss_scores(Z.mean(axis=1), B, lambdas,
                                       Z.sum(axis=2).mean(axis=1), "h2", 1.0, 0.05)
    print(f"| ipss | {stop - 1} | {integral:.4g} | {np.round(efp[:5], 3).tolist()} | "
          f"{efp[5:].min():.3g} |")
    planted = efp[:5] / ours.efp_scores[:5]
    print(f"\nipss / fsstab E(FP) score of the planted features: {planted.min():.2f}-"
          f"{planted.max():.2f}")


if __name__ == "__main__":
    main()
