"""Rule sechidis2019_tables: Table 1 (Pareto-optimal sets), Table 2 (non-dominated rank) and the
check of Table 2's rank definition against Table 1."""

import pandas as pd

from fsstab.io import read_parquet
from fsstab.papers.outputs import write_table
from fsstab.papers.sechidis2019.stages import rank_definition_check, table1, table2
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    methods = snakemake.params.methods
    pareto = pd.concat([read_parquet(path)[0].to_pandas() for path in snakemake.input.pareto],
                       ignore_index=True) if snakemake.input.pareto else pd.DataFrame(
        columns=["dataset", "measure", "label", "accuracy", "stability", "non_dominated"])
    rank = read_parquet(snakemake.input.rank)[0].to_pandas()
    meta = {"paper": "sechidis2019"}
    write_table(table1(pareto, methods, snakemake.params.datasets), snakemake.output.table1,
                metadata={**meta, "item": "Table 1"})
    write_table(table2(pareto, rank, methods, snakemake.params.datasets), snakemake.output.table2,
                metadata={**meta, "item": "Table 2"})
    write_table(rank_definition_check(), snakemake.output.check,
                metadata={**meta, "item": "Table 2: rank definition against Table 1"})
