"""Rule stability: every configured measure per variant of one configuration."""

from fsstab.io import parquet_row_count, read_json, read_parquet_metadata, write_parquet
from fsstab.seeds import derive_seed
from fsstab.workflow.data import read_similarity
from fsstab.workflow.scripting import logged
from fsstab.workflow.stability import stability_table
from fsstab.workflow.tables import STABILITY_FORMAT, read_selection

with logged(snakemake.log[0]):
    inputs = dict(snakemake.input.items())
    tables, meta = read_selection({"runs": inputs["runs"], "features": inputs["features"]})
    C, threshold = read_similarity(inputs["similarity"]) if "similarity" in inputs else (None, None)
    dataset = meta["dataset"]
    table = stability_table(
        tables["runs"],
        tables["features"],
        dataset=dataset,
        spec=snakemake.params.spec,
        d=len(read_parquet_metadata(inputs["dataset"])["feature_names"]),
        measures=snakemake.params.measures,
        measure_params=snakemake.params.measure_params,
        C=C,
        threshold=threshold,
        confidence_level=snakemake.params.confidence_level,
        rank_cap=snakemake.params.rank_cap,
        random_state=derive_seed(snakemake.params.seed, dataset, "measures"),
        n_samples=parquet_row_count(inputs["dataset"]),
        calibrated_C=read_json(inputs["calibration"])["C"] if "calibration" in inputs else None,
    )
    write_parquet(table, snakemake.output.stability, metadata={"format": STABILITY_FORMAT})
