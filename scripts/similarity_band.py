"""Rule similarity_band: the similar pairs of one band of rows (similarity.jobs > 1)."""

from fsstab.datasets import read_dataset
from fsstab.workflow.scripting import logged
from fsstab.workflow.similarity import similarity_band, write_similarity_band

with logged(snakemake.log[0], end_process=True):
    ds = read_dataset(snakemake.input.dataset)
    settings = snakemake.params.similarity
    pairs = similarity_band(ds, snakemake.wildcards.band, **settings)
    write_similarity_band(pairs, snakemake.output.band, dataset=ds.name, d=ds.n_features,
                          band=snakemake.wildcards.band, **settings)
