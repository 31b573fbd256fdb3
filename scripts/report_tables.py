"""Rule report_tables: a dataset's summary and stable features as HTML tables for the report."""

from fsstab.io import read_parquet, write_text
from fsstab.workflow.answers import stable_features_html, summary_html
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    dataset = snakemake.wildcards.dataset
    level = snakemake.params.confidence_level
    stability = read_parquet(snakemake.input.summary)[0].to_pandas()
    pareto = read_parquet(snakemake.input.pareto)[0].to_pandas()
    write_text(
        snakemake.output.summary,
        summary_html(stability, pareto, dataset=dataset, measures=snakemake.params.measures,
                     confidence_level=level),
    )
    write_text(
        snakemake.output.stable,
        stable_features_html(read_parquet(snakemake.input.stable)[0].to_pandas(),
                             dataset=dataset, confidence_level=level),
    )
