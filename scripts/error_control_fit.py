"""Rule error_control_fit: a configuration's error-controlled selection fitted on all samples
of a dataset (discoveries by feature and group, promise)."""

import pyarrow as pa

from fsstab.datasets import read_dataset
from fsstab.io import write_parquet
from fsstab.workflow.data import read_similarity
from fsstab.workflow.error_control import FIT_FORMAT, fit_discoveries
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    ds = read_dataset(snakemake.input.dataset)
    inputs = dict(snakemake.input.items())
    similarity = read_similarity(inputs["similarity"]) if "similarity" in inputs else None
    spec = snakemake.params.spec
    frame = fit_discoveries(ds, spec, seed=snakemake.params.seed, similarity=similarity)
    write_parquet(pa.Table.from_pandas(frame, preserve_index=False), snakemake.output.fit,
                  metadata={"format": FIT_FORMAT, "dataset": ds.name,
                            "configuration": spec["id"]})
