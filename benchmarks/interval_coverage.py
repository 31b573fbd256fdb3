"""Coverage of the naive and the corrected 95 % intervals of a configuration's resampled score.

Each replication draws a data set from a fixed model (``fsstab.synthetic.informative``: n
rows, half of each class, d independent N(0, 1) features of which k have class means ±δ/2)
and runs the workflow's own code on it: the resample stage (``draw_resamples``), the select
stage (``select_chunk``), the stability stage (``stability_table``: ``accuracy_se``,
``accuracy_se_corrected``) and the summary (``scored_summary_frame``: the naive and the
corrected intervals). Per scheme, the intervals are compared with two truths measured on a
large independent test set from the same model:

* **μ** (what the interval estimates, Nadeau & Bengio's 2003 generalisation error): the
  expected accuracy of the configuration trained on a training set as the scheme draws it
  (90 of n rows for the 90 % subsamples and the folds of 10-fold CV -- the same
  distribution --, a stratified bootstrap sample for the bootstrap), averaged over
  ``--truth-fits`` fresh data sets;
* **θ_D** (what a reader may take it for): the accuracy of the configuration fitted on all n
  rows of this replication's data.

For the bootstrap the leave-one-out bootstrap of Efron & Tibshirani (1997) with its
delta-method standard error (``fsstab.resampling.loo_bootstrap``, normal interval)
is computed beside it from every out-of-bag prediction (refits of the same resamples, whose
per-row predictions the runs table does not keep): on the same M bootstraps for every
replication, and on ``--loo-resamples`` bootstraps (the M first, then more) for the first
``--loo-replications``.

Prints, per selector and scheme: the replications, the mean accuracy and μ, the coverage of μ
(naive, corrected, and for the bootstrap the leave-one-out bootstrap) and of θ_D (corrected),
the mean interval widths, the standard deviation of the mean accuracy over replications
against the mean naive and corrected standard errors (the cause of any miss), and the run
costs (CPU s, wall s, peak RSS, load). ``--replications 500`` (default) takes about
20-30 CPU-min; ``--replications 20`` is a quick look. Results are appended per replication
to ``--out`` (JSON lines), so an interrupted run continues where it stopped; ``--first`` /
``--last`` split the replications over processes, ``--read`` reports their records together
and ``--truths`` lets them share μ.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numpy as np
import pandas as pd
from _threads import describe, pinned

from fsstab.resampling import loo_bootstrap
from fsstab.seeds import resample_seed
from fsstab.synthetic import informative
from fsstab.workflow.answers import scored_summary_frame
from fsstab.workflow.data import draw_resamples
from fsstab.workflow.selection import fit_variants, select_chunk
from fsstab.workflow.stability import stability_table

SPECS = {
    "filter (welch_t, top 5, ridge logistic)": {
        "id": "filter", "selector": "filter", "class": "FilterSelector",
        "params": {"method": "welch_t", "n_features_to_select": 5}},
    "LASSO (C = 0.1)": {
        "id": "lasso", "selector": "lasso", "class": "LassoSelector", "params": {"C": 0.1}},
}
for _spec in SPECS.values():
    _spec.update(grid={}, variants=[{"id": "default", "params": {}}], calibrate_target_k=None)

SCHEMES = {
    "subsample 90 %": ("subsample", {"fraction": 0.9}),
    "10-fold CV x 3": ("kfold", {"n_splits": 10}),
    "bootstrap (out-of-bag)": ("bootstrap", {}),
}
TRUTH_DESIGN = {"subsample": "subset", "kfold": "subset", "bootstrap": "bootstrap"}


def model(n: int, d: int, k: int, effect: float, seed: int):
    return informative(n_samples=n, n_features=d, n_informative=k, effect_size=effect,
                       random_state=seed)


def workflow_intervals(ds, spec, scheme, params, M, seed, loo_resamples) -> dict[str, float]:
    """The naive and corrected intervals the workflow reports for one configuration."""
    resamples = draw_resamples(ds, seed=seed, scheme=scheme, n_resamples=M, params=params)
    tables = select_chunk(ds, resamples, spec, range(M), seed=seed, rank_cap=20)
    row = stability_table(
        tables["runs"], tables["features"], dataset=ds.name, spec=spec, d=ds.n_features,
        measures=["nogueira"], measure_params={}, rank_cap=20, random_state=0,
        n_samples=ds.n_samples)
    summary = scored_summary_frame(row.to_pandas(), ["nogueira"], confidence_level=0.95)
    r = summary.iloc[0]
    out = {name: float(r[name]) for name in (
        "accuracy_mean", "accuracy_se", "accuracy_se_corrected", "accuracy_low",
        "accuracy_high", "accuracy_low_corrected", "accuracy_high_corrected",
        "test_fraction")}
    if scheme == "bootstrap":
        B = max(M, loo_resamples)
        more = draw_resamples(ds, seed=seed, scheme=scheme, n_resamples=B, params=params)
        counts, losses = _out_of_bag_losses(ds, more, spec, seed)
        for suffix, b in (("", M), ("_many", B if B > M else 0)):
            if b:
                out.update(_loo_interval(losses[:, :b], counts[:, :b], suffix))
    return out


def _out_of_bag_losses(ds, resamples, spec, seed) -> tuple[np.ndarray, np.ndarray]:
    """``(counts, losses)`` of every bootstrap: how often each row was drawn and its 0/1
    loss under the model fitted on the bootstrap (the select stage's seeds)."""
    n, B = ds.n_samples, len(resamples)
    counts = np.zeros((n, B), dtype=np.int64)
    losses = np.zeros((n, B))
    for b, (train, test) in enumerate(resamples):
        counts[:, b] = np.bincount(train, minlength=n)
        (_, selector, _), = fit_variants(spec, ds.X[train], ds.y[train],
                                         random_state=resample_seed(seed, ds.name, b))
        losses[test, b] = selector.predict(ds.X[test]) != ds.y[test]
    return counts, losses


def _loo_interval(losses, counts, suffix) -> dict[str, float]:
    """Efron & Tibshirani's (1997) Err⁽¹⁾ of the 0/1 loss, as an accuracy, with its normal
    95 % interval from the delta-method standard error."""
    result = loo_bootstrap(losses, counts)
    accuracy, half = 1.0 - result.estimate, 1.959963984540054 * result.se
    return {f"loo_mean{suffix}": accuracy, f"loo_se{suffix}": result.se,
            f"loo_low{suffix}": accuracy - half, f"loo_high{suffix}": accuracy + half}


def fitted_accuracy(spec, X, y, test, seed) -> float:
    (_, selector, _), = fit_variants(spec, X, y, random_state=seed)
    return float(selector.score(test.X, test.y))


def truth_mu(spec, design, args, test) -> tuple[float, float]:
    """μ and its Monte-Carlo standard error: the test accuracy of the configuration trained
    on one training set drawn as ``design`` from each of ``--truth-fits`` fresh data sets."""
    values = []
    for j in range(args.truth_fits):
        fresh = model(args.n, args.d, args.k, args.effect, 2_000_000 + j)
        scheme, params = ("subsample", {"fraction": 0.9}) if design == "subset" else \
            ("bootstrap", {})
        train = draw_resamples(fresh, seed=j, scheme=scheme, n_resamples=1,
                               params=params).train[0]
        values.append(fitted_accuracy(spec, fresh.X[train], fresh.y[train], test, j))
    values = np.asarray(values)
    return float(values.mean()), float(values.std(ddof=1) / math.sqrt(values.size))


def _covers(low, high, value) -> np.ndarray:
    return (np.asarray(low) <= value) & (value <= np.asarray(high))


def report(rows: pd.DataFrame, truths: dict, args) -> None:
    print(f"\nmodel: n = {args.n} rows (half of each class), d = {args.d} features, k = "
          f"{args.k} informative with class means ±δ/2, δ = {args.effect}; M = {args.M} "
          f"resamples; test set {args.n_test} rows; μ from {args.truth_fits} fresh data sets")
    header = ("| selector | scheme | reps | mean acc | μ | ρ₀ | cover μ naive | cover μ "
              "corrected | cover θ_D corrected | width naive | width corrected | sd(mean) | "
              "mean se naive | mean se corrected |")
    print(header)
    print("|" + "---|" * header.count(" | ") + "---|")
    for (selector, scheme), part in rows.groupby(["selector", "scheme"], sort=False):
        mu, mu_se = truths[(selector, TRUTH_DESIGN[SCHEMES[scheme][0]])]
        R = len(part)
        naive = _covers(part["accuracy_low"], part["accuracy_high"], mu)
        corrected = _covers(part["accuracy_low_corrected"], part["accuracy_high_corrected"], mu)
        theta = _covers(part["accuracy_low_corrected"], part["accuracy_high_corrected"],
                        part["theta_D"].to_numpy())
        print(f"| {selector} | {scheme} | {R} | {part['accuracy_mean'].mean():.3f} | "
              f"{mu:.3f} ± {mu_se:.3f} | {part['test_fraction'].mean():.3f} | "
              f"{_pct(naive)} | {_pct(corrected)} | {_pct(theta)} | "
              f"{(part['accuracy_high'] - part['accuracy_low']).mean():.3f} | "
              f"{(part['accuracy_high_corrected'] - part['accuracy_low_corrected']).mean():.3f}"
              f" | {part['accuracy_mean'].std(ddof=1):.4f} | "
              f"{part['accuracy_se'].mean():.4f} | {part['accuracy_se_corrected'].mean():.4f} |")
    print("(coverage ± 1.96 × its Monte-Carlo standard error over the replications; the "
          "intervals are at 95 %; widths are mean high − low after clipping to [0, 1]; sd(mean): "
          "the standard deviation of the mean accuracy over the replications)")
    boot = rows[rows["scheme"] == "bootstrap (out-of-bag)"]
    print("\nleave-one-out bootstrap (Efron & Tibshirani 1997), normal 95 % interval from the "
          "delta-method standard error:")
    print("| selector | bootstraps | reps | mean Err⁽¹⁾ accuracy | cover μ | width | "
          "sd(estimate) | mean se |")
    print("|---|---|---|---|---|---|---|---|")
    for selector, part in boot.groupby("selector", sort=False):
        mu = truths[(selector, "bootstrap")][0]
        for suffix, B in (("", args.M), ("_many", max(args.M, args.loo_resamples))):
            if f"loo_low{suffix}" not in part:
                continue
            kept = part[part[f"loo_low{suffix}"].notna()]
            if kept.empty:
                continue
            cover = _covers(kept[f"loo_low{suffix}"], kept[f"loo_high{suffix}"], mu)
            print(f"| {selector} | {B} | {len(kept)} | {kept[f'loo_mean{suffix}'].mean():.3f} | "
                  f"{_pct(cover)} | "
                  f"{(kept[f'loo_high{suffix}'] - kept[f'loo_low{suffix}']).mean():.3f} | "
                  f"{kept[f'loo_mean{suffix}'].std(ddof=1):.4f} | "
                  f"{kept[f'loo_se{suffix}'].mean():.4f} |")


def _pct(mask) -> str:
    p, R = float(np.mean(mask)), len(mask)
    return f"{p:.3f} ± {1.96 * math.sqrt(p * (1 - p) / R):.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--replications", type=int, default=500,
                        help="the replications reported (0 .. R-1)")
    parser.add_argument("--first", type=int, default=0,
                        help="the first replication this process runs")
    parser.add_argument("--last", type=int, default=None,
                        help="one past the last replication this process runs (default R)")
    parser.add_argument("--n", type=int, default=100)
    parser.add_argument("--d", type=int, default=50)
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--effect", type=float, default=1.0)
    parser.add_argument("--M", type=int, default=30)
    parser.add_argument("--n-test", type=int, default=20_000)
    parser.add_argument("--truth-fits", type=int, default=2000)
    parser.add_argument("--loo-resamples", type=int, default=200)
    parser.add_argument("--loo-replications", type=int, default=100)
    parser.add_argument("--out", type=Path, default=Path("interval_coverage.jsonl"),
                        help="this process's records (appended; an interrupted run resumes)")
    parser.add_argument("--read", type=Path, nargs="*", default=[],
                        help="records of other processes to report with this one's")
    parser.add_argument("--truths", type=Path, default=None,
                        help="μ of every (selector, design), read if the file exists, else "
                             "computed and written (processes sharing the replications "
                             "compute it once)")
    args = parser.parse_args()
    last = args.replications if args.last is None else args.last

    started_wall, started = time.perf_counter(), resource.getrusage(resource.RUSAGE_SELF)
    loads = [os.getloadavg()[0]]
    test = model(args.n_test, args.d, args.k, args.effect, 1_000_000)
    done = []
    for path in [args.out, *args.read]:
        if path.exists():
            done += [json.loads(line) for line in path.read_text().splitlines() if line]
    finished = {(r["replication"], r["selector"], r["scheme"]) for r in done}
    with pinned(), args.out.open("a") as out:
        truths = _truths(args, test)
        for i in range(args.first, last):
            ds = model(args.n, args.d, args.k, args.effect, i)
            for selector, spec in SPECS.items():
                theta = None
                for scheme, (name, params) in SCHEMES.items():
                    if (i, selector, scheme) in finished:
                        continue
                    if theta is None:
                        theta = fitted_accuracy(spec, ds.X, ds.y, test, i)
                    record = {"replication": i, "selector": selector, "scheme": scheme,
                              "theta_D": theta,
                              **workflow_intervals(
                                  ds, spec, name, params, args.M, i,
                                  args.loo_resamples if i < args.loo_replications else 0)}
                    out.write(json.dumps(record) + "\n")
                    done.append(record)
            out.flush()
            if i % 25 == 0:
                loads.append(os.getloadavg()[0])
                cpu = sum(getattr(resource.getrusage(resource.RUSAGE_SELF), f) -
                          getattr(started, f) for f in ("ru_utime", "ru_stime"))
                print(f"replication {i}: {cpu:.0f} CPU s", file=sys.stderr, flush=True)
    loads.append(os.getloadavg()[0])
    rows = pd.DataFrame([r for r in done if r["replication"] < args.replications])
    rows = rows.drop_duplicates(["replication", "selector", "scheme"])
    report(rows, truths, args)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu = sum(getattr(usage, f) - getattr(started, f) for f in ("ru_utime", "ru_stime"))
    print(f"\nthis process: {cpu:.0f} CPU s (user + sys), "
          f"{time.perf_counter() - started_wall:.0f} wall s, peak RSS "
          f"{usage.ru_maxrss / 1024:.0f} MiB, 1-min load average "
          f"{min(loads):.1f}-{max(loads):.1f}; it ran replications {args.first}..{last - 1} "
          f"and read {len(finished)} records written before (their costs not included)")
    print(describe())


def _truths(args, test) -> dict:
    """μ of every (selector, design): from ``--truths`` if it exists, else computed (and
    written there)."""
    if args.truths is not None and args.truths.exists():
        stored = json.loads(args.truths.read_text())
        return {(r["selector"], r["design"]): (r["mu"], r["mu_se"]) for r in stored}
    truths = {(selector, design): truth_mu(spec, design, args, test)
              for selector, spec in SPECS.items() for design in ("subset", "bootstrap")}
    if args.truths is not None:
        args.truths.write_text(json.dumps([
            {"selector": s, "design": d, "mu": mu, "mu_se": se}
            for (s, d), (mu, se) in truths.items()]))
    return truths


if __name__ == "__main__":
    main()
