"""Rule hamer2021_logistic_rfe: Fig. 14 (lines by λ, points by increasing λ_f)."""

from fsstab.papers.hamer2021.stages import logistic_rfe_step, read_frame, save_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    figure, table = logistic_rfe_step(
        {name: read_frame(path) for name, path in snakemake.input.items()},
        selector=snakemake.params.selector,
        note=snakemake.params.note,
    )
    save_figure(figure, snakemake.output.figure[0].removesuffix(".pdf"))
    save_table(table, snakemake.output.table)
