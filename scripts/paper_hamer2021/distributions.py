"""Rule hamer2021_distributions: Fig. 20 (sampling distributions of the §7.3 estimates)."""

from fsstab.papers.hamer2021.figures import distributions_figure
from fsstab.papers.outputs import read_table, stem_of
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    figure = distributions_figure(
        {name: read_table(path) for name, path in snakemake.input.items()},
        snakemake.params.block_size,
        snakemake.params.note,
    )
    save_figure(figure, stem_of(snakemake.output.figure))
