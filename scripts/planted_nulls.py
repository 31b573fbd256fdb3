"""Rule planted_nulls: a chunk of the planted-null reruns of one configuration on one
dataset."""

import pyarrow as pa

from fsstab.datasets import read_dataset
from fsstab.io import write_parquet
from fsstab.workflow.chunks import chunk_range
from fsstab.workflow.data import read_similarity
from fsstab.workflow.error_control import PLANTED_FORMAT, planted_chunk
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    ds = read_dataset(snakemake.input.dataset)
    inputs = dict(snakemake.input.items())
    similarity = read_similarity(inputs["similarity"]) if "similarity" in inputs else None
    spec = snakemake.params.spec
    frame = planted_chunk(ds, spec, chunk_range(snakemake.wildcards.chunk),
                          seed=snakemake.params.seed, n_planted=snakemake.params.n_planted,
                          similarity=similarity)
    write_parquet(pa.Table.from_pandas(frame, preserve_index=False), snakemake.output.planted,
                  metadata={"format": PLANTED_FORMAT, "dataset": ds.name,
                            "configuration": spec["id"], "chunk": snakemake.wildcards.chunk})
