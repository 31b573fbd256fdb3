"""Rule bommert2020_ch6_measure_times: each measure timed alone on sampled configurations of
one dataset (thesis Fig. 6.7); not reproducible, hence a table of its own."""

from pathlib import Path

from fsstab.io import read_parquet_metadata
from fsstab.papers.bommert2020_ch56 import measure_timing_table, sample_variants
from fsstab.papers.outputs import write_table
from fsstab.workflow.data import read_similarity
from fsstab.workflow.scripting import logged
from fsstab.workflow.seeds import derive_seed
from fsstab.workflow.tables import read_selection

with logged(snakemake.log[0]) as log:
    dataset = snakemake.wildcards.dataset
    inputs = dict(snakemake.input.items())
    selections = {}
    for key, path in inputs.items():
        if key.startswith("runs__"):
            configuration = key.removeprefix("runs__")
            tables, _ = read_selection({"runs": path,
                                        "features": inputs[f"features__{configuration}"]})
            selections[configuration] = (tables["runs"], tables["features"])
    variants = {c: sorted(set(runs.column("variant").to_pylist()))
                for c, (runs, _) in selections.items()}
    pairs = sample_variants(variants, snakemake.params.n_configurations,
                            derive_seed(snakemake.params.seed, dataset, "measure_times"))
    log.info("timing %d configurations of %s", len(pairs), dataset)
    C, threshold = read_similarity(inputs["similarity"])
    table = measure_timing_table(
        dataset, selections, pairs,
        d=len(read_parquet_metadata(inputs["dataset"])["feature_names"]),
        measures=snakemake.params.measures, params=snakemake.params.measure_params, C=C,
        threshold=threshold, random_state=derive_seed(snakemake.params.seed, dataset, "measures"),
    )
    write_table(table, Path(snakemake.output.times).with_suffix(""),
                metadata={"format": "fsstab.bommert2020.measure_times/1"})
