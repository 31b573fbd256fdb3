"""Rule bommert2020_ch8_real: one outer iteration of the §8.4 nested cross-validation."""

from fsstab.datasets import read_dataset
from fsstab.papers.bommert2020.ch8.stages import real_outer_fold
from fsstab.papers.bommert2020.common import RESULT_FORMAT
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    ds = read_dataset(snakemake.input.dataset)
    outer = int(snakemake.wildcards.outer)
    results, timings = real_outer_fold(ds, outer, snakemake.params.n_outer,
                                       snakemake.params.approaches, snakemake.params.seed)
    for table, path in ((results, snakemake.output.results),
                        (timings, snakemake.output.timings)):
        write_table(table, path,
                    metadata={"format": RESULT_FORMAT, "dataset": ds.name, "outer": outer})
