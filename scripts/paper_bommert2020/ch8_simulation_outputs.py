"""Rule bommert2020_ch8_simulation_outputs: the §8.3 results table and Figs. 8.5-8.7, A.22-A.29."""

import pandas as pd

from fsstab.papers.bommert2020.ch8.figures import simulation_figures
from fsstab.papers.bommert2020.ch8.stages import simulation_outputs
from fsstab.papers.bommert2020.common import RESULT_FORMAT
from fsstab.papers.outputs import read_table, stem_of, write_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    results = simulation_outputs([read_table(path) for path in snakemake.input.results])
    timings = pd.concat([read_table(path) for path in snakemake.input.timings],
                        ignore_index=True)
    write_table(results, snakemake.output.table_table8_simulation_results,
                metadata={"format": RESULT_FORMAT})
    for stem, figure in simulation_figures(results, timings, snakemake.params.figures).items():
        save_figure(figure, stem_of(snakemake.output[f"figure_{stem}"]))
