"""Rule bommert2020_ch8_simulation_outputs: the §8.3 results table and Figs. 8.5-8.7, A.22-A.29."""

from pathlib import Path

from fsstab.papers.bommert2020_ch78_workflow import read_frame, simulation_outputs
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    simulation_outputs([read_frame(path) for path in snakemake.input.results],
                       [read_frame(path) for path in snakemake.input.timings],
                       Path(snakemake.output.table[0]).parent, snakemake.params.figures)
