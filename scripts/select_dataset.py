"""Rule select_<dataset> (``selection_jobs: per_dataset``): every configuration of one dataset
on one chunk of resamples, in turn, each written to the chunk files its own select job would
write; first the calibrations, written as the calibrate jobs write them, if the job makes
them (the dataset's only chunk)."""

from fsstab.datasets import read_dataset, resampling_labels
from fsstab.io import read_json, write_json
from fsstab.resampling import read_resamples
from fsstab.workflow.data import read_univariate
from fsstab.workflow.scripting import logged
from fsstab.workflow.selection import calibrate, chunk_resamples, select_chunk
from fsstab.workflow.tables import write_selection

with logged(snakemake.log[0], end_process=True):
    params, inputs, output = snakemake.params, snakemake.input, snakemake.output
    ds = read_dataset(inputs.dataset)
    resamples = read_resamples(inputs.resamples, y=resampling_labels(ds),
                               groups=ds.sample_groups)
    if params.calibrates:
        specs = {spec["id"]: spec for spec in params.specs}
        for spec_id, path in zip(params.calibrated, output.calibration, strict=True):
            write_json(path, calibrate(ds, resamples, specs[spec_id]))
    calibrations = output.calibration if params.calibrates else inputs.calibration
    # the C as the calibration file gives it, as the per-configuration jobs read it
    calibrated_C = {spec_id: read_json(path)["C"]
                    for spec_id, path in zip(params.calibrated, calibrations, strict=True)}
    univariate = read_univariate(inputs.univariate) if params.univariate_configs else None
    chunk = chunk_resamples(params.chunk, params.n_resamples)
    for spec, runs, features, timings in zip(params.specs, output.runs, output.features,
                                             output.timings, strict=True):
        tables = select_chunk(
            ds,
            resamples,
            spec,
            chunk,
            seed=params.seed,
            rank_cap=params.rank_cap,
            calibrated_C=calibrated_C.get(spec["id"]),
            univariate=univariate if spec["id"] in params.univariate_configs else None,
            accuracy_model=params.accuracy_model,
            n_jobs=snakemake.threads,
        )
        write_selection(tables, {"runs": runs, "features": features, "timings": timings},
                        metadata={"dataset": ds.name, "configuration": spec["id"],
                                  "d": ds.n_features})
