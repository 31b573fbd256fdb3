"""Rule bommert2020_ch7_comparison: Table 7.1 and the statements of Figs. 7.1-7.5 next to ours."""

from fsstab.papers.bommert2020.ch7.comparison import comparison_rows, figure_rows
from fsstab.papers.bommert2020.ch7.evidence import settings_match
from fsstab.papers.bommert2020.ch7.stages import configuration_tables
from fsstab.papers.outputs import comparison_frame, read_table, write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    params = snakemake.params
    table71 = snakemake.input.table71
    tables = configuration_tables(params.datasets, snakemake.input.configs,
                                  snakemake.input.flags, snakemake.input.evaluation)
    notes = {d: settings_match(params.ch7, params.features, [d]).text() for d in tables}
    rows = comparison_rows(read_table(table71) if table71 else None,
                           configured=params.configured, setting=params.setting, notes=notes)
    rows += figure_rows(tables, setting=params.setting, notes=notes)
    write_table(comparison_frame(rows), snakemake.output.comparison)
