"""Rule stable_features: which features each configuration of a dataset selects, how often
(with an interval) and how important they are; the chosen compromises marked."""

from fsstab.io import read_parquet, read_parquet_metadata, write_parquet
from fsstab.workflow.answers import STABLE_FEATURES_FORMAT, stable_features_table, write_csv
from fsstab.workflow.error_outputs import with_error_control_columns
from fsstab.workflow.scripting import logged
from fsstab.workflow.tables import read_selection

with logged(snakemake.log[0], end_process=True):
    selections = {}
    for runs, features in zip(snakemake.input.runs, snakemake.input.features, strict=True):
        tables, meta = read_selection({"runs": runs, "features": features})
        selections[meta["configuration"]] = (tables["runs"], tables["features"])
    table = stable_features_table(
        selections,
        read_parquet(snakemake.input.summary)[0].to_pandas(),
        read_parquet(snakemake.input.pareto)[0].to_pandas(),
        dataset=snakemake.wildcards.dataset,
        feature_names=read_parquet_metadata(snakemake.input.dataset)["feature_names"],
        confidence_level=snakemake.params.confidence_level,
        rank_cap=snakemake.params.rank_cap,
    )
    # per feature, the error-controlled fit on all samples (only where the dataset runs one)
    fits = [read_parquet(path)[0].to_pandas() for path in snakemake.input.error_control]
    table = with_error_control_columns(table, fits)
    write_parquet(table, snakemake.output.parquet, metadata={
        "format": STABLE_FEATURES_FORMAT,
        "dataset": snakemake.wildcards.dataset,
        "confidence_level": snakemake.params.confidence_level,
    })
    write_csv(table.to_pandas(), snakemake.output.csv,
              escape_formulas=snakemake.params.escape_formulas)
