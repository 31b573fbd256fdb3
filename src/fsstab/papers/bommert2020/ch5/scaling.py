"""Thesis §5.1: how the filters' run times scale with the percentage of features selected, of
observations and of features, on a balanced "base data set" (Figs. 5.1-5.3, A.2-A.4).
Run times are not reproducible: their tables are kept apart from the others."""

from __future__ import annotations

import time
from collections.abc import Sequence

import numpy as np
import pandas as pd

from fsstab.papers.bommert2020.ch5.ranking import filter_label, filter_scores

__all__ = [
    "SCALING_SCENARIOS",
    "at_full",
    "balanced_base",
    "relative_times",
    "scaling_problem",
    "scaling_settings",
    "time_filter_scaling",
]

#: The three analyses of §5.1: percentage of features selected, of observations, of features.
SCALING_SCENARIOS: tuple[str, ...] = ("select", "observations", "features")


def balanced_base(
    y: np.ndarray, n_observations: int, n_features: int | None, d: int, random_state: int
) -> tuple[np.ndarray, np.ndarray]:
    """Rows and columns of the "base data set" of §5.1: ``n_observations`` rows, half of each
    class, alternating between the classes (so that the first rows of any length stay
    balanced, as in the thesis' code), and ``n_features`` random columns in their original
    order (all for None)."""
    if n_observations % 2:
        raise ValueError(f"n_observations must be even (half per class), got {n_observations}")
    rng = np.random.default_rng(random_state)
    half = n_observations // 2
    classes = [np.flatnonzero(y == c) for c in (0, 1)]
    for c, rows in enumerate(classes):
        if rows.size < half:
            raise ValueError(f"class {c} has {rows.size} rows; a balanced base of "
                             f"{n_observations} needs {half}")
    chosen = [rng.choice(rows, size=half, replace=False) for rows in classes]
    rows = np.column_stack(chosen).ravel()
    if n_features is None or n_features >= d:
        columns = np.arange(d)
    else:
        columns = np.sort(rng.choice(d, size=n_features, replace=False))
    return rows, columns


def scaling_settings(fractions: Sequence[float]) -> list[tuple[str, float]]:
    """The (scenario, fraction) pairs of §5.1: every fraction of features to select on the base
    data set, and every fraction below 1 of its rows or columns (scores of all features); the
    fraction 1 of rows and columns is the base data set's "select 100 %" run."""
    settings = [("select", float(f)) for f in fractions]
    settings += [(s, float(f)) for s in ("observations", "features") for f in fractions if f < 1]
    return settings


def scaling_problem(
    X: np.ndarray, y: np.ndarray, scenario: str, fraction: float
) -> tuple[np.ndarray, np.ndarray, int]:
    """``(X, y, k)`` of one setting: the first round(fraction · n) rows or round(fraction · p)
    columns of the base data set and the number k of features to select."""
    n, p = X.shape
    if scenario == "select":
        return X, y, max(1, int(np.rint(fraction * p)))
    if scenario == "observations":
        m = max(2, int(np.rint(fraction * n)))
        return X[:m], y[:m], p
    if scenario == "features":
        q = max(1, int(np.rint(fraction * p)))
        return X[:, :q], y, q
    raise ValueError(f"scenario must be one of {SCALING_SCENARIOS}, got {scenario!r}")


def time_filter_scaling(
    name: str, X: np.ndarray, y: np.ndarray, settings: Sequence[tuple[str, float]],
    repetitions: int, random_state: int,
) -> pd.DataFrame:
    """Run time of one filter in every setting, ``repetitions`` times, settings in a random
    order per repetition (the thesis randomised the order on its cluster). One row per
    (scenario, fraction, repetition) with the seconds of :func:`filter_scores` (the filter only,
    as mlr's ``generateFilterValuesData``)."""
    rng = np.random.default_rng(random_state)
    # one untimed run first: imports and first-call set-up must not count as filter time
    Xs, ys, k = scaling_problem(X, y, *settings[0])
    filter_scores(name, Xs, ys, k=k, random_state=0)
    rows = []
    for repetition in range(repetitions):
        for i in rng.permutation(len(settings)):
            scenario, fraction = settings[i]
            Xs, ys, k = scaling_problem(X, y, scenario, fraction)
            start = time.perf_counter()
            filter_scores(name, Xs, ys, k=k, random_state=repetition)
            rows.append({"filter": filter_label(name), "scenario": scenario,
                         "fraction": fraction, "repetition": repetition,
                         "seconds": time.perf_counter() - start})
    return pd.DataFrame(rows)


def relative_times(times: pd.DataFrame) -> pd.DataFrame:
    """Median run time per (filter, scenario, fraction) and relative to the fraction 0.1 of the
    same filter and scenario (thesis Figs. 5.1-5.3). The fraction 1 of the observation and
    feature scenarios is the base data set's run with every feature selected."""
    medians = times.groupby(["filter", "scenario", "fraction"], sort=True)["seconds"].median()
    medians = medians.rename("median_seconds").reset_index()
    full = medians[(medians["scenario"] == "select") & np.isclose(medians["fraction"], 1.0)]
    extra = [full.assign(scenario=s) for s in ("observations", "features")]
    frame = pd.concat([medians, *extra], ignore_index=True)
    smallest = frame.groupby(["filter", "scenario"])["fraction"].transform("min")
    base = frame[np.isclose(frame["fraction"], smallest)].set_index(["filter", "scenario"])
    frame["relative"] = frame["median_seconds"] / base.loc[
        list(zip(frame["filter"], frame["scenario"], strict=True)), "median_seconds"].to_numpy()
    return frame.sort_values(["scenario", "filter", "fraction"], ignore_index=True)


def at_full(relative: pd.DataFrame, scenario: str) -> pd.Series:
    """Each filter's relative median run time at 100 % in ``scenario`` (of
    :func:`relative_times`), indexed by filter."""
    part = relative[(relative["scenario"] == scenario) & np.isclose(relative["fraction"], 1.0)]
    return part.set_index("filter")["relative"]
