"""The selection stage: one selector configuration on a chunk of resamples.

For every resample of the chunk the selector is fitted on the training rows only (selectors
standardise internally, on what they are given), every *variant* (sweep values of the
final-model parameters) is derived from that one fit with ``refit_final``, and the paired
predictive model is scored on the test rows. Three tables come out of a chunk:

``runs``      one row per (resample, variant): sizes, number selected, test score, ...
              (with sample groups also ``n_train_groups`` and ``n_test_groups``: the test
              score is then measured on whole held-out groups). The score is the accuracy,
              or for a continuous or survival outcome the columns of
              :func:`fsstab.workflow.scoring.run_scores` (``r2`` and ``rmse``; ``c_index``
              or ``c_index_uno``), computed from the selector's ``predict`` on the test rows
``features``  one row per (resample, variant, feature) for selected features and for features
              ranked within the rank cap: importance, rank, frequency score
``timings``   one row per (resample, variant): fit seconds (the only non-reproducible table)

:func:`fsstab.workflow.tables.gather_tables` concatenates the chunks of a configuration; the
result does not depend on the chunking because every resample's seed depends on (global seed,
dataset, resample) only.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pyarrow as pa

from fsstab.datasets import Dataset
from fsstab.io import canonical_json
from fsstab.resampling import Resamples
from fsstab.scores import Score
from fsstab.seeds import derive_seed, resample_seed
from fsstab.selectors import (
    BaseSelector,
    UnreachableTargetError,
    build_selector,
    calibrate_C,
    constructor_parameters,
    default_n_features,
    total_ranking,
)
from fsstab.workflow.chunks import chunk_range
from fsstab.workflow.evaluation import make_accuracy_model, selection_accuracy
from fsstab.workflow.progress import Progress
from fsstab.workflow.scoring import run_scores
from fsstab.workflow.sweeps import sweep_parameters
from fsstab.workflow.tables import SelectionTables

__all__ = ["calibrate", "chunk_resamples", "fit_variants", "select_chunk"]

_LOGGER = logging.getLogger("fsstab.workflow.selection")


def chunk_resamples(chunk: str, n_resamples: int) -> np.ndarray:
    """Resample ids of a chunk id ``r<first>-<last>`` (inclusive), checked against M."""
    items = chunk_range(chunk)
    if not chunk.startswith("r") or not 0 <= items.start < items.stop <= n_resamples:
        raise ValueError(f"chunk {chunk!r} does not lie within resamples 0..{n_resamples - 1}")
    return np.arange(items.start, items.stop)


# --------------------------------------------------------------------------------------------
# Calibration of C (Hamer & Dupont 2021, §7.2)
# --------------------------------------------------------------------------------------------


def calibrate(ds: Dataset, resamples: Resamples, spec: Mapping[str, Any]) -> dict[str, Any]:
    """One ``C`` for which the configuration selects ``calibrate_target_k`` features on average
    over the training sets of the M resamples (:func:`fsstab.selectors.calibrate_C`), or of
    the first ``calibrate_resamples`` of them; ``calibrate_unreachable`` says what happens
    when the target is out of reach.

    Done once per (dataset, configuration) before the selection chunks, so every chunk uses
    the same C whatever the chunk size.
    """
    target = spec["calibrate_target_k"]
    if target is None:
        raise ValueError(f"configuration {spec['id']!r} has no calibrate_target_k")
    if target == "auto":  # Hamer & Dupont (2021) §7.2: min(20, √d) features
        target = default_n_features(ds.n_features)
    if target > ds.n_features:
        raise ValueError(
            f"dataset {ds.name!r}: calibrate_target_k={target} exceeds its {ds.n_features} "
            "features"
        )
    selector = _built(spec["class"], spec["params"], ds.task)
    train_sets = list(resamples.train)[: spec.get("calibrate_resamples") or None]
    started = time.perf_counter()
    _LOGGER.info("dataset %r, configuration %r: calibrating C to %d features on average over "
                 "%d training sets", ds.name, spec["id"], target, len(train_sets))
    try:
        result = calibrate_C(
            selector, ds.X, ds.y, train_sets, target,
            on_unreachable=spec.get("calibrate_unreachable", "raise"),
        )
    except ValueError as err:
        hint = (
            "; or set calibrate_unreachable: closest for this selector"
            if isinstance(err, UnreachableTargetError) else ""
        )
        raise ValueError(
            f"dataset {ds.name!r}, configuration {spec['id']!r}: {err}{hint}"
        ) from err
    _LOGGER.info("calibration done in %.1f s: C = %g", time.perf_counter() - started, result.C)
    return {
        "dataset": ds.name,
        "configuration": spec["id"],
        "target_k": int(target),
        "reached": bool(result.reached),
        "n_train_sets": len(train_sets),
        "C": float(result.C),
        "evaluated_C": result.Cs.tolist(),
        "mean_support_size": result.mean_support_size.tolist(),
    }


# --------------------------------------------------------------------------------------------
# Fitting one configuration with its variants
# --------------------------------------------------------------------------------------------


def _built(cls_name: str, params: Mapping[str, Any], task: str) -> BaseSelector:
    """The selector of a configuration with ``params``, nested selector specifications built;
    outside classification every class of it that takes ``task`` is given the dataset's
    (classification selectors are built as they always were)."""
    return build_selector({"class": cls_name, "params": params},
                          task=None if task == "classification" else task)


def _constructor_params(
    spec: Mapping[str, Any], random_state: int, calibrated_C: float | None,
    n_jobs: int | None = None,
) -> dict[str, Any]:
    params = dict(spec["params"])
    if calibrated_C is not None:
        params.update(C=float(calibrated_C), target_k=None)
    accepted = constructor_parameters(spec["class"])
    if "random_state" in accepted:
        params["random_state"] = int(random_state)
    if n_jobs is not None and "n_jobs" in accepted and params.get("n_jobs") is None:
        params["n_jobs"] = int(n_jobs)  # the job's threads; results do not depend on it
    return params


def fit_variants(
    spec: Mapping[str, Any],
    X: np.ndarray,
    y: np.ndarray,
    *,
    random_state: int,
    calibrated_C: float | None = None,
    univariate: tuple[np.ndarray, np.ndarray] | None = None,
    n_jobs: int | None = None,
    task: str = "classification",
) -> list[tuple[str, BaseSelector, float]]:
    """Fit a configuration on ``(X, y)``; return ``(variant id, fitted selector, seconds)``.

    Variants that differ only in final-model parameters (``final_C``, ``shrinkage_alpha``)
    share one fit: the first is fitted, the others reuse its elimination path through
    ``refit_final`` (Hamer & Dupont 2021 §7.1: λ_f and α only change the final model). Every
    other combination of variant parameters (for the RFE family, which may sweep any
    parameter) is a full fit. The resample's precomputed ``univariate`` statistics (Welch t,
    variance) are given to ``fit`` when the configuration reads them
    (:meth:`fsstab.selectors.BaseSelector.uses_univariate_statistics`). ``n_jobs`` (the job's
    threads) goes to selectors that take an ``n_jobs`` parameter the configuration leaves unset.
    ``task`` (the dataset's) is given to the selectors outside classification.
    """
    params = _constructor_params(spec, random_state, calibrated_C, n_jobs)
    final_parameters = set(sweep_parameters(spec["class"]))
    fitted: list[tuple[str, BaseSelector, float]] = []
    paths: dict[str, BaseSelector] = {}
    for variant in spec["variants"]:
        path_params = {k: v for k, v in variant["params"].items() if k not in final_parameters}
        key = canonical_json(path_params)
        start = time.perf_counter()
        if key in paths:
            final = {k: v for k, v in variant["params"].items() if k in final_parameters}
            selector = paths[key].refit_final(X, y, **final)
        elif univariate is not None:
            # given only to classes that read them (BaseSelector.uses_univariate_statistics)
            selector = _built(spec["class"], {**params, **variant["params"]}, task).fit(
                X, y, univariate_statistics=univariate
            )
        else:
            selector = _built(spec["class"], {**params, **variant["params"]}, task).fit(X, y)
        paths.setdefault(key, selector)
        fitted.append((variant["id"], selector, time.perf_counter() - start))
    return fitted


def _feature_rows(selector: BaseSelector, rank_cap: int) -> dict[str, np.ndarray]:
    """The long-table rows of one fitted selector: selected features and ranks <= rank_cap.

    Ranks are :func:`fsstab.selectors.total_ranking` (``ranking_`` with ties broken by
    importance), so that RFE-style rankings, which tie all selected features at 1, are strict.
    """
    support = np.asarray(selector.support_, dtype=bool)
    ranking = getattr(selector, "ranking_", None)
    keep = support.copy()
    if ranking is not None:
        ranking = total_ranking(ranking, selector.importances_)
        keep |= ranking <= rank_cap
    idx = np.flatnonzero(keep)
    frequency = getattr(selector, "frequency_score_", None)
    return {
        "feature": idx.astype(np.int32),
        "selected": support[idx],
        "importance": np.asarray(selector.importances_, dtype=np.float64)[idx],
        "rank": None if ranking is None else ranking[idx].astype(np.int32),
        "frequency_score": (
            None if frequency is None else np.asarray(frequency, dtype=np.float64)[idx]
        ),
    }


def select_chunk(
    ds: Dataset,
    resamples: Resamples,
    spec: Mapping[str, Any],
    resample_ids: Sequence[int],
    *,
    seed: int,
    rank_cap: int,
    calibrated_C: float | None = None,
    univariate: Mapping[int, tuple[np.ndarray, np.ndarray]] | None = None,
    accuracy_model: Mapping[str, Any] | None = None,
    n_jobs: int | None = None,
) -> SelectionTables:
    """Run one configuration on the given resamples of ``ds`` (see the module docstring).

    Parameters
    ----------
    spec
        :attr:`fsstab.workflow.config.Configuration.spec`.
    resample_ids
        The chunk's resamples; resample r is fitted with ``random_state = resample_seed(seed,
        dataset, r)`` on ``ds.X[train_r]`` and scored on ``ds.X[test_r]``.
    rank_cap
        Ranks above it are not stored (Canberra's location parameter must not exceed it).
    calibrated_C
        The ``C`` from :func:`calibrate` for configurations with ``calibrate_target_k``.
    univariate
        ``{resample: (welch_t, variance)}`` for configurations whose class reads them
        (:attr:`fsstab.workflow.config.Configuration.uses_univariate_scores`).
    accuracy_model
        The configuration's ``accuracy_model`` entry: the runs' accuracy is that classifier's,
        fitted on the selected features of the training rows
        (:func:`fsstab.workflow.evaluation.selection_accuracy`; its ``random_state`` is
        ``derive_seed(seed, dataset, "accuracy", r)``), instead of ``selector.score``.
        Classification only: a regression or survival run is scored with
        :func:`fsstab.workflow.scoring.run_scores` on the selector's predictions.
    n_jobs
        Threads for selectors with an ``n_jobs`` parameter (the rule's ``threads``); the
        tables do not depend on it.

    Returns
    -------
    dict with the ``runs``, ``features`` and ``timings`` tables.
    """
    if spec.get("calibrate_target_k") is not None and calibrated_C is None:
        raise ValueError(f"configuration {spec['id']!r} needs its calibrated C")
    task = ds.task
    if task != "classification" and accuracy_model is not None:
        raise ValueError(f"dataset {ds.name!r}: accuracy_model applies to classification, not "
                         f"to task {task}")
    scores = run_scores(task, ds.y)
    runs: dict[str, list[Any]] = {k: [] for k in (
        "resample", "variant", "n_train", "n_test", "n_selected", *(s.name for s in scores),
        "ranked", "backend",
    )}
    features: dict[str, list[Any]] = {k: [] for k in (
        "resample", "variant", "feature", "selected", "importance", "rank", "frequency_score",
    )}
    timings: dict[str, list[Any]] = {"resample": [], "variant": [], "fit_seconds": []}
    groups = None if ds.sample_groups is None else _group_codes(ds.sample_groups)
    if groups is not None:
        runs.update(n_train_groups=[], n_test_groups=[])
    progress = Progress(f"dataset {ds.name!r}, configuration {spec['id']!r}", len(resample_ids),
                        len(spec["variants"]), console_name=f"select {ds.name}/{spec['id']}")
    for r in resample_ids:
        r = int(r)
        progress.start(r)
        train, test = resamples.train[r], resamples.test[r]
        stats = None
        if univariate is not None:
            if r not in univariate:
                raise ValueError(f"the univariate statistics lack resample {r}")
            stats = univariate[r]
        fitted = fit_variants(
            spec, ds.X[train], ds.y[train], random_state=resample_seed(seed, ds.name, r),
            calibrated_C=calibrated_C, univariate=stats, n_jobs=n_jobs, task=task,
        )
        for variant, selector, seconds in fitted:
            support = np.asarray(selector.support_, dtype=bool)
            runs["resample"].append(r)
            runs["variant"].append(variant)
            runs["n_train"].append(train.size)
            runs["n_test"].append(test.size)
            if groups is not None:
                runs["n_train_groups"].append(np.unique(groups[train]).size)
                runs["n_test_groups"].append(np.unique(groups[test]).size)
            runs["n_selected"].append(int(support.sum()))
            for name, value in _test_scores(selector, ds, train, test, scores, accuracy_model,
                                            derive_seed(seed, ds.name, "accuracy", r)).items():
                runs[name].append(value)
            runs["ranked"].append(getattr(selector, "ranking_", None) is not None)
            backend = getattr(selector, "backend_", None)
            runs["backend"].append(None if backend is None else str(backend))
            rows = _feature_rows(selector, rank_cap)
            n = rows["feature"].size
            features["resample"].append(np.full(n, r, dtype=np.int32))
            features["variant"].append(np.full(n, variant, dtype=object))
            for column in ("feature", "selected", "importance"):
                features[column].append(rows[column])
            for column, dtype in (("rank", np.int32), ("frequency_score", np.float64)):
                values = rows[column]
                features[column].append(
                    pa.nulls(n, pa.from_numpy_dtype(dtype)) if values is None
                    else pa.array(values)
                )
            timings["resample"].append(r)
            timings["variant"].append(variant)
            timings["fit_seconds"].append(seconds)
        progress.done(r)
    return {
        "runs": _runs_table(runs, [s.name for s in scores]),
        "features": _features_table(features),
        "timings": pa.table(
            {
                "resample": pa.array(timings["resample"], pa.int32()),
                "variant": pa.array(timings["variant"], pa.string()),
                "fit_seconds": pa.array(timings["fit_seconds"], pa.float64()),
            }
        ),
    }


def _test_scores(selector: BaseSelector, ds: Dataset, train: np.ndarray, test: np.ndarray,
                 scores: Sequence[Score], accuracy_model: Mapping[str, Any] | None,
                 model_seed: int) -> dict[str, float]:
    """``{score name: value}`` of one fitted selector on the test rows: its own model's
    accuracy (``selector.score``) or ``accuracy_model``'s on the selected features; outside
    classification each of ``scores`` on ``selector.predict`` (Uno's C reads the training
    targets for the censoring distribution)."""
    if ds.task != "classification":
        prediction = selector.predict(ds.X[test])
        return {s.name: s(ds.y[test], prediction, y_train=ds.y[train]) for s in scores}
    if accuracy_model is None:
        return {"accuracy": float(selector.score(ds.X[test], ds.y[test]))}
    model = make_accuracy_model(accuracy_model, model_seed)
    # Only the selected columns are gathered: a copy of whole training rows would cost as
    # much as the matrix itself at 10^5 features and more.
    selected = np.flatnonzero(np.asarray(selector.support_, dtype=bool))
    return {"accuracy": selection_accuracy(
        model, np.ones(selected.size, dtype=bool), ds.X[np.ix_(train, selected)],
        ds.y[train], ds.X[np.ix_(test, selected)], ds.y[test])}


def _group_codes(sample_groups: Sequence[str]) -> np.ndarray:
    return np.unique(np.asarray(sample_groups, dtype=object), return_inverse=True)[1]


def _runs_table(runs: Mapping[str, list[Any]], scores: Sequence[str]) -> pa.Table:
    columns = {
        "resample": pa.array(runs["resample"], pa.int32()),
        "variant": pa.array(runs["variant"], pa.string()),
        "n_train": pa.array(runs["n_train"], pa.int32()),
        "n_test": pa.array(runs["n_test"], pa.int32()),
        "n_selected": pa.array(runs["n_selected"], pa.int32()),
        **{name: pa.array(runs[name], pa.float64()) for name in scores},
        "ranked": pa.array(runs["ranked"], pa.bool_()),
        "backend": pa.array(runs["backend"], pa.string()),
    }
    if "n_train_groups" in runs:  # only with sample groups: other runs keep their bytes
        for name in ("n_train_groups", "n_test_groups"):
            columns[name] = pa.array(runs[name], pa.int32())
    return pa.table(columns)


def _concat(parts: list[Any], typ: pa.DataType) -> pa.Array:
    if not parts:
        return pa.array([], typ)
    arrays = [p if isinstance(p, pa.Array) else pa.array(p, typ) for p in parts]
    return pa.concat_arrays([a.cast(typ) for a in arrays])


def _features_table(features: Mapping[str, list[Any]]) -> pa.Table:
    types = {
        "resample": pa.int32(), "variant": pa.string(), "feature": pa.int32(),
        "selected": pa.bool_(), "importance": pa.float64(), "rank": pa.int32(),
        "frequency_score": pa.float64(),
    }
    return pa.table({name: _concat(features[name], typ) for name, typ in types.items()})
