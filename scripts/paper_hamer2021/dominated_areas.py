"""Rule hamer2021_dominated_areas: Fig. 9 for one §7.1 data set (areas; hybrid-RFE with
N >= 1 against the RFE at equal accuracy)."""

from fsstab.papers.hamer2021.stages import TABLE_METADATA, dominated_areas_step
from fsstab.papers.outputs import read_table, stem_of, write_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    figure, areas, versus = dominated_areas_step(
        read_table(snakemake.input.summary),
        paper=snakemake.wildcards.paper,
        settings=snakemake.params.settings,
    )
    save_figure(figure, stem_of(snakemake.output.figure))
    write_table(areas, snakemake.output.areas, metadata=TABLE_METADATA)
    write_table(versus, snakemake.output.versus, metadata=TABLE_METADATA)
