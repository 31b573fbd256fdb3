"""Rule bommert2020_ch8_toy: a chunk of §8.1 toy data sets, every method tuned by 10-fold CV."""

from fsstab.papers.bommert2020_ch78_workflow import toy_chunk, write_frame
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    table = toy_chunk(snakemake.params.toy, snakemake.wildcards.chunk, snakemake.params.seed)
    write_frame(table, snakemake.output.supports, chunk=snakemake.wildcards.chunk)
