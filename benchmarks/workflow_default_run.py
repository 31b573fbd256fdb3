"""Time the default workflow run (config/config.yaml) end to end and per rule.

    python3 benchmarks/workflow_default_run.py [--cores 2] [--config config/config.yaml]

Runs ``snakemake --cores N`` on a copy of the configuration in a temporary folder (``src/`` on
PYTHONPATH, so no install is needed), then prints the wall-clock time of the whole run and a
table of Snakemake's per-job benchmark files summed per rule. The issue's target: the default
run in under 10 minutes on a 2-core machine.
"""

from __future__ import annotations

import argparse
import csv
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def rule_of(path: Path, benchmarks: Path) -> str:
    """The rule a benchmark file belongs to, from its place in results/benchmarks/."""
    parts = path.relative_to(benchmarks).parts
    name = path.stem
    if "select" in parts:
        return name if name in ("calibrate", "gather") else "select"
    if "stability" in parts:
        return "stability"
    if "figures" in parts:
        for prefix in ("feature_map", "pareto", "trajectory", "summary"):
            if name.startswith(prefix):
                return f"figure_{prefix}"
    return name


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cores", type=int, default=2)
    parser.add_argument("--config", type=Path, default=REPO / "config" / "config.yaml")
    parser.add_argument("--keep", action="store_true", help="keep the run's folder")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="fsstab-default-run-"))
    (workdir / "config").mkdir()
    shutil.copy(args.config, workdir / "config" / "config.yaml")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(REPO / "src"), *filter(None, [os.environ.get("PYTHONPATH")])]))
    command = [shutil.which("snakemake") or sys.executable, "-s", str(REPO / "Snakefile"),
               "--directory", str(workdir), "--cores", str(args.cores), "--quiet", "all"]
    if not shutil.which("snakemake"):
        command[1:1] = ["-m", "snakemake"]
    start = time.perf_counter()
    result = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        print(result.stderr[-5000:], file=sys.stderr)
        return result.returncode
    totals: dict[str, list[float]] = defaultdict(list)
    benchmarks = workdir / "results" / "benchmarks"
    for path in benchmarks.rglob("*.tsv"):
        with path.open() as fh:
            row = next(csv.DictReader(fh, delimiter="\t"))
        totals[rule_of(path, benchmarks)].append(float(row["s"]))
    print(f"default run ({args.config.name}, --cores {args.cores}): {wall:.0f} s wall clock")
    print(f"{'rule':<22}{'jobs':>6}{'sum s':>10}{'max s':>10}")
    for rule, seconds in sorted(totals.items(), key=lambda kv: -sum(kv[1])):
        print(f"{rule:<22}{len(seconds):>6}{sum(seconds):>10.1f}{max(seconds):>10.1f}")
    if args.keep:
        print(f"outputs kept in {workdir}")
    else:
        shutil.rmtree(workdir)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
