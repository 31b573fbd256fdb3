"""Rule bommert2020_ch5_scaling: thesis §5.1 figures and table from the filters' run times."""

from pathlib import Path

import pandas as pd

from fsstab.papers.bommert2020_ch56 import scaling_outputs
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    times = pd.concat([pd.read_parquet(p) for p in snakemake.input.times], ignore_index=True)
    scaling_outputs(Path(snakemake.output[0]).parent, snakemake.output.comparison, times,
                    snakemake.params.filters)
