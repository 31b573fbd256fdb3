"""Rule error_control_counts: the selection counts of a chunk of the subsample fits of a
configuration's fit on all samples of a dataset (summed in rule error_control_fit)."""

import pyarrow as pa

from fsstab.datasets import read_dataset
from fsstab.io import write_parquet
from fsstab.workflow.chunks import chunk_range
from fsstab.workflow.error_control import COUNTS_FORMAT, subsample_count_chunk
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    ds = read_dataset(snakemake.input.dataset)
    spec = snakemake.params.spec
    frame = subsample_count_chunk(ds, spec, chunk_range(snakemake.wildcards.fits),
                                  seed=snakemake.params.seed)
    write_parquet(pa.Table.from_pandas(frame, preserve_index=False), snakemake.output.counts,
                  metadata={"format": COUNTS_FORMAT, "dataset": ds.name,
                            "configuration": spec["id"], "chunk": snakemake.wildcards.fits})
