"""Rule bommert2020_ch6_measure_times: each measure timed alone on sampled configurations of
one dataset (thesis Fig. 6.7); not reproducible, hence a table of its own."""

from fsstab.io import read_parquet_metadata
from fsstab.papers.bommert2020.ch6.stages import measure_times
from fsstab.papers.outputs import write_table
from fsstab.workflow.data import read_similarity
from fsstab.workflow.scripting import logged
from fsstab.workflow.tables import read_selection

with logged(snakemake.log[0], end_process=True) as log:
    dataset = snakemake.wildcards.dataset
    inputs = dict(snakemake.input.items())
    selections = {}
    for key, path in inputs.items():
        if key.startswith("runs__"):
            configuration = key.removeprefix("runs__")
            tables, _ = read_selection({"runs": path,
                                        "features": inputs[f"features__{configuration}"]})
            selections[configuration] = (tables["runs"], tables["features"])
    C, threshold = read_similarity(inputs["similarity"])
    table = measure_times(
        dataset, selections, d=len(read_parquet_metadata(inputs["dataset"])["feature_names"]),
        measures=snakemake.params.measures, params=snakemake.params.measure_params, C=C,
        threshold=threshold, n_configurations=snakemake.params.n_configurations,
        seed=snakemake.params.seed,
    )
    log.info("timed %d configurations of %s", table[["configuration", "variant"]]
             .drop_duplicates().shape[0], dataset)
    write_table(table, snakemake.output.times,
                metadata={"format": "fsstab.bommert2020.measure_times/1"})
