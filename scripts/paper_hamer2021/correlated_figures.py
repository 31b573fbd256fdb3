"""Rule hamer2021_correlated_figures: Figs. 7-8 from the per-(scenario, seed) results."""

from fsstab.papers.hamer2021.stages import correlated_figures_step, read_frame, save_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    maps, stability, summary = correlated_figures_step(
        [read_frame(path) for path in snakemake.input.tables],
        read_frame(snakemake.input.map_importances),
        snakemake.params.settings,
    )
    save_figure(maps, snakemake.output.fig07[0].removesuffix(".pdf"))
    save_figure(stability, snakemake.output.fig08[0].removesuffix(".pdf"))
    save_table(summary, snakemake.output.table)
