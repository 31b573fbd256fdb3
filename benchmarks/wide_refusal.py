"""How fast a wide CSV matrix with a non-numeric value is refused, and the same file read.

Writes an n x d matrix (samples in rows: an id column, a ``status`` column and d - 3 genes,
plus one column ``batch`` of text that the study does not name, so that every line holds a
value that is not a number; and the same values with genes in rows, one text line) and fetches
it in a fresh process with ``OMP_NUM_THREADS=1``, BLAS and OpenMP pinned to one thread with
threadpoolctl (``_threads.pinned``). ``--clean`` reads the file without the text column (the
accepted read, for comparison). Prints per case the CPU seconds (user + sys of the fetch), the
wall time, the process's peak RSS (``VmHWM`` of ``/proc/self/status``, the process's own, not
inherited) and the start of the error message.

Run: ``PYTHONPATH=src nice python benchmarks/wide_refusal.py --n 30 --d 10050``.
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

FETCH = """
import json, os, sys, time
from _threads import pinned
from fsstab.sources import fetch
path, layout = sys.argv[1:3]
spec = {"source": "file:" + path, "target": "status", "positive": "b"}
if layout == "genes":
    spec.update(transpose=True, row_names=True, id_column="sample")
else:
    spec["id_column"] = "sample"
with pinned():
    start, wall = os.times(), time.perf_counter()
    try:
        ds = fetch(spec)
        outcome = f"read {ds.X.shape[0]} x {ds.X.shape[1]}"
    except ValueError as error:
        outcome = f"refused: {error}"
    end = os.times()
hwm = next(int(line.split()[1]) for line in open("/proc/self/status")
           if line.startswith("VmHWM:"))
print(json.dumps({"cpu": end.user + end.system - start.user - start.system,
                  "wall": time.perf_counter() - wall, "peak_mb": hwm / 1024,
                  "outcome": outcome}))
"""


def write_matrix(folder: Path, n: int, d: int, *, text: bool) -> dict[str, Path]:
    """The two layouts of one matrix: ``sample``, ``status``, genes (and ``batch``, text)."""
    rng = np.random.default_rng(0)
    genes = d - 3
    X = rng.normal(size=(n, genes)).round(6)
    ids = [f"s{i:03d}" for i in range(n)]
    status = ["ab"[i % 2] for i in range(n)]
    batch = [f"batch{i % 3}" if text else f"{i % 3}" for i in range(n)]
    names = [f"g{j}" for j in range(genes)]
    rows, lines = folder / f"rows_{text}.csv", folder / f"genes_{text}.csv"
    with rows.open("w") as out:
        out.write(",".join(["sample", "status", *names[:genes // 2], "batch",
                            *names[genes // 2:]]) + "\n")
        for i in range(n):
            values = [repr(v) for v in X[i].tolist()]
            out.write(",".join([ids[i], status[i], *values[:genes // 2], batch[i],
                                *values[genes // 2:]]) + "\n")
    with lines.open("w") as out:
        out.write(",".join(["sample", *ids]) + "\n")
        out.write(",".join(["status", *status]) + "\n")
        for j in range(genes):
            if j == genes // 2:
                out.write(",".join(["batch", *batch]) + "\n")
            out.write(",".join([names[j], *map(repr, X[:, j].tolist())]) + "\n")
    return {"samples": rows, "genes": lines}


def run(path: Path, layout: str) -> dict:
    env = {**os.environ, "OMP_NUM_THREADS": "1",
           "PYTHONPATH": os.pathsep.join([str(Path(__file__).parent),
                                          os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", FETCH, str(path), layout],
                          capture_output=True, text=True, env=env, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=30)
    parser.add_argument("--d", type=int, default=10_050)
    parser.add_argument("--clean", action="store_true",
                        help="also read the file without the text column")
    parser.add_argument("--layouts", default="samples,genes")
    args = parser.parse_args()
    print(describe())
    print(f"{args.n} samples x {args.d} columns (genes in rows: {args.d - 2} lines)")
    with tempfile.TemporaryDirectory() as folder:
        cases = [True, False] if args.clean else [True]
        for text in cases:
            paths = write_matrix(Path(folder), args.n, args.d, text=text)
            for layout in args.layouts.split(","):
                result = run(paths[layout], layout)
                what = "with a text column" if text else "all numbers"
                print(f"{layout:>7} in rows, {what:>18}: {result['cpu']:7.2f} CPU s "
                      f"{result['wall']:7.2f} s wall  peak RSS {result['peak_mb']:6.0f} MB  "
                      f"{result['outcome'][:160]}")
    print(f"load average after: {'/'.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
