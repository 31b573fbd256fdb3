"""Rule bommert2020_ch5_benchmark_fold: thesis §5.3, one outer fold of the nested
cross-validation of one filter (accuracy table reproducible, timing table not)."""

from fsstab.datasets import read_dataset
from fsstab.papers.bommert2020.ch5.benchmark import benchmark_fold
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    ds = read_dataset(snakemake.input.dataset)
    result, timing = benchmark_fold(
        ds.X, ds.y, dataset=ds.name, filter_name=snakemake.wildcards.filter,
        outer=int(snakemake.wildcards.outer), settings=snakemake.params.settings,
        seed=snakemake.params.seed,
    )
    write_table(result, snakemake.output.result,
                metadata={"format": "fsstab.bommert2020.benchmark/1"})
    write_table(timing, snakemake.output.timing,
                metadata={"format": "fsstab.bommert2020.benchmark_times/1"})
