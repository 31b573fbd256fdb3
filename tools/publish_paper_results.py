"""Copy a paper run's diffable results into the repository: ``docs/papers/<paper>/`` (a full
run) or ``docs/papers/<paper>/reduced/`` (the reduced configuration, which the paper's slow
test reruns and compares with these files).

What is copied: ``comparison.csv``, ``conclusions.md`` and ``conclusions.csv`` (written by the
paper's rules), the conclusions' inputs -- every ``*conclusions_inputs.json`` of the run and
the CSV of every table it names, so that each published verdict can be recomputed from the
published files alone (``tests/papers/test_published_verdicts.py``) -- and the CSVs of the
tables named with ``--table``. Files are copied as the rules wrote them, never edited. Example
(Nogueira & Brown, reduced run)::

    python3 tools/publish_paper_results.py --workdir /tmp/nb --paper nogueira2016 --reduced \\
        --table table2_datasets --table fig02_stability

``--workdir`` is the folder Snakemake ran in (``results/paper/<paper>/`` inside it).
``--reconclude <folder>`` rewrites a published folder's ``conclusions.{md,csv}`` from the inputs
published there (``fsstab.papers.<paper>.conclusions.conclude_folder``), for criteria that
changed while the run's tables did not::

    python3 tools/publish_paper_results.py --paper hamer2021 --reconclude docs/papers/hamer2021

``--inputs-of-run <folder> --config <yaml> [--only-datasets a,b]`` writes the
``conclusions_inputs.json`` of a published run whose run folder is gone: the run's part from its
configuration (``fsstab.papers.<paper>.settings.conclusions_run``, as the rule computes it), the
tables published in the folder, and ``--missing STEM=WHY`` for each table the run did not
publish (its claims are then "not run (compute)" with the cost)::

    python3 tools/publish_paper_results.py --paper sechidis2019 \\
        --inputs-of-run docs/papers/sechidis2019 --config config/paper/sechidis2019.yaml \\
        --only-datasets breast,ionosphere,landsat,sonar,waveform,wine,ipass \\
        --missing "theorems_check=not published (49 CPU-min)"
``--folder`` publishes into a sub-folder, for a paper run by several configurations (Bommert's
Ch. 5-6 and Ch. 7-8)::

    python3 tools/publish_paper_results.py --workdir /tmp/b56 --paper bommert2020 \\
        --folder ch56 --table fig05_4_rank_correlation        # -> docs/papers/bommert2020/ch56/
    python3 tools/publish_paper_results.py --workdir /tmp/b78t --paper bommert2020 \\
        --folder ch78 --reduced                               # -> .../bommert2020/ch78/reduced/
"""

from __future__ import annotations

import argparse
import importlib
import json
import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

#: What every paper's rules write and every paper publishes.
ALWAYS = ("comparison.csv", "conclusions.md", "conclusions.csv")


def destination_of(paper: str, reduced: bool, folder: str = "") -> Path:
    """``docs/papers/<paper>/[<folder>/][reduced/]``."""
    if Path(folder).is_absolute() or ".." in Path(folder).parts:
        raise SystemExit(f"--folder {folder!r}: a sub-folder name such as ch56")
    return REPO / "docs" / "papers" / paper / folder / ("reduced" if reduced else "")


def conclusion_input_files(source: Path) -> list[str]:
    """Every ``*conclusions_inputs.json`` of ``source`` and the CSVs of the tables each names."""
    names: list[str] = []
    for path in sorted(source.glob("*conclusions_inputs.json")):
        names.append(path.name)
        names += [f"{stem}.csv" for stem in json.loads(path.read_text(encoding="utf-8"))["tables"]]
    return list(dict.fromkeys(names))


def publish(workdir: Path, paper: str, tables: list[str], reduced: bool,
            target: Path | None = None, folder: str = "") -> list[Path]:
    source = workdir / "results" / "paper" / paper
    names = list(dict.fromkeys([*ALWAYS, *conclusion_input_files(source),
                                *(f"{stem}.csv" for stem in tables)]))
    missing = [name for name in names if not (source / name).is_file()]
    if missing:
        raise SystemExit(f"{source}: missing {missing}; did the paper's run finish?")
    destination = target or destination_of(paper, reduced, folder)
    destination.mkdir(parents=True, exist_ok=True)
    copied = []
    for name in names:
        shutil.copyfile(source / name, destination / name)
        copied.append(destination / name)
    return copied


def reconclude(paper: str, folder: Path) -> list[Path]:
    """Rewrite ``folder``'s ``conclusions.md`` and ``conclusions.csv`` from the conclusion
    inputs published there (the paper's ``conclusions.conclude_folder``)."""
    sys.path.insert(0, str(REPO / "src"))
    module = importlib.import_module(f"fsstab.papers.{paper}.conclusions")
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        module.conclude_folder(folder, scratch / "conclusions.md", scratch / "conclusions")
        for name in ("conclusions.md", "conclusions.csv"):
            shutil.copyfile(scratch / name, folder / name)
    return [folder / "conclusions.md", folder / "conclusions.csv"]


