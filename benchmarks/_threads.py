"""Thread settings shared by the benchmarks.

A speed ratio means something only when both sides run with the same threads: a BLAS or
OpenMP pool that starts as many threads as there are cores oversubscribes a shared 2-core
machine and makes its side look many times slower than it is. Every benchmark therefore runs
its timings inside :func:`pinned` (BLAS and OpenMP limited with ``threadpoolctl``; estimators
get the same ``n_jobs``) and prints :func:`describe` with its results.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from threadpoolctl import threadpool_info, threadpool_limits

#: The threads of a fair comparison unless a benchmark says otherwise.
THREADS = 1


def pools() -> str:
    """The thread pools loaded right now, with their current sizes."""
    found = [f"{p['internal_api']} {p['num_threads']}" for p in threadpool_info()]
    return ", ".join(found) or "no BLAS/OpenMP pool loaded"


@contextmanager
def pinned(threads: int = THREADS) -> Iterator[None]:
    """Limit every BLAS and OpenMP pool to ``threads`` for the enclosed timings."""
    with threadpool_limits(limits=threads):
        yield


def describe(threads: int = THREADS) -> str:
    """One line for a benchmark's output: the pinned threads, the machine and its load."""
    load = "/".join(f"{x:.1f}" for x in os.getloadavg())
    return (f"threads: BLAS/OpenMP pinned to {threads} with threadpoolctl on both sides "
            f"(n_jobs={threads} where an estimator takes it); {os.cpu_count()} cores, "
            f"load average {load}")
