"""Complementary-pairs stability selection of a logistic LASSO with stabs' path semantics:
fsstab against the R package stabs + glmnet on the same data and the same subsamples.

``StabilitySelection(LassoSelector(), selection="path", q=20, ...)`` (B = 50 pairs, 100
half-sample fits) and ``stabsel(x, y, fitfun = glmnet.lasso, args.fitfun = list(family =
"binomial"), q = 20, sampling.type = "SS", folds = <the same 50 halves>, papply = lapply)`` run
each in a fresh process, one thread each (threadpoolctl on the Python side, ``papply = lapply``
and one-thread BLAS/OpenMP variables on the R side), on a synthetic logistic model with 10
informative features (β_j = ±1). Printed per size: CPU seconds (user + sys) and wall seconds
of the selection itself and of the whole process, its peak RSS (``wait4``), the ratio, the
bound both sides report, and how many of the d selection frequencies are equal.

R, glmnet and stabs are looked up with ``Rscript``; without them the stabs side is reported as
missing and fsstab runs alone. Usage::

    nice python benchmarks/stability_selection_speed.py     # 200 x 10,000 and 500 x 100,000
    nice python benchmarks/stability_selection_speed.py --sizes 500x450000 --no-stabs
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from _threads import describe, pinned

R_SCRIPT = r"""
args <- commandArgs(TRUE)
dir <- args[1]
meta <- scan(file.path(dir, "meta.txt"), quiet = TRUE)
n <- meta[1]; d <- meta[2]; B <- meta[3]; q <- meta[4]; cutoff <- meta[5]
x <- readBin(file.path(dir, "X.bin"), "double", n * d)
dim(x) <- c(n, d)
y <- readBin(file.path(dir, "y.bin"), "integer", n)
folds <- readBin(file.path(dir, "folds.bin"), "integer", n * B)
dim(folds) <- c(n, B)
suppressPackageStartupMessages({library(stabs); library(glmnet)})
t0 <- proc.time()
res <- stabsel(x, y, fitfun = glmnet.lasso, args.fitfun = list(family = "binomial"),
               q = q, cutoff = cutoff, sampling.type = "SS", assumption = "r-concave",
               B = B, folds = folds, papply = lapply)
t1 <- proc.time() - t0
writeBin(as.double(res$max), file.path(dir, "stabs_freq.bin"))
cat(sprintf("%.3f %.3f %.10g\n", t1[["user.self"]] + t1[["sys.self"]], t1[["elapsed"]],
            res$specifiedPFER), file = file.path(dir, "stabs_time.txt"))
"""


def synthetic(n: int, d: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """X ~ N(0, 1), P(y = 1) = σ(Σ_{j<10} ±x_j)."""
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d))
    beta = np.zeros(d)
    beta[:10] = np.where(np.arange(10) % 2 == 0, 1.0, -1.0)
    y = (rng.random(n) < 1.0 / (1.0 + np.exp(-(X @ beta)))).astype(np.int64)
    return X, y


def run_fsstab_side(workdir: Path) -> None:
    """Child process: fsstab's stability selection on the stored data and subsamples."""
    from fsstab.selectors import LassoSelector, StabilitySelection

    meta = np.loadtxt(workdir / "meta.txt")
    q, cutoff = int(meta[3]), float(meta[4])
    X = np.load(workdir / "X.npy")
    y = np.load(workdir / "y.npy")
    pairs = np.load(workdir / "pairs.npy")
    with pinned():
        cpu, wall = time.process_time(), time.perf_counter()
        stabs = StabilitySelection(LassoSelector(), selection="path", q=q, pi_thr=cutoff,
                                   pfer=None, assumption="r-concave", subsamples=pairs,
                                   random_state=0).fit(X, y)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    np.save(workdir / "fsstab_freq.npy", stabs.frequencies_)
    (workdir / "fsstab_time.txt").write_text(f"{cpu:.3f} {wall:.3f} {stabs.pfer_:.10g}\n")


