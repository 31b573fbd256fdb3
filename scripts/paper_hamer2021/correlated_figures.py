"""Rule hamer2021_correlated_figures: Figs. 7-8 from the per-(scenario, seed) results."""

from fsstab.papers.hamer2021.stages import TABLE_METADATA, correlated_figures_step
from fsstab.papers.outputs import EXACT_FLOAT_FORMAT, read_table, stem_of, write_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    maps, stability, summary = correlated_figures_step(
        [read_table(path) for path in snakemake.input.tables],
        read_table(snakemake.input.map_importances[0]),
        snakemake.params.settings,
    )
    save_figure(maps, stem_of(snakemake.output.fig07))
    save_figure(stability, stem_of(snakemake.output.fig08))
    write_table(summary, snakemake.output.table, metadata=TABLE_METADATA,
                float_format=EXACT_FLOAT_FORMAT)
