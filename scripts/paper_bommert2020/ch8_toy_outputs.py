"""Rule bommert2020_ch8_toy_outputs: the §8.1 selections table and Figs. 8.2-8.4."""

from pathlib import Path

from fsstab.papers.bommert2020_ch78_workflow import read_frame, toy_outputs
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    toy_outputs([read_frame(path) for path in snakemake.input.chunks],
                Path(snakemake.output.table[0]).parent)
