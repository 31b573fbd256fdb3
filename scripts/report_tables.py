"""Rule report_tables: a dataset's summary and stable features as HTML tables for the report,
and the fragment its landing page shows (design, summary, stable features, convergence)."""

from fsstab.io import read_parquet, write_text
from fsstab.workflow.answers import stable_features_html, summary_html
from fsstab.workflow.convergence import convergence_sentence, convergence_verdicts
from fsstab.workflow.design import design_sentence, features_before_prefilter, stored_design
from fsstab.workflow.error_outputs import error_control_paragraph
from fsstab.workflow.overview import overview_html, shared_selection_note
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    dataset = snakemake.wildcards.dataset
    params = snakemake.params
    level = params.confidence_level
    stability = read_parquet(snakemake.input.summary)[0].to_pandas()
    pareto = read_parquet(snakemake.input.pareto)[0].to_pandas()
    stable = read_parquet(snakemake.input.stable)[0].to_pandas()
    convergence = read_parquet(snakemake.input.convergence)[0].to_pandas()
    inputs = dict(snakemake.input.items())
    error_control = (error_control_paragraph(read_parquet(inputs["error_control"])[0].to_pandas())
                     if "error_control" in inputs else None)
    sentence = convergence_sentence(
        convergence_verdicts(convergence, precision=params.precision, confidence_level=level),
        precision=params.precision, confidence_level=level,
    )
    design = design_sentence(
        *stored_design(snakemake.input.dataset), scheme=params.scheme,
        n_resamples=params.n_resamples,
        n_features_before=features_before_prefilter(snakemake.input.prefilter),
    )
    write_text(
        snakemake.output.summary,
        summary_html(stability, pareto, dataset=dataset, measures=params.measures,
                     confidence_level=level,
                     notes=[design, shared_selection_note(stability), sentence]),
    )
    write_text(snakemake.output.stable,
               stable_features_html(stable, dataset=dataset, confidence_level=level))
    write_text(
        snakemake.output.overview,
        overview_html(stability, pareto, stable, dataset=dataset, convergence=sentence,
                      confidence_level=level, score_label=params.score_label, design=design,
                      error_control=error_control),
    )
