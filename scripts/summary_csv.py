"""Rule summary_csv: the summary of all datasets as a table of its own (results/summary.csv)."""

from fsstab.io import read_parquet
from fsstab.workflow.answers import scored_summary_frame, write_csv
from fsstab.workflow.error_outputs import with_error_control_sentences
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    frame = scored_summary_frame(
        read_parquet(snakemake.input.summary)[0].to_pandas(),
        snakemake.params.measures,
        confidence_level=snakemake.params.confidence_level,
    )
    summaries = [read_parquet(path)[0].to_pandas() for path in snakemake.input.error_control]
    frame = with_error_control_sentences(frame, summaries)
    write_csv(frame, snakemake.output.csv, escape_formulas=snakemake.params.escape_formulas)
