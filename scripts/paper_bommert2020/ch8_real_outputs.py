"""Rule bommert2020_ch8_real_outputs: the §8.4 results table and Figs. 8.8-8.9."""

from pathlib import Path

from fsstab.papers.bommert2020_ch78_workflow import read_frame, real_outputs
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    real_outputs([read_frame(path) for path in snakemake.input.results],
                 Path(snakemake.output.table[0]).parent)
