"""A results folder shared by several configurations.

The default run, a paper's configuration and a user's own can all write to ``results/``. Each
dataset has its own sub-folder, but ``summary.parquet``, ``summary.csv`` and
``pareto_rank.parquet`` are one per results folder: written by each run from its own datasets
only, the last run would silently drop every other configuration's rows. The rank rule
therefore also reads the stability summaries that other configurations left in the folder --
``<results>/<dataset>/stability.parquet`` of every dataset the running configuration does not
name -- so that the folder's summary holds every dataset in it (this run's first, in the
configuration's order, then the others by name).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from fsstab.io import read_parquet_metadata
from fsstab.workflow.tables import STABILITY_FORMAT

__all__ = ["other_summaries"]


def other_summaries(results_dir: str | os.PathLike[str], own_datasets: Iterable[str]
                    ) -> list[str]:
    """Paths of the stability summaries in ``results_dir`` of datasets not in
    ``own_datasets`` (files of another format, e.g. unrelated folders, are left out)."""
    own = set(own_datasets)
    found = []
    folder = Path(results_dir)
    if not folder.is_dir():
        return []
    for path in sorted(folder.glob("*/stability.parquet")):
        if path.parent.name in own:
            continue
        try:
            if read_parquet_metadata(path).get("format") != STABILITY_FORMAT:
                continue
        except (OSError, ValueError):
            continue
        found.append(Path(os.fspath(results_dir), path.parent.name, path.name).as_posix())
    return found
