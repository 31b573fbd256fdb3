"""Rule hamer2021_logistic_rfe: Fig. 14 (lines by λ, points by increasing λ_f)."""

from fsstab.papers.hamer2021.stages import TABLE_METADATA, logistic_rfe_step
from fsstab.papers.outputs import EXACT_FLOAT_FORMAT, read_table, stem_of, write_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    figure, table = logistic_rfe_step(
        {name: read_table(path) for name, path in snakemake.input.items()},
        selector=snakemake.params.selector,
        drawn=snakemake.params.drawn,
        note=snakemake.params.note,
    )
    save_figure(figure, stem_of(snakemake.output.figure))
    write_table(table, snakemake.output.table, metadata=TABLE_METADATA,
                float_format=EXACT_FLOAT_FORMAT)
