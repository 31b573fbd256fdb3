"""Where ``snakemake --report`` may write a configuration's report.

Two configurations run in one working directory (the default run, ``my_data.yaml``, a
paper's) each have their own results folder, but ``--report`` takes any path: written to the
same ``results/report.html``, the second report would silently replace the first. The
workflow therefore accepts a report only in the configuration's own folder -- its
``results_dir``, or the paper's output folder for a paper configuration (papers share
``results/`` with the default run) -- and refuses anything else before the report is built,
naming the path to use.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import PurePath

__all__ = ["report_path", "report_path_problem"]

#: What ``snakemake --report`` writes without a path.
DEFAULT_REPORT = "report.html"


def report_path(argv: Sequence[str]) -> str | None:
    """The report path of a ``snakemake`` command line (None: no ``--report``)."""
    for position, word in enumerate(argv):
        if word.startswith("--report="):
            return word.split("=", 1)[1]
        if word == "--report":
            following = argv[position + 1] if position + 1 < len(argv) else ""
            if following and not following.startswith("-") and following.endswith(
                    (".html", ".zip")):
                return following
            return DEFAULT_REPORT
    return None


def _folder(path: str) -> str:
    return os.path.normpath(os.path.abspath(path))


def report_path_problem(argv: Sequence[str], own_folder: str) -> str | None:
    """Why the ``--report`` path of ``argv`` does not belong to the configuration whose
    results live in ``own_folder`` (None if it does, or if there is no ``--report``).

    Relative paths are read against the working directory (where Snakemake writes both the
    results and the report).
    """
    path = report_path(argv)
    if path is None:
        return None
    if _folder(str(PurePath(path).parent)) == _folder(own_folder):
        return None
    name = PurePath(path).name
    suggestion = (PurePath(own_folder) / name).as_posix()
    return (
        f"--report {path}: a report belongs in its configuration's own folder "
        f"{own_folder}/, so that the reports of two configurations never overwrite each "
        f"other; write this one with: snakemake --report {suggestion} (plus the same "
        "--configfile as the run)"
    )

