"""Rule onda2022_main_figures: Onda Figs. 1-4 (two panels each) for the main data set."""

from fsstab.papers.onda2022.experiment import read_experiments_by_tree
from fsstab.papers.onda2022.figures import main_figures
from fsstab.papers.outputs import read_table, stem_of
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    experiments = read_experiments_by_tree(snakemake.input.experiments)
    grid = read_table(snakemake.input.grid)
    figures = main_figures(experiments, grid, snakemake.params.settings,
                           snakemake.params.dataset)
    for stem, figure in figures.items():
        save_figure(figure, stem_of(snakemake.output[stem]))
