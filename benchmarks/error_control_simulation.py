"""Error control on simulated data with a known support: do the bounds and targets hold, and
how many true features does each method find at the same nominal error?

Two models, replications 0 .. ``--replications`` − 1 each (default 200; ``--first`` starts
later, so that processes split a run): X ~ N(0, Σ) with Σ_ij = 0.3^|i−j| (n = 150, d = 200),
10 true features at random positions with coefficients ±a; Gaussian ``y = Xβ + ε`` (a = 0.5,
ε ~ N(0, 1)) and logistic ``P(y = 1) = σ(Xβ)`` (a = 1). Every data set draws one set of
B = 50 complementary pairs (seeded by the replication) that every stability method, fsstab's
and stabs', runs on. On every data set (fsstab, one thread):

* complementary-pairs stability selection (LASSO calibrated to q = 10 features per
  half-sample; one set of fits shared by the bounds) at PFER = 1, with π_thr from each bound
  (:func:`fsstab.selectors.stability_selection_parameters`): q²/((2π−1)p) -- Meinshausen &
  Bühlmann's, which Shah & Samworth's Thm. 1 extends to complementary pairs --, and Shah &
  Samworth's unimodal and r-concave bounds;
* Stabl (permuted copies, default LASSO base, B = 25 pairs): its FDP+ estimate;
* model-X knockoffs with knockoff+ at FDR 0.2, Σ estimated (Ledoit-Wolf; KnockoffSelector)
  and Σ known (the model-X setting of the theorem).

On the replications below ``--peer-replications`` (default 40), the peers' arm, like with
like: fsstab's stability selection with stabs' semantics (``selection="path"``: the LASSO
path truncated at q features on glmnet's grid) and stabs 0.7-1 + glmnet through ``Rscript``
(``stabsel`` with ``glmnet.lasso``, q = 10, PFER = 1, B = 50, ``folds`` = the same pairs, its
cutoffs for the three assumptions on one set of fits), and knockpy where installed (Gaussian
equicorrelated knockoffs, its LASSO statistic, FDR 0.2; against fsstab's knockoff+ with Σ
estimated). ``--methods ipss`` runs fsstab's IPSS (LASSO stability paths on the same pairs,
E(FP) ≤ 1 and q-value ≤ 0.2) and the ``ipss`` package (l1 selector; it draws its own
subsamples) instead, the costliest methods. ``--peer-path DIR`` adds a folder of peer
packages installed with ``pip install --target DIR`` after the environment's own.

Prints, per model and method: the nominal error, the mean number of false selections V and
the mean FDP with their standard errors, whether the mean is within 2 SE of the nominal
value (``holds``) or above (``EXCEEDS``), the mean number of true positives, CPU per fit; then
the true positives of fsstab's methods against the peers' on the same replications (paired
differences with their SE), and the run's CPU, wall clock, peak RSS and load. ``--quick``
runs 4 replications (a smoke run). ``--rows FILE`` appends every replication's rows to FILE
as it goes (replications already in FILE are skipped: a run resumes), and ``--summarise
FILE ...`` prints the tables of such files (of runs cut short or split, too).

Measured (the tables with the peers and the costs: docs/error-control.md, "Do the
bounds hold?"); mean V (SE), mean FDP (SE), mean true positives of 10, check:

gaussian, 200 replications (the peers' arm on fewer):
  MB / SS no assumption [E[V] <= 1, 200 reps]: V 0.015 (0.009), FDP 0.003 (0.002), TP 3.69, holds
  SS unimodal [E[V] <= 1, 200 reps]: V 0.050 (0.015), FDP 0.009 (0.003), TP 5.00, holds
  SS r-concave [E[V] <= 1, 200 reps]: V 0.195 (0.032), FDP 0.028 (0.005), TP 6.38, holds
  Stabl (FDP+ estimate) [estimated 0.125, 200 reps]: V 1.375 (0.120), FDP 0.124 (0.009), TP 7.75,
    holds
  knockoff+, Σ Ledoit-Wolf [FDR <= 0.2, 200 reps]: V 2.740 (0.225), FDP 0.181 (0.011), TP 9.71,
    holds
  knockoff+, Σ known [FDR <= 0.2, 200 reps]: V 2.845 (0.236), FDP 0.184 (0.012), TP 9.59, holds
  MB / SS no assumption, path [E[V] <= 1, 20 reps]: V 0.050 (0.050), FDP 0.013 (0.012), TP 2.90,
    holds
  SS unimodal, path [E[V] <= 1, 20 reps]: V 0.100 (0.069), FDP 0.017 (0.012), TP 3.95, holds
  SS r-concave, path [E[V] <= 1, 20 reps]: V 0.450 (0.153), FDP 0.065 (0.022), TP 5.55, holds
  knockpy knockoff+ [FDR <= 0.2, 20 reps]: V 4.000 (1.257), FDP 0.227 (0.039), TP 9.85, holds
  stabs SS no assumption (cutoff 0.750) [E[V] <= 1, 20 reps]: V 0.050 (0.050), FDP 0.013 (0.012),
    TP 2.90, holds
  stabs SS unimodal (cutoff 0.640) [E[V] <= 1, 20 reps]: V 0.100 (0.069), FDP 0.017 (0.012), TP
    3.95, holds
  stabs SS r-concave (cutoff 0.510) [E[V] <= 1, 20 reps]: V 0.450 (0.153), FDP 0.065 (0.022), TP
    5.60, holds
logistic, 200 replications (the peers' arm on fewer):
  MB / SS no assumption [E[V] <= 1, 200 reps]: V 0.020 (0.010), FDP 0.010 (0.006), TP 1.66, holds
  SS unimodal [E[V] <= 1, 200 reps]: V 0.080 (0.019), FDP 0.026 (0.007), TP 2.53, holds
  SS r-concave [E[V] <= 1, 200 reps]: V 0.365 (0.040), FDP 0.080 (0.010), TP 3.87, holds
  Stabl (FDP+ estimate) [estimated 0.211, 200 reps]: V 2.095 (0.239), FDP 0.214 (0.013), TP 5.43,
    holds
  knockoff+, Σ Ledoit-Wolf [FDR <= 0.2, 200 reps]: V 1.660 (0.166), FDP 0.152 (0.012), TP 4.79,
    holds
  knockoff+, Σ known [FDR <= 0.2, 200 reps]: V 1.880 (0.194), FDP 0.163 (0.013), TP 4.75, holds
  MB / SS no assumption, path [E[V] <= 1, 20 reps]: V 0.100 (0.069), FDP 0.037 (0.027), TP 1.55,
    holds
  SS unimodal, path [E[V] <= 1, 20 reps]: V 0.150 (0.082), FDP 0.050 (0.030), TP 2.65, holds
  SS r-concave, path [E[V] <= 1, 20 reps]: V 0.450 (0.135), FDP 0.097 (0.029), TP 3.60, holds
  knockpy knockoff+ [FDR <= 0.2, 20 reps]: V 1.700 (0.548), FDP 0.174 (0.042), TP 3.65, holds
  stabs SS no assumption (cutoff 0.750) [E[V] <= 1, 20 reps]: V 0.100 (0.069), FDP 0.042 (0.029),
    TP 1.50, holds
  stabs SS unimodal (cutoff 0.640) [E[V] <= 1, 20 reps]: V 0.150 (0.082), FDP 0.052 (0.030), TP
    2.50, holds
  stabs SS r-concave (cutoff 0.510) [E[V] <= 1, 20 reps]: V 0.450 (0.135), FDP 0.097 (0.029), TP
    3.55, holds
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
    StabilitySelection,
    Stabl,
    complementary_pairs,
    integrated_path_stability,
    lasso_stability_paths,
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


def shared_halves(y, task, seed):
    """The B complementary pairs of one data set: every stability method, fsstab's and the
    peers' that take subsamples (stabs), runs on these."""
    labels = y if task == "classification" else np.zeros(len(y), dtype=np.int64)
    return complementary_pairs(labels, PAIRS, seed, stratify=task == "classification")


