"""Rule error_control_fit: a configuration's error-controlled selection fitted on all samples
of a dataset (discoveries by feature and group, promise, per feature the selection
probability), from the subsample fits' counts of rule error_control_counts where it has them."""

import pyarrow as pa

from fsstab.datasets import read_dataset
from fsstab.io import read_parquet, write_parquet
from fsstab.workflow.data import read_similarity
from fsstab.workflow.error_control import FIT_FORMAT, fit_discoveries, summed_counts
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    ds = read_dataset(snakemake.input.dataset)
    inputs = dict(snakemake.input.items())
    similarity = read_similarity(inputs["similarity"]) if "similarity" in inputs else None
    spec = snakemake.params.spec
    chunks = [read_parquet(path)[0].to_pandas() for path in snakemake.input.counts]
    frame = fit_discoveries(ds, spec, seed=snakemake.params.seed, similarity=similarity,
                            counts=summed_counts(chunks) if chunks else None)
    write_parquet(pa.Table.from_pandas(frame, preserve_index=False), snakemake.output.fit,
                  metadata={"format": FIT_FORMAT, "dataset": ds.name,
                            "configuration": spec["id"]})
