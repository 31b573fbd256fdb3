"""Rule bommert2020_ch7_outputs: Table 7.1 and Figs. 7.1-7.5, A.16-A.21."""

from pathlib import Path

from fsstab.papers.bommert2020_ch78_workflow import ch7_outputs, read_frame
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    datasets = snakemake.params.datasets
    evaluation = dict(zip(datasets, map(read_frame, snakemake.input.evaluation), strict=True))
    flags = dict(zip(datasets, map(read_frame, snakemake.input.flags), strict=True))
    configs = dict(zip(datasets, map(read_frame, snakemake.input.configs), strict=True))
    ch7_outputs(evaluation, flags, configs, Path(snakemake.output.table[0]).parent,
                snakemake.params.figures)
