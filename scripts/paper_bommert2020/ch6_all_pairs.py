"""Rule bommert2020_ch6_all_pairs: thesis §6.2 on all 16,384 pairs of subsets of 7 features."""

from fsstab.papers.bommert2020.ch6.figures import FIGURE_DPI, all_pairs_figures
from fsstab.papers.bommert2020.ch6.stages import all_pairs
from fsstab.papers.outputs import comparison_frame, stem_of, write_table
from fsstab.plots import PNG_DPI, save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    result = all_pairs(snakemake.params.threshold)
    for stem, table in result.tables.items():
        write_table(table, snakemake.output[f"table_{stem}"])
    for stem, figure in all_pairs_figures(result).items():
        save_figure(figure, stem_of(snakemake.output[f"figure_{stem}"]),
                    dpi=FIGURE_DPI.get(stem, PNG_DPI))
    write_table(comparison_frame(result.comparison), snakemake.output.comparison)
