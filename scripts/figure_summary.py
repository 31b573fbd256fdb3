"""Rule figure_summary: the dataset's summary as a figure (accuracy and φ with intervals)."""

from fsstab.io import read_parquet
from fsstab.plots import save_figure
from fsstab.workflow.figures import summary_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    fig = summary_figure(
        read_parquet(snakemake.input.summary)[0].to_pandas(),
        dataset=snakemake.wildcards.dataset,
        measures=snakemake.params.measures,
        confidence_level=snakemake.config["measures"]["confidence_level"],
    )
    save_figure(fig, snakemake.output.pdf.removesuffix(".pdf"))
