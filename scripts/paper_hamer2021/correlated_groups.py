"""Rule hamer2021_correlated_groups: one (scenario, generative seed) of §5.3 over all c."""

import pandas as pd
import pyarrow as pa

from fsstab.io import write_parquet
from fsstab.papers.hamer2021.correlated import correlated_groups_stability
from fsstab.papers.hamer2021.stages import TABLE_FORMAT
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    settings = snakemake.params.settings
    table, importances = correlated_groups_stability(
        int(snakemake.wildcards.scenario),
        int(snakemake.wildcards.seed),
        settings["group_sizes"],
        n_runs=settings["n_runs"],
        target_k=settings["target_k"],
        n_other=settings["n_other"],
        random_state=settings["random_state"],
    )
    long = []
    for c, W in importances.items():
        coo = W.tocoo()
        long.append(pd.DataFrame({"group_size": c, "run": coo.row, "feature": coo.col,
                                  "importance": coo.data}))
    long = pd.concat(long, ignore_index=True).sort_values(["group_size", "run", "feature"])
    metadata = {"format": TABLE_FORMAT}
    write_parquet(pa.Table.from_pandas(table, preserve_index=False).replace_schema_metadata(None),
                  snakemake.output.table, metadata=metadata)
    write_parquet(pa.Table.from_pandas(long, preserve_index=False).replace_schema_metadata(None),
                  snakemake.output.importances, metadata=metadata)
