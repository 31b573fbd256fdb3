"""Rule fetch: a dataset from its source spec, stored as Parquet + provenance JSON.

The mirror and cache folder are read from the configuration, not from params: they change
where the bytes come from, not which bytes (downloads are checksum-verified), so changing them
must not rerun anything.
"""

from pathlib import Path

from fsstab.datasets import write_dataset
from fsstab.workflow.data import fetch_dataset
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    ds = fetch_dataset(
        snakemake.wildcards.dataset,
        snakemake.params.source,
        mirror=snakemake.config.get("mirror"),
        cache_dir=snakemake.config.get("cache_dir"),
    )
    write_dataset(ds, Path(snakemake.output.parquet).parent)
