"""Rule onda2022_dataset_figures: Onda Figs. 6-10 and 12-13 for one data set."""

from pathlib import Path

from fsstab.io import read_parquet
from fsstab.papers.onda2022 import dataset_figures, read_experiments_by_tree
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    experiments = read_experiments_by_tree(snakemake.input.experiments)
    grid = read_parquet(snakemake.input.grid)[0].to_pandas()
    dataset = snakemake.wildcards.dataset
    folder = Path(snakemake.output[0]).parent
    for stem, figure in dataset_figures(experiments, grid, snakemake.params.settings,
                                        dataset).items():
        save_figure(figure, folder / f"{stem}_{dataset}")
