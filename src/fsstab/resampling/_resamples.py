"""The resampling schemes of :mod:`fsstab.resampling`: drawing, storing and reading resamples.

Part of :mod:`fsstab.resampling` (import the names from there; the schemes, the determinism
and the Parquet layout are described there).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa

from fsstab.io import read_parquet, write_parquet
from fsstab.resampling._common import _allocate, _check_fraction, _round_half_up
from fsstab.seeds import as_seed, substream

__all__ = [
    "RESAMPLES_FORMAT",
    "SCHEMES",
    "Resamples",
    "labels_fingerprint",
    "make_resamples",
    "read_resamples",
    "scheme_parameter_problems",
    "training_class_counts",
    "write_resamples",
]

RESAMPLES_FORMAT = "fsstab.resamples/1"

#: Scheme name -> default parameters (``stratify`` and ``max_redraws`` apply to all schemes).
SCHEMES: dict[str, dict[str, Any]] = {
    "bootstrap": {},
    "subsample": {"fraction": 0.9},
    "leave_out": {"delta": 0.05},
    "kfold": {"n_splits": 10},
    "complementary_pairs": {},
}

_COMMON_DEFAULTS: dict[str, Any] = {"stratify": True, "max_redraws": 1000}


@dataclass(frozen=True, eq=False)
class Resamples:
    """M training/test index sets drawn by :func:`make_resamples`.

    ``train[r]`` holds the training rows of resample r (sorted; repeated rows for bootstrap),
    ``test[r]`` the sorted distinct rows not in ``train[r]``, ``redraws[r]`` the number of
    rejected draws before resample r's unit was accepted, ``sample_groups`` the group of every
    sample when the resamples were drawn group by group (else None).
    """

    scheme: str
    params: Mapping[str, Any]
    random_state: int
    n_samples: int
    train: tuple[np.ndarray, ...]
    test: tuple[np.ndarray, ...]
    redraws: np.ndarray
    y_sha256: str
    sample_groups: tuple[str, ...] | None = None

    def __len__(self) -> int:
        return len(self.train)

    def __iter__(self) -> Iterator[tuple[np.ndarray, np.ndarray]]:
        return iter(zip(self.train, self.test, strict=True))


def labels_fingerprint(y: Any) -> str:
    """SHA-256 of the labels as text: identifies the label vector resamples were drawn for."""
    text = "\n".join(str(v) for v in np.asarray(y).reshape(-1).tolist())
    return hashlib.sha256(text.encode()).hexdigest()


# --------------------------------------------------------------------------------------------
# Sizes
# --------------------------------------------------------------------------------------------


# --------------------------------------------------------------------------------------------
# One unit of each scheme: a list of training index arrays (test = complement)
# --------------------------------------------------------------------------------------------

_Draw = Callable[[np.random.Generator, list[np.ndarray], int, dict[str, Any]], list[np.ndarray]]


def _draw_bootstrap(rng, by_class, n, params):
    if params["stratify"]:
        parts = [rng.choice(members, size=members.size, replace=True) for members in by_class]
        return [np.concatenate(parts)]
    return [rng.integers(0, n, size=n)]


def _draw_without_replacement(rng, by_class, n, params):
    n_train = params["_n_train"]
    if params["stratify"]:
        alloc = _allocate(n_train, np.array([m.size for m in by_class]))
        parts = [rng.choice(m, size=a, replace=False) for m, a in zip(by_class, alloc, strict=True)]
        return [np.concatenate(parts)]
    return [rng.choice(n, size=n_train, replace=False)]


def _draw_kfold(rng, by_class, n, params):
    k = params["n_splits"]
    if params["stratify"]:
        order = np.concatenate([rng.permutation(members) for members in by_class])
    else:
        order = rng.permutation(n)
    fold = np.empty(n, dtype=np.int64)
    fold[order] = np.arange(n) % k
    return [np.flatnonzero(fold != f) for f in range(k)]


def _draw_complementary_pairs(rng, by_class, n, params):
    if params["stratify"]:
        halves: tuple[list[np.ndarray], list[np.ndarray]] = ([], [])
        for members in by_class:
            perm = rng.permutation(members)
            h = members.size // 2
            halves[0].append(perm[:h])
            halves[1].append(perm[h : 2 * h])
        return [np.concatenate(halves[0]), np.concatenate(halves[1])]
    perm = rng.permutation(n)
    h = n // 2
    return [perm[:h], perm[h : 2 * h]]


_DRAWS: dict[str, tuple[_Draw, int | str]] = {
    # scheme -> (draw one unit, resamples per unit: an int or the name of the parameter)
    "bootstrap": (_draw_bootstrap, 1),
    "subsample": (_draw_without_replacement, 1),
    "leave_out": (_draw_without_replacement, 1),
    "kfold": (_draw_kfold, "n_splits"),
    "complementary_pairs": (_draw_complementary_pairs, 2),
}


# --------------------------------------------------------------------------------------------
# Validation of the request
# --------------------------------------------------------------------------------------------


def _resolve_params(scheme: str, params: Mapping[str, Any]) -> dict[str, Any]:
    if scheme not in SCHEMES:
        raise ValueError(f"unknown resampling scheme {scheme!r}; known schemes: {list(SCHEMES)}")
    allowed = {**_COMMON_DEFAULTS, **SCHEMES[scheme]}
    unknown = sorted(set(params) - set(allowed))
    if unknown:
        raise ValueError(
            f"resampling scheme {scheme!r} has no parameter(s) {unknown}; "
            f"allowed: {sorted(allowed)}"
        )
    resolved = {**allowed, **params}
    if not isinstance(resolved["stratify"], bool):
        raise ValueError(f"stratify must be True or False, got {resolved['stratify']!r}")
    max_redraws = resolved["max_redraws"]
    if isinstance(max_redraws, bool) or not isinstance(max_redraws, int) or max_redraws < 0:
        raise ValueError(f"max_redraws must be a non-negative integer, got {max_redraws!r}")
    return resolved


def scheme_parameter_problems(scheme: str, params: Mapping[str, Any]) -> dict[str, str]:
    """``{parameter: what is wrong}`` for scheme parameters that no data set can accept --
    checked before anything is drawn (:func:`make_resamples` checks the rest against n):
    ``fraction``/``delta`` strictly between 0 and 1 (1 would leave no test rows, 0 no training
    rows), an integer ``n_splits >= 2``, a boolean ``stratify``, an integer
    ``max_redraws >= 0``. Unknown schemes and parameters raise ``ValueError``.

    Examples
    --------
    >>> scheme_parameter_problems("subsample", {"fraction": 1.0})
    {'fraction': 'fraction must be a number strictly between 0 and 1, got 1.0'}
    """
    problems = {}
    try:
        resolved = _resolve_params(scheme, {k: v for k, v in params.items()
                                            if k not in ("stratify", "max_redraws")})
    except ValueError as exc:
        raise ValueError(str(exc)) from None
    for name in ("stratify", "max_redraws"):
        if name in params:
            try:
                _resolve_params(scheme, {name: params[name]})
            except ValueError as exc:
                problems[name] = str(exc)
    for name in ("fraction", "delta"):
        if name in params:
            try:
                _check_fraction(name, resolved[name])
            except ValueError as exc:
                problems[name] = str(exc)
    k = resolved.get("n_splits")
    if "n_splits" in params and (isinstance(k, bool) or not isinstance(k, int) or k < 2):
        problems["n_splits"] = f"n_splits must be an integer >= 2, got {k!r}"
    return problems


def _check_sizes(scheme: str, params: dict[str, Any], counts: np.ndarray) -> None:
    """Reject requests that cannot produce valid training/test sets; derive sizes."""
    n, n_classes = int(counts.sum()), counts.size
    stratify = params["stratify"]
    if scheme in ("subsample", "leave_out"):
        if scheme == "subsample":
            fraction = _check_fraction("fraction", params["fraction"])
            n_train = _round_half_up(fraction * n)
            what = f"fraction={params['fraction']}"
        else:
            delta = _check_fraction("delta", params["delta"])
            n_train = n - _round_half_up(delta * n)
            what = f"delta={params['delta']}"
        if not n_classes <= n_train <= n - 1:
            raise ValueError(
                f"{scheme} with {what} on n={n} samples gives {n_train} training and "
                f"{n - n_train} test rows; need at least {n_classes} training rows (one per "
                "class) and at least one test row"
            )
        params["_n_train"] = n_train
    elif scheme == "kfold":
        k = params["n_splits"]
        if isinstance(k, bool) or not isinstance(k, int) or not 2 <= k <= n:
            raise ValueError(f"n_splits must be an integer in 2..n={n}, got {k!r}")
        if stratify and counts.min() < 2:
            raise ValueError(
                f"stratified kfold needs at least 2 samples per class so that every training "
                f"set has both classes; class counts are {counts.tolist()}"
            )
    elif scheme == "complementary_pairs":
        if stratify and counts.min() < 2:
            raise ValueError(
                f"stratified complementary_pairs needs at least 2 samples per class (one per "
                f"half); class counts are {counts.tolist()}"
            )
        if n < 4:
            raise ValueError(f"complementary_pairs needs at least 4 samples, got n={n}")


def training_class_counts(scheme: str, class_counts: Any, **params: Any) -> np.ndarray | None:
    """The fewest rows of each class in a training set that :func:`make_resamples` draws for
    data with ``class_counts`` (one count per class), or None if draws are not stratified.

    Exact for stratified draws, which fix the rows of each class: bootstrap draws n_c rows
    of class c (with repeats); subsample and leave_out the class's share of the training
    rows (:func:`_allocate`); k-fold trains on all but the largest fold part of the class,
    n_c − ⌈n_c/k⌉; complementary pairs on ⌊n_c/2⌋. ``params`` are the scheme's parameters;
    a request :func:`make_resamples` refuses raises its ``ValueError``.

    Examples
    --------
    >>> training_class_counts("subsample", [3, 40], fraction=0.3).tolist()  # 13 rows: 1 + 12
    [1, 12]
    >>> training_class_counts("kfold", [5, 20], n_splits=10).tolist()       # folds of 0-1 + 2
    [4, 18]
    >>> training_class_counts("bootstrap", [5, 20], stratify=False) is None
    True
    """
    counts = np.asarray(class_counts, dtype=np.int64).reshape(-1)
    if counts.size < 2 or counts.min() < 1:
        raise ValueError(f"class_counts must give two or more classes of at least one sample, "
                         f"got {counts.tolist()}")
    resolved = _resolve_params(scheme, params)
    _check_sizes(scheme, resolved, counts)
    if not resolved["stratify"]:
        return None
    if scheme in ("subsample", "leave_out"):
        return _allocate(resolved["_n_train"], counts)
    if scheme == "kfold":
        return counts - -(-counts // resolved["n_splits"])
    if scheme == "complementary_pairs":
        return counts // 2
    return counts.copy()  # bootstrap


def _complement(train: np.ndarray, n: int) -> np.ndarray:
    drawn = np.zeros(n, dtype=bool)
    drawn[train] = True
    return np.flatnonzero(~drawn)


def _valid(trains: list[np.ndarray], codes: np.ndarray, n: int) -> bool:
    for train in trains:
        classes = codes[train]
        if classes.size == 0 or classes.min() == classes.max():
            return False
        if np.count_nonzero(np.bincount(train, minlength=n)) == n:  # empty test set
            return False
    return True


# --------------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------------


def make_resamples(
    y: Any,
    scheme: str,
    n_resamples: int,
    random_state: Any = None,
    *,
    groups: Any = None,
    **params: Any,
) -> Resamples:
    """Draw ``n_resamples`` training/test splits of the samples labelled ``y``.

    Parameters
    ----------
    y
        Class label of every sample (any labels; stratification uses their distinct values).
    scheme
        One of :data:`SCHEMES` (see the module docstring).
    n_resamples
        M, the number of resamples.
    random_state
        int, ``numpy.random.RandomState`` or None (scikit-learn semantics); the integer seed
        actually used is stored in :attr:`Resamples.random_state`.
    groups
        None, or the group of every sample (patient, batch): then whole groups are drawn
        and held out (:mod:`fsstab.resampling`; ``fraction``, ``delta`` and
        ``n_splits`` count groups, ``stratify`` stratifies over groups).
    **params
        ``fraction`` (subsample, default 0.9), ``delta`` (leave_out, default 0.05),
        ``n_splits`` (kfold, default 10), ``stratify`` (default True), ``max_redraws``
        (rejected draws allowed per unit before giving up, default 1000).

    Raises
    ------
    ValueError
        Unknown scheme or parameter, fewer than two classes, sizes that cannot give a training
        set with two classes and a non-empty test set, or ``max_redraws`` exceeded.
    """
    labels = np.asarray(y).reshape(-1)
    if np.asarray(y).ndim != 1:
        raise ValueError(f"y must be 1-dimensional, got shape {np.asarray(y).shape}")
    if isinstance(n_resamples, bool) or not isinstance(n_resamples, int | np.integer):
        raise ValueError(f"n_resamples must be a positive integer, got {n_resamples!r}")
    if n_resamples < 1:
        raise ValueError(f"n_resamples must be a positive integer, got {n_resamples}")
    resolved = _resolve_params(scheme, params)
    classes, codes, counts = np.unique(labels, return_inverse=True, return_counts=True)
    if classes.size < 2:
        raise ValueError(
            f"resampling for classification needs at least two classes; y has {classes.size}"
        )
    n = labels.size
    draw, per_unit = _DRAWS[scheme]
    by_class = [np.flatnonzero(codes == c) for c in range(classes.size)]
    group_labels = None
    if groups is None:
        _check_sizes(scheme, resolved, counts)

        def draw_unit(rng: np.random.Generator) -> list[np.ndarray]:
            return draw(rng, by_class, n, resolved)
    else:
        from fsstab.resampling._groups import group_unit_draw, group_unit_size_check

        group_draw, index, strata = group_unit_draw(scheme, groups, codes)
        group_unit_size_check(scheme, resolved, index, strata)
        group_labels = tuple(index.labels[c] for c in index.codes)

        def draw_unit(rng: np.random.Generator) -> list[np.ndarray]:
            return group_draw(rng, resolved)
    seed = as_seed(random_state)
    unit_size = resolved[per_unit] if isinstance(per_unit, str) else per_unit

    trains: list[np.ndarray] = []
    redraws: list[int] = []
    for unit in range((int(n_resamples) + unit_size - 1) // unit_size):
        rng = substream(seed, unit)
        rejected = 0
        while True:
            unit_trains = draw_unit(rng)
            if _valid(unit_trains, codes, n):
                break
            rejected += 1
            if rejected > resolved["max_redraws"]:
                raise ValueError(
                    f"{scheme} (stratify={resolved['stratify']}) could not draw a training set "
                    f"with two classes and a non-empty test set in {rejected} attempts (unit "
                    f"{unit}); class counts are {counts.tolist()}. Use stratify=True, larger "
                    "training sets, or more data."
                )
        trains.extend(np.sort(t).astype(np.int64) for t in unit_trains)
        redraws.extend([rejected] * unit_size)
    trains = trains[: int(n_resamples)]
    public = {k: v for k, v in resolved.items()
              if k not in ("max_redraws", "_n_train", "_n_train_groups")}
    return Resamples(
        scheme=scheme,
        params=public,
        random_state=seed,
        n_samples=n,
        train=tuple(trains),
        test=tuple(_complement(t, n) for t in trains),
        redraws=np.asarray(redraws[: int(n_resamples)], dtype=np.int64),
        y_sha256=labels_fingerprint(labels),
        sample_groups=group_labels,
    )


def _long_table(res: Resamples) -> pa.Table:
    ids, roles, rows = [], [], []
    for r, (train, test) in enumerate(res):
        for role, idx in (("train", train), ("test", test)):
            ids.append(np.full(idx.size, r, dtype=np.int32))
            roles.append(np.full(idx.size, role, dtype=object))
            rows.append(idx.astype(np.int32))
    columns = {
        "resample": pa.array(np.concatenate(ids), type=pa.int32()),
        "role": pa.array(np.concatenate(roles), type=pa.string()),
        "row": pa.array(np.concatenate(rows), type=pa.int32()),
    }
    if res.sample_groups is not None:
        labels = np.asarray(res.sample_groups, dtype=object)
        columns["group"] = pa.array(labels[np.concatenate(rows)], type=pa.string())
    return pa.table(columns)


def write_resamples(res: Resamples, path: str | os.PathLike[str]) -> Path:
    """Atomically write ``res`` in the long Parquet layout of the module docstring."""
    metadata = {
        "format": RESAMPLES_FORMAT,
        "scheme": res.scheme,
        "params": dict(res.params),
        "random_state": res.random_state,
        "n_samples": res.n_samples,
        "n_resamples": len(res),
        "redraws": res.redraws.tolist(),
        "y_sha256": res.y_sha256,
    }
    if res.sample_groups is not None:
        metadata["n_groups"] = len(set(res.sample_groups))
        metadata["groups_sha256"] = labels_fingerprint(res.sample_groups)
    return write_parquet(_long_table(res), path, metadata=metadata)


def read_resamples(path: str | os.PathLike[str], *, y: Any = None,
                   groups: Any = None) -> Resamples:
    """Read resamples written by :func:`write_resamples`.

    If ``y`` is given, it must be the label vector the resamples were drawn for (checked with
    :func:`labels_fingerprint`); otherwise ``ValueError`` names the file. So must ``groups``
    (the samples' groups, or None for resamples drawn without groups), if given.
    """
    table, meta = read_parquet(path)
    if meta.get("format") != RESAMPLES_FORMAT:
        raise ValueError(f"{path}: not an fsstab resamples file (format {meta.get('format')!r})")
    if y is not None and labels_fingerprint(y) != meta["y_sha256"]:
        raise ValueError(f"{path}: the resamples were drawn for a different label vector y")
    if groups is not None and labels_fingerprint(groups) != meta.get("groups_sha256"):
        drawn = "other sample groups" if "groups_sha256" in meta else "no sample groups"
        raise ValueError(f"{path}: the resamples were drawn for {drawn}; the dataset has groups "
                         "now (rerun the resample step)")
    m, n = int(meta["n_resamples"]), int(meta["n_samples"])
    resample = table.column("resample").to_numpy()
    is_train = table.column("role").to_numpy(zero_copy_only=False) == "train"
    row = table.column("row").to_numpy().astype(np.int64)
    if resample.size and (resample.min() < 0 or resample.max() >= m):
        raise ValueError(f"{path}: resample ids outside 0..{m - 1}")
    if row.size and (row.min() < 0 or row.max() >= n):
        raise ValueError(f"{path}: row indices outside 0..{n - 1}")
    order = np.lexsort((row, ~is_train, resample))
    resample, is_train, row = resample[order], is_train[order], row[order]
    bounds = np.searchsorted(resample, np.arange(m + 1))
    train, test = [], []
    for r in range(m):
        part = slice(bounds[r], bounds[r + 1])
        train.append(row[part][is_train[part]])
        test.append(row[part][~is_train[part]])
    sample_groups = None
    if "group" in table.column_names:
        labels = np.empty(n, dtype=object)
        labels[row] = np.asarray(table.column("group").to_pylist(), dtype=object)[order]
        sample_groups = tuple(labels.tolist())
    return Resamples(
        scheme=meta["scheme"],
        params=meta["params"],
        random_state=int(meta["random_state"]),
        n_samples=n,
        train=tuple(train),
        test=tuple(test),
        redraws=np.asarray(meta["redraws"], dtype=np.int64),
        y_sha256=meta["y_sha256"],
        sample_groups=sample_groups,
    )
