"""Error control on simulated data with a known support: do the bounds and targets hold, and
how many true features does each method find at the same nominal error?

Two models, ``--replications`` data sets each (default 200): X ~ N(0, Σ) with
Σ_ij = 0.3^|i−j| (n = 150, d = 200), 10 true features at random positions with coefficients
±a; Gaussian ``y = Xβ + ε`` (a = 0.5, ε ~ N(0, 1)) and logistic ``P(y = 1) = σ(Xβ)`` (a = 1).
On every data set (fsstab, one thread):

* complementary-pairs stability selection (B = 50 pairs, LASSO with q = 10 features per
  half-sample; one set of fits shared by the bounds) at PFER = 1, with π_thr from each bound
  (:func:`fsstab.selectors.stability_selection_parameters`): q²/((2π−1)p) -- Meinshausen &
  Bühlmann's, which Shah & Samworth's Thm. 1 extends to complementary pairs --, and Shah &
  Samworth's unimodal and r-concave bounds;
* Stabl (permuted copies, default LASSO base, B = 25 pairs): its FDP+ estimate;
* model-X knockoffs with knockoff+ at FDR 0.2, Σ estimated (Ledoit-Wolf; KnockoffSelector)
  and Σ known (the model-X setting of the theorem).

On the first ``--peer-replications`` data sets (default 40) of each model, the peers that are
installed: knockpy (Gaussian equicorrelated knockoffs, its LASSO statistic, FDR 0.2), IPSS
(``ipss``, l1 selector: E(FP) <= 1 and q-values <= 0.2) and stabs through ``Rscript``
(``stabsel`` with ``glmnet.lasso``, q = 10, PFER = 1, B = 50, its cutoffs for the three
assumptions on one set of subsample fits).

Prints, per model and method: the nominal error, the mean number of false selections V and
the mean FDP with their standard errors, whether the mean is within 2 SE of the nominal
value (``holds``) or above (``EXCEEDS``), the mean number of true positives, CPU per fit; then
the true positives of every method on the peers' replications (same data), and the run's CPU,
wall clock, peak RSS and load. ``--quick`` runs 10 + 4 replications (a smoke run);
``--stabl-replications K`` runs Stabl (the costliest fsstab method per replication) on the
first K only; ``--model gaussian`` (or ``logistic``) runs one model (two processes run both
in parallel);
``--rows FILE`` appends every replication's rows to FILE as it goes, and ``--summarise FILE
...`` prints the tables of such files (of a run cut short, too).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numpy as np
from _threads import describe, pinned

from fsstab.error_control import gaussian_knockoffs, knockoff_threshold
from fsstab.selectors import (
    KnockoffSelector,
    LassoSelector,
    Stabl,
    complementary_pairs,
    stability_selection_parameters,
)

N, D, SIGNALS, RHO, Q, PFER, FDR, PAIRS = 150, 200, 10, 0.3, 10, 1.0, 0.2, 50
MODELS = {"gaussian": ("regression", 0.5), "logistic": ("classification", 1.0)}
BOUNDS = {"MB / SS no assumption": "none", "SS unimodal": "unimodal",
          "SS r-concave": "r-concave"}


def covariance() -> np.ndarray:
    index = np.arange(D)
    return RHO ** np.abs(index[:, None] - index[None, :])


def simulate(model: str, replication: int, chol: np.ndarray):
    task, amplitude = MODELS[model]
    rng = np.random.default_rng([20260, list(MODELS).index(model), replication])
    X = rng.standard_normal((N, D)) @ chol.T
    support = np.sort(rng.choice(D, size=SIGNALS, replace=False))
    beta = np.zeros(D)
    beta[support] = amplitude * rng.choice([-1.0, 1.0], size=SIGNALS)
    eta = X @ beta
    if task == "regression":
        y = eta + rng.standard_normal(N)
    else:
        y = (rng.random(N) < 1 / (1 + np.exp(-eta))).astype(np.int64)
    truth = np.zeros(D, dtype=bool)
    truth[support] = True
    return X, y, truth, task


def outcome(selected: np.ndarray, truth: np.ndarray) -> tuple[int, int, float]:
    false = int(np.sum(selected & ~truth))
    return false, int(np.sum(selected & truth)), false / max(1, int(selected.sum()))


def cpss_frequencies(X, y, task, seed):
    labels = y if task == "classification" else np.zeros(len(y), dtype=np.int64)
    halves = complementary_pairs(labels, PAIRS, seed, stratify=task == "classification")
    counts = np.zeros(D)
    for rows in halves:
        counts += LassoSelector(task=task, target_k=Q).fit(X[rows], y[rows]).get_support()
    return counts / len(halves)


def known_sigma_knockoffs(X, y, task, sigma, seed):
    Xk = gaussian_knockoffs(X, covariance=sigma, mean=np.zeros(D), random_state=seed)
    order = np.random.default_rng(seed).permutation(2 * D)
    fitted = LassoSelector(task=task, target_k=N // 2).fit(np.hstack([X, Xk])[:, order], y)
    importance = np.empty(2 * D)
    importance[order] = fitted.importances_
    statistics = importance[:D] - importance[D:]
    return statistics >= knockoff_threshold(statistics, FDR)


def timed(function, *args, **kwargs):
    start = time.process_time()
    value = function(*args, **kwargs)
    return value, time.process_time() - start


def fsstab_methods(X, y, truth, task, sigma, seed, rows, stabl=True):
    frequencies, seconds = timed(cpss_frequencies, X, y, task, seed)
    for name, assumption in BOUNDS.items():
        pi = stability_selection_parameters(D, q=Q, pfer=PFER, sampling="SS",
                                            assumption=assumption, n_pairs=PAIRS).pi_thr
        rows.append((name, "PFER", PFER, *outcome(frequencies >= pi - 1e-12, truth), seconds))
    if stabl:
        fitted, seconds = timed(lambda: Stabl(task=task, n_pairs=25, random_state=seed).fit(X, y))
        rows.append(("Stabl (FDP+ estimate)", "FDP+", fitted.fdp_plus_,
                     *outcome(fitted.support_, truth), seconds))
    knock, seconds = timed(lambda: KnockoffSelector(task=task, fdr=FDR,
                                                    random_state=seed).fit(X, y))
    rows.append(("knockoff+, Σ Ledoit-Wolf", "FDR", FDR, *outcome(knock.support_, truth),
                 seconds))
    selected, seconds = timed(known_sigma_knockoffs, X, y, task, sigma, seed)
    rows.append(("knockoff+, Σ known", "FDR", FDR, *outcome(selected, truth), seconds))


def peer_methods(X, y, truth, seed, rows, peers):
    if "knockpy" in peers:
        from knockpy.knockoff_filter import KnockoffFilter

        def run_knockpy():
            np.random.seed(seed)  # noqa: NPY002 (the peer draws from the global state)
            kfilter = KnockoffFilter(ksampler="gaussian", fstat="lasso",
                                     knockoff_kwargs={"method": "equicorrelated"})
            return np.asarray(kfilter.forward(X=X, y=y, fdr=FDR), dtype=bool)

        selected, seconds = timed(run_knockpy)
        rows.append(("knockpy knockoff+", "FDR", FDR, *outcome(selected, truth), seconds))
    if "ipss" in peers:
        from ipss import ipss

        def run_ipss():
            np.random.seed(seed)  # noqa: NPY002 (the peer draws from the global state)
            return ipss(X, y, selector="l1")

        result, seconds = timed(run_ipss)
        efp = np.array([result["efp_scores"][j] for j in range(D)])
        qvalues = np.array([result["q_values"][j] for j in range(D)])
        rows.append(("IPSS E(FP) <= 1", "PFER", PFER, *outcome(efp <= PFER, truth), seconds))
        rows.append(("IPSS q-value <= 0.2", "FDR", FDR, *outcome(qvalues <= FDR, truth),
                     seconds))


STABS_R = r"""
suppressMessages({library(stabs); library(glmnet)})
args <- commandArgs(trailingOnly = TRUE)
folder <- args[1]; n <- as.integer(args[2]); p <- as.integer(args[3])
family <- args[4]; reps <- as.integer(args[5])
cut <- sapply(c("none", "unimodal", "r-concave"), function(a)
  stabsel_parameters(p = p, q = %Q%, PFER = %PFER%, sampling.type = "SS", assumption = a,
                     B = %B%)$cutoff)
