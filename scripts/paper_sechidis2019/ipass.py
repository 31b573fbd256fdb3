"""Rule sechidis2019_ipass: Tables 3-5 of §4.2 on the simulated IPASS stand-in."""

from fsstab.datasets import read_dataset
from fsstab.io import read_parquet
from fsstab.papers.outputs import stem_of, write_table
from fsstab.papers.sechidis2019.figures import table4_figure
from fsstab.papers.sechidis2019.stages import (
    STAND_IN_LABEL,
    STAND_IN_NOTE,
    covariate_table,
    group_stability_table,
    table3,
)
from fsstab.plots import save_figure
from fsstab.seeds import derive_seed
from fsstab.workflow.naming import DEFAULT_VARIANT
from fsstab.workflow.scripting import logged
from fsstab.workflow.stability import run_matrices

with logged(snakemake.log[0], end_process=True):
    ds = read_dataset(snakemake.input.dataset)
    methods = snakemake.params.selectors
    meta = {"paper": "sechidis2019", "note": STAND_IN_NOTE}
    top = table3(ds, snakemake.params.specs, methods, snakemake.params.top_k,
                 random_state=derive_seed(snakemake.params.seed, ds.name, "full data"))
    # every row says where it comes from: a simulation whose effects were planted
    top.insert(0, "data", STAND_IN_LABEL)
    write_table(top, snakemake.output.table3, metadata={**meta, "item": "Table 3"})
    # the runs and features tables of each selector, in the order of params.selectors
    selections = {
        method: run_matrices(read_parquet(runs)[0], read_parquet(features)[0],
                             DEFAULT_VARIANT, ds.n_features, rank_cap=1)[0].toarray()
        for method, runs, features in zip(methods.values(), snakemake.input.runs,
                                          snakemake.input.features, strict=True)
    }
    stability = group_stability_table(selections)
    write_table(stability.assign(data=STAND_IN_LABEL)[["data", *stability.columns]],
                snakemake.output.table4, metadata={**meta, "item": "Table 4"})
    save_figure(table4_figure(stability, snakemake.params.n_resamples),
                stem_of(snakemake.output.figure4))
    write_table(covariate_table(), snakemake.output.table5, metadata={**meta, "item": "Table 5"})
