"""Rule rank: all datasets' summaries in one table and the non-dominated rank across them."""

import pyarrow as pa

from fsstab.io import read_parquet, write_parquet
from fsstab.workflow.decisions import RANK_FORMAT, rank_table
from fsstab.workflow.scripting import logged
from fsstab.workflow.tables import STABILITY_FORMAT, concat_tables

with logged(snakemake.log[0]):
    summary = concat_tables([read_parquet(path)[0] for path in snakemake.input.summaries])
    write_parquet(summary, snakemake.output.summary, metadata={"format": STABILITY_FORMAT})
    ranks = rank_table(summary.to_pandas(), snakemake.params.measures,
                       snakemake.params.rank_datasets)
    write_parquet(pa.Table.from_pandas(ranks, preserve_index=False), snakemake.output.rank,
                  metadata={"format": RANK_FORMAT})
