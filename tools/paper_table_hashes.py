"""Run the workflow's and every paper's reduced configuration and list the sha256 of every table.

A refactoring must not change a single result table. Run this before and after, then compare
the two lists::

    python3 tools/paper_table_hashes.py --workdir /tmp/before > before.tsv
    ... change the code ...
    python3 tools/paper_table_hashes.py --workdir /tmp/after > after.tsv
    diff before.tsv after.tsv

Each line is ``<config>\t<path under results/>\t<sha256>\t<kind>``, where kind is ``timing``
for tables that hold wall-clock measurements (which no two runs reproduce: Snakemake's benchmark
files, tables named for timings, tables with a column of seconds) and ``result`` otherwise. The
claims, comparison and conclusions tables of the papers that make claims about run times
(Bommert Ch. 5-6, Onda §3.6, Sechidis Fig. 1) are results that also judge measured times: their
rows on those claims (evidence, and a verdict near its threshold) may differ between two runs;
compare them row by row with the claim ids.

The reduced configurations are the files the slow end-to-end tests run
(``config/paper/*.test.yaml`` and ``bommert2020_ch56_offline.yaml``); data come from the
mirror (``--mirror``, default ``$FSSTAB_MIRROR`` or ``../shared/datasets``). The workflow's own
configurations (the default run, ``.test`` and ``config/examples/``) run beside them, with
``.test/`` linked into the working folder, where their relative paths point.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

WORKFLOW_CONFIGS = {
    "default": "config/config.yaml",
    "test": ".test/config/config.yaml",
    "my_data": "config/examples/my_data.yaml",
    "patient_study": "config/examples/patient_study.yaml",
    "diabetes": "config/examples/diabetes.yaml",
    "metastasis": "config/examples/metastasis.yaml",
}

REDUCED_CONFIGS = {
    "hamer2021": "config/paper/hamer2021.test.yaml",
    "nogueira2016": "config/paper/nogueira2016.test.yaml",
    "sechidis2019": "config/paper/sechidis2019.test.yaml",
    "onda2022": "config/paper/onda2022.test.yaml",
    "bommert2020_ch56": "config/paper/bommert2020_ch56_offline.yaml",
    "bommert2020_ch78": "config/paper/bommert2020_ch78.test.yaml",
}

CONFIGS = {**WORKFLOW_CONFIGS, **REDUCED_CONFIGS}

# wall-clock measurements: Snakemake's benchmark files and tables whose file name says they
# hold timings (Bommert's Ch. 5 "benchmark" folder holds results, so only the file name counts)
TIMING_MARKERS = ("timing", "times", "seconds", "speed", "runtime", "run_time")

TABLE_SUFFIXES = (".parquet", ".csv", ".tsv", ".json")


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def columns_of(path: Path) -> list[str]:
    """A table's column names (Parquet schema, CSV/TSV header); none for JSON."""
    if path.suffix == ".parquet":
        import pyarrow.parquet as pq

        return list(pq.read_schema(path).names)
    if path.suffix in (".csv", ".tsv"):
        with path.open(encoding="utf-8", errors="replace") as handle:
            header = handle.readline().rstrip("\r\n")
        return header.split("\t" if path.suffix == ".tsv" else ",")
    return []


def is_timing_column(name: str) -> bool:
    """A column of wall-clock seconds: ``seconds``, ``*_seconds``, ``time_*``, ``*_time``
    (a survival outcome's ``time`` column is not one)."""
    name = name.strip().strip('"').lower()
    return (name == "seconds" or name.endswith(("_seconds", "_time"))
            or name.startswith("time_"))


def kind_of(relative: str, path: Path | None = None) -> str:
    # Snakemake's benchmark folder, at the top of results/ or of a configuration's
    # results_dir (the examples write under results/<example>/)
    if "benchmarks" in relative.split("/")[:-1]:
        return "timing"
    name = relative.rsplit("/", 1)[-1].lower()
    if any(marker in name for marker in TIMING_MARKERS):
        return "timing"
    # tables named for what they time (Bommert's Ch. 5 scaling, Ch. 6 measure times, the
    # accuracy-against-time tables of Figs. 5.7-5.8) hold seconds in a column
    if path is not None and any(is_timing_column(c) for c in columns_of(path)):
        return "timing"
    return "result"


def run_config(name: str, config: Path, workdir: Path, mirror: Path, cores: int) -> float:
    if workdir.exists():
        raise SystemExit(f"{workdir} exists: give a fresh --workdir (results are never "
                         "overwritten)")
    workdir.mkdir(parents=True)
    (workdir / ".test").symlink_to(REPO / ".test", target_is_directory=True)
    executable = shutil.which("snakemake")
    command = [executable] if executable else [sys.executable, "-m", "snakemake"]
    command += ["-s", str(REPO / "Snakefile"), "--directory", str(workdir), "--cores",
                str(cores), "--configfile", str(config)]
    environment = dict(os.environ, FSSTAB_MIRROR=str(mirror),
                       FSSTAB_CACHE=str(workdir / "cache"))
    started = time.perf_counter()
    with (workdir / "snakemake.log").open("w") as log:
        result = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT, env=environment,
                                check=False)
    if result.returncode != 0:
        raise SystemExit(f"{name}: snakemake failed, see {workdir / 'snakemake.log'}")
    return time.perf_counter() - started


def table_hashes(workdir: Path) -> list[tuple[str, str, str]]:
    results = workdir / "results"
    rows = []
    for path in sorted(results.rglob("*")):
        if path.is_file() and path.suffix in TABLE_SUFFIXES:
            relative = path.relative_to(results).as_posix()
            rows.append((relative, sha256(path), kind_of(relative, path)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workdir", type=Path, required=True,
                        help="a new folder; each configuration runs in <workdir>/<name>")
    parser.add_argument("--mirror", type=Path,
                        default=Path(os.environ.get("FSSTAB_MIRROR",
                                                    REPO.parent / "shared" / "datasets")))
    parser.add_argument("--cores", type=int, default=2)
    parser.add_argument("configs", nargs="*", default=list(CONFIGS),
                        help=f"which ones (default all: {', '.join(CONFIGS)})")
    args = parser.parse_args()
    unknown = sorted(set(args.configs) - set(CONFIGS))
    if unknown:
        parser.error(f"unknown configuration(s) {unknown}; known: {sorted(CONFIGS)}")
    for name in args.configs:
        workdir = args.workdir / name
        seconds = run_config(name, REPO / CONFIGS[name], workdir, args.mirror,
                             args.cores)
        print(f"# {name}: {seconds:.0f} s wall", file=sys.stderr)
        for relative, digest, kind in table_hashes(workdir):
            print(f"{name}\t{relative}\t{digest}\t{kind}", flush=True)


if __name__ == "__main__":
    main()
