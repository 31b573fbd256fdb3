"""Rule bommert2020_ch5_ranking: thesis §5.2, rank correlations of the filters (Fig. 5.4)."""

from pathlib import Path

import pandas as pd

from fsstab.papers.bommert2020_ch56 import rank_correlation, ranking_outputs
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    filters = snakemake.params.filters
    paths = iter(snakemake.input.scores)
    correlations = {}
    for dataset in snakemake.params.datasets:
        scores = {name: pd.read_parquet(next(paths))["score"].to_numpy() for name in filters}
        correlations[dataset] = rank_correlation(scores)
    ranking_outputs(Path(snakemake.output[0]).parent, snakemake.output.comparison, correlations,
                    filters)
