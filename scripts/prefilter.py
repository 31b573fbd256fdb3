"""Rule prefilter: constant features out, optional log transform, top features by variance."""

from pathlib import Path

from fsstab.datasets import read_dataset, write_dataset
from fsstab.prefilter import write_prefilter_report
from fsstab.workflow.data import prefilter_dataset
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    ds, report = prefilter_dataset(
        read_dataset(snakemake.input.dataset), **snakemake.params.prefilter
    )
    write_prefilter_report(report, snakemake.output.report)
    write_dataset(ds, Path(snakemake.output.parquet).parent)
