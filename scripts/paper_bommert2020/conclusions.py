"""Rule bommert2020_conclusions: the chapters' claims gathered into conclusions.md and
conclusions.{csv,parquet}."""

from fsstab.papers.bommert2020.conclusions import write_thesis_conclusions
from fsstab.papers.outputs import read_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    write_thesis_conclusions([read_table(path) for path in snakemake.input.parts],
                             snakemake.params.chapters, snakemake.output.markdown,
                             snakemake.output.table)
