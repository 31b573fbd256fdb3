"""Rule figure_trajectory: stability and accuracy along each varied parameter of a selector."""

from fsstab.io import read_parquet
from fsstab.plots import save_figure
from fsstab.workflow.figures import trajectory_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    fig = trajectory_figure(
        read_parquet(snakemake.input.summary)[0].to_pandas(),
        dataset=snakemake.wildcards.dataset,
        selector=snakemake.wildcards.selector,
        measures=snakemake.params.measures,
    )
    save_figure(fig, snakemake.output.pdf.removesuffix(".pdf"))
