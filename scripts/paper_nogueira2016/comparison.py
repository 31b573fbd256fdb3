"""Rule nogueira2016_comparison: every number Nogueira & Brown (2016) state, next to ours."""

from fsstab.papers.nogueira2016.comparison import comparison_rows
from fsstab.papers.outputs import comparison_frame, read_table, write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    tables = {name: read_table(snakemake.input[name])
              for name in ("toy", "figure1", "figure2", "table2")}
    rows = comparison_rows(tables["toy"], tables["figure1"], tables["figure2"], tables["table2"],
                           snakemake.params.configured, snakemake.params.run)
    write_table(comparison_frame(rows), snakemake.output.table,
                metadata={"paper": "nogueira2016", "item": "comparison"})
