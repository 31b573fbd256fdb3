"""What drawing all figures of one dataset costs: the work of a ``figures_<dataset>`` job.

    python benchmarks/figures_cost.py RUN_FOLDER [--src DIR ...] [--dataset NAME ...]
                                      [--repeat N] [--keep DIR]

``RUN_FOLDER`` is a finished default run (its ``config/config.yaml``, ``data/`` and
``results/``). For every ``--src`` (default: this checkout's ``src``; give several to compare
two versions of the library side by side in one run, e.g. ``--src /path/a/src --src
/path/b/src``) and every dataset of the configuration, a fresh Python process with
``PYTHONPATH=<src>`` draws and saves the dataset's figures the way ``scripts/figures.py``
does (:func:`fsstab.workflow.figures.write_dataset_figures`, with the parameters the rule
``figures_<dataset>`` passes) into a temporary folder, so the run folder is only read.

Printed per (repeat, src, dataset) -- the sources alternate within each repeat, so that
they see the same load -- the CPU seconds (user + system) and wall seconds of drawing and
saving the figures, the CPU seconds of the whole process (imports included: what the job's
log reports; here it also validates the configuration), its peak RSS, the number of files
written and the load average before and after; with ``--repeat`` then the fastest repeat
of each. BLAS/OpenMP pools are pinned to one thread (the rule's ``threads: 1``).
``--keep DIR`` keeps the figures of the last repeat under ``DIR/<n>_<dataset>/`` (``n`` the
position of the ``--src``), to compare them.
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
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent


def _load() -> str:
    return "/".join(f"{x:.2f}" for x in os.getloadavg())


# --------------------------------------------------------------------------------------------
# The child: one dataset's figures, in the process of the library under test
# --------------------------------------------------------------------------------------------


def _figure_job(run: Path, dataset: str, out: Path, schema: Path) -> dict:
    """The arguments of ``write_dataset_figures`` as rules/figures.smk and rules/common.smk
    spell them (same stems, inputs and parameters), outputs under ``out``."""
    import yaml

    from fsstab.workflow.checks import checked_workflow
    from fsstab.workflow.config import load_schema
    from fsstab.workflow.data import sample_groups_column
    from fsstab.workflow.figures import FeatureMapFiles
    from fsstab.workflow.labels import score_label

    config = yaml.safe_load((run / "config" / "config.yaml").read_text())
    wf = checked_workflow(config, load_schema(schema), base_dir=run)
    if dataset not in wf.datasets:
        raise SystemExit(f"dataset {dataset!r} is not in {run}/config/config.yaml; it has "
                         f"{sorted(wf.datasets)}")
    results = run / wf.results_dir / dataset
    data = run / wf.data_dir / dataset
    folder = out / "figures"
    configurations = wf.configurations_for(dataset) if wf.feature_maps else ()
    maps = [
        FeatureMapFiles(c.spec, results / "select" / c.id / "runs.parquet",
                        results / "select" / c.id / "features.parquet",
                        results / "stability" / f"{c.id}.parquet",
                        folder / "feature_maps" / c.id)
        for c in configurations
    ]
    return {
        "dataset_file": data / "dataset.parquet",
        "summary_file": results / "stability.parquet",
        "pareto_file": results / "pareto.parquet",
        "summary_stem": folder / "summary",
        "pareto_stems": {m: folder / "pareto" / m for m in wf.pareto_measures},
        "trajectory_stems": {s: folder / "trajectories" / s
                          for s in wf.trajectory_selectors(dataset)},
        "feature_maps": maps,
        "gammas": wf.pareto_gammas,
        "measures": list(wf.figure_measures),
        "rank_cap": wf.rank_cap,
        "confidence_level": wf.confidence_level,
        "score_label": score_label(wf.resampling_for(dataset)["scheme"],
                                groups=sample_groups_column(wf.datasets[dataset].source)),
    }


def child(run: Path, dataset: str, out: Path, src: Path) -> None:
    """Draw one dataset's figures and print one JSON line of costs."""
    sys.path.insert(0, str(HERE))
    from _threads import pinned

    import fsstab
    from fsstab.workflow.figures import write_dataset_figures

    if not Path(fsstab.__file__).resolve().is_relative_to(src.resolve()):
        raise SystemExit(f"fsstab was imported from {fsstab.__file__}, not from {src}")
    arguments = _figure_job(run, dataset, out, src.parent / "config" / "schemas"
                            / "config.schema.yaml")
    with pinned():
        usage = resource.getrusage(resource.RUSAGE_SELF)
        start = time.perf_counter()
        written = write_dataset_figures(dataset, **arguments)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_SELF)
    draw_cpu = (after.ru_utime - usage.ru_utime) + (after.ru_stime - usage.ru_stime)
    print(json.dumps({"draw_cpu": draw_cpu, "draw_wall": wall,
                      "process_cpu": after.ru_utime + after.ru_stime,
                      "peak_rss_mb": after.ru_maxrss / 1024, "files": len(written)}))


