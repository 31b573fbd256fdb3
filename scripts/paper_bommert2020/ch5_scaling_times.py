"""Rule bommert2020_ch5_scaling_times: thesis §5.1, run times of one filter on the base data set
(not reproducible, hence a table of its own)."""

from pathlib import Path

from fsstab.datasets import read_dataset
from fsstab.papers.bommert2020_ch56 import balanced_base, scaling_settings, time_filter_scaling
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged
from fsstab.workflow.seeds import derive_seed

with logged(snakemake.log[0]):
    settings = snakemake.params.scaling
    ds = read_dataset(snakemake.input.dataset)
    rows, columns = balanced_base(ds.y, settings["n_observations"], settings["n_features"],
                                  ds.n_features, derive_seed(snakemake.params.seed, "scaling"))
    X, y = ds.X[rows][:, columns], ds.y[rows]
    times = time_filter_scaling(
        snakemake.wildcards.filter, X, y, scaling_settings(settings["fractions"]),
        settings["repetitions"],
        derive_seed(snakemake.params.seed, "scaling", snakemake.wildcards.filter),
    )
    write_table(times, Path(snakemake.output.times).with_suffix(""),
                metadata={"format": "fsstab.bommert2020.scaling_times/1"})
