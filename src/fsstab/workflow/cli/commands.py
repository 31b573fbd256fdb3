"""``fsstab init`` and ``fsstab run``: a configuration from the command line's options.

:func:`study_config` turns the options (the data file, the sample sheet, the target and
groups columns, the task, the selectors) into a configuration of the workflow;
:func:`annotated_config` writes it with a comment above each key (``fsstab init``), and
:func:`run_study` writes it into the results folder -- never over a different configuration
there -- and runs the workflow with Snakemake (``fsstab run``,
:func:`fsstab.workflow.cli.snakemake_run.run_workflow`).
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from fsstab.workflow.config import ConfigError

__all__ = ["PRESETS", "add_init_and_run", "annotated_config", "run_command", "run_config",
           "selector_entries", "study_config", "written_config"]

#: The selectors ``--selectors`` names besides the registered classes (each with its entry
#: of ``selectors:``; ``{k}``: ``--n-features``).
PRESETS: dict[str, dict[str, Any]] = {
    "lasso": {"class": "LassoSelector", "calibrate_target_k": "{k}"},
    "elastic_net": {"class": "ElasticNetSelector", "calibrate_target_k": "{k}"},
    "logistic_rfe": {"class": "LogisticRFE", "params": {"n_features_to_select": "{k}"}},
    "random_forest": {"class": "RandomForestSelector",
                      "params": {"n_estimators": 200, "n_features_to_select": "{k}"}},
    "mim": {"class": "FilterSelector", "params": {"method": "mim", "n_features_to_select": "{k}"}},
}
#: ``--selectors`` when not given: those of these that serve the task.
DEFAULT_SELECTORS = ("lasso", "logistic_rfe", "random_forest")
#: The stability measures of a configuration of ``fsstab init`` / ``run`` (those needing no
#: similarity matrix of the features; docs/measures.md), and those of its Pareto fronts.
MEASURES = ("nogueira", "pearson", "importance_weighted", "canberra")
PARETO_MEASURES = ("nogueira", "importance_weighted")
#: The file ``fsstab run`` writes the configuration it runs to, in the results folder.
RUN_CONFIG = "fsstab-config.yaml"


def add_init_and_run(commands: Any, data_arguments: Callable[[argparse.ArgumentParser], None]
                     ) -> None:
    """Add the ``init`` and ``run`` sub-commands to the sub-parsers ``commands``."""
    init = commands.add_parser(
        "init", help="write an annotated configuration to edit",
        description="Write a configuration for a data file, with a comment on each key.",
        epilog="examples:\n  fsstab init expression.csv --samples samples.tsv --target "
        "condition --groups patient\n  fsstab init cells.h5ad --target condition -o "
        "cells.yaml\n\nThen edit it, check it with `fsstab check FILE` and run it with "
        "`snakemake --cores 2 --configfile FILE`.",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    data_arguments(init)
    init.add_argument("-o", "--output", default="fsstab.yaml",
                      help="the configuration file to write (default fsstab.yaml; never "
                      "overwritten)")
    run = commands.add_parser(
        "run", help="run the workflow on a data file",
        description="Write the configuration for a data file into the results folder and run "
        "the workflow on it (Snakemake).",
        epilog="examples:\n  fsstab run expression.csv --samples samples.tsv --target "
        "condition --groups patient\n  fsstab run cells.h5ad --target condition --cores 4 "
        "--profile profiles/slurm\n\nThe results folder then holds fsstab-config.yaml (the "
        "configuration that ran), summary.csv, stable_features.csv and the tables.",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    data_arguments(run)
    run.add_argument("--cores", type=int, default=2, help="cores to use (default 2)")
    run.add_argument("--profile", metavar="PROFILE",
                     help="a Snakemake profile (a folder with config.yaml), e.g. "
                     "profiles/slurm")
    run.add_argument("--dry-run", action="store_true",
                     help="show the jobs that would run, run none")
    for sub in (init, run):
        sub.add_argument("--n-features", metavar="K", type=int, default=10,
                         help="the number of features each selector picks (default 10)")


def _source(args: argparse.Namespace) -> dict[str, Any]:
    source: dict[str, Any] = {"source": f"file:{args.data}"}
    transpose = args.transpose
    if transpose is None and args.samples is not None:
        transpose = _genes_in_rows(Path(args.data), Path(args.samples), args.sample_id)
    if transpose:
        source["transpose"] = True
    if args.samples is not None:
        source["samples"] = args.samples
    if args.sample_id is not None:
        source["sample_id"] = args.sample_id
    target = args.target.split(",") if args.task == "survival" else args.target
    source["target"] = [t.strip() for t in target] if isinstance(target, list) else target
    if args.positive is not None:
        source["positive"] = args.positive
    if args.groups is not None:
        source["groups"] = args.groups
    if args.task is not None and args.task != "classification":
        source["task"] = args.task
    return source


def _genes_in_rows(data: Path, sheet: Path, sample_id: str | None) -> bool:
    """Whether a delimited matrix holds one sample per column: most fields of its header
    line after the first are ids of the sample sheet."""
    from fsstab.sources.delimited import first_records
    from fsstab.sources.formats import format_of
    from fsstab.sources.sample_sheets import read_sample_sheet

    try:
        fmt = format_of(str(data), {})
        if fmt.separator is None or not data.is_file() or not sheet.is_file():
            return False
        header = first_records(data, fmt.separator, 1)
        _, ids, _ = read_sample_sheet(sheet, sample_id=sample_id)
    except (ValueError, OSError):
        return False  # the check of the configuration says what is wrong
    fields = [cell.strip() for cell in (header[0] if header else [])[1:]]
    known = set(ids)
    return bool(fields) and sum(f in known for f in fields) * 2 > len(fields)


def _selectors(args: argparse.Namespace) -> dict[str, Any]:
    names = None if args.selectors is None else [
        n.strip() for n in args.selectors.split(",") if n.strip()]
    return selector_entries(names, task=args.task or "classification", k=args.n_features,
                            key="--selectors")


def selector_entries(names: Sequence[str] | None, *, task: str, k: int,
                     key: str = "selectors") -> dict[str, Any]:
    """The ``selectors:`` entries of ``names`` (:data:`PRESETS` or classes of
    :data:`fsstab.selectors.SELECTORS`, each picking ``k`` features); None: the
    :data:`DEFAULT_SELECTORS` that serve ``task``. An unknown name raises
    :class:`ConfigError` naming ``key``, with a "did you mean".

    Examples
    --------
    >>> selector_entries(["mim"], task="classification", k=5)
    {'mim': {'class': 'FilterSelector', 'params': {'method': 'mim', 'n_features_to_select': 5}}}
    """
    from fsstab.selectors import SELECTORS, selectors_for_task

    if names is None:
        serving = set(selectors_for_task(task))
        names = [n for n in DEFAULT_SELECTORS if PRESETS[n]["class"] in serving]
    entries: dict[str, Any] = {}
    problems = []
    for name in names:
        if name in PRESETS:
            entry = _filled(PRESETS[name], k)
        elif name in SELECTORS:
            entry = {"class": name}
        else:
            from fsstab.workflow.column_checks import close_name

            close = close_name(name, [*PRESETS, *SELECTORS])
            hint = f" (did you mean {close!r}?)" if close else ""
            problems.append(f"{key}: unknown selector {name!r}{hint}; known: "
                            f"{', '.join(PRESETS)} and the classes {', '.join(SELECTORS)}")
            continue
        entries[name.lower() if name in SELECTORS else name] = entry
    if problems:
        raise ConfigError(problems)
    return entries


def _filled(entry: Any, k: int) -> Any:
    """A preset with ``"{k}"`` replaced by the number of features ``k``."""
    if isinstance(entry, Mapping):
        return {key: _filled(value, k) for key, value in entry.items()}
    return k if entry == "{k}" else entry


def study_config(args: argparse.Namespace) -> dict[str, Any]:
    """The configuration the options of ``fsstab init`` / ``fsstab run`` describe."""
    name = args.name or _stem(Path(args.data))
    return run_config(name, _source(args), _selectors(args), seed=args.seed,
                      results_dir=args.results or f"results/{name}",
                      n_resamples=args.resamples, k=args.n_features)


def run_config(name: str, source: Mapping[str, Any], selectors: Mapping[str, Any], *,
               seed: int, results_dir: str, n_resamples: int, k: int,
               scheme: str = "bootstrap") -> dict[str, Any]:
    """The configuration of one dataset ``name`` read from ``source``, analysed by
    ``selectors`` on ``n_resamples`` resamples, with the :data:`MEASURES` (canberra down to
    ``k``) and the Pareto fronts of :data:`PARETO_MEASURES`: what ``fsstab init`` and ``fsstab
    run`` write, and what :func:`fsstab.analyse` runs."""
    return {
        "seed": seed,
        "results_dir": results_dir,
        "resampling": {"scheme": scheme, "n_resamples": n_resamples},
        "datasets": {name: {"source": dict(source)}},
        "selectors": dict(selectors),
        "measures": {"names": list(MEASURES), "params": {"canberra": {"k": k}}},
        "pareto": {"measures": list(PARETO_MEASURES)},
    }


def _stem(path: Path) -> str:
    import re

    stem = path.name
    for suffix in (".gz", ".bz2", ".xz", ".zip"):
        stem = stem.removesuffix(suffix)
    stem = Path(stem).stem
    return re.sub(r"[^A-Za-z0-9_.-]", "_", stem) or "data"


#: The comment written above each key by :func:`annotated_config` (dotted key paths; a
#: dataset's and a selector's keys under ``datasets.*`` and ``selectors.*``).
COMMENTS: dict[str, str] = {
    "seed": "the run's seed: the same configuration gives byte-identical tables",
    "results_dir": "where the tables, figures and the report go",
    "resampling": "how the samples are resampled (docs/workflow.md, \"Resampling\")",
    "resampling.scheme": "bootstrap: draw n samples (or groups) with replacement; the test "
                         "set is the samples not drawn (also: subsample, leave_out, kfold, "
                         "complementary_pairs)",
    "resampling.n_resamples": "M, the number of resamples each selector runs on",
    "datasets": "one entry per dataset; its name names its results",
    "datasets.*.source": "where the data come from (docs/data.md)",
    "datasets.*.source.source": "file:<path> (relative to the folder the workflow runs in)",
    "datasets.*.source.transpose": "one sample per column (genes in rows)",
    "datasets.*.source.samples": "the sample sheet: one row per sample",
    "datasets.*.source.sample_id": "the sheet's column of sample ids",
    "datasets.*.source.target": "the column to predict (survival: [TIME, EVENT])",
    "datasets.*.source.positive": "the class coded y = 1",
    "datasets.*.source.groups": "samples of a group (patient, batch) are resampled and held "
                                "out together",
    "datasets.*.source.task": "classification, regression or survival",
    "selectors": "the feature selectors to compare (docs/selectors.md); each label names "
                 "its results",
    "selectors.*.class": "a selector class of fsstab.selectors",
    "selectors.*.calibrate_target_k": "one regularisation strength giving this many features "
                                      "on average",
    "selectors.*.params": "the class's parameters (scikit-learn names)",
    "measures": "the stability measures computed (docs/measures.md)",
    "measures.names": "with a similarity matrix (a dataset's similarity: key), the adjusted "
                      "measures too (sechidis, ...)",
    "measures.params": "parameters of the measures: canberra compares the rankings down to k",
    "pareto": "the accuracy-stability trade-off (docs/decisions-and-figures.md)",
    "pareto.measures": "the measures whose Pareto fronts are drawn",
}


def _comment(path: list[str]) -> str | None:
    for key in (".".join(path), ".".join([path[0], "*", *path[2:]])):
        if key in COMMENTS:
            return COMMENTS[key]
    return None


def _annotated(value: Mapping[str, Any], path: list[str], indent: int) -> list[str]:
    lines: list[str] = []
    pad = " " * indent
    for key, item in value.items():
        comment = _comment([*path, str(key)])
        if comment is not None:
            lines += textwrap.wrap(comment, width=96 - indent, initial_indent=f"{pad}# ",
                                   subsequent_indent=f"{pad}#   ")
        if isinstance(item, Mapping) and item:
            lines.append(f"{pad}{key}:")
            lines += _annotated(item, [*path, str(key)], indent + 2)
        else:
            text = yaml.safe_dump({key: item}, default_flow_style=True, width=10_000).strip()
            lines.append(f"{pad}{text.removeprefix('{').removesuffix('}')}")
    return lines


def annotated_config(config: Mapping[str, Any]) -> str:
    """``config`` as YAML with a comment above each key (what ``fsstab init`` writes);
    reading it back gives ``config``."""
    head = [
        "# A configuration of the fsstab workflow, written by `fsstab init`: edit it, check it",
        "# with `fsstab check FILE`, run it with `snakemake --cores 2 --configfile FILE`.",
        "# Every key and its default: docs/workflow.md (measures, pareto, figures, ...).",
        "",
    ]
    return "\n".join(head + _annotated(config, [], 0)) + "\n"


def written_config(config: Mapping[str, Any]) -> str:
    """``config`` as the YAML ``fsstab run`` writes into the results folder."""
    return ("# The configuration `fsstab run` ran (rerun: snakemake --cores 2 --configfile "
            "THIS_FILE)\n" + yaml.safe_dump(dict(config), sort_keys=False))


def _write_new(path: Path, text: str, what: str) -> None:
    """Write ``text`` to ``path`` unless a different file is there (refused, naming it)."""
    if path.exists():
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            return
        raise ConfigError([
            f"{path} already holds another {what}; it is never overwritten: choose another "
            f"{'--results folder' if what == 'run configuration' else 'file with -o'}, or "
            "remove it"
        ])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _refuse_problems(text: str) -> None:
    """Raise :class:`ConfigError` with every problem the configuration ``text`` shows to
    the checks of the Snakefile (before it is written anywhere)."""
    import tempfile

    from fsstab.workflow.cli.check import check_configuration

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / RUN_CONFIG
        path.write_text(text, encoding="utf-8")
        result = check_configuration(path, read_data=False)
    if result.problems:
        raise ConfigError(result.problems)


def run_command(args: argparse.Namespace) -> int:
    """``fsstab init`` or ``fsstab run`` with the parsed ``args``; returns the exit status."""
    config = study_config(args)
    if args.command == "init":
        _write_new(Path(args.output), annotated_config(config), "configuration")
        print(f"wrote {args.output}; check it with: fsstab check {args.output}")
        try:
            _refuse_problems(written_config(config))
        except ConfigError as exc:
            print("what to edit before it runs:\n" + "\n".join(f"  - {p}" for p in exc.problems))
            return 1
        return 0
    from fsstab.workflow.cli.snakemake_run import run_workflow

    text = written_config(config)
    _refuse_problems(text)
    path = Path(config["results_dir"]) / RUN_CONFIG
    _write_new(path, text, "run configuration")
    print(f"the configuration: {path}")
    return 0 if run_workflow(path, cores=args.cores, profile=args.profile,
                             dry_run=args.dry_run) else 1