def inputs_of_run(paper: str, folder: Path, config: Path, only_datasets: list[str],
                  missing: dict[str, str], part: str = "",
                  named: dict[str, str] | None = None) -> list[Path]:
    """``folder/conclusions_inputs.json`` of a published run: the run's settings from its
    configuration, every table CSV published in ``folder`` and the ``missing`` ones. A paper
    in parts (``part``, e.g. ``ch8``): ``folder/<part>_conclusions_inputs.json`` with the
    tables of ``named`` (the claims rule's input name -> stem) only."""
    import yaml

    sys.path.insert(0, str(REPO / "src"))
    from fsstab.papers.conclusions import CONCLUSION_INPUTS, write_conclusion_inputs
    from fsstab.workflow.config import check_config, load_schema, validate_schema

    raw = yaml.safe_load(config.read_text(encoding="utf-8"))
    if only_datasets:
        raw["only_datasets"] = only_datasets
    workflow = check_config(validate_schema(
        raw, load_schema(REPO / "config" / "schemas" / "config.schema.yaml")))
    settings = importlib.import_module(f"fsstab.papers.{paper}.settings")
    if named:
        stems = list(dict.fromkeys(named.values()))
        absent = [stem for stem in stems
                  if not (folder / f"{stem}.csv").is_file() and stem not in missing]
        if absent:
            raise SystemExit(f"--named: {absent} not published in {folder} (name them with "
                             "--missing STEM=WHY)")
        both = [stem for stem in stems if (folder / f"{stem}.csv").is_file() and stem in missing]
        if both:
            raise SystemExit(f"--missing {both}: published in {folder}")
        tables = [stem for stem in stems if stem not in missing]
        missing = {stem: why for stem, why in missing.items() if stem in stems}
    else:
        tables = sorted(p.stem for p in folder.glob("*.csv")
                        if p.name not in ("comparison.csv", "conclusions.csv"))
    present = sorted(set(missing) & set(tables))
    if present:
        raise SystemExit(f"--missing {present}: published in {folder}")
    path = folder / (f"{part}_{CONCLUSION_INPUTS}" if part else CONCLUSION_INPUTS)
    run = settings.conclusions_run(workflow, part) if part else settings.conclusions_run(workflow)
    write_conclusion_inputs(path, tables=tables, run=run, missing=missing,
                            names={name: [stem] for name, stem in (named or {}).items()})
    return [path]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workdir", type=Path)
    parser.add_argument("--reconclude", type=Path, metavar="FOLDER",
                        help="rewrite FOLDER's conclusions from the inputs published there")
    parser.add_argument("--paper", required=True)
    parser.add_argument("--table", action="append", default=[],
                        help="a table stem of results/paper/<paper>/ to publish as CSV too")
    parser.add_argument("--reduced", action="store_true",
                        help="the reduced configuration's run (docs/papers/<paper>/reduced/)")
    parser.add_argument("--inputs-of-run", type=Path, metavar="FOLDER",
                        help="write FOLDER/conclusions_inputs.json from --config")
    parser.add_argument("--config", type=Path, help="the published run's configuration")
    parser.add_argument("--only-datasets", default="",
                        help="comma-separated only_datasets of the published run")
    parser.add_argument("--missing", action="append", default=[], metavar="STEM=WHY",
                        help="a table the published run did not publish, and why")
    parser.add_argument("--part", default="",
                        help="with --inputs-of-run: the part of a paper in parts (ch8)")
    parser.add_argument("--named", action="append", default=[], metavar="NAME=STEM",
                        help="with --part: the claims rule's input NAME is the table STEM")
    parser.add_argument("--folder", default="",
                        help="a sub-folder of docs/papers/<paper>/ (a paper run by several "
                             "configurations, e.g. ch56)")
    args = parser.parse_args()
    if args.inputs_of_run is not None:
        if args.config is None:
            parser.error("--inputs-of-run needs --config")
        missing = dict(item.split("=", 1) for item in args.missing)
        named = dict(item.split("=", 1) for item in args.named)
        written = inputs_of_run(args.paper, args.inputs_of_run.resolve(), args.config,
                                [d for d in args.only_datasets.split(",") if d], missing,
                                args.part, named)
    elif args.reconclude is not None:
        written = reconclude(args.paper, args.reconclude.resolve())
    elif args.workdir is None:
        parser.error("--workdir (publish a run) or --reconclude (recompute a published folder)")
    else:
        written = publish(args.workdir, args.paper, args.table, args.reduced,
                          folder=args.folder)
    for path in written:
        print(path.relative_to(REPO) if path.is_relative_to(REPO) else path, file=sys.stderr)


if __name__ == "__main__":
    main()
