"""Rule sechidis2019_comparison: every number Sechidis et al. (2019) state, next to ours."""

from fsstab.papers.outputs import comparison_frame, read_table, write_table
from fsstab.papers.sechidis2019.comparison import comparison_rows
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    tables = {name: read_table(snakemake.input[name]) for name in ("eq1", "table1", "table2")}
    # §4.2's Tables 3 and 4, when the stand-in is run
    ipass = ({"table3": read_table(snakemake.input.table3),
              "table4": read_table(snakemake.input.table4)} if snakemake.input.table3 else None)
    rows = comparison_rows(tables["eq1"], tables["table1"], tables["table2"],
                           snakemake.params.configured, ipass, run=snakemake.params.run)
    write_table(comparison_frame(rows), snakemake.output.table,
                metadata={"paper": "sechidis2019", "item": "comparison"})
