"""Rule bommert2020_ch8_real: one outer iteration of the §8.4 nested cross-validation."""

from fsstab.datasets import read_dataset
from fsstab.papers.bommert2020_ch78_workflow import real_outer_fold, write_frame
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    ds = read_dataset(snakemake.input.dataset)
    outer = int(snakemake.wildcards.outer)
    results, timings = real_outer_fold(ds, outer, snakemake.params.n_outer,
                                       snakemake.params.approaches, snakemake.params.seed)
    write_frame(results, snakemake.output.results, dataset=ds.name, outer=outer)
    write_frame(timings, snakemake.output.timings, dataset=ds.name, outer=outer)
