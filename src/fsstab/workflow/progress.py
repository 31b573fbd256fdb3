"""Progress of a long job: every step in the job's log, a line now and then on the console.

A selection job on a large dataset or with forests runs for minutes. Its log
(:func:`fsstab.workflow.scripting.logged`) records every resample; the console -- the terminal
that runs ``snakemake``, where a job's standard error arrives -- gets one line per job at most
every :data:`CONSOLE_INTERVAL` seconds, so that a run of many jobs stays readable while a long
job still shows that it moves and how long it has to go. Short jobs (under the interval) print
nothing: Snakemake's own "Finished" line says enough for them.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections.abc import Callable
from typing import TextIO

__all__ = ["CONSOLE_INTERVAL", "Progress", "console_interval", "format_duration"]

_LOGGER = logging.getLogger("fsstab.workflow.selection")

#: Seconds between two console lines of one job (environment: ``FSSTAB_PROGRESS_SECONDS``).
CONSOLE_INTERVAL = 10.0


def console_interval() -> float | None:
    """Seconds between console lines: ``$FSSTAB_PROGRESS_SECONDS`` (``off`` or a negative
    number: no console lines), else :data:`CONSOLE_INTERVAL`."""
    value = os.environ.get("FSSTAB_PROGRESS_SECONDS", "").strip().lower()
    if not value:
        return CONSOLE_INTERVAL
    if value == "off":
        return None
    try:
        seconds = float(value)
    except ValueError:
        raise ValueError(
            f"FSSTAB_PROGRESS_SECONDS must be a number of seconds or 'off', got {value!r}"
        ) from None
    return None if seconds < 0 else seconds


def format_duration(seconds: float) -> str:
    """``"42 s"``, ``"3 min 05 s"``, ``"1 h 02 min"``."""
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


class Progress:
    """Log lines of a job that works through ``total`` resamples (see the module docstring).

    Parameters
    ----------
    what
        Names the job in the log, e.g. ``"dataset 'x', configuration 'lasso'"``.
    console_name
        Names the job on the console, e.g. ``"select x/lasso"``.
    interval
        Seconds between console lines (None: none); default :func:`console_interval`.
    console
        The console stream; default the process's own standard error (``sys.__stderr__``),
        which :func:`~fsstab.workflow.scripting.logged` leaves alone while it sends
        ``sys.stderr`` to the log.
    clock
        A monotonic clock (tests pass their own).
    """

    def __init__(self, what: str, total: int, n_variants: int, *, console_name: str = "",
                 interval: float | str | None = "default", console: TextIO | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.what, self.total, self.count = what, total, 0
        self.console_name = console_name or what
        self.interval = console_interval() if interval == "default" else interval
        self.console = console if console is not None else sys.__stderr__
        self.clock = clock
        self.begun = self.started = self.last_console = clock()
        _LOGGER.info("%s: %d resample(s), %d variant(s) each", what, total, n_variants)

    def start(self, resample: int) -> None:
        self.started = self.clock()

    def done(self, resample: int) -> None:
        self.count += 1
        now = self.clock()
        mean = (now - self.begun) / self.count
        to_go = mean * (self.total - self.count)
        _LOGGER.info(
            "%s: resample %d done (%d of %d) in %.1f s; about %.0f s to go",
            self.what, resample, self.count, self.total, now - self.started, to_go,
        )
        if (self.interval is None or self.console is None or self.count == self.total
                or now - self.last_console < self.interval):
            return
        self.last_console = now
        self.console.write(
            f"{self.console_name}: {self.count} of {self.total} resamples done "
            f"({100 * self.count // self.total} %), {mean:.1f} s each, about "
            f"{format_duration(to_go)} to go\n"
        )
        self.console.flush()