out <- NULL
for (r in seq_len(reps) - 1) {
  con <- file(file.path(folder, sprintf("rep%%04d.bin", r)), "rb")
  x <- matrix(readBin(con, "double", n * p), n, p); y <- readBin(con, "double", n)
  close(con)
  set.seed(1000 + r)
  t0 <- proc.time()
  fit <- stabsel(x, if (family == "binomial") factor(y) else y, fitfun = glmnet.lasso,
                 args.fitfun = list(family = family), q = %Q%, PFER = %PFER%,
                 sampling.type = "SS", assumption = "r-concave", B = %B%, papply = lapply)
  seconds <- sum((proc.time() - t0)[c(1, 2)])
  for (a in names(cut)) out <- rbind(out, data.frame(r = r, assumption = a, cutoff = cut[[a]],
    selected = paste(which(fit$max >= cut[[a]]) - 1, collapse = " "), seconds = seconds))
}
write.csv(out, file.path(folder, "stabs.csv"), row.names = FALSE)
"""


def stabs_rows(data, family, peers_rows):
    """Run stabs on the peers' replications in one R process; append its rows."""
    folder = Path(tempfile.mkdtemp(prefix="stabs_"))
    try:
        for r, (X, y, _, _) in enumerate(data):
            with open(folder / f"rep{r:04d}.bin", "wb") as handle:
                handle.write(np.asfortranarray(X).tobytes(order="F"))
                handle.write(np.asarray(y, dtype=np.float64).tobytes())
        script = folder / "stabs.R"
        script.write_text(STABS_R.replace("%Q%", str(Q)).replace("%PFER%", str(PFER))
                          .replace("%B%", str(PAIRS)).replace("%%", "%"))
        env = {**os.environ, "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"}
        subprocess.run(["Rscript", str(script), str(folder), str(N), str(D), family,
                        str(len(data))], check=True, env=env, capture_output=True)
        import csv

        with open(folder / "stabs.csv", newline="") as handle:
            for row in csv.DictReader(handle):
                r = int(row["r"])
                truth = data[r][2]
                selected = np.zeros(D, dtype=bool)
                indices = [int(i) for i in row["selected"].split()]
                selected[indices] = True
                label = {"none": "no assumption", "unimodal": "unimodal",
                         "r-concave": "r-concave"}[row["assumption"]]
                peers_rows[r].append((f"stabs SS {label} (cutoff {float(row['cutoff']):.3f})",
                                      "PFER", PFER, *outcome(selected, truth),
                                      float(row["seconds"])))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def installed_peers() -> list[str]:
    found = []
    for name in ("knockpy", "ipss"):
        try:
            __import__(name)
            found.append(name)
        except ImportError:
            pass
    if shutil.which("Rscript") and subprocess.run(
            ["Rscript", "-e", "library(stabs); library(glmnet)"],
            capture_output=True).returncode == 0:
        found.append("stabs")
    return found


