"""How long a plain ``snakemake -n`` of the default configuration takes to start, and what of
SLURM lies on its path.

    python3 benchmarks/snakemake_startup.py [--runs 5]

Snakemake imports every installed executor plugin at each start; the SLURM plugin (the
``slurm`` extra) runs ``scontrol show config`` then, with a 10 s timeout. Where the SLURM client
is installed and configured but no controller answers, each start waits for it. Run before and
after ``python3 -m pytest -m cluster`` (which installs, starts and stops a single-node SLURM):
the two rows must agree. Printed: whether the plugin is installed, where ``scontrol`` and the
SLURM configuration are, how long ``scontrol show config`` takes, then per run the wall
seconds and the CPU seconds (user + system of Snakemake and what it starts) of
``snakemake -n --quiet`` in a fresh folder, their medians, and the load average before and
after. The dry run has one thread (``OMP_NUM_THREADS=1``): nothing in it is parallel.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _threads import describe

REPO = Path(__file__).resolve().parents[1]


def slurm_state() -> list[str]:
    """What of SLURM a snakemake start meets: the plugin, scontrol, its configuration."""
    lines = []
    plugin = importlib.util.find_spec("snakemake_executor_plugin_slurm") is not None
    lines.append(f"snakemake-executor-plugin-slurm installed: {plugin}")
    scontrol = shutil.which("scontrol")
    lines.append(f"scontrol: {scontrol or 'not on PATH'}")
    conf = os.environ.get("SLURM_CONF", "/etc/slurm/slurm.conf")
    lines.append(f"SLURM configuration {conf}: {'present' if Path(conf).exists() else 'absent'}")
    if scontrol:
        start = time.perf_counter()
        result = subprocess.run([scontrol, "show", "config"], capture_output=True, text=True,
                                timeout=30, check=False)
        lines.append(f"`scontrol show config`: exit {result.returncode} after "
                     f"{time.perf_counter() - start:.2f} s")
    return lines


def dry_run(folder: Path) -> tuple[float, float]:
    """(wall s, CPU s) of one ``snakemake -n --quiet`` of the default configuration."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    executable = shutil.which("snakemake") or sys.executable
    command = [executable] if executable != sys.executable else [sys.executable, "-m",
                                                                 "snakemake"]
    result = subprocess.run([*command, "-s", str(REPO / "Snakefile"), "--directory",
                             str(folder), "-n", "--quiet", "--cores", "1"],
                            capture_output=True, text=True, check=False,
                            env={**os.environ, "OMP_NUM_THREADS": "1"})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise SystemExit(f"snakemake -n failed:\n{result.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    print("\n".join(slurm_state()))
    print(f"before: {describe()}")
    walls, cpus = [], []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        shutil.copytree(REPO / "config", folder / "config")
        print("| run | wall s | CPU s |\n|---|---|---|")
        for k in range(runs):
            wall, cpu = dry_run(folder)
            walls.append(wall)
            cpus.append(cpu)
            print(f"| {k + 1} | {wall:.2f} | {cpu:.2f} |")
    print(f"| median | {statistics.median(walls):.2f} | {statistics.median(cpus):.2f} |")
    print(f"after: {describe()}")


if __name__ == "__main__":
    main()
