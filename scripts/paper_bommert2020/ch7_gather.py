"""Rule bommert2020_ch7_gather: all chunks of a data set; Pareto / PA-best / A-best flags (§7.1)."""

from fsstab.papers.bommert2020.ch7.stages import gather
from fsstab.papers.bommert2020.common import RESULT_FORMAT
from fsstab.papers.outputs import read_table, write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    evaluation, flags = gather([read_table(path) for path in snakemake.input.chunks],
                               read_table(snakemake.input.configs),
                               snakemake.params.tolerance)
    metadata = {"format": RESULT_FORMAT, "dataset": snakemake.wildcards.dataset}
    write_table(evaluation, snakemake.output.evaluation, metadata=metadata)
    write_table(flags, snakemake.output.flags, metadata=metadata)
