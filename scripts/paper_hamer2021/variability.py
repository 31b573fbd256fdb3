"""Rule hamer2021_variability: Fig. 19 and the table of all §7.3 group estimates."""

from fsstab.papers.hamer2021.stages import TABLE_METADATA, variability_step
from fsstab.papers.outputs import EXACT_FLOAT_FORMAT, read_table, stem_of, write_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    figure, cv, estimates = variability_step(
        {name: read_table(path) for name, path in snakemake.input.items()},
        block_size=snakemake.params.block_size,
    )
    save_figure(figure, stem_of(snakemake.output.figure))
    for table, target in ((cv, snakemake.output.cv), (estimates, snakemake.output.estimates)):
        write_table(table, target, metadata=TABLE_METADATA, float_format=EXACT_FLOAT_FORMAT)
