"""Time the default workflow run (config/config.yaml) end to end, per rule, against its floor.

    python3 benchmarks/workflow_default_run.py [--cores 2] [--config config/config.yaml]
        [--repeats 3] [--keep] [--workdir DIR] [--keep-bytecode] [--no-bytecode]

Runs ``snakemake --cores N --benchmark-extended`` on a copy of the configuration in a fresh
folder (``src/`` on PYTHONPATH, so no install is needed), then prints

1. the machine's load average before and after, the run's wall-clock time and its CPU time
   (Snakemake and every job: the children's resource usage), Snakemake's own share, and the
   jobs' CPU seconds as each job accounts for them at the end of its log
   (``fsstab.workflow.scripting.logged``; Snakemake's benchmark files sample every 0.5 s and
   miss most of a short job);
2. per rule: jobs, wall and CPU seconds, and the floor estimated for it: the start-up floor
   (jobs x the CPU seconds of a fresh interpreter importing what the rule's script imports,
   measured here) plus, for random-forest selections, the work floor (growing the trees of
   two forests per resample, on all features and on as many as are selected, with
   scikit-learn's tree builder and nothing else: ``fsstab._forest.fit_forest``); the other
   rules' work (linear models, measures, figures) is counted as above the floor;
3. the wall-clock time the run would take on ``--cores`` idle cores, estimated from the CPU
   seconds: the jobs scheduled on the DAG by critical path (each job lasting its CPU time)
   plus Snakemake's own CPU time shared over the cores, next to the lower bound
   max(CPU / cores, critical path) -- on a shared machine the measured wall clock is not the
   answer;
4. the issue's targets as ratios measured in this run: ``RandomForestSelector`` against the
   bare ``RandomForestClassifier`` with the same trees, and the calibration of λ on breast
   cancer.

Threads: every job runs with its rule's ``threads`` (1 in the default configuration) and
Snakemake sets OMP_NUM_THREADS/OPENBLAS_NUM_THREADS/MKL_NUM_THREADS to it. The component
timings in part 4 pin BLAS/OpenMP with ``threadpoolctl`` and pass the same ``n_jobs`` to both
sides (1 thread, then 2 threads); CPU seconds are the best of ``--repeats``.

Bytecode: the run starts with no bytecode under src/ (a fresh clone's first run: the first job
to import a module compiles it, later jobs load it; ``--keep-bytecode`` keeps what is there)
and without PYTHONDONTWRITEBYTECODE, which some containers set and which makes every job
compile the modules it imports again (``--no-bytecode`` keeps it).
"""

from __future__ import annotations

import argparse
import ast
import csv
import heapq
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

#: What every script job imports before its own lines (Snakemake's preamble unpickles the
#: job's ``snakemake`` object).
PREAMBLE = "import pickle, snakemake.io, snakemake.iocontainers, snakemake.logging"


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def own_cpu_until_exit(process: subprocess.Popen) -> float:
    """CPU seconds of ``process`` itself (not its children: the jobs), sampled until it exits;
    the last sample misses at most the final 0.2 s."""
    import psutil

    watched, last = psutil.Process(process.pid), 0.0
    while process.poll() is None:
        try:
            times = watched.cpu_times()
            last = times.user + times.system
        except psutil.Error:
            break
        time.sleep(0.2)
    process.wait()
    return last


def log_cpu(log: Path) -> float | None:
    """CPU seconds from the resource line that ends a job's log, if there is one."""
    if not log.is_file():
        return None
    found = re.findall(r"^fsstab job resources: CPU ([0-9.]+) s", log.read_text(errors="replace"),
                       re.MULTILINE)
    return float(found[-1]) if found else None


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


# -- the rules' scripts and what they import -------------------------------------------------


def rule_scripts() -> dict[str, Path]:
    """Rule name (or ``prefix_`` of rules defined per dataset) -> its script."""
    scripts: dict[str, Path] = {}
    for smk in sorted((REPO / "rules").glob("*.smk")):
        name = None
        lines = smk.read_text().splitlines()
        for i, line in enumerate(lines):
            if m := re.match(r"\s*rule (\w+):", line):
                name = m.group(1)
            elif re.match(r"\s*name:\s*$", line) and i + 1 < len(lines):
                if m := re.match(r'\s*f"(\w+_)\{', lines[i + 1]):
                    name = m.group(1)
            elif name and (m := re.search(r'"\.\./(scripts/[\w/]+\.py)"', line)):
                scripts[name] = REPO / m.group(1)
                name = None
    return scripts


