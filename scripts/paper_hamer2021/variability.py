"""Rule hamer2021_variability: Fig. 19 and the table of all §7.3 group estimates."""

from fsstab.papers.hamer2021.stages import read_frame, save_table, variability_step
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    figure, cv, estimates = variability_step(
        {name: read_frame(path) for name, path in snakemake.input.items()},
        block_size=snakemake.params.block_size,
    )
    save_figure(figure, snakemake.output.figure[0].removesuffix(".pdf"))
    save_table(cv, snakemake.output.cv)
    save_table(estimates, snakemake.output.estimates)
