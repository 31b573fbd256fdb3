"""Rule bommert2020_ch8_toy: a chunk of §8.1 toy data sets, every method tuned by 10-fold CV."""

from fsstab.papers.bommert2020.ch8.stages import toy_chunk
from fsstab.papers.bommert2020.common import RESULT_FORMAT
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    chunk = snakemake.wildcards.chunk
    write_table(toy_chunk(snakemake.params.toy, chunk, snakemake.params.seed),
                snakemake.output.supports, metadata={"format": RESULT_FORMAT, "chunk": chunk})
