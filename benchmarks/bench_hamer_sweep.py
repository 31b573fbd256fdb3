"""Timing of the §7.1 hybrid-RFE sweep of Hamer & Dupont (2021) (issue 5, "Performance").

1. **singh**: the documented grid of ``config/paper/hamer2021.yaml`` (plain logistic RFE, the
   hybrid-RFE for N in {1, ..., 16} and the univariate filter N = k: 799 settings from 91
   elimination paths per resample), M = 100 bootstrap resamples: selection, stability and
   Pareto stages through ``snakemake --cores 2`` in a fresh folder (target: < 15 minutes).
2. **The whole §7.1 on the four shared microarray data sets** (alon, borovecki, singh,
   gravier): the same stages plus the paper's §7.1 figures and tables (Figs. 9, 10, 11, 21,
   23, 24), continuing in the same folder (target: < 60 minutes in total).
3. **The same singh sweep done naively**: every setting an independent fit -- standardisation,
   univariate ranking, the elimination written as scikit-learn's ``RFE`` loop (fit
   ``LogisticRegression``, rank by |w|, keep the top features; ``RFE`` itself can keep neither
   forced features nor Hamer's schedule of 20 % of the *remaining* features) and the final
   ``LogisticRegression`` with the penalty factors of eq. 16. A random subset of settings is
   timed on a few resamples and extrapolated to all settings and M = 100; the workflow's time
   is compared with it, both on one core and spread ideally over two.

Threads: the workflow's jobs run with their rules' threads (one; Snakemake sets
OMP_NUM_THREADS and the BLAS variables to it), the naive sweep in this process with BLAS/OpenMP
pinned to one thread by threadpoolctl: one thread per fit on both sides. The machine is shared:
the load average before and after each part is printed. Run::

    FSSTAB_MIRROR=../shared/datasets python benchmarks/bench_hamer_sweep.py [--workdir DIR]
        [--naive-settings 24] [--naive-resamples 2]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

import numpy as np
import yaml
from scipy.stats import rankdata
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from _threads import describe, pinned

from fsstab.datasets import read_dataset
from fsstab.resampling import read_resamples
from fsstab.selectors._rfe import elimination_schedule, frequency_score
from fsstab.workflow.config import load_config

REPO = Path(__file__).resolve().parents[1]
CONFIG = REPO / "config" / "paper" / "hamer2021.yaml"
SHARED = ("s71_alon", "s71_borovecki", "s71_singh", "s71_gravier")
PAPER_NAMES = {"s71_alon": "alon", "s71_borovecki": "borovecki", "s71_singh": "singh",
               "s71_gravier": "gravier"}


def snakemake(workdir: Path, targets: list[str], only: str) -> float:
    """Run the paper configuration restricted to ``only``; return the wall-clock seconds."""
    command = [sys.executable, "-m", "snakemake", *targets, "-s", str(REPO / "Snakefile"),
               "--directory", str(workdir), "--configfile", str(CONFIG), "--cores", "2",
               "--config", f"only_datasets={only}"]
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise RuntimeError(f"snakemake failed:\n{result.stderr[-4000:]}")
    return seconds


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def job_times(workdir: Path, datasets: list[str]) -> tuple[float, float]:
    """Sum over the jobs of ``datasets`` of Snakemake's per-job benchmark: (wall-clock s, CPU
    s). The CPU time does not depend on how busy the shared machine was."""
    wall = cpu = 0.0
    for dataset in datasets:
        for tsv in (workdir / "results" / "benchmarks" / dataset).rglob("*.tsv"):
            header, values = tsv.read_text().splitlines()[:2]
            row = dict(zip(header.split("\t"), values.split("\t"), strict=True))
            wall += float(row["s"])
            cpu += float(row["cpu_time"])
    return wall, cpu


# -- the naive sweep --------------------------------------------------------------------------


def welch_t(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    a, b = X[y == 1], X[y == 0]
    se = np.sqrt(a.var(axis=0, ddof=1) / len(a) + b.var(axis=0, ddof=1) / len(b))
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.abs(a.mean(axis=0) - b.mean(axis=0)) / se
    return np.nan_to_num(t, nan=0.0, posinf=np.finfo(float).max)


def naive_fit(X: np.ndarray, y: np.ndarray, params: dict) -> np.ndarray:
    """One setting from scratch (see the module docstring); returns the final weights."""
    k, n_forced = params.get("n_features_to_select", 20), params.get("n_forced", 0)
    C, final_C = params.get("C", 1.0), params.get("final_C", params.get("C", 1.0))
    epsilon, alpha = params.get("epsilon", 1.0), params.get("shrinkage_alpha", 0.0)
    v = params.get("variance_weight", 0.5)
    Xs = StandardScaler().fit_transform(X)
    d = X.shape[1]
    criterion = (1 - v) * rankdata(welch_t(X, y)) + v * rankdata(X.var(axis=0, ddof=1))
    forced = np.argsort(-criterion, kind="stable")[:n_forced]
    is_forced = np.zeros(d, dtype=bool)
    is_forced[forced] = True
    beta = np.where(is_forced, epsilon, 1.0)
    sizes = elimination_schedule(d, k, 0.2)
    ranks = np.zeros((sizes.size - 1, d), dtype=np.int64)
    alive = np.arange(d)
    for s in range(1, sizes.size):
        model = LogisticRegression(C=C).fit(Xs[:, alive] / beta[alive], y)
        w = np.abs(model.coef_[0] / beta[alive])
        free = alive[~is_forced[alive]]
        order = np.concatenate([forced, free[np.argsort(-w[~is_forced[alive]], kind="stable")]])
        ranks[s - 1, order] = np.arange(1, order.size + 1)
        alive = np.sort(order[: sizes[s]])
    factors = 1 + alpha * (1 - frequency_score(sizes, ranks)[alive])
    final = LogisticRegression(C=final_C).fit(Xs[:, alive] / factors, y)
    return final.coef_[0] / factors


def naive_settings(workdir: Path) -> list[dict]:
    """Every setting (constructor parameters) of the §7.1 selectors on singh."""
    config = load_config(CONFIG, REPO / "config" / "schemas" / "config.schema.yaml")
    settings = []
    for c in config.configurations:
        if "s71_singh" in c.datasets and c.selector in ("rfe", "hybrid", "filter"):
            settings += [{**c.params, **v.params} for v in c.variants]
    return settings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workdir", type=Path, default=None,
                        help="folder of the workflow run (default: a temporary folder)")
    parser.add_argument("--naive-settings", type=int, default=24)
    parser.add_argument("--naive-resamples", type=int, default=2)
    args = parser.parse_args()
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="bench_hamer_"))
    workdir.mkdir(parents=True, exist_ok=True)
    print(f"workflow folder: {workdir}")
    config = yaml.safe_load(CONFIG.read_text())
    n_runs = config["datasets"]["s71_singh"]["resampling"]["n_resamples"]

    rows = []
    before = load()
    singh = snakemake(workdir, ["results/s71_singh/stability.parquet",
                                "results/s71_singh/pareto.parquet"], "s71_singh")
    rows.append(("§7.1 sweep on singh (select, stability, Pareto)", singh, before, load()))
    paper = "results/paper/hamer2021"
    figures = [f"{paper}/fig09_{PAPER_NAMES[d]}_dominated_areas.pdf" for d in SHARED]
    numbers = {"singh": 11, "borovecki": 21, "alon": 23, "gravier": 24}
    figures += [f"{paper}/fig{n}_{name}_pareto.pdf" for name, n in numbers.items()]
    figures += [f"{paper}/fig10_singh_frequency_score.pdf", f"{paper}/fig09_dominated_areas.csv"]
    before = load()
    rest = snakemake(workdir, [*[f"results/{d}/pareto.parquet" for d in SHARED], *figures],
                     ",".join(SHARED))
    rows.append(("§7.1 on alon, borovecki, gravier + all §7.1 figures", rest, before, load()))
    rows.append(("whole §7.1 on the four shared data sets", singh + rest, "", ""))

    settings = naive_settings(workdir)
    rng = np.random.default_rng(0)
    subset = [settings[i] for i in rng.choice(len(settings), args.naive_settings, replace=False)]
    ds = read_dataset(workdir / "data" / "s71_singh" / "dataset.parquet")
    resamples = read_resamples(workdir / "results" / "s71_singh" / "resamples.parquet", y=ds.y)
    warnings.simplefilter("ignore", ConvergenceWarning)
    before = load()
    start, start_cpu = time.perf_counter(), time.process_time()
    for r in range(args.naive_resamples):
        train = resamples.train[r]
        for params in subset:
            naive_fit(ds.X[train], ds.y[train], params)
    measured = time.perf_counter() - start
    measured_cpu = time.process_time() - start_cpu
    per_fit = measured / (args.naive_resamples * len(subset))
    naive_total = per_fit * len(settings) * n_runs
    naive_total_cpu = measured_cpu / (args.naive_resamples * len(subset)) * len(settings) * n_runs

    print()
    print(f"Hamer & Dupont (2021) §7.1, documented grid: {len(settings)} settings per resample on "
          f"singh, M = {n_runs}, snakemake --cores 2")
    header = f"{'part':<58}{'minutes':>9}{'load before':>16}{'load after':>16}"
    print(header)
    print("-" * len(header))
    for name, seconds, lb, la in rows:
        print(f"{name:<58}{seconds / 60:>9.1f}{lb:>16}{la:>16}")
    for datasets in (["s71_singh"], list(SHARED)):
        wall, cpu = job_times(workdir, datasets)
        print(f"jobs of {', '.join(datasets)}: {wall / 60:.1f} min wall-clock and "
              f"{cpu / 60:.1f} min CPU summed over jobs (Snakemake benchmarks)")
    print()
    print(f"naive sweep on singh: {len(subset)} random settings x {args.naive_resamples} "
          f"resamples measured in {measured:.1f} s ({per_fit:.2f} s per setting and resample, "
          f"load {before} -> {load()})")
    print(f"  extrapolated to {len(settings)} settings x {n_runs} resamples: "
          f"{naive_total / 3600:.1f} h on one core, {naive_total / 7200:.1f} h on two")
    print(f"  workflow (selection + stability + Pareto, 2 cores): {singh / 60:.1f} min; "
          f"ratio {naive_total / 2 / singh:.0f}x (naive on two cores / workflow)")
    # CPU seconds do not depend on how busy the shared machine is
    _, singh_cpu = job_times(workdir, ["s71_singh"])
    print(f"  CPU time: naive {naive_total_cpu / 3600:.1f} h extrapolated, workflow jobs "
          f"{singh_cpu / 60:.1f} min; ratio {naive_total_cpu / singh_cpu:.0f}x")


if __name__ == "__main__":
    print(describe())
    with pinned():
        main()
