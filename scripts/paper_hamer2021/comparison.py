"""Rule hamer2021_comparison: comparison.csv, the paper's printed numbers next to ours."""

from fsstab.papers.hamer2021.comparison import FLOAT_FORMAT, comparison_table
from fsstab.papers.hamer2021.stages import TABLE_METADATA, TIES_IN_ORDER
from fsstab.papers.outputs import read_table, write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    inputs = {name: read_table(files) for name, files in snakemake.input.items()}
    toy = inputs["toy"]
    ties = toy[toy["measure"] == TIES_IN_ORDER]
    table = comparison_table(
        toy=toy[toy["measure"] != TIES_IN_ORDER],
        frequency=inputs.get("frequency"),
        table5=inputs.get("table5"),
        singh_compromises=inputs.get("singh"),
        gamma=snakemake.params.gamma,
        variation=inputs.get("variation"),
        areas=inputs.get("areas"),
        toy_ties_in_order=float(ties["value"].iloc[0]) if len(ties) else None,
        run=snakemake.params.run,
    )
    write_table(table, snakemake.output.table, metadata=TABLE_METADATA,
                float_format=FLOAT_FORMAT)
