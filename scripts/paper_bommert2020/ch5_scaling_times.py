"""Rule bommert2020_ch5_scaling_times: thesis §5.1, run times of one filter on the base data set
(not reproducible, hence a table of its own)."""

from fsstab.datasets import read_dataset
from fsstab.papers.bommert2020.ch5.stages import scaling_times
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    times = scaling_times(read_dataset(snakemake.input.dataset), snakemake.wildcards.filter,
                          snakemake.params.scaling, snakemake.params.seed)
    write_table(times, snakemake.output.times,
                metadata={"format": "fsstab.bommert2020.scaling_times/1"})
