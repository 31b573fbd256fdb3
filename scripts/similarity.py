"""Rule similarity: the sparse similarity matrix C of the adjusted measures."""

from fsstab.datasets import read_dataset
from fsstab.workflow.data import similarity_matrix, write_similarity
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    ds = read_dataset(snakemake.input.dataset)
    settings = snakemake.params.similarity
    C = similarity_matrix(ds, **settings)
    write_similarity(C, snakemake.output.similarity, dataset=ds.name, **settings)
