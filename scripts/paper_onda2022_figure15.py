"""Rule onda2022_figure15: real ensembles with a large normalised mtry (Fig. 15)."""

from pathlib import Path

from fsstab.papers.onda2022 import figure15, read_experiments_by_tree
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    experiments = read_experiments_by_tree(snakemake.input.experiments)
    figure = figure15(experiments, snakemake.wildcards.dataset, snakemake.params.mtry)
    save_figure(figure, Path(snakemake.output[0]).with_suffix(""))
