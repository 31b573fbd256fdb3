"""Rule hamer2021_toy: the toy feature stability maps of Figs. 3-6, their measures and φ_can of
redrawn maps."""

from fsstab.papers.hamer2021.stages import TABLE_METADATA, toy_step
from fsstab.papers.outputs import EXACT_FLOAT_FORMAT, stem_of, write_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    drawn, table, replicates = toy_step(snakemake.params.settings)
    for number, figure in drawn.items():
        save_figure(figure, stem_of(snakemake.output[f"fig{number:02d}"]))
    write_table(table, snakemake.output.table, metadata=TABLE_METADATA,
                float_format=EXACT_FLOAT_FORMAT)
    write_table(replicates, snakemake.output.replicates, metadata=TABLE_METADATA,
                float_format=EXACT_FLOAT_FORMAT)
