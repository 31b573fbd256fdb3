"""Rules hamer2021_*_table: one table (CSV + Parquet) from per-dataset Parquet pieces."""

import pandas as pd

from fsstab.papers.hamer2021.stages import TABLE_METADATA
from fsstab.papers.outputs import EXACT_FLOAT_FORMAT, read_table, write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    table = pd.concat([read_table(path) for path in snakemake.input.tables], ignore_index=True)
    write_table(table, snakemake.output.table, metadata=TABLE_METADATA,
                float_format=EXACT_FLOAT_FORMAT)
