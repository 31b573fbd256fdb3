"""Reading a wide CSV study: bounded (fsstab.sources.wide_studies) against the whole-file read.

Writes an n x d matrix of normal values (6 decimals) as R writes it -- ``write.csv`` with
samples in rows (quoted row names under an empty header cell) and ``write.csv(assay)`` with
genes in rows (an empty top-left cell) -- with a sample sheet, and fetches each study in a
fresh process with ``OMP_NUM_THREADS=1`` (as Snakemake runs a one-thread job), BLAS pinned to
one thread with threadpoolctl: once in bounded memory (the default beyond 10,000 columns or
lines) and once read whole by pandas (``WIDE_COLUMNS`` raised above d). Prints per read the
CPU seconds and wall time of the fetch and the process's peak RSS; the import of fsstab,
pandas and pyarrow alone is printed as the baseline.

Run: ``PYTHONPATH=src python benchmarks/wide_study_read.py --n 60 --d 40000``.
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

READ = """
import json, resource, sys, time
from _threads import pinned
from fsstab.sources import wide_tables
from fsstab.sources import fetch
import pandas, pyarrow.parquet
path, layout, how = sys.argv[1:4]
result = {"baseline_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}
if how != "import":
    if how == "whole":
        wide_tables.WIDE_COLUMNS = 10**12
    spec = {"source": "file:" + path, "samples": path + ".sheet.csv", "target": "status",
            "transpose": layout == "genes"}
    with pinned():
        cpu, wall = time.process_time(), time.perf_counter()
        ds = fetch(spec)
        result.update(cpu=time.process_time() - cpu, wall=time.perf_counter() - wall,
                      shape=list(ds.X.shape))
result["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(result))
"""


def write_study(folder: Path, n: int, d: int) -> dict[str, Path]:
    X = np.random.default_rng(0).normal(size=(n, d)).round(6)
    ids = [f"s{i}" for i in range(n)]
    paths = {"rows": folder / "rows.csv", "genes": folder / "genes.csv"}
    with paths["rows"].open("w") as out:
        out.write('""' + "".join(f',"g{j}"' for j in range(d)) + "\n")
        for i in range(n):
            out.write(f'"{ids[i]}",' + ",".join(map(repr, X[i].tolist())) + "\n")
    with paths["genes"].open("w") as out:
        out.write('""' + "".join(f',"{s}"' for s in ids) + "\n")
        for j in range(d):
            out.write(f'"g{j}",' + ",".join(map(repr, X[:, j].tolist())) + "\n")
    sheet = "sample,status\n" + "".join(f"{s},{'ab'[i % 2]}\n" for i, s in enumerate(ids))
    for path in paths.values():
        Path(f"{path}.sheet.csv").write_text(sheet)
    return paths


def run(path: Path, layout: str, how: str) -> dict:
    env = {**os.environ, "OMP_NUM_THREADS": "1",
           "PYTHONPATH": os.pathsep.join([str(Path(__file__).parent),
                                          os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", READ, str(path), layout, how],
                          capture_output=True, text=True, env=env, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=60)
    parser.add_argument("--d", type=int, default=40_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        paths = write_study(Path(tmp), args.n, args.d)
        size = paths["rows"].stat().st_size / 2**20
        print(f"{args.n} x {args.d} values ({args.n * args.d * 8 / 2**20:.0f} MB as float64), "
              f"files of {size:.0f} MB")
        baseline = run(paths["rows"], "rows", "import")["peak_mb"]
        print(f"baseline (imports only): peak RSS {baseline:.0f} MB")
        print("| layout | read | CPU s | wall s | peak RSS MB |")
        print("|---|---|---|---|---|")
        for layout in ("rows", "genes"):
            for how in ("bounded", "whole"):
                r = run(paths[layout], layout, how)
                name = "samples in rows" if layout == "rows" else "genes in rows"
                print(f"| {name} | {how} | {r['cpu']:.1f} | {r['wall']:.1f} | "
                      f"{r['peak_mb']:.0f} |")
    print(describe())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
