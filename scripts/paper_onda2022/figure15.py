"""Rule onda2022_figure15: real ensembles with a large normalised mtry (Fig. 15)."""

from fsstab.papers.onda2022.experiment import read_experiments_by_tree
from fsstab.papers.onda2022.figures import figure15
from fsstab.papers.outputs import stem_of
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    experiments = read_experiments_by_tree(snakemake.input.experiments)
    figure = figure15(experiments, snakemake.wildcards.dataset, snakemake.params.mtry)
    save_figure(figure, stem_of(snakemake.output.figure))