# --------------------------------------------------------------------------------------------
# The parent: one fresh process per (src, dataset, repeat)
# --------------------------------------------------------------------------------------------


def _datasets(run: Path) -> list[str]:
    import yaml

    return list(yaml.safe_load((run / "config" / "config.yaml").read_text())["datasets"])


def measure(run: Path, src: Path, dataset: str, out: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(src), "OMP_NUM_THREADS": "1",
           "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "MPLBACKEND": "Agg"}
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child", str(run), "--src", str(src),
         "--dataset", dataset, "--out", str(out)],
        capture_output=True, text=True, env=env, check=False,
    )
    process_wall = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"drawing {dataset} with {src} failed:\n{result.stderr[-3000:]}")
    return {**json.loads(result.stdout.strip().splitlines()[-1]), "process_wall": process_wall}


def _row(src: Path, dataset: str, row: dict, load: str) -> str:
    return (f"{str(src)[-28:]:<28} {dataset:<18} {row['draw_cpu']:>10.2f} "
            f"{row['draw_wall']:>11.2f} {row['process_cpu']:>10.2f} {row['process_wall']:>11.2f} "
            f"{row['peak_rss_mb']:>11.0f} {row['files']:>5}  {load}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", type=Path, help="a finished default run's folder")
    parser.add_argument("--src", type=Path, action="append",
                        help="a library's src folder (repeat to compare); default: this one")
    parser.add_argument("--dataset", action="append", help="default: every dataset")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="keep the last repeat's figures here")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    run = args.run.resolve()
    if not (run / "config" / "config.yaml").is_file():
        raise SystemExit(f"{run} has no config/config.yaml: give a finished run's folder")
    sources = [s.resolve() for s in (args.src or [REPO / "src"])]
    if args.child:
        child(run, args.dataset[0], args.out, sources[0])
        return
    for src in sources:
        if not (src / "fsstab" / "__init__.py").is_file():
            raise SystemExit(f"--src {src} holds no fsstab package")
    datasets = args.dataset or _datasets(run)
    sys.path.insert(0, str(HERE))
    from _threads import describe

    print(f"run folder: {run}; {os.cpu_count()} cores; one process per row, "
          f"threads pinned to 1")
    print(f"{'src':<28} {'dataset':<18} {'draw CPU s':>10} {'draw wall s':>11} "
          f"{'proc CPU s':>10} {'proc wall s':>11} {'peak RSS MB':>11} {'files':>5}  load before"
          " -> after")
    best: dict[tuple[int, str], dict] = {}
    for repeat in range(args.repeat):  # the sources alternate, so that both see the same load
        for n, src in enumerate(sources):
            for dataset in datasets:
                with tempfile.TemporaryDirectory() as tmp:
                    load = _load()
                    row = measure(run, src, dataset, Path(tmp))
                    if args.keep is not None and repeat == args.repeat - 1:
                        target = args.keep / f"{n}_{dataset}"
                        shutil.rmtree(target, ignore_errors=True)
                        shutil.copytree(Path(tmp) / "figures", target)
                print(_row(src, dataset, row, f"{load} -> {_load()}"), flush=True)
                key = (n, dataset)
                if key not in best or row["draw_cpu"] < best[key]["draw_cpu"]:
                    best[key] = row
    if args.repeat > 1:
        print(f"fastest of {args.repeat} repeats (by draw CPU):")
        for (n, dataset), row in best.items():
            print(_row(sources[n], dataset, row, ""))
    print(describe())


if __name__ == "__main__":
    main()
