"""Rule univariate: Welch t and variance per resample, shared by the hybrid-RFE jobs."""

from fsstab.datasets import read_dataset
from fsstab.resampling import read_resamples
from fsstab.workflow.data import univariate_statistics, write_univariate
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    ds = read_dataset(snakemake.input.dataset)
    resamples = read_resamples(snakemake.input.resamples, y=ds.y, groups=ds.sample_groups)
    write_univariate(univariate_statistics(ds, resamples), snakemake.output.univariate, dataset=ds)
