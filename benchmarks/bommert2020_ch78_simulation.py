"""Time one §8.3 replication of Bommert (2020) at the thesis' settings and project the full study.

For each n x p of Table 8.1 (blocks design, 4 similar features), one replication is timed in
its parts at the full settings of §8.3.1:

* the L0 cross-validation: 50 max.feats x 10 folds (shared by adj, unadj, acc);
* SMU and SMA-Count (10,000 Monte-Carlo draws) of the 50 tuning rows;
* stability selection: 50 random (PFER, π_thr) draws share their L0 fits per distinct q
  (100 half-samples x 11 runs: 10 CV folds + the final fit). ``--stabs-q`` of them are timed
  on one fold's 100 half-samples and the time per q is extrapolated to all distinct q.

The projected full study is 8 scenarios (2 designs x 4 similarity levels) x 50 replications
per n x p. Prints a table; run ``python3 benchmarks/bommert2020_ch78_simulation.py``
(``--sizes 100x200 100x2000`` to restrict, ``--full`` to run whole replications instead).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numpy as np
from _threads import describe, pinned

from fsstab.papers.bommert2020.ch8 import approaches, simulation
from fsstab.papers.bommert2020.common import stratified_folds
from fsstab.seeds import derive_seed
from fsstab.similarity import correlation_similarity


def timed(function, *args, **kwargs):
    start = time.perf_counter()
    value = function(*args, **kwargs)
    return value, time.perf_counter() - start


def replication_parts(n: int, p: int, stabs_q: int, seed: int) -> dict[str, float]:
    settings = approaches.ApproachSettings()
    scenario = simulation.Scenario("blocks", n, p, 4)
    X, y, _, _, _ = simulation.simulate_split(scenario, 0, seed)
    similarity, t_sim = timed(correlation_similarity, X, threshold=0.9)
    folds = stratified_folds(y, settings.n_folds, derive_seed(seed, "folds"))
    selections, t_cv = timed(approaches.l0_cv_selections, X, y, folds, settings.sizes,
                             backend=settings.backend)
    (_, seconds), _ = timed(approaches.l0_tuning_table, selections, similarity,
                            n_estimate=settings.n_estimate)
    configs = approaches.stabs_configurations(settings.n_stabs_configs, p, derive_seed(seed, "s"))
    distinct = sorted(set(configs["q"]) - {0})
    sample = [distinct[i] for i in np.linspace(0, len(distinct) - 1, stabs_q).astype(int)]
    train = folds[0][0]
    _, t_freq = timed(approaches.stability_selections, X[train], y[train], sample,
                      n_pairs=settings.n_pairs, random_state=1, backend=settings.backend)
    per_q = t_freq / len(sample)
    t_stabs = per_q * len(distinct) * (settings.n_folds + 1)
    return {
        "similarity": t_sim, "l0_cv": t_cv, "smu": seconds["unadjusted"],
        "sma_count": seconds["intersection_count"], "distinct_q": len(distinct),
        "max_q": max(distinct), "stabs_per_q": per_q, "stabs": t_stabs,
        "replication": t_sim + t_cv + seconds["unadjusted"] + seconds["intersection_count"]
        + t_stabs,
    }


def full_replication(n: int, p: int, seed: int) -> float:
    scenario = simulation.Scenario("blocks", n, p, 4)
    _, elapsed = timed(simulation.simulation_replication, scenario, 0,
                       approaches.ApproachSettings(), seed)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", nargs="*", default=["100x200", "1000x200", "100x2000",
                                                       "100x10000"])
    parser.add_argument("--stabs-q", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2020)
    parser.add_argument("--full", action="store_true",
                        help="time whole replications instead of parts + extrapolation")
    args = parser.parse_args()
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes]
    if args.full:
        print(f"{'n x p':>11} | {'replication [s]':>15} | {'400 replications [h]':>20}")
        for n, p in sizes:
            seconds = full_replication(n, p, args.seed)
            print(f"{n:>5} x {p:<5}| {seconds:15.1f} | {seconds * 400 / 3600:20.1f}")
        return
    header = (f"{'n x p':>11} | {'L0 CV':>7} | {'SMU':>6} | {'SMA-Count':>9} | "
              f"{'distinct q':>10} | {'max q':>5} | {'stabs/q':>7} | {'stabs':>8} | "
              f"{'replication':>11} | {'400 repl. [h]':>13}")
    print(header)
    print("-" * len(header))
    total = 0.0
    for n, p in sizes:
        r = replication_parts(n, p, args.stabs_q, args.seed)
        hours = r["replication"] * 400 / 3600  # 8 scenarios x 50 replications
        total += hours
        print(f"{n:>5} x {p:<5}| {r['l0_cv']:7.1f} | {r['smu']:6.2f} | {r['sma_count']:9.1f} | "
              f"{r['distinct_q']:10d} | {r['max_q']:5d} | {r['stabs_per_q']:7.1f} | "
              f"{r['stabs']:8.0f} | {r['replication']:11.0f} | {hours:13.1f}")
    print(f"projected sequential time of the sizes above: {total:.0f} h "
          f"({total / 24:.1f} days on one core)")


if __name__ == "__main__":
    print(describe())
    with pinned():
        main()
