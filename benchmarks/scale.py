"""Whole arrays without a prefilter: the workflow on n x d synthetic data, per stage, against
each stage's floor.

    python3 benchmarks/scale.py [--n 100 500] [--d 10000 100000 450000] [--resamples 30]
        [--similarity-jobs 1] [--workdir DIR] [--keep] [--no-floors] [--targets FILE...]
    python3 benchmarks/scale.py --gemm 20 250000     # similarity vs a plain blocked GEMM
    python3 benchmarks/scale.py --n 500 --d 450000 --similarity-jobs 8 \
        --slurm-conf /var/tmp/fsstab-slurm/slurm.conf  # through profiles/slurm

For every (n, d): synthetic data with correlated blocks (blocks of 10 features loading on one
latent factor with a correlation drawn uniformly from [0, 0.99); the class is the sign of the
sum of five blocks' factors plus noise) are written as a Parquet file with one column per
feature, the file a user would bring; then ``snakemake --cores 1`` runs the whole workflow
on it: fetch (no prefilter), M bootstrap resamples, the similarity matrix (|Pearson| >= 0.9)
for the adjusted measures, the LASSO calibrated to 20 features on average, a Welch-t filter
selecting 20, all 26 measures, Pareto tables, figures (without feature maps) and the report
tables. Printed per stage (summed over its jobs): CPU seconds and the largest peak RSS of its
jobs (the resource line every job log ends with), and its floor:

- every job: the start-up of a fresh interpreter importing what the rule's script imports;
- reading the stored dataset once (``read_dataset``): prefilter adds writing it; fetch reads
  the user's file instead -- Arrow's whole-table read on one thread, which decodes every one
  of its column chunks, and the conversion of the columns -- and writes the stored dataset;
- similarity: the float32 GEMM of the upper triangle in the same tiles, without the screen
  and the float64 recheck (sampled: a spread of row tiles, scaled by their share of the
  triangle); for comparison the plain float64 GEMM in 512-column blocks that the similarity
  was first measured against (sampled the same way);
- calibrate: standardising each training set once and the warm-started solves of the
  evaluated path on it (sampled: 3 training sets, scaled to M), i.e. no rebuilding of sets;
- select: the M bare fits -- the LASSO's solver at the calibrated C on each standardised
  training set (sampled: 3, scaled to M), the filter's Welch statistics on each training set.

The run's total is the children's CPU time (Snakemake and every job; with ``--slurm-conf`` the
jobs run under SLURM and only their logs count them). Threads: every job has
one thread (``--cores 1``; Snakemake sets OMP/OpenBLAS/MKL threads to the rule's 1) and the
floors run pinned to 1 thread (``_threads.pinned``). Run it niced on a shared machine; the load
average is printed before and after: CPU seconds grow with the load (shared caches).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _threads import describe, pinned  # noqa: E402
from workflow_default_run import import_lines, rule_scripts, script_of, startup_cpu  # noqa: E402

#: Rules in the order of the table, with the regular expression of their log paths.
STAGES = {
    "fetch": r"/fetch\.log$",
    "prefilter": r"/prefilter\.log$",
    "resample": r"/resample\.log$",
    "similarity_band": r"/similarity/\d{3}-of-\d{3}\.log$",
    "similarity": r"/similarity\.log$",
    "calibrate": r"/calibrate\.log$",
    "select lasso": r"/select/lasso/r\d{4}-\d{4}\.log$",
    "select welch": r"/select/welch/r\d{4}-\d{4}\.log$",
    "gather": r"/gather\.log$",
    "stability": r"/stability\.log$",  # one job per dataset: its stability tables, its summary
    "pareto": r"/pareto\.log$",
    "rank": r"/rank\.log$",
    "summary_csv": r"/summary_csv\.log$",
    "stable_features": r"/stable_features\.log$",
    "report_tables": r"/report_tables\.log$",
    "figures": r"/figures\.log$",
}
RESOURCE_LINE = re.compile(r"fsstab job resources: CPU ([\d.]+) s .*peak RSS (\d+) MB")


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cpu(fn, *args, **kwargs):
    """``(result, CPU seconds)`` of ``fn`` in this process."""
    start = time.process_time()
    result = fn(*args, **kwargs)
    return result, time.process_time() - start


# -- the data --------------------------------------------------------------------------------


def scale_data(n: int, d: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """``(X, labels)``: blocks of 10 features on one latent factor each (correlation drawn
    from [0, 0.99)), the class the sign of five blocks' factors plus noise."""
    rng = np.random.default_rng(seed)
    block = 10
    X = np.empty((n, d))
    signal = np.zeros(n)
    for b0 in range(0, d, 100_000):
        width = min(100_000, d - b0)
        blocks = -(-width // block)
        factors = rng.standard_normal((n, blocks))
        rho = rng.uniform(0.0, 0.99, size=blocks)
        loading = np.repeat(rho, block)[:width]
        X[:, b0:b0 + width] = (np.repeat(factors, block, axis=1)[:, :width] * loading
                               + rng.standard_normal((n, width)) * np.sqrt(1 - loading**2))
        if b0 == 0:
            signal = factors[:, :5].sum(axis=1)
    t = signal + rng.standard_normal(n)
    labels = np.where(t > np.median(t), "case", "control")
    return X, labels


def write_source(path: Path, X: np.ndarray, labels: np.ndarray) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    columns = {f"cg{j:07d}": pa.array(X[:, j]) for j in range(X.shape[1])}
    columns["status"] = pa.array(labels)
    pq.write_table(pa.table(columns), path)


def configuration(n_resamples: int, jobs: int) -> str:
    return f"""\
seed: 1
resampling: {{scheme: bootstrap, n_resamples: {n_resamples}}}
datasets:
  scale:
    source: {{source: "file:data/scale.parquet", target: status, positive: case}}
    similarity: {{method: pearson, threshold: 0.9, jobs: {jobs}}}
selectors:
  lasso:
    class: LassoSelector
    calibrate_target_k: 20
  welch:
    class: FilterSelector
    params: {{method: welch_t, n_features_to_select: 20}}
measures:
  names: all
  params:
    canberra: {{k: 20}}
  rank_cap: 20
pareto:
  measures: [nogueira, sechidis, intersection_count, canberra]
  gamma: [0.5]
figures:
  feature_maps: false
"""


# -- the run ---------------------------------------------------------------------------------


def run_workflow(workdir: Path, slurm_conf: Path | None,
                 targets: list[str] | None = None) -> tuple[float, float]:
    """Run Snakemake (locally on one core, or through profiles/slurm with ``slurm_conf``) for
    ``targets`` (default: the whole workflow); return (wall seconds, CPU seconds of Snakemake
    and every local job)."""
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    command = [sys.executable, "-m", "snakemake", "-s", str(REPO / "Snakefile"),
               "--directory", str(workdir), "--quiet", "progress"]
    if slurm_conf is None:
        command += ["--cores", "1"]
    else:
        env["SLURM_CONF"] = str(slurm_conf)
        command += ["--workflow-profile", str(REPO / "profiles" / "slurm"), "--jobs", "2",
                    "--slurm-logdir", str(workdir / "slurm_logs")]
    command += targets or []
    before, start = children_cpu(), time.perf_counter()
    result = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    wall, spent = time.perf_counter() - start, children_cpu() - before
    if result.returncode != 0:
        sys.exit(f"snakemake failed in {workdir}:\n{result.stderr[-4000:]}")
    return wall, spent


def job_resources(workdir: Path) -> dict[str, tuple[int, float, float]]:
    """Per stage: jobs, CPU seconds (sum) and the largest peak RSS (MB), from the job logs."""
    found: dict[str, tuple[int, float, float]] = {}
    for log in sorted((workdir / "logs").rglob("*.log")):
        stage = next((s for s, pattern in STAGES.items()
                      if re.search(pattern, log.as_posix())), None)
        lines = RESOURCE_LINE.findall(log.read_text(errors="replace"))
        if stage is None or not lines:
            continue
        jobs, seconds, peak = found.get(stage, (0, 0.0, 0.0))
        found[stage] = (jobs + 1, seconds + float(lines[-1][0]), max(peak, float(lines[-1][1])))
    return found


# -- the floors ------------------------------------------------------------------------------


def startup_floors(stages: list[str]) -> dict[str, float]:
    scripts = rule_scripts()
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    floors = {}
    for stage in stages:
        rule = "figures_scale" if stage == "figures" else stage.split()[0]
        script = script_of(rule, scripts)
        floors[stage] = 0.0 if script is None else startup_cpu(import_lines(script), env, 1)
    return floors


def sampled_tiles(d: int, rows: int) -> list[int]:
    """About 12 row tiles spread over the rows (their share of the triangle scales them)."""
    starts = np.unique(np.linspace(0, max(0, d - 1), 12).astype(int) // rows * rows)
    return [int(s) for s in starts]


def gemm_floors(X: np.ndarray) -> tuple[float, float]:
    """CPU seconds of (float32 triangle GEMM in the similarity's tiles, plain float64 GEMM in
    512-column blocks of the whole matrix), both sampled and scaled."""
    from fsstab import similarity
    from fsstab.similarity import standardized_columns

    n, d = X.shape
    if d <= similarity.WHOLE_ROW_MAX_D:
        height, width = similarity._default_block_size(d), d
    else:
        height, width = similarity.TILE_ROWS, similarity.TILE_COLUMNS
    U = np.empty((n, d), dtype=np.float32)
    for b0 in range(0, d, 4096):
        U[:, b0:b0 + 4096] = standardized_columns(X[:, b0:b0 + 4096])
    out32 = np.empty((height, width), dtype=np.float32)
    spent, share = 0.0, 0.0
    for r0 in sampled_tiles(d, height):
        r1 = min(d, r0 + height)
        rows = np.ascontiguousarray(U[:, r0:r1])
        start = time.process_time()
        for c0 in range(r0, d, width):
            c1 = min(d, c0 + width)
            target = out32[: r1 - r0, : c1 - c0] if c1 - c0 == width else None
            np.matmul(rows.T, U[:, c0:c1], out=target)
        spent += time.process_time() - start
        share += (r1 - r0) * (d - r0)
    triangle = spent * (d * (d + 1) / 2) / share
    U64 = U.astype(np.float64)
    del U
    out64 = np.empty((512, d))
    blocks = sampled_tiles(d, 512)
    start = time.process_time()
    for b0 in blocks:
        b1 = min(d, b0 + 512)
        np.matmul(U64[:, b0:b1].T, U64, out=out64[: b1 - b0] if b1 - b0 == 512 else None)
    plain = (time.process_time() - start) * (d / 512) / len(blocks)
    return triangle, plain


def source_read_floor(path: Path) -> float:
    """CPU seconds of reading the user's Parquet file whole on one thread and converting its
    feature columns into a float64 matrix: what any reader of that file pays."""
    import pyarrow.parquet as pq

    start = time.process_time()
    table = pq.read_table(path, use_threads=False)
    X = np.empty((table.num_rows, table.num_columns - 1))
    for j, column in enumerate(table.columns[:-1]):
        X[:, j] = column.to_numpy()
    return time.process_time() - start


def selection_floors(workdir: Path, X: np.ndarray, y: np.ndarray) -> dict[str, float]:
    """CPU seconds of the bare fits: calibration path solves, LASSO fits, Welch statistics."""
    import json

    from fsstab.resampling import read_resamples
    from fsstab.selectors import LassoSelector
    from fsstab.selectors._filter_scores import score_welch_t
    from fsstab.selectors._standardize import standardize

    resamples = read_resamples(workdir / "results" / "scale" / "resamples.parquet", y=y)
    train = list(resamples.train)
    calibration = json.loads((workdir / "results" / "scale" / "select" / "lasso" /
                              "calibration.json").read_text())
    selector = LassoSelector()
    sample = train[:: max(1, len(train) // 3)][:3]
    path_seconds = fit_seconds = 0.0
    for rows in sample:
        Xs, seconds = cpu(lambda rows=rows: standardize(X[rows])[0])
        path_seconds += seconds  # each training set is standardised once in any algorithm
        problem = selector._standardized_problem(Xs, y[rows])
        start, solution = time.process_time(), None
        for C in calibration["evaluated_C"]:
            solution = problem.solve(float(C), solution)
        path_seconds += time.process_time() - start
        _, seconds = cpu(problem.solve, float(calibration["C"]), None)
        fit_seconds += seconds + cpu(standardize, X[rows])[1]
        del Xs
    scale = len(train) / len(sample)
    _, welch = cpu(lambda: [score_welch_t(X[rows], y[rows]) for rows in train])
    return {"calibrate": path_seconds * scale, "select lasso": fit_seconds * scale,
            "select welch": welch}


# -- one case ---------------------------------------------------------------------------------


def run_case(n: int, d: int, args: argparse.Namespace) -> None:
    from fsstab.datasets import read_dataset, write_dataset

    workdir = Path(args.workdir or tempfile.mkdtemp(prefix=f"scale_{n}x{d}_"))
    if args.workdir:
        workdir = workdir / f"{n}x{d}"
    (workdir / "data").mkdir(parents=True, exist_ok=True)
    (workdir / "config").mkdir(exist_ok=True)
    X, labels = scale_data(n, d)
    write_source(workdir / "data" / "scale.parquet", X, labels)
    del X
    (workdir / "config" / "config.yaml").write_text(configuration(args.resamples,
                                                                  args.similarity_jobs))
    print(f"\n## n = {n}, d = {d:,}, M = {args.resamples}, similarity jobs = "
          f"{args.similarity_jobs}; {workdir}\nload before: {load()}", flush=True)
    wall, total = run_workflow(workdir, args.slurm_conf, args.targets)
    stages = job_resources(workdir)
    if args.slurm_conf is None:
        print(f"load after: {load()}; wall {wall:.0f} s, CPU {total:.0f} s (Snakemake and every "
              f"job) = {total / 60:.1f} CPU-min", flush=True)
    else:  # the jobs ran under SLURM: only their logs count them (the table's "all jobs")
        print(f"load after: {load()}; wall {wall:.0f} s, CPU {total:.0f} s of Snakemake and its "
              "local jobs; the SLURM jobs' CPU is in the table", flush=True)
    floors: dict[str, float] = {}
    if not args.no_floors:
        startup = startup_floors(list(stages))
        with pinned():
            ds, read = cpu(read_dataset, workdir / "data" / "scale")
            _, write = cpu(write_dataset, ds, workdir / "floor_copy")
            source = source_read_floor(workdir / "data" / "scale.parquet")
            triangle, plain = gemm_floors(ds.X)
            bare = selection_floors(workdir, ds.X, ds.y)
        shutil.rmtree(workdir / "floor_copy", ignore_errors=True)
        work = {"fetch": source + write, "prefilter": read + write, "resample": read,
                "similarity_band": read + triangle, "calibrate": read + bare["calibrate"],
                "select lasso": read + bare["select lasso"],
                "select welch": read + bare["select welch"]}
        if "similarity_band" not in stages:
            work["similarity"] = read + triangle
        floors = {s: stages[s][0] * startup.get(s, 0.0) + work.get(s, 0.0) for s in stages}
        shown = ", ".join(f"{k} {v:.1f} s" for k, v in bare.items())
        similarity = sum(stages.get(k, (0, 0.0, 0))[1] for k in ("similarity_band", "similarity"))
        print(f"floors: read {read:.2f} s, the user's file {source:.2f} s, write {write:.2f} s, "
              f"float32 triangle GEMM "
              f"{triangle:.1f} s, plain float64 512-column GEMM {plain:.1f} s (the similarity "
              f"jobs: {similarity / plain:.2f} x it); bare fits: {shown}; {describe()}",
              flush=True)
    print("\n| stage | jobs | CPU s | peak RSS MB | floor CPU s | ratio |")
    print("|---|---|---|---|---|---|")
    for stage in [s for s in STAGES if s in stages]:
        jobs, seconds, peak = stages[stage]
        floor = floors.get(stage)
        ratio = f"{seconds / floor:.2f}" if floor else "-"
        shown = f"{floor:.1f}" if floor is not None else "-"
        print(f"| {stage} | {jobs} | {seconds:.1f} | {peak:.0f} | {shown} | {ratio} |")
    jobs_cpu = sum(s for _, s, _ in stages.values())
    print(f"| all jobs | {sum(j for j, _, _ in stages.values())} | {jobs_cpu:.0f} | "
          f"{max(p for _, _, p in stages.values()):.0f} | | |")
    local = total if args.slurm_conf else total - jobs_cpu
    print(f"| Snakemake itself | | {local:.0f} | | | |")
    print(f"| in all | | {jobs_cpu + local:.0f} = {(jobs_cpu + local) / 60:.1f} CPU-min | | | |",
          flush=True)
    if not args.keep:
        shutil.rmtree(workdir, ignore_errors=True)


def run_gemm(n: int, d: int) -> None:
    """The similarity against a plain float64 GEMM in 512-column blocks, on the same data."""
    from fsstab.similarity import correlation_pairs, standardized_columns

    X, _ = scale_data(n, d, seed=1)
    print(f"## similarity at n = {n}, d = {d:,}; load before {load()}", flush=True)
    with pinned():
        (i, _, _), ours = cpu(correlation_pairs, X, threshold=0.9)
        U = standardized_columns(X)
        out = np.empty((512, d))
        start = time.process_time()
        for b0 in range(0, d, 512):
            b1 = min(d, b0 + 512)
            np.matmul(U[:, b0:b1].T, U, out=out[: b1 - b0] if b1 - b0 == 512 else None)
        plain = time.process_time() - start
    print(f"similarity (upper triangle, float32 screen + float64 recheck, {i.size:,} pairs "
          f"kept): {ours:.1f} CPU s; plain float64 GEMM of U^T U in 512-column blocks: "
          f"{plain:.1f} CPU s; ratio {ours / plain:.2f}; load after {load()}; {describe()}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=[100, 500])
    parser.add_argument("--d", type=int, nargs="+", default=[10_000, 100_000, 450_000])
    parser.add_argument("--resamples", type=int, default=30)
    parser.add_argument("--similarity-jobs", type=int, default=1)
    parser.add_argument("--workdir", type=Path)
    parser.add_argument("--keep", action="store_true", help="keep the working folders")
    parser.add_argument("--no-floors", action="store_true")
    parser.add_argument("--gemm", type=int, nargs=2, metavar=("N", "D"))
    parser.add_argument("--slurm-conf", type=Path,
                        help="run through profiles/slurm on this SLURM (tests/cluster/"
                             "start_slurm.sh prints it); use with --similarity-jobs 8")
    parser.add_argument("--targets", nargs="+", default=[],
                        help="Snakemake targets (files relative to the working folder), to "
                             "measure one stage's jobs without the whole workflow, e.g. "
                             "results/scale/select/welch/chunks/r0000-0029.runs.parquet "
                             "with --no-floors")
    args = parser.parse_args()
    if args.gemm:
        run_gemm(*args.gemm)
        return 0
    for n in args.n:
        for d in args.d:
            run_case(n, d, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
