"""Rule bommert2020_ch6_real: thesis §6.3, the measures on real feature sets (Figs. 6.4-6.7)."""

from pathlib import Path

import pandas as pd

from fsstab.papers.bommert2020_ch56 import real_outputs
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    summaries = [pd.read_parquet(path) for path in snakemake.input.summaries]
    times = pd.concat([pd.read_parquet(path) for path in snakemake.input.times], ignore_index=True)
    real_outputs(Path(snakemake.output[0]).parent, snakemake.output.comparison, summaries, times,
                 measures=snakemake.params.measures, datasets=snakemake.params.datasets)
