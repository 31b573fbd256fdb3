"""Rule bommert2020_ch8_toy_outputs: the §8.1 selections table and Figs. 8.2-8.4."""

from fsstab.papers.bommert2020.ch8.figures import toy_figures
from fsstab.papers.bommert2020.ch8.stages import toy_outputs
from fsstab.papers.bommert2020.common import RESULT_FORMAT
from fsstab.papers.outputs import read_table, stem_of, write_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    supports = toy_outputs([read_table(path) for path in snakemake.input.chunks])
    write_table(supports, snakemake.output.table_table8_1_toy_selections,
                metadata={"format": RESULT_FORMAT})
    for stem, figure in toy_figures(supports).items():
        save_figure(figure, stem_of(snakemake.output[f"figure_{stem}"]))
