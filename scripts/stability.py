"""Rule stability_<dataset>: every configured measure per variant of each configuration of a
dataset, then the dataset's summary (those tables, concatenated)."""

from fsstab.io import (
    parquet_row_count,
    read_json,
    read_parquet,
    read_parquet_metadata,
    write_parquet,
)
from fsstab.seeds import derive_seed
from fsstab.workflow.data import read_similarity
from fsstab.workflow.scripting import logged
from fsstab.workflow.stability import stability_table
from fsstab.workflow.tables import STABILITY_FORMAT, concat_tables, read_selection

with logged(snakemake.log[0], end_process=True):
    inputs, output, params = snakemake.input, snakemake.output, snakemake.params
    given = dict(inputs.items())
    C, threshold = read_similarity(given["similarity"]) if "similarity" in given else (None, None)
    d = len(read_parquet_metadata(inputs.dataset)["feature_names"])
    n_samples = parquet_row_count(inputs.dataset)
    calibrated = dict(zip(params.calibrated, inputs.calibration, strict=True))
    for spec, runs, features, path in zip(
        params.specs, inputs.runs, inputs.features, output.stability, strict=True
    ):
        tables, meta = read_selection({"runs": runs, "features": features})
        dataset = meta["dataset"]
        table = stability_table(
            tables["runs"],
            tables["features"],
            dataset=dataset,
            spec=spec,
            d=d,
            measures=params.measures,
            measure_params=params.measure_params,
            C=C,
            threshold=threshold,
            confidence_level=params.confidence_level,
            rank_cap=params.rank_cap,
            random_state=derive_seed(params.seed, dataset, "measures"),
            n_samples=n_samples,
            calibrated_C=(read_json(calibrated[spec["id"]])["C"]
                          if spec["id"] in calibrated else None),
        )
        write_parquet(table, path, metadata={"format": STABILITY_FORMAT})
    # the summary as the tables read back, as any later reader sees them
    tables = [read_parquet(path)[0] for path in output.stability]
    write_parquet(concat_tables(tables), output.summary, metadata={"format": STABILITY_FORMAT})
