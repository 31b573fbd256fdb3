"""AnnData ``.h5ad`` files (the scanpy ecosystem): cells or samples with their annotations.

An AnnData object holds a matrix ``X`` (observations x variables; often sparse), optional
``layers`` of the same shape (raw counts, normalised values), ``obs`` (one row per
observation: condition, patient, batch, ...) and ``var`` (one row per gene). fsstab reads it
through the ``anndata`` package (``pip install "fsstab[omics]"``): ``obs_names`` are the sample
ids, ``var_names`` the features, ``X`` or the layer named ``layer`` the values, and the target
and groups come from ``obs`` columns (or from a sample sheet).

A sparse matrix stays sparse while samples are selected and joined
(:class:`fsstab.sample_sheets.StudyTable`); it is made dense once, for the selected samples,
when the dataset is built.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

__all__ = ["AnnDataTable", "read_h5ad"]


@dataclass(frozen=True)
class AnnDataTable:
    """What fsstab reads from an ``.h5ad`` file: ``X`` (dense or scipy sparse, n x d),
    ``feature_names`` (``var_names``), ``sample_ids`` (``obs_names``), ``obs`` (annotations
    with text columns) and ``layer`` (None for ``X``)."""

    X: Any
    feature_names: list[str]
    sample_ids: list[str]
    obs: pd.DataFrame
    layer: str | None


def _anndata() -> Any:
    try:
        import anndata
    except ImportError as exc:
        raise ImportError(
            "reading .h5ad files needs the anndata package: pip install \"fsstab[omics]\" "
            "(or pip install anndata)"
        ) from exc
    return anndata


def read_h5ad(path: str | os.PathLike[str], *, layer: str | None = None) -> AnnDataTable:
    """Read an ``.h5ad`` file: ``X`` (or ``layers[layer]``), names and ``obs``.

    Raises ``ValueError`` naming the file for an unknown layer (listing the layers) and for
    repeated ``obs_names`` or ``var_names``; ``ImportError`` if anndata is not installed.
    """
    path = Path(path)
    anndata = _anndata()
    try:
        adata = anndata.read_h5ad(path)
    except (OSError, KeyError, ValueError) as exc:
        raise ValueError(f"{path}: cannot read as an AnnData .h5ad file ({exc})") from exc
    if layer is None:
        X = adata.X
        if X is None:
            raise ValueError(f"{path}: the AnnData object has no X; name a layer with layer: "
                             f"(layers: {sorted(adata.layers.keys())})")
    else:
        if layer not in adata.layers:
            raise ValueError(
                f"{path}: no layer {layer!r}; its layers are {sorted(adata.layers.keys())} "
                "(leave layer: out to read X)"
            )
        X = adata.layers[layer]
    for what, names in (("obs_names", adata.obs_names), ("var_names", adata.var_names)):
        if not names.is_unique:
            repeated = names[names.duplicated()].unique().tolist()[:5]
            raise ValueError(
                f"{path}: {what} are not unique ({repeated} repeat); make them unique in "
                f"Python with adata.{what.replace('_names', '')}_names_make_unique()"
            )
    obs = adata.obs.copy()
    obs.index = [str(i) for i in obs.index]
    return AnnDataTable(
        X=X,
        feature_names=[str(v) for v in adata.var_names],
        sample_ids=[str(o) for o in adata.obs_names],
        obs=obs,
        layer=layer,
    )
