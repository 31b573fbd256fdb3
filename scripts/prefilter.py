"""Rule prefilter: constant features out, optional log transform, top features by variance."""

from pathlib import Path

from fsstab.datasets import read_dataset, write_dataset
from fsstab.prefilter import write_prefilter_report
from fsstab.workflow.checks import check_prefiltered_dataset
from fsstab.workflow.data import prefilter_dataset
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True) as log:
    ds, report = prefilter_dataset(
        read_dataset(snakemake.input.dataset), **snakemake.params.prefilter
    )
    # d, n and the classes are known now: configurations that cannot run on these data fail
    # here, before any resampling or selection job of the dataset
    for warning in check_prefiltered_dataset(snakemake.config, ds):
        log.warning(warning)
    write_prefilter_report(report, snakemake.output.report)
    write_dataset(ds, Path(snakemake.output.parquet).parent)
