"""Rule hamer2021_toy: the toy feature stability maps of Figs. 3-6 and their measures."""

from pathlib import Path

from fsstab.papers.hamer2021.stages import save_table, toy_step
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    drawn, table = toy_step(snakemake.params.settings)
    folder = Path(snakemake.output.table[0]).parent
    for stem, figure in drawn:
        save_figure(figure, folder / stem)
    save_table(table, snakemake.output.table)