def script_of(rule: str, scripts: dict[str, Path]) -> Path | None:
    if rule in scripts:
        return scripts[rule]
    return next((p for n, p in scripts.items() if n.endswith("_") and rule.startswith(n)), None)


def import_lines(script: Path) -> str:
    tree = ast.parse(script.read_text())
    return "\n".join(ast.unparse(node) for node in tree.body
                     if isinstance(node, ast.Import | ast.ImportFrom))


def startup_cpu(code: str, env: dict[str, str], repeats: int) -> float:
    """Least CPU seconds of a fresh interpreter running ``code``."""
    best = float("inf")
    for _ in range(repeats):
        before = children_cpu()
        subprocess.run([sys.executable, "-c", code], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        best = min(best, children_cpu() - before)
    return best


def reference_cpu(repeats: int) -> float:
    """Least CPU seconds of a fixed workload in this process: a 10^7-step pure-Python loop and
    40 products of 400 x 400 matrices on one BLAS thread. The machine's speed varies from day to
    day; two runs' CPU seconds compare only at a similar reference."""
    import numpy as np
    from threadpoolctl import threadpool_limits

    a = np.random.default_rng(0).standard_normal((400, 400))

    def work() -> None:
        total = 0
        for i in range(10_000_000):
            total += i
        with threadpool_limits(limits=1):
            for _ in range(40):
                a @ a

    return best_cpu(work, repeats)


def bytecode_environment(no_bytecode: bool) -> str:
    """Unset PYTHONDONTWRITEBYTECODE for the run unless ``no_bytecode``; say what was done.

    On a stock system Python writes each module's bytecode (``__pycache__``) the first time
    it is imported, and later jobs load it. Where PYTHONDONTWRITEBYTECODE is set (some
    containers set it), every job compiles the fsstab modules it imports again, about 0.2-0.5
    CPU s per job.
    """
    if not os.environ.get("PYTHONDONTWRITEBYTECODE"):
        return "PYTHONDONTWRITEBYTECODE not set"
    if no_bytecode:
        return "PYTHONDONTWRITEBYTECODE kept: every job compiles what it imports"
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    return "PYTHONDONTWRITEBYTECODE was set here and is unset for the run, as on a stock system"


def remove_bytecode() -> str:
    """Remove src/'s bytecode: the run then compiles the modules as a fresh clone's first run
    does (the first job importing a module writes its bytecode, later jobs load it)."""
    for cache in (REPO / "src").rglob("__pycache__"):
        shutil.rmtree(cache)
    return "src/ bytecode removed before the run (a fresh clone's first run)"


# -- the DAG and a schedule on idle cores ----------------------------------------------------


def dag_edges(command: list[str], env: dict[str, str]) -> tuple[dict[int, str], list[tuple]]:
    """Job ids with their rule, and (upstream, downstream) edges, from ``snakemake --dag``."""
    dot = subprocess.run([*command, "--dag"], env=env, capture_output=True, text=True,
                         check=True).stdout
    nodes = {int(i): label.split("\\n")[0]
             for i, label in re.findall(r'^\s*(\d+)\[label = "([^"]*)"', dot, re.MULTILINE)}
    edges = [(int(a), int(b)) for a, b in re.findall(r"^\s*(\d+) -> (\d+)", dot, re.MULTILINE)]
    return nodes, edges


def schedule(durations: dict[int, float], edges: list[tuple], cores: int) -> tuple[float, float]:
    """Makespan of list scheduling (longest path to the end first) and the critical path."""
    succ, preds = defaultdict(list), defaultdict(set)
    for a, b in edges:
        succ[a].append(b)
        preds[b].add(a)
    tail: dict[int, float] = {}

    def path(job: int) -> float:
        if job not in tail:
            tail[job] = durations.get(job, 0.0) + max((path(s) for s in succ[job]), default=0.0)
        return tail[job]

    jobs = set(durations) | set(succ) | set(preds)
    critical = max(path(j) for j in jobs)
    waiting = {j: len(preds[j]) for j in jobs}
    ready = [(-path(j), j) for j in jobs if waiting[j] == 0]
    heapq.heapify(ready)
    running: list[tuple[float, int]] = []
    now = 0.0
    while ready or running:
        while ready and len(running) < cores:
            _, job = heapq.heappop(ready)
            heapq.heappush(running, (now + durations.get(job, 0.0), job))
        now, job = heapq.heappop(running)
        for s in succ[job]:
            waiting[s] -= 1
            if waiting[s] == 0:
                heapq.heappush(ready, (-path(s), s))
    return now, critical


# -- component targets -----------------------------------------------------------------------


def best_cpu(fn, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def best_wall(fn, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def forest_timings(X, y, params: dict, n_jobs: int, repeats: int) -> dict[str, float]:
    """CPU and wall seconds of the bare forest and of the selector, the same trees and
    ``n_jobs`` on both sides (BLAS/OpenMP pinned by the caller)."""
    from sklearn.ensemble import RandomForestClassifier

    from fsstab.selectors import RandomForestSelector

    trees = params.get("n_estimators", 500)

    def bare():
        return RandomForestClassifier(n_estimators=trees, random_state=0, n_jobs=n_jobs).fit(X, y)

    def ours():
        return RandomForestSelector(**{**params, "n_jobs": n_jobs}, random_state=0).fit(X, y)

    return {"rf_bare_cpu": best_cpu(bare, repeats), "rf_ours_cpu": best_cpu(ours, repeats),
            "rf_bare_wall": best_wall(bare, repeats), "rf_ours_wall": best_wall(ours, repeats)}


def components(workdir: Path, wf, repeats: int) -> dict[str, float]:
    """The issue's component targets, measured on the run's own data."""
    import numpy as np
    from sklearn.ensemble import RandomForestClassifier
    from threadpoolctl import threadpool_limits

    from fsstab.datasets import read_dataset
    from fsstab.resampling import read_resamples
    from fsstab.selectors import SELECTORS, calibrate_C

    try:  # growing the trees and nothing else (the Cython builder), where available
        from fsstab._forest import fit_forest as grow
    except ImportError:
        def grow(forest, X, y):
            return forest.fit(X, y)

    out: dict[str, float] = {}
    data = workdir / wf.raw["data_dir"]
    results = workdir / wf.raw["results_dir"]
    with threadpool_limits(limits=1):
        for c in wf.configurations:
            if c.spec["class"] != "RandomForestSelector":
                continue
            for dataset in c.datasets:
                ds = read_dataset(data / dataset / "dataset.parquet")
                rs = read_resamples(results / dataset / "resamples.parquet", y=ds.y)
                X, y = ds.X[rs.train[0]], ds.y[rs.train[0]]
                params = dict(c.spec["params"])
                for n_jobs in (1, 2):
                    key = f"{c.id}/{dataset}/{n_jobs}"
                    for name, value in forest_timings(X, y, params, n_jobs, repeats).items():
                        out[f"{name}/{key}"] = value
                k = params.get("n_features_to_select") or 10
                small = X[:, np.argsort(-X.var(axis=0))[:k]]
                trees = params.get("n_estimators", 500)
                out[f"rf_floor/{c.id}/{dataset}"] = len(rs.train) * sum(
                    best_cpu(lambda data=data, y=y, trees=trees: grow(RandomForestClassifier(
                        n_estimators=trees, random_state=0, n_jobs=1), data, y), repeats)
                    for data in (X, small))
        for c in wf.configurations:
            if c.calibrate_target_k is None or "breast_cancer" not in c.datasets:
                continue
            ds = read_dataset(data / "breast_cancer" / "dataset.parquet")
            rs = read_resamples(results / "breast_cancer" / "resamples.parquet", y=ds.y)
            selector = SELECTORS[c.spec["class"]](**c.spec["params"])

            def calibration(selector=selector, ds=ds, rs=rs, target=c.calibrate_target_k):
                return calibrate_C(selector, ds.X, ds.y, list(rs.train), target)

            out[f"calibrate_cpu/{c.id}"] = best_cpu(calibration, max(1, repeats - 1))
            out[f"calibrate_wall/{c.id}"] = best_wall(calibration, 1)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cores", type=int, default=2)
    parser.add_argument("--config", type=Path, default=REPO / "config" / "config.yaml")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--workdir", type=Path, help="run here (default: a temporary folder)")
    parser.add_argument("--keep", action="store_true", help="keep the run's folder")
    parser.add_argument("--keep-bytecode", action="store_true",
                        help="run on the bytecode src/ already has (a later run); default: "
                             "removed first, as in a fresh clone's first run")
    parser.add_argument("--no-bytecode", action="store_true",
                        help="keep PYTHONDONTWRITEBYTECODE if the environment sets it (every "
                             "job then compiles the fsstab modules it imports)")
    args = parser.parse_args()
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="fsstab-default-run-"))
    (workdir / "config").mkdir(parents=True, exist_ok=True)
    shutil.copy(args.config, workdir / "config" / "config.yaml")
    bytecode_notes = [bytecode_environment(args.no_bytecode)]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(REPO / "src"), *filter(None, [os.environ.get("PYTHONPATH")])]),
        FSSTAB_CACHE=str(workdir / "cache"))
    if shutil.which("scontrol") and "SLURM_CONF" not in env:
        # the SLURM executor plugin probes the controller at every Snakemake start (up to
        # 10 s where none runs; DEVELOPERS.md): give it one that fails at once
        conf = workdir / "no-slurm.conf"
        conf.write_text("ClusterName=none\nSlurmctldHost=localhost\nSlurmctldPort=1\n"
                        "MessageTimeout=1\n")
        env["SLURM_CONF"] = str(conf)
    snakemake = [shutil.which("snakemake") or sys.executable, "-s", str(REPO / "Snakefile"),
                 "--directory", str(workdir)]
    if not shutil.which("snakemake"):
        snakemake[1:1] = ["-m", "snakemake"]
    nodes, edges = dag_edges(snakemake, env)
    machine_reference = reference_cpu(args.repeats)
    before_cpu, load_before = children_cpu(), load()
    dry_start = children_cpu()
    subprocess.run([*snakemake, "-n", "--quiet", "all"], env=env, check=True,
                   capture_output=True)
    dag_cpu = children_cpu() - dry_start
    bytecode_notes.append("src/ bytecode as found" if args.keep_bytecode else remove_bytecode())
    before_cpu = children_cpu()
    start = time.perf_counter()
    with tempfile.TemporaryFile("w+") as log:
        process = subprocess.Popen([*snakemake, "--cores", str(args.cores), "--quiet", "all",
                                    "--benchmark-extended"], env=env, stdout=log, stderr=log,
                                   text=True)
        main_cpu = own_cpu_until_exit(process)
        wall = time.perf_counter() - start
        run_cpu = children_cpu() - before_cpu
        load_after = load()
        if process.returncode != 0:
            log.seek(0)
            print(log.read()[-5000:], file=sys.stderr)
            return process.returncode

    rows = []
    bench = workdir / "results" / "benchmarks"
    for path in bench.rglob("*.tsv"):
        with path.open() as fh:
            row = next(csv.DictReader(fh, delimiter="\t"))
        # the job's own account at the end of its log (fsstab.workflow.scripting.logged; the
        # log mirrors the benchmark's path), else Snakemake's 0.5-s samples, which miss most
        # of a short job
        log = workdir / "logs" / path.relative_to(bench).with_suffix(".log")
        cpu = log_cpu(log)
        rows.append({"rule": row["rule_name"], "jobid": int(row["jobid"]),
                     "wall": float(row["s"]), "sampled": float(row["cpu_time"]),
                     "cpu": float(row["cpu_time"]) if cpu is None else cpu})
    jobs_cpu = sum(r["cpu"] for r in rows)

    scripts = rule_scripts()
    startup: dict[Path, float] = {}
    per_rule: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        per_rule[r["rule"]].append(r)
    from fsstab.workflow.config import load_config

    wf = load_config(workdir / "config" / "config.yaml",
                     REPO / "config" / "schemas" / "config.schema.yaml")
    measured = components(workdir, wf, args.repeats)
    rf_floor = defaultdict(float)
    for c in wf.configurations:
        for dataset in c.datasets:
            rule = "select" if wf.selection_jobs == "per_configuration" else f"select_{dataset}"
            rf_floor[rule] += measured.get(f"rf_floor/{c.id}/{dataset}", 0.0)

    print(f"default run ({args.config.name}, --cores {args.cores}, jobs with their rules' "
          f"threads): {len(rows)} jobs")
    print(f"  load average (1/5/15 min) before {load_before}, after {load_after}")
    print(f"  bytecode: {'; '.join(bytecode_notes)}")
    print(f"  machine reference: {machine_reference:.2f} CPU s for a fixed workload (a 10^7-step "
          "Python loop, 40 products of 400 x 400 matrices on 1 thread; see reference_cpu)")
    print(f"  wall clock {wall:.0f} s; CPU {run_cpu:.0f} s: Snakemake's own process "
          f"{main_cpu:.0f} s (building the DAG alone, as a dry run: {dag_cpu:.1f} s), the jobs "
          f"{run_cpu - main_cpu:.0f} s ({jobs_cpu:.0f} s in their logs' resource lines; "
          f"{sum(r['sampled'] for r in rows):.0f} s in the benchmark files, sampled every 0.5 s)")
    header = (f"{'rule':<28}{'jobs':>5}{'wall s':>9}{'CPU s':>8}{'max CPU':>9}"
              f"{'start-up':>10}{'floor':>8}")
    print()
    print(header)
    print("-" * len(header))
    total_floor = 0.0
    for rule, group in sorted(per_rule.items(), key=lambda kv: -sum(r["cpu"] for r in kv[1])):
        script = script_of(rule, scripts)
        if script is not None and script not in startup:
            startup[script] = startup_cpu(f"{PREAMBLE}\n{import_lines(script)}", env,
                                          args.repeats)
        each = startup.get(script, 0.0)
        floor = len(group) * each + rf_floor.get(rule, 0.0)
        total_floor += floor
        print(f"{rule:<28}{len(group):>5}{sum(r['wall'] for r in group):>9.1f}"
              f"{sum(r['cpu'] for r in group):>8.1f}{max(r['cpu'] for r in group):>9.1f}"
              f"{len(group) * each:>10.1f}{floor:>8.1f}")
    print("-" * len(header))
    print(f"{'all jobs':<28}{len(rows):>5}{sum(r['wall'] for r in rows):>9.1f}{jobs_cpu:>8.1f}"
          f"{'':>9}{'':>10}{total_floor:>8.1f}")
    print("  start-up: CPU of a fresh interpreter importing Snakemake's preamble and the "
          "script's imports, per job; floor: start-up + growing two forests' trees per "
          "resample (random-forest selections); the rest of each rule's CPU is its work")

    durations = {r["jobid"]: r["cpu"] for r in rows}
    labels_match = all(nodes.get(r["jobid"]) == r["rule"] for r in rows)
    # Snakemake's own CPU, and what the jobs' accounts miss (interpreter exit)
    overhead = max(0.0, run_cpu - jobs_cpu)
    print()
    if labels_match:
        makespan, critical = schedule(durations, edges, args.cores)
        estimate = makespan + overhead / args.cores
        print(f"estimated wall clock on {args.cores} idle cores: {estimate:.0f} s = jobs "
              f"scheduled on the DAG {makespan:.0f} s + the CPU outside the jobs' own accounts "
              f"(Snakemake, interpreter exits) {overhead:.0f} s / {args.cores}; lower bound "
              "max(CPU / cores, critical path) = "
              f"{max(run_cpu / args.cores, critical):.0f} s (critical path {critical:.0f} s)")
    else:
        estimate = run_cpu / args.cores
        print(f"(job ids of the run differ from the dry run's DAG: no schedule) "
              f"CPU / cores = {estimate:.0f} s")
    print()
    print("targets (measured in this run; BLAS/OpenMP pinned with threadpoolctl, the same "
          "n_jobs on both sides)")
    print(f"  default run on {args.cores} idle cores <= 45 s: estimated {estimate:.0f} s "
          f"(measured {wall:.0f} s at load {load_before} -> {load_after})")
    for key in sorted(k for k in measured if k.startswith("rf_ours_cpu/")):
        rest = key.removeprefix("rf_ours_cpu/")
        name, dataset, n_jobs = rest.split("/")
        ours, bare = measured[key], measured[f"rf_bare_cpu/{rest}"]
        ours_w, bare_w = measured[f"rf_ours_wall/{rest}"], measured[f"rf_bare_wall/{rest}"]
        print(f"  RandomForestSelector ({name}) / RandomForestClassifier, same trees, {dataset},"
              f" {n_jobs} thread(s) each: CPU {ours:.3f} / {bare:.3f} s = {ours / bare:.2f}x "
              f"(<= 1.5x); wall {ours_w:.3f} / {bare_w:.3f} s = {ours_w / bare_w:.2f}x")
    for key in sorted(k for k in measured if k.startswith("calibrate_cpu/")):
        name = key.removeprefix("calibrate_cpu/")
        print(f"  calibration of lambda ({name}) on breast cancer <= 5 s: CPU "
              f"{measured[key]:.2f} s, wall {measured[f'calibrate_wall/{name}']:.2f} s "
              f"(1 thread)")
    if args.keep or args.workdir:
        print(f"outputs kept in {workdir}")
    else:
        shutil.rmtree(workdir)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
