"""Rule resample: the M training/test splits of a dataset."""

from fsstab.datasets import read_dataset
from fsstab.resampling import write_resamples
from fsstab.workflow.data import draw_resamples
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    resamples = draw_resamples(
        read_dataset(snakemake.input.dataset),
        seed=snakemake.params.seed,
        scheme=snakemake.params.scheme,
        n_resamples=snakemake.params.n_resamples,
        params=snakemake.params.scheme_params,
    )
    write_resamples(resamples, snakemake.output.resamples)
