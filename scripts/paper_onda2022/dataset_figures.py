"""Rule onda2022_dataset_figures: Onda Figs. 6-10 and 12-13 for one data set."""

from fsstab.papers.onda2022.experiment import read_experiments_by_tree
from fsstab.papers.onda2022.figures import dataset_figures
from fsstab.papers.outputs import read_table, stem_of
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    experiments = read_experiments_by_tree(snakemake.input.experiments)
    grid = read_table(snakemake.input.grid)
    figures = dataset_figures(experiments, grid, snakemake.params.settings,
                              snakemake.wildcards.dataset)
    for stem, figure in figures.items():
        save_figure(figure, stem_of(snakemake.output[stem]))
