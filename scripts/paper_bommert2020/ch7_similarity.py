"""Rule bommert2020_ch7_similarity: |Pearson| >= 0.9 of one half of a data set."""

from fsstab.datasets import read_dataset
from fsstab.papers.bommert2020.ch7.stages import half_similarity
from fsstab.papers.bommert2020.common import SIMILARITY_THRESHOLD
from fsstab.papers.outputs import read_table
from fsstab.workflow.data import write_similarity
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    ds = read_dataset(snakemake.input.dataset)
    C = half_similarity(ds, read_table(snakemake.input.splits), snakemake.wildcards.half)
    write_similarity(C, snakemake.output.similarity, dataset=ds.name, method="pearson",
                     threshold=SIMILARITY_THRESHOLD)
