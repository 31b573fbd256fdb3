"""Rule bommert2020_comparison: the comparison rows of every thesis part that ran, in one table."""

from fsstab.papers.outputs import comparison_frame, concat_comparisons, read_table, write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    parts = [read_table(path) for path in snakemake.input.parts]
    if snakemake.params.not_run:
        parts.append(comparison_frame(snakemake.params.not_run))
    write_table(concat_comparisons(parts), snakemake.output.table,
                metadata={"paper": "bommert2020", "item": "comparison"})
