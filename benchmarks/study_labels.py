"""What reading a wide CSV matrix's labels alone costs, against the fetch of the whole file.

The workflow counts the classes of a local CSV/TSV source before the first job from its target
column (:func:`fsstab.sources.study_labels.source_class_counts`), once per start of Snakemake
until the dataset is fetched. Writes an n x d matrix (samples in rows: ``sample``, d - 2
genes, ``status`` last) and runs, each in a fresh process with ``OMP_NUM_THREADS=1`` and BLAS /
OpenMP pinned to one thread with threadpoolctl (``_threads.pinned``), the label count and the
fetch. Prints per case the CPU seconds (user + sys), the wall time and the process's own peak
RSS (``VmHWM`` of ``/proc/self/status``).

Run: ``PYTHONPATH=src nice python benchmarks/study_labels.py --n 30 --d 100000``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
from _threads import describe

RUN = """
import json, os, sys, time
from _threads import pinned
from fsstab.sources import fetch
from fsstab.sources.study_labels import source_class_counts
path, what = sys.argv[1:3]
spec = {"source": "file:" + path, "id_column": "sample", "target": "status"}
with pinned():
    start, wall = os.times(), time.perf_counter()
    if what == "labels":
        outcome = source_class_counts(spec)
    else:
        outcome = fetch(spec).class_counts
    end = os.times()
hwm = next(int(line.split()[1]) for line in open("/proc/self/status")
           if line.startswith("VmHWM:"))
print(json.dumps({"cpu": end.user + end.system - start.user - start.system,
                  "wall": time.perf_counter() - wall, "peak_mb": hwm / 1024,
                  "outcome": outcome}))
"""


def write_matrix(path: Path, n: int, d: int) -> None:
    rng = np.random.default_rng(0)
    genes = d - 2
    with path.open("w") as out:
        out.write(",".join(["sample", *(f"g{j}" for j in range(genes)), "status"]) + "\n")
        for i in range(n):
            values = rng.normal(size=genes).round(6)
            out.write(",".join([f"s{i:03d}", *map(repr, values.tolist()), "ab"[i % 2]]) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=30)
    parser.add_argument("--d", type=int, default=100_000)
    args = parser.parse_args()
    here = Path(__file__).resolve().parent
    env = {**os.environ, "OMP_NUM_THREADS": "1",
           "PYTHONPATH": os.pathsep.join([str(here.parent / "src"), str(here)])}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "matrix.csv"
        write_matrix(path, args.n, args.d)
        size = path.stat().st_size / 1e6
        print(f"{args.n} x {args.d:,} CSV ({size:.0f} MB); {describe()}")
        for what in ("labels", "fetch"):
            out = subprocess.run([sys.executable, "-c", RUN, str(path), what], env=env,
                                 capture_output=True, text=True, check=True)
            result = json.loads(out.stdout.strip().splitlines()[-1])
            print(f"{what:7s} CPU {result['cpu']:6.2f} s  wall {result['wall']:6.2f} s  "
                  f"peak RSS {result['peak_mb']:7.0f} MB  classes {result['outcome']}")


if __name__ == "__main__":
    main()
