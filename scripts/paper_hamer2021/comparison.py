"""Rule hamer2021_comparison: comparison.csv, the paper's printed numbers next to ours."""

from fsstab.papers.hamer2021.comparison import FLOAT_FORMAT, comparison_table
from fsstab.papers.hamer2021.stages import TABLE_METADATA
from fsstab.papers.outputs import read_table, write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    inputs = {name: read_table(files) for name, files in snakemake.input.items()}
    table = comparison_table(
        toy=inputs["toy"],
        frequency=inputs.get("frequency"),
        table5=inputs.get("table5"),
        singh_compromises=inputs.get("singh"),
        gamma=snakemake.params.gamma,
        variation=inputs.get("variation"),
    )
    write_table(table, snakemake.output.table, metadata=TABLE_METADATA,
                float_format=FLOAT_FORMAT)
