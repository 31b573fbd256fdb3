"""Second-order Gaussian knockoffs (equicorrelated, Σ by Ledoit-Wolf) from fsstab, knockpy and
hidimstat on the same data: CPU seconds and the mean correlation of a feature with its
knockoff (1 − s for equicorrelated knockoffs; the three should agree up to the noise of
the draws when they estimate the same Σ).

X ~ N(0, Σ), Σ_ij = 0.3^|i−j|, n = 200, d in ``--sizes`` (default 200 1000 2000). A peer
that is not installed is skipped. Run with the interpreter that has the peers, e.g.
``python benchmarks/knockoff_construction.py``.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numpy as np
from _threads import describe, pinned

from fsstab.error_control import gaussian_knockoffs


def data(n: int, d: int) -> np.ndarray:
    index = np.arange(d)
    chol = np.linalg.cholesky(0.3 ** np.abs(index[:, None] - index[None, :]))
    return np.random.default_rng(12345).standard_normal((n, d)) @ chol.T


def fsstab_knockoffs(X):
    return gaussian_knockoffs(X, random_state=0)


def knockpy_knockoffs(X):
    from knockpy.knockoffs import GaussianSampler

    np.random.seed(0)  # noqa: NPY002 (knockpy draws from the global state)
    return GaussianSampler(X, method="equicorrelated").sample_knockoffs()


def hidimstat_knockoffs(X):
    from hidimstat.samplers import GaussianKnockoffs

    return np.asarray(GaussianKnockoffs().fit(X).sample(random_state=0)).reshape(X.shape)


def mean_pair_correlation(X, Xk) -> float:
    Xc, Kc = X - X.mean(0), Xk - Xk.mean(0)
    return float(np.mean(np.sum(Xc * Kc, 0) / np.sqrt(np.sum(Xc**2, 0) * np.sum(Kc**2, 0))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[200, 1000, 2000])
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    builders = {"fsstab": fsstab_knockoffs, "knockpy": knockpy_knockoffs,
                "hidimstat": hidimstat_knockoffs}
    print("| d | implementation | CPU s | mean corr(X_j, X̃_j) |")
    print("|---|---|---|---|")
    wall = time.perf_counter()
    with pinned():
        available = {}
        for name, build in builders.items():  # imports outside the timings
            try:
                build(data(50, 20))
                available[name] = build
            except ImportError:
                print(f"| | {name} | not installed | |")
        for d in args.sizes:
            X = data(200, d)
            for name, build in available.items():
                start = time.process_time()
                Xk = build(X)
                seconds = time.process_time() - start
                print(f"| {d} | {name} | {seconds:.2f} | {mean_pair_correlation(X, Xk):.3f} |")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\nwall {time.perf_counter() - wall:.0f} s, peak RSS {rss:.0f} MB; {describe()}")


if __name__ == "__main__":
    main()
