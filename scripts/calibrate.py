"""Rule calibrate: one C reaching calibrate_target_k features on average over the resamples."""

from fsstab.datasets import read_dataset, resampling_labels
from fsstab.io import write_json
from fsstab.resampling import read_resamples
from fsstab.workflow.scripting import logged
from fsstab.workflow.selection import calibrate

with logged(snakemake.log[0], end_process=True):
    ds = read_dataset(snakemake.input.dataset)
    resamples = read_resamples(snakemake.input.resamples, y=resampling_labels(ds),
                               groups=ds.sample_groups)
    write_json(snakemake.output.calibration, calibrate(ds, resamples, snakemake.params.spec))
