"""Rule hamer2021_frequency_score: Fig. 10 for one §7.1 data set."""

from fsstab.papers.hamer2021.stages import (
    TABLE_METADATA,
    frequency_score_step,
    read_selection_tables,
)
from fsstab.papers.outputs import read_table, stem_of, write_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    figure, row = frequency_score_step(
        read_table(snakemake.input.summary),
        read_selection_tables(snakemake.params.configurations, snakemake.input.runs,
                              snakemake.input.features),
        paper=snakemake.wildcards.paper,
        settings=snakemake.params.settings,
    )
    save_figure(figure, stem_of(snakemake.output.figure))
    write_table(row, snakemake.output.row, metadata=TABLE_METADATA)