def cpss_frequencies(X, y, task, halves):
    counts = np.zeros(D)
    for rows in halves:
        counts += LassoSelector(task=task, target_k=Q).fit(X[rows], y[rows]).get_support()
    return counts / len(halves)


def path_frequencies(X, y, task, halves):
    """stabs' semantics (``selection="path"``: the LASSO path truncated at q features)."""
    fitted = StabilitySelection(LassoSelector(task=task), selection="path", q=Q, pfer=PFER,
                                pi_thr=None, assumption="r-concave", subsamples=halves,
                                task=task).fit(X, y)
    return fitted.frequencies_


def fsstab_ipss(X, y, task, halves):
    selections, lambdas = lasso_stability_paths(LassoSelector(task=task), X, y, halves)
    return integrated_path_stability(selections, lambdas, n_pairs=len(halves) // 2)


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


def bound_rows(frequencies, truth, seconds, suffix=""):
    """The selections of one set of frequencies at the π_thr of every bound (PFER = 1)."""
    rows = []
    for name, assumption in BOUNDS.items():
        pi = stability_selection_parameters(D, q=Q, pfer=PFER, sampling="SS",
                                            assumption=assumption, n_pairs=PAIRS).pi_thr
        rows.append((f"{name}{suffix}", "PFER", PFER,
                     *outcome(frequencies >= pi - 1e-12, truth), seconds))
    return rows


def fsstab_methods(X, y, truth, task, sigma, seed, halves, rows):
    frequencies, seconds = timed(cpss_frequencies, X, y, task, halves)
    rows.extend(bound_rows(frequencies, truth, seconds))
    fitted, seconds = timed(lambda: Stabl(task=task, n_pairs=25, random_state=seed).fit(X, y))
    rows.append(("Stabl (FDP+ estimate)", "FDP+", fitted.fdp_plus_,
                 *outcome(fitted.support_, truth), seconds))
    knock, seconds = timed(lambda: KnockoffSelector(task=task, fdr=FDR,
                                                    random_state=seed).fit(X, y))
    rows.append(("knockoff+, Σ Ledoit-Wolf", "FDR", FDR, *outcome(knock.support_, truth),
                 seconds))
    selected, seconds = timed(known_sigma_knockoffs, X, y, task, sigma, seed)
    rows.append(("knockoff+, Σ known", "FDR", FDR, *outcome(selected, truth), seconds))


def ipss_methods(X, y, truth, task, halves, rows):
    """fsstab's IPSS (LASSO stability paths on the shared halves, m = 2, δ = 1, cutoff 0.05)."""
    result, seconds = timed(fsstab_ipss, X, y, task, halves)
    rows.append(("IPSS E(FP) <= 1", "PFER", PFER,
                 *outcome(result.selected(target_fp=PFER), truth), seconds))
    rows.append(("IPSS q-value <= 0.2", "FDR", FDR,
                 *outcome(result.selected(target_fdr=FDR), truth), seconds))


def path_methods(X, y, truth, task, halves, rows):
    """fsstab's stability selection with stabs' semantics (the arm compared with stabs)."""
    path, seconds = timed(path_frequencies, X, y, task, halves)
    rows.extend(bound_rows(path, truth, seconds, suffix=", path"))


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
        from ipss import ipss  # draws its own subsamples (it takes none)

        def run_ipss():
            np.random.seed(seed)  # noqa: NPY002 (the peer draws from the global state)
            return ipss(X, y, selector="l1")

        result, seconds = timed(run_ipss)
        efp = np.array([result["efp_scores"][j] for j in range(D)])
        qvalues = np.array([result["q_values"][j] for j in range(D)])
        rows.append(("ipss package E(FP) <= 1", "PFER", PFER, *outcome(efp <= PFER, truth),
                     seconds))
        rows.append(("ipss package q-value <= 0.2", "FDR", FDR,
                     *outcome(qvalues <= FDR, truth), seconds))


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
  folds <- matrix(readBin(con, "double", n * %B%), n, %B%)
  close(con)
  t0 <- proc.time()
  fit <- stabsel(x, if (family == "binomial") factor(y) else y, fitfun = glmnet.lasso,
                 args.fitfun = list(family = family), q = %Q%, PFER = %PFER%,
                 sampling.type = "SS", assumption = "r-concave", B = %B%, folds = folds,
                 papply = lapply)
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
        for r, (X, y, _, _, halves) in enumerate(data):
            # stabs' folds: the first half of every pair (it appends the complements itself)
            folds = np.zeros((N, PAIRS))
            for b in range(PAIRS):
                folds[halves[2 * b], b] = 1.0
                if not np.array_equal(np.sort(np.concatenate(halves[2 * b:2 * b + 2])),
                                      np.arange(N)):
                    raise RuntimeError(f"pair {b} of replication {r} is not complementary")
            with open(folder / f"rep{r:04d}.bin", "wb") as handle:
                handle.write(np.asfortranarray(X).tobytes(order="F"))
                handle.write(np.asarray(y, dtype=np.float64).tobytes())
                handle.write(np.asfortranarray(folds).tobytes(order="F"))
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
    handle.write("".join(json.dumps({"model": model, "replication": r, "row": list(row)})
                         + "\n" for row in rows))
    handle.flush()


def read_rows(paths) -> dict[str, dict[int, list]]:
    """The replications of saved ``--rows`` files, by model. A replication's rows are written
    in one go, so only the last one of a file can be cut short (its last line does not
    parse): that replication is dropped, and a resumed run recomputes it; a method's row
    repeated for a replication is read once."""
    by_model: dict[str, dict[int, list]] = {}
    for path in paths:
        if not Path(path).exists():
            continue
        mine: dict[str, dict[int, list]] = {}
        last = broken = None
        for line in Path(path).read_text().splitlines():
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                broken = last
                continue
            last = (record["model"], record["replication"])
            rows = mine.setdefault(last[0], {}).setdefault(last[1], [])
            if all(row[0] != record["row"][0] for row in rows):
                rows.append(tuple(record["row"]))
        if broken is not None:
            del mine[broken[0]][broken[1]]
        for model, replications in mine.items():
            for r, rows in replications.items():
                by_model.setdefault(model, {}).setdefault(r, []).extend(rows)
    return by_model


def summarise_file(paths) -> None:
    """Print the tables of saved ``--rows`` files (``--summarise``)."""
    for model, replications in read_rows(paths).items():
        R = len(replications)
        summarise([row for r in sorted(replications) for row in replications[r]],
                  f"{model} model: {R} replications, fsstab and peers on the same data")
        power_table(replications, model)


def power_table(replications, model: str) -> None:
    """True positives of fsstab's and the peers' methods at the same nominal error, paired
    by replication (the same data and, for stabs, the same subsamples)."""
    pairs = [("MB / SS no assumption, path", "stabs SS no assumption"),
             ("SS unimodal, path", "stabs SS unimodal"),
             ("SS r-concave, path", "stabs SS r-concave"),
             ("IPSS E(FP) <= 1", "ipss package E(FP) <= 1"),
             ("IPSS q-value <= 0.2", "ipss package q-value <= 0.2"),
             ("knockoff+, Σ Ledoit-Wolf", "knockpy knockoff+")]
    print(f"\n### {model} model: power against the peers (paired by replication)\n")
    print("| fsstab method | peer | reps | mean TP fsstab | mean TP peer | difference (SE) | "
          "mean V fsstab / peer | CPU s/fit fsstab / peer |")
    print("|---|---|---|---|---|---|---|---|")
    for mine, peer in pairs:
        a, b = [], []
        for rows in replications.values():
            ours = [row for row in rows if row[0] == mine]
            theirs = [row for row in rows if row[0].startswith(peer)]
            if ours and theirs:
                a.append(ours[0])
                b.append(theirs[0])
        if len(a) < 2:
            continue
        A, B = np.array([row[3:7] for row in a], float), np.array([row[3:7] for row in b], float)
        diff = A[:, 1] - B[:, 1]
        print(f"| {mine} | {b[0][0]} | {len(a)} | {A[:, 1].mean():.2f} | {B[:, 1].mean():.2f} "
              f"| {diff.mean():+.2f} ({diff.std(ddof=1) / np.sqrt(diff.size):.2f}) | "
              f"{A[:, 0].mean():.3f} / {B[:, 0].mean():.3f} | "
              f"{A[:, 3].mean():.3f} / {B[:, 3].mean():.3f} |")


def _is_peer(method: str) -> bool:
    return method.startswith(("stabs ", "knockpy", "ipss package"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--replications", type=int, default=200,
                        help="replications 0 .. R-1 of each model (see --first)")
    parser.add_argument("--first", type=int, default=0,
                        help="start at this replication (to split a run over processes)")
    parser.add_argument("--batch", type=int, default=10,
                        help="replications per R process (their rows are saved together)")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--model", choices=[*MODELS, "all"], default="all",
                        help="run one model only (e.g. the two in two processes)")
    parser.add_argument("--rows", type=Path, default=None,
                        help="append every replication's rows to this JSON-lines file; "
                             "replications already in it are skipped (a resumed run)")
    parser.add_argument("--summarise", type=Path, nargs="+", default=None,
                        help="print the tables of saved --rows files and stop")
    parser.add_argument("--methods", choices=["main", "ipss"], default="main",
                        help="main: fsstab's stability selection (calibrated), Stabl and "
                             "knockoff+, on the first --peer-replications also the peers' arm; "
                             "ipss: fsstab's IPSS and the ipss package (the costliest; into a "
                             "rows file of their own)")
    parser.add_argument("--peer-replications", type=int, default=40,
                        help="on replications below this also fsstab's stability selection "
                             "with stabs' path semantics, stabs on the same subsamples and "
                             "knockpy (where installed)")
    parser.add_argument("--peer-path", type=Path, default=None,
                        help="a folder of peer packages (pip install --target), searched "
                             "after the environment's own packages")
    args = parser.parse_args()
    if args.peer_path:
        sys.path.append(str(args.peer_path))
    if args.summarise:
        summarise_file(args.summarise)
        return
    models = list(MODELS) if args.model == "all" else [args.model]
    last = args.first + 4 if args.quick else args.replications
    done = read_rows([args.rows]) if args.rows else {}
    warnings.simplefilter("ignore")
    peers = installed_peers()
    sigma = covariance()
    chol = np.linalg.cholesky(sigma)
    wall, cpu = time.perf_counter(), time.process_time()
    print(f"n = {N}, d = {D}, {SIGNALS} true features, Σ_ij = {RHO}^|i-j|; replications "
          f"{args.first} .. {last - 1} of {', '.join(models)}; peers installed: "
          f"{', '.join(peers) or 'none'}")
    print("π_thr at q = 10, PFER = 1, B = 50: " + ", ".join(
        f"{name} {stability_selection_parameters(D, q=Q, pfer=PFER, sampling='SS', assumption=a, n_pairs=PAIRS).pi_thr:.3f}"  # noqa: E501
        for name, a in BOUNDS.items()))
    handle = open(args.rows, "a", encoding="utf-8") if args.rows else None  # noqa: SIM115
    results: dict[str, dict[int, list]] = {}
    with pinned():
        for model in models:
            todo = [r for r in range(args.first, last) if r not in done.get(model, {})]
            for start in range(0, len(todo), args.batch):
                batch = todo[start:start + args.batch]
                data, batch_rows = [], []
                for r in batch:
                    X, y, truth, task = simulate(model, r, chol)
                    halves = shared_halves(y, task, 1 + r)
                    rows: list = []
                    if args.methods == "ipss":
                        ipss_methods(X, y, truth, task, halves, rows)
                        peer_methods(X, y, truth, 1 + r, rows,
                                     [p for p in peers if p == "ipss"])
                    else:
                        fsstab_methods(X, y, truth, task, sigma, 1 + r, halves, rows)
                    if args.methods == "main" and r < args.peer_replications:
                        path_methods(X, y, truth, task, halves, rows)
                        peer_methods(X, y, truth, 1 + r, rows,
                                     [p for p in peers if p == "knockpy"])
                        data.append((X, y, truth, task, halves))
                    batch_rows.append(rows)
                if "stabs" in peers and data:
                    stabs_rows(data, "gaussian" if model == "gaussian" else "binomial",
                               batch_rows[:len(data)])
                for r, rows in zip(batch, batch_rows, strict=True):
                    _record(handle, model, r, rows)
                    results.setdefault(model, {})[r] = rows
    if handle is not None:
        handle.close()
    for model, replications in results.items():
        summarise([row for r in sorted(replications) for row in replications[r]],
                  f"{model} model: replications {min(replications)} .. {max(replications)} "
                  f"of this run")
        power_table(replications, model)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    own = resource.getrusage(resource.RUSAGE_SELF)
    print(f"\nCPU {time.process_time() - cpu:.0f} s in Python + "
          f"{children.ru_utime + children.ru_stime:.0f} s in R; wall "
          f"{time.perf_counter() - wall:.0f} s; peak RSS {own.ru_maxrss / 1024:.0f} MB "
          f"(R {children.ru_maxrss / 1024:.0f} MB); load {os.getloadavg()[0]:.1f}; "
          f"{describe()}")


if __name__ == "__main__":
    main()
