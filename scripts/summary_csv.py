"""Rule summary_csv: the summary of all datasets as a table of its own (results/summary.csv)."""

from fsstab.io import read_parquet
from fsstab.workflow.answers import scored_summary_frame, write_csv
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    frame = scored_summary_frame(
        read_parquet(snakemake.input.summary)[0].to_pandas(),
        snakemake.params.measures,
        confidence_level=snakemake.params.confidence_level,
    )
    write_csv(frame, snakemake.output.csv, escape_formulas=snakemake.params.escape_formulas)
