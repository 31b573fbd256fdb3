"""Rule bommert2020_ch7_gather: all chunks of a data set; Pareto / PA-best / A-best flags (§7.1)."""

from fsstab.papers.bommert2020_ch78_workflow import ch7_gather, read_frame, write_frame
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    evaluation, flags = ch7_gather(
        [read_frame(path) for path in snakemake.input.chunks],
        read_frame(snakemake.input.configs), snakemake.params.ch7["pa_tolerance"],
    )
    dataset = snakemake.wildcards.dataset
    write_frame(evaluation, snakemake.output.evaluation, dataset=dataset)
    write_frame(flags, snakemake.output.flags, dataset=dataset)
