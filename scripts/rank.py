"""Rule rank: every dataset's summary of the results folder in one table, and the
non-dominated rank across this run's datasets (and across those other configurations left in
the folder)."""

import pyarrow as pa

from fsstab.io import read_parquet, write_parquet
from fsstab.workflow.decisions import RANK_FORMAT, folder_rank_table
from fsstab.workflow.scripting import logged
from fsstab.workflow.tables import STABILITY_FORMAT, concat_tables

with logged(snakemake.log[0], end_process=True):
    own = [read_parquet(path)[0] for path in snakemake.input.summaries]
    others = [read_parquet(path)[0] for path in snakemake.input.others]
    summary = concat_tables(own + others)
    write_parquet(summary, snakemake.output.summary, metadata={"format": STABILITY_FORMAT})
    ranks = folder_rank_table(concat_tables(own).to_pandas(),
                              concat_tables(others).to_pandas() if others else None,
                              snakemake.params.measures, snakemake.params.rank_datasets)
    write_parquet(pa.Table.from_pandas(ranks, preserve_index=False), snakemake.output.rank,
                  metadata={"format": RANK_FORMAT})
