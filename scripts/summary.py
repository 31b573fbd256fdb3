"""Rule summary: the stability tables of every configuration of a dataset, concatenated."""

from fsstab.io import read_parquet, write_parquet
from fsstab.workflow.scripting import logged
from fsstab.workflow.tables import STABILITY_FORMAT, concat_tables

with logged(snakemake.log[0]):
    tables = [read_parquet(path)[0] for path in snakemake.input]
    write_parquet(concat_tables(tables), snakemake.output.summary,
                  metadata={"format": STABILITY_FORMAT})
