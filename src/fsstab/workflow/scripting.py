"""What every ``scripts/*.py`` entry point shares: logging to the rule's log file."""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import traceback
import warnings
from collections.abc import Iterator
from pathlib import Path

__all__ = ["logged", "prepend_python_path"]


def prepend_python_path(folder: str | os.PathLike[str]) -> str:
    """Put ``folder`` first on ``$PYTHONPATH`` (for the processes this one starts); return it.

    The Snakefile uses it so that every job -- a local script, a job in a conda environment, a
    job on a cluster node (sbatch exports the environment) -- imports fsstab from the
    workflow's own checkout, installed or not.
    """
    entries = [os.fspath(folder)]
    current = os.environ.get("PYTHONPATH")
    if current:
        entries += [e for e in current.split(os.pathsep) if e != entries[0]]
    os.environ["PYTHONPATH"] = os.pathsep.join(entries)
    return os.environ["PYTHONPATH"]


@contextlib.contextmanager
def logged(log_path: str | os.PathLike[str]) -> Iterator[logging.Logger]:
    """Send stdout, stderr, warnings and a logger to ``log_path`` for the duration of a job.

    The log is truncated first (it describes the latest run of the job). An exception is
    written to the log with its traceback and re-raised, so the job fails and Snakemake points
    at the log.
    """
    path = Path(log_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    logger = logging.getLogger("fsstab.workflow")
    with path.open("w", encoding="utf-8") as stream, \
            contextlib.redirect_stdout(stream), contextlib.redirect_stderr(stream), \
            warnings.catch_warnings():
        warnings.simplefilter("default")
        handler = logging.StreamHandler(stream)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        previous_showwarning = warnings.showwarning

        def show(message, category, filename, lineno, file=None, line=None):
            stream.write(warnings.formatwarning(message, category, filename, lineno, line))

        warnings.showwarning = show
        try:
            yield logger
        except BaseException:
            stream.write(traceback.format_exc())
            stream.flush()
            sys.stderr.flush()
            raise
        finally:
            warnings.showwarning = previous_showwarning
            logger.removeHandler(handler)
