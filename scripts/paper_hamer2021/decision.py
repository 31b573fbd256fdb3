"""Rule hamer2021_decision: Fig. 11 / 21-25 and the chosen compromises of one §7.1 data set."""

from fsstab.papers.hamer2021.stages import (
    TABLE_METADATA,
    dataset_width,
    decision_step,
    read_selection_tables,
)
from fsstab.papers.outputs import EXACT_FLOAT_FORMAT, read_table, stem_of, write_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    figure, table = decision_step(
        read_table(snakemake.input.summary),
        read_selection_tables(snakemake.params.configurations, snakemake.input.runs,
                              snakemake.input.features),
        dataset_width(snakemake.input.dataset),
        paper=snakemake.wildcards.paper,
        settings=snakemake.params.settings,
    )
    save_figure(figure, stem_of(snakemake.output.figure))
    write_table(table, snakemake.output.table, metadata=TABLE_METADATA,
                float_format=EXACT_FLOAT_FORMAT)
