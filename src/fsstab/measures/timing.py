"""How long each stability measure takes on its own (Bommert 2020, Fig. 6.7; Sechidis et al.
2019, Fig. 1).

:func:`compute` shares work between measures and memoises the Monte-Carlo chance expectations
of the adjusted measures; a run time of one measure must include neither, so
:func:`time_measures` evaluates every measure alone, after forgetting every memoised
expectation.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Mapping
from typing import Any

from fsstab.measures._chance import clear_expectation_cache
from fsstab.measures._core import MEASURES, compute, unknown_measure_error

__all__ = ["time_measures"]


def time_measures(
    Z: Any,
    names: Iterable[str],
    *,
    W: Any = None,
    C: Any = None,
    threshold: float | None = None,
    ranks: Any = None,
    params: Mapping[str, Mapping[str, Any]] | None = None,
    repeats: int = 1,
    **shared_params: Any,
) -> dict[str, float]:
    """Wall-clock seconds to evaluate each measure alone (the best of ``repeats``).

    Every evaluation is a call of :func:`fsstab.measures.compute` with this measure only and
    the inputs it requires (``W``, ``C`` and ``threshold``, ``ranks`` are passed only to
    measures that need them, so their validation counts only there), after the memoised chance
    expectations are forgotten: each time is that of a first evaluation. Times are not
    reproducible; keep them apart from results.

    Parameters
    ----------
    Z
        Selection matrix (see :func:`fsstab.measures.as_selection_matrix`).
    names
        Measure names (keys of :data:`fsstab.measures.MEASURES`).
    W, C, threshold, ranks
        Importance matrix, similarity matrix and its threshold, rank matrix, as for
        :func:`fsstab.measures.compute`.
    params
        Per-measure keyword arguments, e.g. ``{"canberra": {"k": 10}}``.
    repeats
        Evaluations per measure; the smallest time is reported.
    **shared_params
        Keyword arguments for every measure that accepts them (``random_state=0``).

    Returns
    -------
    dict
        ``{name: seconds}`` in the order of ``names``.

    Examples
    --------
    >>> from fsstab.measures import time_measures
    >>> seconds = time_measures([[1, 1, 0], [1, 0, 1]], ["jaccard", "nogueira"], repeats=2)
    >>> list(seconds), all(s >= 0 for s in seconds.values())
    (['jaccard', 'nogueira'], True)
    """
    if isinstance(repeats, bool) or not isinstance(repeats, int) or repeats < 1:
        raise ValueError(f"repeats must be a positive integer, got {repeats!r}")
    params = dict(params or {})
    names = list(names)
    for name in [*names, *params]:
        if name not in MEASURES:
            raise unknown_measure_error(name)
    seconds = {}
    for name in names:
        requires = MEASURES[name].requires
        inputs = {
            "W": W if "W" in requires else None,
            "C": C if "C" in requires else None,
            "threshold": threshold if "C" in requires else None,
            "ranks": ranks if "ranks" in requires else None,
        }
        best = math.inf
        for _ in range(repeats):
            clear_expectation_cache()
            start = time.perf_counter()
            compute(Z, [name], params={name: dict(params.get(name, {}))}, **inputs,
                    **shared_params)
            best = min(best, time.perf_counter() - start)
        seconds[name] = best
    return seconds
