"""Rule nested_outer: the choices of one outer training part, refitted on it and scored on its
outer test part."""

import math

from fsstab.datasets import read_dataset, resampling_labels
from fsstab.io import read_parquet, write_parquet
from fsstab.resampling import read_resamples
from fsstab.seeds import derive_seed
from fsstab.workflow.nested import (
    NESTED_FORMAT,
    chosen_configurations,
    fold_arrow,
    fold_dataset,
    outer_index,
    outer_results,
)
from fsstab.workflow.scripting import logged
from fsstab.workflow.tables import concat_tables

with logged(snakemake.log[0], end_process=True):
    params = snakemake.params
    ds = read_dataset(snakemake.input.dataset)
    outer = read_resamples(snakemake.input.splits, y=resampling_labels(ds),
                           groups=ds.sample_groups)
    index = outer_index(snakemake.wildcards.outer)
    # the prefilter fitted on the outer training part only; features reported as columns of
    # the unfiltered dataset
    ds, columns = fold_dataset(read_dataset(snakemake.input.raw), ds, outer, index,
                               params.prefilter)
    summary = concat_tables([read_parquet(p)[0] for p in snakemake.input.inner]).to_pandas()
    choices = chosen_configurations(
        summary, params.measures, gammas=params.gammas,
        acc_const=params.epsilon["acc_const"], stab_const=params.epsilon["stab_const"],
        random_state=derive_seed(derive_seed(params.seed, "nested", index), ds.name, "pareto"),
    )
    calibrated = {
        row["configuration"]: (None if row["calibrated_C"] is None
                               or math.isnan(row["calibrated_C"]) else float(row["calibrated_C"]))
        for row in summary.to_dict("records")
    }
    table = outer_results(ds, outer, index, choices, params.specs, calibrated, seed=params.seed,
                          rank_cap=params.rank_cap, accuracy_model=params.accuracy_model,
                          columns=columns)
    write_parquet(fold_arrow(table), snakemake.output.fold,
                  metadata={"format": NESTED_FORMAT, "dataset": ds.name})
