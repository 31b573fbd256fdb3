"""Nogueira's φ on M resamples of one data set against φ over M independent data sets.

The workflow estimates a selector's stability from M resamples of the one data set it has.
Nogueira, Sechidis & Brown's (2018) interval treats the M selected sets as independent draws
given the data, so it is an interval for Φ_D: the stability of the selector on resamples of
*this* data set (M → ∞). A reader usually wants Φ_n: the stability over independent data sets
of the same size n from the same population. This benchmark measures both on simulated data
(``fsstab.synthetic.informative``: n rows, half of each class, d independent N(0, 1)
features, k of them with class means ±δ/2) for a filter and the LASSO:

* Φ_n: φ over ``--population`` independent data sets of n rows (and of n/2 rows);
* per data set D (``--datasets`` of them): φ on M bootstraps, on M subsamples of 90 % and on
  M complementary halves (Shah & Samworth 2013; φ over all M halves, and the mean of φ over
  the M/2 disjoint pairs, whose halves are independent samples of n/2 rows), Nogueira's
  interval on the M bootstraps, and Φ_D (φ on ``--big`` bootstraps of D);
* φ over M independent data sets of n rows, ``--datasets`` times, with its interval (which
  should cover Φ_n).

Prints one table per selector with the means and the coverages, and the run costs (CPU s,
wall s, peak RSS, load).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numpy as np
from _threads import describe, pinned
from sklearn.naive_bayes import GaussianNB

from fsstab.measures import nogueira, nogueira_confidence_interval
from fsstab.selectors import FilterSelector, LassoSelector
from fsstab.synthetic import informative
from fsstab.workflow.data import draw_resamples

SELECTORS = {
    # the selection does not depend on the model fitted on the selected features; a cheap one
    "filter (welch_t, top 5)": lambda: FilterSelector(method="welch_t", n_features_to_select=5,
                                                      estimator=GaussianNB()),
    "LASSO (C = 0.1)": lambda: LassoSelector(C=0.1),
}


def selected(make, X, y) -> np.ndarray:
    return np.asarray(make().fit(X, y).support_, dtype=bool)


def resampled_sets(make, ds, scheme, params, n_resamples, seed) -> np.ndarray:
    resamples = draw_resamples(ds, seed=seed, scheme=scheme, n_resamples=n_resamples,
                               params=params)
    return np.array([selected(make, ds.X[train], ds.y[train]) for train in resamples.train])


def independent_sets(make, args, n, count, first_seed) -> np.ndarray:
    return np.array([selected(make, *_data(args, n, first_seed + j)) for j in range(count)])


def _data(args, n, seed):
    ds = informative(n_samples=n, n_features=args.d, n_informative=args.k,
                     effect_size=args.effect, random_state=seed)
    return ds.X, ds.y


def study(make, args) -> dict[str, np.ndarray | float]:
    M = args.M
    population_n = nogueira(independent_sets(make, args, args.n, args.population, 10_000_000))
    population_half = nogueira(independent_sets(make, args, args.n // 2, args.population,
                                                20_000_000))
    rows = {key: [] for key in ("boot", "boot_low", "boot_high", "phi_D", "sub", "halves",
                                "pairs", "ind", "ind_low", "ind_high")}
    for i in range(args.datasets):
        ds = informative(n_samples=args.n, n_features=args.d, n_informative=args.k,
                         effect_size=args.effect, random_state=i)
        boot = resampled_sets(make, ds, "bootstrap", {}, max(M, args.big), i)
        low, high = nogueira_confidence_interval(boot[:M], alpha=0.05)
        rows["boot"].append(nogueira(boot[:M]))
        rows["boot_low"].append(low)
        rows["boot_high"].append(high)
        rows["phi_D"].append(nogueira(boot))
        rows["sub"].append(nogueira(resampled_sets(make, ds, "subsample", {"fraction": 0.9},
                                                   M, i)))
        halves = resampled_sets(make, ds, "complementary_pairs", {}, M, i)
        rows["halves"].append(nogueira(halves))
        rows["pairs"].append(np.nanmean([nogueira(halves[j:j + 2])
                                         for j in range(0, M - 1, 2)]))
        independent = independent_sets(make, args, args.n, M, 30_000_000 + M * i)
        low, high = nogueira_confidence_interval(independent, alpha=0.05)
        rows["ind"].append(nogueira(independent))
        rows["ind_low"].append(low)
        rows["ind_high"].append(high)
    result = {key: np.asarray(values, dtype=float) for key, values in rows.items()}
    result["population_n"] = population_n
    result["population_half"] = population_half
    return result


def _cover(low, high, value) -> str:
    inside = (low <= value) & (value <= high)
    p = float(np.mean(inside))
    return f"{p:.3f} ± {1.96 * np.sqrt(p * (1 - p) / inside.size):.3f}"


def report(name: str, r: dict, args) -> None:
    print(f"\n{name}: Φ_n = {r['population_n']:.3f} (φ over {args.population} independent data "
          f"sets of n = {args.n}), Φ_n/2 = {r['population_half']:.3f} (of {args.n // 2} rows)")
    print(f"| estimate (M = {args.M}) | mean over {args.datasets} data sets | sd | "
          "mean − Φ_n |")
    print("|---|---|---|---|")
    lines = [
        ("φ on M bootstraps of D", r["boot"]),
        (f"Φ_D (φ on {max(args.M, args.big)} bootstraps of D)", r["phi_D"]),
        ("φ on M subsamples of 90 % of D", r["sub"]),
        ("φ on M complementary halves of D", r["halves"]),
        ("mean φ within the M/2 disjoint pairs of halves", r["pairs"]),
        ("φ over M independent data sets of n rows", r["ind"]),
    ]
    for label, values in lines:
        print(f"| {label} | {np.nanmean(values):.3f} | {np.nanstd(values, ddof=1):.3f} | "
              f"{np.nanmean(values) - r['population_n']:+.3f} |")
    width = np.mean(r["boot_high"] - r["boot_low"])
    print(f"Nogueira's 95 % interval on the M bootstraps (mean width {width:.3f}) covers Φ_D in "
          f"{_cover(r['boot_low'], r['boot_high'], r['phi_D'])} of the data sets and Φ_n in "
          f"{_cover(r['boot_low'], r['boot_high'], r['population_n'])}; on M independent data "
          f"sets (mean width {np.mean(r['ind_high'] - r['ind_low']):.3f}) it covers Φ_n in "
          f"{_cover(r['ind_low'], r['ind_high'], r['population_n'])}. The pairs of "
          f"complementary halves estimate Φ_n/2 = {r['population_half']:.3f}: mean "
          f"{np.nanmean(r['pairs']):.3f}.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=100)
    parser.add_argument("--d", type=int, default=50)
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--effect", type=float, default=1.0)
    parser.add_argument("--M", type=int, default=30)
    parser.add_argument("--datasets", type=int, default=100)
    parser.add_argument("--big", type=int, default=200)
    parser.add_argument("--population", type=int, default=3000)
    args = parser.parse_args()
    started_wall, started = time.perf_counter(), resource.getrusage(resource.RUSAGE_SELF)
    loads = [os.getloadavg()[0]]
    print(f"model: n = {args.n} rows (half of each class), d = {args.d}, k = {args.k} "
          f"informative features with class means ±δ/2, δ = {args.effect}; M = {args.M}")
    with pinned():
        for name, make in SELECTORS.items():
            report(name, study(make, args), args)
            loads.append(os.getloadavg()[0])
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu = sum(getattr(usage, f) - getattr(started, f) for f in ("ru_utime", "ru_stime"))
    print(f"\n{cpu:.0f} CPU s (user + sys), {time.perf_counter() - started_wall:.0f} wall s, "
          f"peak RSS {usage.ru_maxrss / 1024:.0f} MiB, 1-min load average "
          f"{min(loads):.1f}-{max(loads):.1f}")
    print(describe())


if __name__ == "__main__":
    main()
