"""Rule figures_<dataset>: every figure of one dataset (summary, Pareto fronts, trajectories,
feature stability maps) in one job."""

from fsstab.workflow.figures import FeatureMapFiles, write_dataset_figures
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    params = snakemake.params
    inputs = snakemake.input
    maps = [
        FeatureMapFiles(spec, runs, features, stability, params.stems["feature_maps"][spec["id"]])
        for spec, runs, features, stability in zip(
            params.map_specs, inputs.map_runs, inputs.map_features, inputs.map_stability,
            strict=True,
        )
    ]
    write_dataset_figures(
        params.dataset,
        dataset_file=inputs.dataset,
        summary_file=inputs.summary,
        pareto_file=inputs.pareto,
        summary_stem=params.stems["summary"],
        pareto_stems=params.stems["pareto"],
        trajectory_stems=params.stems["trajectories"],
        feature_maps=maps,
        gammas=params.gammas,
        measures=params.measures,
        rank_cap=params.rank_cap,
        confidence_level=params.confidence_level,
        score_label=params.score_label,
    )
