"""The data of :func:`fsstab.analyse`: a file, an AnnData object, a DataFrame or arrays, made
into the dataset the workflow's fetch job would make.

- a path: the ``file:`` source of the workflow (:func:`fsstab.workflow.data.fetch_dataset`,
  the fetch job's own function), with ``target``, ``groups``, ``layer``, ``samples`` ... as
  source options (docs/data.md);
- an AnnData object: ``X`` (or ``layers[layer]``), ``var_names``, ``obs_names`` and the
  ``obs`` columns ``target`` and ``groups``, read by :func:`fsstab.sources.read_study` as the
  reader of an ``.h5ad`` file hands them to it -- the same object saved with ``write_h5ad``
  and analysed by the workflow gives the same dataset;
- a DataFrame: one row per sample; ``target`` and ``groups`` name columns (the others are the
  features) or are given as arrays;
- an array ``X`` with ``target`` (and ``groups``) as arrays.

:func:`fsstab.sources.dataset_from_study` turns the target into ``y`` in every case.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

__all__ = ["analysis_dataset", "file_source", "is_anndata"]


def is_anndata(data: Any) -> bool:
    """Whether ``data`` looks like an ``anndata.AnnData`` (``obs``, ``var_names``, ``X``)."""
    return all(hasattr(data, a) for a in ("obs", "var_names", "obs_names", "X", "layers"))


def _targets(target: Any) -> list[str]:
    return [target] if isinstance(target, str) else list(target)


def _anndata_matrix(adata: Any, layer: str | None) -> Any:
    """The ``SourceMatrix`` the ``.h5ad`` reader makes of the same object saved to a file."""
    from fsstab.sources.reading import SourceMatrix

    if layer is not None:
        if layer not in adata.layers:
            raise ValueError(f"AnnData has no layer {layer!r}; its layers are "
                             f"{list(adata.layers)}")
        X = adata.layers[layer]
    else:
        X = adata.X
    obs = pd.DataFrame({str(c): adata.obs[c].to_numpy() if not isinstance(
        adata.obs[c].dtype, pd.CategoricalDtype) else adata.obs[c].array
        for c in adata.obs.columns}, index=[str(n) for n in adata.obs_names])
    ids = [str(n) for n in adata.obs_names]
    return SourceMatrix(Path("<AnnData>"), obs, X, [str(v) for v in adata.var_names], ids,
                        [f"observation {i + 1}" for i in range(len(ids))],
                        [f"layer {layer!r}" if layer else "X"], is_table=False)


def _frame_matrix(frame: pd.DataFrame, target: Any, groups: Any) -> tuple[Any, dict]:
    """A DataFrame (target / groups as column names or as arrays) as the matrix of a
    table source, and the options naming its columns."""
    from fsstab.sources.reading import SourceMatrix

    frame = frame.copy()
    options: dict[str, Any] = {}
    for key, value, column in (("target", target, "__target__"),
                               ("groups", groups, "__groups__")):
        if value is None:
            continue
        if isinstance(value, str) or (key == "target" and isinstance(value, list | tuple)
                                      and all(isinstance(v, str) for v in value)):
            options[key] = value
            continue
        values = np.asarray(value, dtype=object)
        if values.shape[0] != frame.shape[0]:
            raise ValueError(f"{key} has {values.shape[0]} values but the data have "
                             f"{frame.shape[0]} samples")
        frame[column] = values
        options[key] = column
    ids = [str(i) for i in frame.index] if not isinstance(frame.index, pd.RangeIndex) else None
    columns = frame.reset_index(drop=True)
    columns.columns = [str(c) for c in columns.columns]
    matrix = SourceMatrix(Path("<DataFrame>"), columns, None, None, ids,
                          [f"row {i + 1}" for i in range(len(columns))], [], is_table=True)
    return matrix, options


def file_source(path: str | os.PathLike[str], *, target: Any, groups: Any = None,
                layer: str | None = None, options: Mapping[str, Any] | None = None
                ) -> dict[str, Any]:
    """The ``file:`` source spec of a data file with these options.

    Examples
    --------
    >>> file_source("cells.h5ad", target="condition", groups="patient")
    {'source': 'file:cells.h5ad', 'target': 'condition', 'groups': 'patient'}
    """
    source: dict[str, Any] = {"source": f"file:{os.fspath(path)}", **(options or {})}
    for key, value in (("target", target), ("groups", groups), ("layer", layer)):
        if value is not None:
            source[key] = value if isinstance(value, str) else list(value)
    return source


def analysis_dataset(
    data: Any, *, name: str, target: Any, groups: Any = None, task: str | None = None,
    layer: str | None = None, positive: Any = None, options: Mapping[str, Any] | None = None,
) -> tuple[Any, dict[str, Any]]:
    """``(dataset, source)``: the dataset of ``data`` as the fetch job makes it (module
    docstring) and the source spec that describes it to the configuration checks (for data
    in memory, a ``file:`` spec named after the kind of object, never read)."""
    from fsstab.sources import parse_source
    from fsstab.sources.sample_sheets import dataset_from_study, read_study
    from fsstab.workflow.data import fetch_dataset

    spec: dict[str, Any] = {**(options or {})}
    if positive is not None:
        spec["positive"] = positive
    if task is not None and task != "classification":
        spec["task"] = task
    if isinstance(data, str | os.PathLike):
        source = file_source(data, target=target, groups=groups, layer=layer, options=spec)
        return fetch_dataset(name, copy.deepcopy(source)), source
    if is_anndata(data):
        matrix = _anndata_matrix(data, layer)
        named = {"target": target if isinstance(target, str) else list(target), **spec}
        if groups is not None:
            named["groups"] = groups
        kind = "h5ad"
    else:
        if isinstance(data, pd.DataFrame):
            frame = data
        else:
            X = np.asarray(data)
            if X.ndim != 2:
                raise ValueError(f"data must be a 2-D array (samples x features), an AnnData, "
                                 f"a DataFrame or a file; got an array of shape {X.shape}")
            frame = pd.DataFrame(X, columns=[f"x{j}" for j in range(X.shape[1])])
        matrix, columns = _frame_matrix(frame, target, groups)
        named = {**columns, **spec}
        kind = "parquet"
    for key in ("target", "groups"):
        if isinstance(named.get(key), Sequence) and not isinstance(named[key], str):
            named[key] = list(named[key])
    source = {"source": f"file:{name}.{kind}", **named}
    parsed = parse_source(copy.deepcopy(source))  # the options a file source could take
    study = read_study(matrix, parsed.options, name)
    ds = dataset_from_study(study, name=name, options=parsed.options,
                            provenance={"source": f"<in memory: {type(data).__name__}>",
                                        "spec": parsed.to_dict()})
    return ds, source