def summarise(rows, title):
    print(f"\n### {title}\n")
    print("| method | nominal | reps | mean V (SE) | mean FDP (SE) | check | mean TP | "
          "CPU s/fit |")
    print("|---|---|---|---|---|---|---|---|")
    methods = list(dict.fromkeys(r[0] for r in rows))
    for method in methods:
        mine = [r for r in rows if r[0] == method]
        kind = mine[0][1]
        level = float(np.mean([r[2] for r in mine]))
        V, TP, FDP, sec = (np.array([r[i] for r in mine], dtype=float) for i in (3, 4, 5, 6))
        se_v, se_f = (a.std(ddof=1) / np.sqrt(a.size) if a.size > 1 else np.nan
                      for a in (V, FDP))
        if kind == "PFER":
            check = "holds" if V.mean() <= level + 2 * se_v else "EXCEEDS"
            nominal = f"E[V] <= {level:g}"
        elif kind == "FDR":
            check = "holds" if FDP.mean() <= level + 2 * se_f else "EXCEEDS"
            nominal = f"FDR <= {level:g}"
        else:
            check = "holds" if FDP.mean() <= level + 2 * se_f else "EXCEEDS"
            nominal = f"estimated {level:.3f}"
        if V.size < 2:
            check = "n/a (1 replication)"
        print(f"| {method} | {nominal} | {V.size} | {V.mean():.3f} ({se_v:.3f}) | "
              f"{FDP.mean():.3f} ({se_f:.3f}) | {check} | {TP.mean():.2f} | {sec.mean():.3f} |")


def _record(handle, model: str, r: int, rows) -> None:
    """Append one replication's rows to the ``--rows`` file (JSON lines; flushed, so that an
    interrupted run keeps what it computed)."""
    if handle is None:
        return
    for row in rows:
        handle.write(json.dumps({"model": model, "replication": r, "row": list(row)}) + "\n")
    handle.flush()


