"""Rule hamer2021_trajectories: Figs. 13, 15, 17 (a method over its parameter, all data sets)."""

from fsstab.papers.hamer2021.stages import TABLE_METADATA, trajectories_step
from fsstab.papers.outputs import EXACT_FLOAT_FORMAT, read_table, stem_of, write_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    figure, table = trajectories_step(
        {name: read_table(path) for name, path in snakemake.input.items()},
        method=snakemake.params.method,
        selector=snakemake.params.selector,
        number=int(snakemake.wildcards.number),
    )
    save_figure(figure, stem_of(snakemake.output.figure))
    write_table(table, snakemake.output.table, metadata=TABLE_METADATA,
                float_format=EXACT_FLOAT_FORMAT)
