"""Rule nested_splits: the outer splits of the nested evaluation."""

from fsstab.datasets import read_dataset
from fsstab.resampling import write_resamples
from fsstab.workflow.nested import outer_resamples
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    nested = snakemake.params.nested
    write_resamples(
        outer_resamples(read_dataset(snakemake.input.dataset), seed=snakemake.params.seed,
                        outer=nested["outer"], repeats=nested["repeats"]),
        snakemake.output.splits,
    )
