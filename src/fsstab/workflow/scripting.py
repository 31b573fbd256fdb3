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

__all__ = ["logged", "own_peak_rss_mb", "prepend_python_path", "resource_line"]


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


#: Start of the resource line :func:`logged` ends every job log with.
RESOURCE_PREFIX = "fsstab job resources:"


def own_peak_rss_mb(status: str | os.PathLike[str] = "/proc/self/status") -> float | None:
    """This process's own peak resident memory in MB (2**20 bytes): ``VmHWM`` of
    ``/proc/self/status`` (Linux), None where there is none.

    ``getrusage(RUSAGE_SELF).ru_maxrss`` is no measure of a job's memory on Linux: a process
    started by ``fork`` and ``exec`` inherits the peak of the process that forked it (the
    copied address space's high-water mark is kept across the exec), so every job Snakemake
    starts reported Snakemake's own peak, 260-290 MB, however little it used. ``VmHWM``
    belongs to the address space the exec created.

    Examples
    --------
    >>> peak = own_peak_rss_mb()
    >>> peak is None or 1 < peak < 100_000
    True
    """
    try:
        text = Path(status).read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("VmHWM:"):
            fields = line.split()
            if len(fields) >= 2 and fields[1].isdigit():
                return int(fields[1]) / 1024  # kB
    return None


def resource_line() -> str:
    """``fsstab job resources: CPU <s> s (user <s>, system <s>), peak RSS <MB> MB``: this
    process and its finished child processes so far (``getrusage``; POSIX only).

    The peak is the larger of this process's own (:func:`own_peak_rss_mb`; where there is no
    ``/proc``, ``ru_maxrss``) and that of its largest finished child process.
    """
    try:
        import resource
    except ImportError:  # not on Windows
        return f"{RESOURCE_PREFIX} not available on this platform"
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    user, system = own.ru_utime + children.ru_utime, own.ru_stime + children.ru_stime
    # ru_maxrss is in kilobytes on Linux, bytes on macOS
    scale = 1.0 if sys.platform == "darwin" else 1024.0
    mine = own_peak_rss_mb()
    if mine is None:
        mine = own.ru_maxrss * scale / 2**20
    # a child's ru_maxrss includes this process's peak when it forked, at most `mine`
    peak = max(mine, children.ru_maxrss * scale / 2**20)
    return (f"{RESOURCE_PREFIX} CPU {user + system:.3f} s (user {user:.3f}, system "
            f"{system:.3f}), peak RSS {peak:.0f} MB")


@contextlib.contextmanager
def logged(log_path: str | os.PathLike[str], *,
           end_process: bool = False) -> Iterator[logging.Logger]:
    """Send stdout, stderr, warnings and a logger to ``log_path`` for the duration of a job.

    The log is truncated first (it describes the latest run of the job). An exception is
    written to the log with its traceback and re-raised, so the job fails and Snakemake points
    at the log. The last line gives the job's CPU seconds and peak memory so far, start-up and
    imports included (:func:`resource_line`): Snakemake's benchmark files sample a job every
    half second and miss most of a short one.

    ``end_process=True`` (the rule scripts, whose whole body is this block) ends the process
    with exit status 0 as soon as the block has succeeded and the log, stdout, stderr and the
    logging handlers are flushed, without the interpreter's teardown: freeing every module of
    a process that has loaded scikit-learn, SciPy and pandas costs 0.3-0.5 s of CPU, more than
    many jobs' work (``benchmarks/workflow_default_run.py``). Every output is written and
    closed by then (the writers of :mod:`fsstab.io` close their files before renaming them
    into place). A failing block raises as without it.
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
            stream.write(resource_line() + "\n")
    if end_process:
        _end_process()


def _end_process() -> None:
    """Exit with status 0 now, after flushing what Python buffers (see :func:`logged`)."""
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        if stream is not None:
            with contextlib.suppress(ValueError, OSError):
                stream.flush()
    os._exit(0)
