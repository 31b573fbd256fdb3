"""Rule nested_inner: one configuration on the inner resamples of one outer training part."""

from fsstab.datasets import read_dataset, resampling_labels
from fsstab.io import write_parquet
from fsstab.resampling import read_resamples
from fsstab.workflow.nested import fold_dataset, inner_stability, outer_index
from fsstab.workflow.scripting import logged
from fsstab.workflow.tables import STABILITY_FORMAT

with logged(snakemake.log[0], end_process=True):
    params = snakemake.params
    ds = read_dataset(snakemake.input.dataset)
    outer = read_resamples(snakemake.input.splits, y=resampling_labels(ds),
                           groups=ds.sample_groups)
    index = outer_index(snakemake.wildcards.outer)
    # the prefilter fitted on the outer training part only
    ds, _ = fold_dataset(read_dataset(snakemake.input.raw), ds, outer, index, params.prefilter)
    table = inner_stability(
        ds, outer, index, params.spec, seed=params.seed,
        resampling=params.resampling, measures=params.measures,
        measure_params=params.measure_params, similarity=params.similarity,
        confidence_level=params.confidence_level, rank_cap=params.rank_cap,
        accuracy_model=params.accuracy_model,
    )
    write_parquet(table, snakemake.output.stability, metadata={"format": STABILITY_FORMAT})
