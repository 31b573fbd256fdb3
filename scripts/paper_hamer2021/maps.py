"""Rule hamer2021_maps: Figs. 12, 16, 18 (feature stability maps of one §7.2 method)."""

from fsstab.papers.hamer2021.stages import dataset_width, maps_step, read_selection_tables
from fsstab.papers.outputs import read_table, stem_of
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    inputs = snakemake.input
    datasets = snakemake.params.datasets
    figure = maps_step(
        {d: read_table(inputs[f"summary_{d}"]) for d in datasets},
        {d: read_selection_tables(snakemake.params.configurations[d], inputs[f"runs_{d}"],
                                  inputs[f"features_{d}"]) for d in datasets},
        {d: dataset_width(inputs[f"dataset_{d}"]) for d in datasets},
        method=snakemake.params.method,
        selector=snakemake.params.selector,
        values=snakemake.params.values,
        number=int(snakemake.wildcards.number),
        note=snakemake.params.note,
    )
    save_figure(figure, stem_of(snakemake.output.figure))
