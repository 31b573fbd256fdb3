"""Real against simulated ensemble stability on the Colon data (Onda et al. 2022, §3.5-3.6).

Runs :func:`fsstab.simulator.compare_ensembles` once on the shared colon data set (alon: 62
samples, 2000 genes; n_target = 20 as in Onda §3.2) with a random-forest base selector, and
prints the fitted simulator parameters, both stability curves over m_ensemble, both computation
times and the speed-up, all measured in this one run. Times are wall-clock seconds on one core
(the forests run with ``n_jobs=None``), as in Onda §3.6.

Both runs use one copy per sample (m_stability = 62, leave-one-out, Onda App. C.1): the n_useful
estimate needs them (selection counts grow with the number of runs, the uniform threshold hardly
does; with 12 copies n_useful falls below n_target and the simulator degenerates). The default
run takes about four minutes: 100 trees, m_ensemble = 1, 4, 8. ``--full`` uses the paper's
settings: 500 trees, m_ensemble = 1, 5, 10, 20, 30, 40, 50 and the simulated curves for
p = 0.1, ..., 0.9 -- several hours.

Run::

    python benchmarks/bench_simulator.py [--full] [--n-tree 100] [--m-stability 62]
        [--m-ensemble 1 4 8] [--p-method grid|bisection] [--bootstrap-single] [--seed 0]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from _threads import describe, pinned  # noqa: E402

from fsstab.simulator import (  # noqa: E402
    DEFAULT_M_ENSEMBLE,
    DEFAULT_P_GRID,
    PAPER_SETTINGS,
    OndaForestSelector,
    compare_ensembles,
)
from fsstab.sources import fetch  # noqa: E402

SHARED = Path(os.environ.get("FSSTAB_SHARED", REPO.parent / "shared"))


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="Onda's settings (hours)")
    parser.add_argument("--n-tree", type=int, default=None, help="trees per forest")
    parser.add_argument("--m-stability", type=int, default=None,
                        help="copies (default: n, leave-one-out)")
    parser.add_argument("--m-ensemble", type=int, nargs="+", default=None)
    parser.add_argument("--p-method", choices=("grid", "bisection"), default="grid")
    parser.add_argument("--bootstrap-single", action="store_true",
                        help="fit the simulator to bootstrapped weak selectors")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    full = args.full
    args.n_tree = args.n_tree or (500 if full else 100)
    args.m_ensemble = tuple(args.m_ensemble or (DEFAULT_M_ENSEMBLE if full else (1, 4, 8)))
    args.curve_p = DEFAULT_P_GRID if full else ()
    return args


def main() -> None:
    args = parse_args()
    with tempfile.TemporaryDirectory() as cache:
        data = fetch("datamicroarray:alon", mirror=str(SHARED / "datasets"), cache_dir=cache)
    paper = PAPER_SETTINGS["colon"]
    n_target = paper["n_target"]
    print(f"colon (alon): n = {data.X.shape[0]}, d = {data.X.shape[1]}, n_target = {n_target}, "
          f"n_tree = {args.n_tree}, m_stability = {args.m_stability or 'n (leave-one-out)'}, "
          f"m_ensemble = {list(args.m_ensemble)}, p by {args.p_method}, simulator fitted to "
          f"{'bootstrapped weak selectors' if args.bootstrap_single else 'the single selector'}")
    start = time.perf_counter()
    result = compare_ensembles(
        data.X, data.y, n_target=n_target,
        base_selector=OndaForestSelector(n_estimators=args.n_tree),
        m_ensemble=args.m_ensemble, m_stability=args.m_stability, p_method=args.p_method,
        curve_p_values=args.curve_p, bootstrap_single=args.bootstrap_single,
        random_state=args.seed,
    )
    wall = time.perf_counter() - start

    fit = result.parameters
    counted = fit.n_useful_estimate
    thresholds = result.thresholds
    print("\nfitted simulator parameters (Onda's Colon values in brackets)")
    print(f"  t_uniform            {counted.t_uniform:>8d}   over {len(thresholds)} draws: "
          f"{thresholds['t_uniform'].mean():.3f} ± {thresholds['t_uniform'].std():.3f} "
          f"[{paper['t_uniform'][0]} ± {paper['t_uniform'][1]}]")
    print(f"  n_useful             {fit.n_useful:>8d}   over the draws: "
          f"{thresholds['n_useful'].mean():.1f} ± {thresholds['n_useful'].std():.1f} "
          f"[{paper['n_useful']}]")
    print(f"  single stability     {fit.single_stability:>8.3f}   [{paper['single_stability']}]")
    print(f"  p                    {fit.p:>8.3f}   [{paper['p']}]")
    print(f"  n_useful^v           {fit.n_useful_v:>8d}   [= n_useful if eq. (1) holds]")

    curves = result.curves
    real = curves[curves["source"] == "real"].set_index("m_ensemble")
    simulated = curves[(curves["source"] == "simulated") & (curves["p"] == fit.p)]
    simulated = simulated.set_index("m_ensemble")
    print(f"\n{'m_ensemble':>10} {'real J':>8} {'real s':>9} {'sim J':>8} {'sim s':>9} "
          f"{'speed-up':>9}")
    for m in args.m_ensemble:
        r, s = real.loc[m], simulated.loc[m]
        print(f"{m:>10d} {r['stability']:>8.3f} {r['seconds']:>9.2f} {s['stability']:>8.3f} "
              f"{s['seconds']:>9.4f} {r['seconds'] / s['seconds']:>8.0f}x")
    if len(args.curve_p):
        table = curves[curves["source"] == "simulated"].pivot(
            index="m_ensemble", columns="p", values="stability"
        )
        print("\nsimulated stability by p (Onda Fig. 3 left)")
        print(table.round(3).to_string())

    seconds = dict(zip(result.timings["stage"], result.timings["seconds"], strict=True))
    print("\ntimes (s, measured in this run)")
    for stage, value in seconds.items():
        print(f"  {stage:<24} {value:>10.3f}")
    print(f"  {'whole run':<24} {wall:>10.3f}")
    print(f"\nspeed-up, real / simulated ensembles:                 {result.speedup:>10.0f}x")
    print(f"speed-up, real ensembles / (single runs + estimation + simulation): "
          f"{result.speedup_total:.1f}x")
    gap = np.abs(real["stability"] - simulated["stability"]).max()
    print(f"largest |real - simulated| stability over m_ensemble: {gap:.3f}")


if __name__ == "__main__":
    print(describe())
    with pinned():
        main()
