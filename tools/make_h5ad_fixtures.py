"""Write the ``.h5ad`` files of ``tests/data/h5ad/`` with the ``anndata`` package itself, so
that the tests read files written by anndata (fsstab reads them with h5py, ``fsstab.sources.h5ad``).

anndata is not a dependency of fsstab (its releases for Python 3.11 require pandas < 3); run
this in an environment that has it::

    python3 tools/make_h5ad_fixtures.py     # writes tests/data/h5ad/cells*.h5ad

``cells.h5ad``: 8 cells x 30 genes, sparse CSR counts in ``X``, a CSR layer ``log1p``, ``obs``
with the categorical columns ``condition`` (T/N alternating) and ``patient`` (P0..P3, two
cells each), a numeric ``n_counts`` and a string ``barcode``; ``obsm["X_pca"]``.
``cells_missing.h5ad``: the same with ``condition`` missing for the third cell and ``X``
stored as CSC and the layer ``log1p`` dense, to cover the other encodings.
"""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

import anndata
import numpy as np
import pandas as pd
import scipy.sparse as sp

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "h5ad"


def cells(*, missing_condition: bool) -> anndata.AnnData:
    rng = np.random.default_rng(0)
    counts = sp.random(8, 30, density=0.3, format="csr", random_state=1, dtype=np.float32)
    counts.data = np.round(counts.data * 20) + 1
    condition = ["T", "N"] * 4
    if missing_condition:
        condition[2] = None
    obs = pd.DataFrame(
        {"condition": pd.Categorical(condition),
         "patient": pd.Categorical([f"P{i // 2}" for i in range(8)]),
         "n_counts": np.asarray(counts.sum(axis=1)).ravel(),
         "barcode": np.array([f"AC{i:02d}GT" for i in range(8)], dtype=object)},
        index=[f"cell{i:03d}" for i in range(8)],
    )
    var = pd.DataFrame(index=[f"G{j}" for j in range(30)])
    X = sp.csc_matrix(counts) if missing_condition else counts
    adata = anndata.AnnData(X=X, obs=obs, var=var)
    log1p = np.log1p(counts.toarray())
    adata.layers["log1p"] = log1p if missing_condition else sp.csr_matrix(log1p)
    adata.obsm["X_pca"] = rng.normal(size=(8, 2))
    return adata


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    if hasattr(anndata.settings, "allow_write_nullable_strings"):  # pandas 3 string columns
        anndata.settings.allow_write_nullable_strings = True
    cells(missing_condition=False).write_h5ad(OUT / "cells.h5ad")
    cells(missing_condition=True).write_h5ad(OUT / "cells_missing.h5ad")
    written = sorted(p.name for p in OUT.glob("*.h5ad"))
    print(f"anndata {importlib.metadata.version('anndata')}: wrote {written}")


if __name__ == "__main__":
    main()