def run_child(command: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """Run to completion; (CPU s user + sys, wall s, peak RSS in MB) of the child process."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise RuntimeError(f"{command[:2]} failed with exit code {process.returncode}")
    return usage.ru_utime + usage.ru_stime, time.perf_counter() - start, usage.ru_maxrss / 1024


def r_available() -> str | None:
    """None if Rscript with stabs and glmnet runs, else why not."""
    if shutil.which("Rscript") is None:
        return "Rscript not found (install r-base-core and r-cran-glmnet; stabs from source)"
    probe = subprocess.run(["Rscript", "-e", "library(stabs); library(glmnet); cat("
                            "as.character(packageVersion('stabs')), "
                            "as.character(packageVersion('glmnet')))"],
                           capture_output=True, text=True)
    if probe.returncode != 0:
        return "R lacks stabs or glmnet: " + probe.stderr.strip().splitlines()[-1]
    return None


def bench(n: int, d: int, n_pairs: int, q: int, cutoff: float, seed: int,
          with_stabs: bool = True) -> None:
    from fsstab.selectors import complementary_pairs

    single = {**os.environ, "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1",
              "MKL_NUM_THREADS": "1", "PYTHONPATH": str(Path(__file__).resolve().parents[1]
                                                        / "src")}
    with tempfile.TemporaryDirectory(prefix="stabsel_bench_") as tmp:
        workdir = Path(tmp)
        X, y = synthetic(n, d, seed)
        pairs = complementary_pairs(y, n_pairs, random_state=seed)
        np.save(workdir / "X.npy", X)
        np.save(workdir / "y.npy", y)
        np.save(workdir / "pairs.npy", pairs)
        (workdir / "meta.txt").write_text(f"{n} {d} {n_pairs} {q} {cutoff}\n")
        missing = r_available() if with_stabs else "not asked for (--no-stabs)"
        if missing is None:
            X.T.tofile(workdir / "X.bin")  # column-major, R's layout
            y.astype(np.int32).tofile(workdir / "y.bin")
            folds = np.zeros((n_pairs, n), dtype=np.int32)  # the first half of every pair
            for b in range(n_pairs):
                folds[b, pairs[2 * b]] = 1
            folds.tofile(workdir / "folds.bin")  # (n x B) column-major
            (workdir / "stabs.R").write_text(R_SCRIPT)
        del X
        ours = run_child([sys.executable, __file__, "--child", str(workdir)], single)
        ours_inner = (workdir / "fsstab_time.txt").read_text().split()
        freq_ours = np.load(workdir / "fsstab_freq.npy")
        print(f"\n## {n} x {d:,}: B = {n_pairs} pairs ({2 * n_pairs} half-sample fits), "
              f"q = {q}, pi_thr = {cutoff}")
        print("| side | selection CPU s | selection wall s | process CPU s | process wall s "
              "| peak RSS MB | PFER bound (r-concave) |")
        print("|---|---|---|---|---|---|---|")
        print(f"| fsstab | {ours_inner[0]} | {ours_inner[1]} | {ours[0]:.1f} | {ours[1]:.1f} | "
              f"{ours[2]:.0f} | {float(ours_inner[2]):.4g} |")
        if missing is not None:
            print(f"| stabs + glmnet | not run: {missing} | | | | | |")
            return
        theirs = run_child(["Rscript", str(workdir / "stabs.R"), str(workdir)], single)
        inner = (workdir / "stabs_time.txt").read_text().split()
        freq_theirs = np.fromfile(workdir / "stabs_freq.bin", dtype=np.float64)
        print(f"| stabs + glmnet | {inner[0]} | {inner[1]} | {theirs[0]:.1f} | {theirs[1]:.1f} "
              f"| {theirs[2]:.0f} | {float(inner[2]):.4g} |")
        equal = np.isclose(freq_ours, freq_theirs, rtol=0, atol=1e-12)
        touched = (freq_ours > 0) | (freq_theirs > 0)
        ratio = float(ours_inner[0]) / float(inner[0])
        print(f"\nCPU ratio (selection, fsstab / stabs): {ratio:.2f}; "
              f"process: {ours[0] / theirs[0]:.2f}")
        print(f"equal frequencies: {int(equal.sum()):,} of {d:,} features; of the "
              f"{int(touched.sum())} selected at least once by either side, "
              f"{int((equal & touched).sum())} equal; largest difference "
              f"{np.abs(freq_ours - freq_theirs).max():.2f}; kept at pi_thr: fsstab "
              f"{np.flatnonzero(freq_ours >= cutoff).tolist()}, stabs "
              f"{np.flatnonzero(freq_theirs >= cutoff).tolist()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="200x10000,500x100000",
                        help="comma-separated n x d (default: %(default)s)")
    parser.add_argument("--pairs", type=int, default=50)
    parser.add_argument("--q", type=int, default=20)
    parser.add_argument("--cutoff", type=float, default=0.75)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-stabs", action="store_true",
                        help="fsstab only (stabs + glmnet hold about 4.4 bytes per matrix "
                             "entry: 9.7 GB at 500 x 450,000)")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        run_fsstab_side(args.child)
        return
    print(describe())
    for size in args.sizes.split(","):
        n, d = (int(v) for v in size.lower().split("x"))
        bench(n, d, args.pairs, args.q, args.cutoff, args.seed, not args.no_stabs)
    print(f"\n{describe()}")


if __name__ == "__main__":
    main()
