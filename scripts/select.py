"""Rule select: one selector configuration on one chunk of resamples."""

from fsstab.datasets import read_dataset, resampling_labels
from fsstab.io import read_json
from fsstab.resampling import read_resamples
from fsstab.workflow.data import read_univariate
from fsstab.workflow.scripting import logged
from fsstab.workflow.selection import chunk_resamples, select_chunk
from fsstab.workflow.tables import write_selection

with logged(snakemake.log[0], end_process=True):
    ds = read_dataset(snakemake.input.dataset)
    resamples = read_resamples(snakemake.input.resamples, y=resampling_labels(ds),
                               groups=ds.sample_groups)
    spec = snakemake.params.spec
    inputs = dict(snakemake.input.items())
    tables = select_chunk(
        ds,
        resamples,
        spec,
        chunk_resamples(snakemake.wildcards.chunk, snakemake.params.n_resamples),
        seed=snakemake.params.seed,
        rank_cap=snakemake.params.rank_cap,
        calibrated_C=read_json(inputs["calibration"])["C"] if "calibration" in inputs else None,
        univariate=read_univariate(inputs["univariate"]) if "univariate" in inputs else None,
        accuracy_model=snakemake.params.accuracy_model,
        n_jobs=snakemake.threads,
    )
    metadata = {"dataset": ds.name, "configuration": spec["id"], "d": ds.n_features}
    write_selection(tables, snakemake.output, metadata=metadata)
