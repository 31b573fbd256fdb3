"""Rule sechidis2019_ipass: Tables 3-5 of §4.2 on the simulated IPASS stand-in."""

from pathlib import Path

from fsstab.datasets import read_dataset
from fsstab.io import read_parquet
from fsstab.papers.outputs import write_table
from fsstab.papers.sechidis2019 import (
    STAND_IN_NOTE,
    covariate_table,
    group_stability_table,
    table3,
    table4_figure,
)
from fsstab.plots import save_figure
from fsstab.workflow.naming import DEFAULT_VARIANT
from fsstab.workflow.scripting import logged
from fsstab.workflow.seeds import derive_seed
from fsstab.workflow.stability import run_matrices

with logged(snakemake.log[0]):
    ds = read_dataset(snakemake.input.dataset)
    methods = snakemake.params.selectors
    meta = {"paper": "sechidis2019", "note": STAND_IN_NOTE}
    top = table3(ds, snakemake.params.specs, methods, snakemake.params.top_k,
                 random_state=derive_seed(snakemake.params.seed, ds.name, "full data"))
    write_table(top, Path(snakemake.output.table3_csv).with_suffix(""),
                metadata={**meta, "item": "Table 3"})
    selections = {
        method: run_matrices(read_parquet(snakemake.input[f"runs__{label}"])[0],
                             read_parquet(snakemake.input[f"features__{label}"])[0],
                             DEFAULT_VARIANT, ds.n_features, rank_cap=1)[0].toarray()
        for label, method in methods.items()
    }
    stability = group_stability_table(selections)
    stem = Path(snakemake.output.table4_csv).with_suffix("")
    write_table(stability, stem, metadata={**meta, "item": "Table 4"})
    save_figure(table4_figure(stability, snakemake.params.n_resamples), stem)
    write_table(covariate_table(), Path(snakemake.output.table5_csv).with_suffix(""),
                metadata={**meta, "item": "Table 5"})
