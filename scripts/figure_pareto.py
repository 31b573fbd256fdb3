"""Rule figure_pareto: accuracy versus one stability measure with the compromises."""

from fsstab.io import read_parquet
from fsstab.plots import save_figure
from fsstab.workflow.figures import pareto_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    fig = pareto_figure(
        read_parquet(snakemake.input.pareto)[0].to_pandas(),
        snakemake.wildcards.measure,
        dataset=snakemake.wildcards.dataset,
        gammas=snakemake.params.gammas,
    )
    save_figure(fig, snakemake.output.pdf.removesuffix(".pdf"))
