"""Rule bommert2020_ch8_real_outputs: the §8.4 results table and Figs. 8.8-8.9."""

from fsstab.papers.bommert2020.ch8.figures import real_figures
from fsstab.papers.bommert2020.ch8.stages import real_outputs
from fsstab.papers.bommert2020.common import RESULT_FORMAT
from fsstab.papers.outputs import read_table, stem_of, write_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    results = real_outputs([read_table(path) for path in snakemake.input.results])
    write_table(results, snakemake.output.table_table8_4_real_data_results,
                metadata={"format": RESULT_FORMAT})
    for stem, figure in real_figures(results).items():
        save_figure(figure, stem_of(snakemake.output[f"figure_{stem}"]))
