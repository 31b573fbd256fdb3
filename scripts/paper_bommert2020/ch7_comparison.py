"""Rule bommert2020_ch7_comparison: Table 7.1 of the thesis next to ours."""

from fsstab.papers.bommert2020.ch7.comparison import comparison_rows
from fsstab.papers.outputs import comparison_frame, read_table, write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    table71 = snakemake.input.table71
    rows = comparison_rows(read_table(table71) if table71 else None,
                           configured=snakemake.params.configured,
                           setting=snakemake.params.setting)
    write_table(comparison_frame(rows), snakemake.output.comparison)
