"""The ``fsstab`` command: check a configuration, write one, run the workflow.

- ``fsstab check CONFIG`` -- every configuration and data check, before any job
  (:mod:`fsstab.workflow.cli.check`), and what would be read;
- ``fsstab init DATA ...`` -- an annotated configuration to edit
  (:mod:`fsstab.workflow.cli.configs`);
- ``fsstab run DATA ...`` -- the same configuration, written into the results folder and run by
  Snakemake (:mod:`fsstab.workflow.cli.run`).

``docs/cli.md`` is the user's guide. ``python -m fsstab.workflow.cli`` is the same command.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

__all__ = ["main", "parser"]

_EPILOG = """\
examples:
  fsstab init expression.csv --samples samples.tsv --target condition --groups patient
  fsstab check fsstab.yaml
  fsstab run expression.csv --samples samples.tsv --target condition --groups patient
  fsstab run counts.h5ad --target condition --selectors lasso,random_forest --cores 4

docs/cli.md describes every option; docs/workflow.md every key of a configuration.
"""

_CHECK_EPILOG = """\
examples:
  fsstab check config/examples/patient_study.yaml
  fsstab check my_study.yaml --directory /data/study --no-data

Checks the YAML (file, line and column of a syntax error), the schema, every key, the columns
the sources name against their files' headers ("did you mean"), then reads every dataset as
the workflow's first jobs do and prints its samples, classes or outcome, groups and features.
Exit status 1 when there is a problem: every problem is listed, nothing runs.
"""


def _data_arguments(sub: argparse.ArgumentParser) -> None:
    """The options of ``init`` and ``run`` describing a study."""
    sub.add_argument("data", help="the data file: CSV/TSV (samples in rows, or genes in rows "
                     "with --transpose or a sample sheet naming the columns), Parquet, .h5ad")
    sub.add_argument("--samples", metavar="SHEET",
                     help="the sample sheet (CSV/TSV, one row per sample) holding the target "
                     "and groups columns")
    sub.add_argument("--sample-id", metavar="COL",
                     help="the sheet's id column (default: its first column)")
    sub.add_argument("--target", metavar="COL", required=True,
                     help="the column to predict (survival: TIME,EVENT)")
    sub.add_argument("--groups", metavar="COL",
                     help="a column naming each sample's patient or batch: its samples are "
                     "resampled and held out together")
    sub.add_argument("--task", choices=("classification", "regression", "survival"),
                     help="the kind of target (default: classification)")
    sub.add_argument("--positive", metavar="LABEL",
                     help="the class coded y = 1 (classification with two classes)")
    sub.add_argument("--transpose", action="store_true", default=None,
                     help="one sample per column (genes in rows); found from the sample "
                     "sheet's ids when not given")
    sub.add_argument("--selectors", metavar="NAMES",
                     help="comma-separated selectors to run (names of docs/cli.md's table; "
                     "default: lasso,logistic_rfe,random_forest)")
    sub.add_argument("--resamples", metavar="M", type=int, default=30,
                     help="the number of resamples (default 30)")
    sub.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    sub.add_argument("--name", help="the dataset's name (default: the data file's stem)")
    sub.add_argument("--results", metavar="DIR",
                     help="the results folder (default: results/<name>)")


def parser() -> argparse.ArgumentParser:
    """The argument parser of the ``fsstab`` command."""
    main_parser = argparse.ArgumentParser(
        prog="fsstab", description="Stability of feature selection: check a configuration, "
        "write one, run the workflow.", epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = main_parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    check = commands.add_parser(
        "check", help="check a configuration and its data before any job",
        description="Run every configuration and data check of the workflow, before any job, "
        "and print what would be read.", epilog=_CHECK_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    check.add_argument("config", help="the configuration file (YAML)")
    check.add_argument("--directory", default=".", metavar="DIR",
                       help="the folder the workflow runs in; relative paths of the "
                       "configuration are resolved against it (default: here)")
    check.add_argument("--no-data", action="store_true",
                       help="check the configuration and the files' headers only; do not "
                       "read the datasets")
    from fsstab.workflow.cli.commands import add_init_and_run

    add_init_and_run(commands, _data_arguments)
    return main_parser


def _check(args: argparse.Namespace) -> int:
    from fsstab.workflow.cli.check import check_configuration, report_lines

    result = check_configuration(args.config, directory=args.directory,
                                 read_data=not args.no_data)
    print("\n".join(report_lines(result)))
    return 0 if result.ok else 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``fsstab`` command with ``argv`` (default: the command line); returns the
    exit status."""
    from fsstab.workflow.config import ConfigError

    args = parser().parse_args(argv)
    try:
        if args.command == "check":
            return _check(args)
        from fsstab.workflow.cli.commands import run_command

        return run_command(args)
    except ConfigError as exc:
        print("\n".join(f"  - {p}" if len(exc.problems) > 1 else p for p in exc.problems),
              file=sys.stderr)
        return 1
