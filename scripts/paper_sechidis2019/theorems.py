"""Rule sechidis2019_theorems: Theorems 1 and 2 on the selection matrices of every §4.1
(data set, method) of the run, with the data set's similarity matrix C."""

import numpy as np
import pandas as pd

from fsstab.io import read_parquet_metadata
from fsstab.papers.outputs import read_table, write_table
from fsstab.papers.sechidis2019.theorems import theorem_table
from fsstab.workflow.data import read_similarity
from fsstab.workflow.naming import DEFAULT_VARIANT
from fsstab.workflow.scripting import logged


def selection_matrix(runs: pd.DataFrame, features: pd.DataFrame, d: int) -> np.ndarray:
    """M x d selections of the default variant, rows by resample."""
    resamples = np.sort(runs.loc[runs["variant"] == DEFAULT_VARIANT, "resample"].to_numpy())
    row_of = {int(r): i for i, r in enumerate(resamples)}
    chosen = features[(features["variant"] == DEFAULT_VARIANT) & features["selected"]]
    Z = np.zeros((resamples.size, d), dtype=bool)
    Z[[row_of[int(r)] for r in chosen["resample"]], chosen["feature"].to_numpy(int)] = True
    return Z


with logged(snakemake.log[0], end_process=True):
    datasets = snakemake.params.datasets
    similarities = dict(zip(datasets, map(read_similarity, snakemake.input.similarity),
                            strict=True))
    widths = {name: len(read_parquet_metadata(path)["feature_names"])
              for name, path in zip(datasets, snakemake.input.dataset, strict=True)}
    rows = []
    for (dataset, label), runs, features in zip(snakemake.params.runs, snakemake.input.runs,
                                                snakemake.input.features, strict=True):
        rows.append({"dataset": dataset, "label": label,
                     "Z": selection_matrix(read_table(runs), read_table(features),
                                           widths[dataset])})
    table = theorem_table(pd.DataFrame(rows), similarities, snakemake.params.methods)
    write_table(table, snakemake.output.table,
                metadata={"paper": "sechidis2019", "item": "Theorems 1-2 on the run's selections"})
