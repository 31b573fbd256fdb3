"""Rules hamer2021_*_table: one table (CSV + Parquet) from per-dataset Parquet pieces."""

import pandas as pd

from fsstab.papers.hamer2021.stages import read_frame, save_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    table = pd.concat([read_frame(path) for path in snakemake.input.tables], ignore_index=True)
    save_table(table, snakemake.output.table)
