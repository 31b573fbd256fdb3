"""Rule similarity: the sparse similarity matrix C of the adjusted measures, computed here or
gathered from the bands of the similarity_band jobs (similarity.jobs > 1)."""

from fsstab.datasets import read_dataset
from fsstab.workflow.data import similarity_matrix, write_similarity
from fsstab.workflow.scripting import logged
from fsstab.workflow.similarity import gather_similarity_bands

with logged(snakemake.log[0], end_process=True):
    settings = snakemake.params.similarity
    if hasattr(snakemake.input, "bands"):  # similarity.jobs > 1
        C, name = gather_similarity_bands(snakemake.input.bands, **settings)
    else:
        ds = read_dataset(snakemake.input.dataset)
        C, name = similarity_matrix(ds, **settings), ds.name
    write_similarity(C, snakemake.output.similarity, dataset=name, **settings)
