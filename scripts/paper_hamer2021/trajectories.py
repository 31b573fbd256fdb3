"""Rule hamer2021_trajectories: Figs. 13, 15, 17 (a method over its parameter, all data sets)."""

from fsstab.papers.hamer2021.settings import TRAJECTORY_FIGURES
from fsstab.papers.hamer2021.stages import read_frame, save_table, trajectories_step
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    number = int(snakemake.wildcards.number)
    method = next(m for m, (n, _) in TRAJECTORY_FIGURES.items() if n == number)
    figure, table = trajectories_step(
        {name: read_frame(path) for name, path in snakemake.input.items()},
        method=method,
        selector=snakemake.params.methods[method],
        number=number,
    )
    save_figure(figure, snakemake.output.figure[0].removesuffix(".pdf"))
    save_table(table, snakemake.output.table)
