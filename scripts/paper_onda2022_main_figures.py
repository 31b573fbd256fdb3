"""Rule onda2022_main_figures: Onda Figs. 1-4 (two panels each) for the main data set."""

from pathlib import Path

from fsstab.io import read_parquet
from fsstab.papers.onda2022 import main_figures, read_experiments_by_tree
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    experiments = read_experiments_by_tree(snakemake.input.experiments)
    grid = read_parquet(snakemake.input.grid)[0].to_pandas()
    folder = Path(snakemake.output[0]).parent
    for stem, figure in main_figures(experiments, grid, snakemake.params.settings,
                                     snakemake.params.dataset).items():
        save_figure(figure, folder / stem)
