"""Validation of objective values for the Pareto analysis: finite, ties merged, senses checked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import numpy as np
import pandas as pd

from fsstab.ties import merge_ties

Sense = Literal["max", "min"]
_SENSES: tuple[str, ...] = ("max", "min")


def _as_points(points: Any, name: str = "points") -> np.ndarray:
    """Validate an ``n x t`` matrix of objective values (finite, ``t >= 1``), ties merged."""
    try:
        arr = np.asarray(points, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name} must be a numeric n x t matrix ({exc})") from None
    if arr.ndim == 1:
        arr = arr[:, None]
    if arr.ndim != 2:
        raise ValueError(f"{name} must be an n x t matrix (points x objectives), got {arr.ndim}-d")
    if arr.shape[1] < 1:
        raise ValueError(f"{name} has no objective (t = 0 columns)")
    bad = ~np.isfinite(arr)
    if bad.any():
        i, j = np.argwhere(bad)[0]
        raise ValueError(
            f"{name}[{i}, {j}] = {float(arr[i, j])!r}; objective values must be finite (drop or "
            "impute undefined stabilities before the Pareto analysis)"
        )
    return merge_ties(arr)


def _as_vector(values: Any, name: str) -> np.ndarray:
    """Validate a 1-D vector of finite floats."""
    try:
        arr = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name} must be a numeric vector ({exc})") from None
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-dimensional, got shape {arr.shape}")
    bad = ~np.isfinite(arr)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(f"{name}[{i}] = {float(arr[i])!r}; values must be finite")
    return arr


def _as_pair(x: Any, y: Any, x_name: str, y_name: str, *, nonempty: bool) -> tuple[
    np.ndarray, np.ndarray
]:
    xv, yv = _as_vector(x, x_name), _as_vector(y, y_name)
    if xv.shape != yv.shape:
        raise ValueError(
            f"{x_name} and {y_name} must have the same length, got {xv.size} and {yv.size}"
        )
    if nonempty and xv.size == 0:
        raise ValueError(f"{x_name} and {y_name} are empty; there is no configuration to choose")
    return merge_ties(xv), merge_ties(yv)


def _as_maximize(maximize: bool | Sequence[bool], t: int) -> np.ndarray:
    """Expand the per-objective sense to a boolean vector of length ``t``."""
    if isinstance(maximize, bool | np.bool_):
        return np.full(t, bool(maximize))
    flags = list(maximize)
    if len(flags) != t or not all(isinstance(f, bool | np.bool_) for f in flags):
        raise ValueError(
            f"maximize must be a bool or a sequence of {t} bools (one per objective), "
            f"got {maximize!r}"
        )
    return np.asarray(flags, dtype=bool)


def _distinct_consecutive(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Mask of the first point of every run of identical consecutive (x, y) points."""
    first = np.ones(x.size, dtype=bool)
    first[1:] = (x[1:] != x[:-1]) | (y[1:] != y[:-1])
    return first


def _oriented(points: np.ndarray, maximize: np.ndarray) -> np.ndarray:
    """Flip minimised objectives so that every objective is maximised."""
    return np.where(maximize, points, -points)


def _senses_from_mapping(objectives: Mapping[str, str], name: str = "objectives") -> tuple[
    list[str], list[bool]
]:
    if not objectives:
        raise ValueError(f"{name} must map at least one column to 'max' or 'min'")
    columns, maximize = [], []
    for column, sense in objectives.items():
        if sense not in _SENSES:
            raise ValueError(
                f"{name}[{column!r}] must be 'max' or 'min', got {sense!r}"
            )
        columns.append(column)
        maximize.append(sense == "max")
    return columns, maximize


def _table_points(table: pd.DataFrame, columns: Sequence[str], name: str) -> np.ndarray:
    missing = [c for c in columns if c not in table.columns]
    if missing:
        raise ValueError(
            f"{name} has no column(s) {missing}; available columns: {list(table.columns)}"
        )
    return _as_points(table[list(columns)].to_numpy(dtype=np.float64), name=name)