def summarise_file(paths, P: int) -> None:
    """Print the tables of saved ``--rows`` files (``--summarise``)."""
    by_model: dict[str, dict[int, list]] = {}
    for path in paths:
        for line in Path(path).read_text().splitlines():
            record = json.loads(line)
            by_model.setdefault(record["model"], {}).setdefault(
                record["replication"], []).append(tuple(record["row"]))
    for model, replications in by_model.items():
        fsstab_rows = [row for r in sorted(replications) for row in replications[r]
                       if not _is_peer(row[0])]
        R = len(replications)
        summarise(fsstab_rows, f"{model} model: fsstab, {R} replications")
        first = [r for r in sorted(replications) if r < P]
        summarise([row for r in first for row in replications[r]],
                  f"{model} model: the first {len(first)} replications, fsstab and peers")


def _is_peer(method: str) -> bool:
    return method.startswith(("stabs ", "knockpy", "IPSS"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--replications", type=int, default=200)
    parser.add_argument("--peer-replications", type=int, default=40)
    parser.add_argument("--stabl-replications", type=int, default=None,
                        help="run Stabl on the first this many replications only (default all)")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--model", choices=[*MODELS, "all"], default="all",
                        help="run one model only (e.g. the two in two processes)")
    parser.add_argument("--rows", type=Path, default=None,
                        help="append every replication's rows to this JSON-lines file")
    parser.add_argument("--summarise", type=Path, nargs="+", default=None,
                        help="print the tables of saved --rows files and stop")
    args = parser.parse_args()
    models = list(MODELS) if args.model == "all" else [args.model]
    R, P = (10, 4) if args.quick else (args.replications, args.peer_replications)
    if args.summarise:
        summarise_file(args.summarise, P)
        return
    warnings.simplefilter("ignore")
    peers = installed_peers()
    sigma = covariance()
    chol = np.linalg.cholesky(sigma)
    wall, cpu = time.perf_counter(), time.process_time()
    print(f"n = {N}, d = {D}, {SIGNALS} true features, Σ_ij = {RHO}^|i-j|; {R} replications "
          f"per model, peers on the first {P}; peers installed: {', '.join(peers) or 'none'}")
    print("π_thr at q = 10, PFER = 1, B = 50: " + ", ".join(
        f"{name} {stability_selection_parameters(D, q=Q, pfer=PFER, sampling='SS', assumption=a, n_pairs=PAIRS).pi_thr:.3f}"  # noqa: E501
        for name, a in BOUNDS.items()))
    handle = open(args.rows, "a", encoding="utf-8") if args.rows else None  # noqa: SIM115
    with pinned():
        for model in models:
            # the peers' replications first (with stabs in one R process), then the rest
            rows, peer_rows, peer_data = [], [[] for _ in range(P)], []
            for r in range(min(P, R)):
                X, y, truth, task = simulate(model, r, chol)
                fsstab_methods(X, y, truth, task, sigma, 1 + r, peer_rows[r])
                rows.extend(peer_rows[r])
                peer_methods(X, y, truth, 1 + r, peer_rows[r], peers)
                peer_data.append((X, y, truth, task))
            if "stabs" in peers and peer_data:
                stabs_rows(peer_data, "gaussian" if model == "gaussian" else "binomial",
                           peer_rows)
            for r, replication_rows in enumerate(peer_rows[:R]):
                _record(handle, model, r, replication_rows)
            for r in range(P, R):
                X, y, truth, task = simulate(model, r, chol)
                mine: list = []
                fsstab_methods(X, y, truth, task, sigma, 1 + r, mine,
                               stabl=args.stabl_replications is None
                               or r < args.stabl_replications)
                rows.extend(mine)
                _record(handle, model, r, mine)
            summarise(rows, f"{model} model: fsstab, {R} replications")
            summarise([row for rep in peer_rows for row in rep],
                      f"{model} model: the first {P} replications, fsstab and peers")
    if handle is not None:
        handle.close()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    own = resource.getrusage(resource.RUSAGE_SELF)
    print(f"\nCPU {time.process_time() - cpu:.0f} s in Python + "
          f"{children.ru_utime + children.ru_stime:.0f} s in R; wall "
          f"{time.perf_counter() - wall:.0f} s; peak RSS {own.ru_maxrss / 1024:.0f} MB "
          f"(R {children.ru_maxrss / 1024:.0f} MB); {describe()}")


if __name__ == "__main__":
    main()
