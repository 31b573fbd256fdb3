"""Rule hamer2021_table5: Table 5, the LASSO on every §7.2 data set, and every setting of the
§7.2 methods (what §5.2's "behaves in a similar manner" is checked on)."""

from fsstab.papers.hamer2021.stages import TABLE_METADATA
from fsstab.papers.hamer2021.standard import all_settings, table5
from fsstab.papers.outputs import EXACT_FLOAT_FORMAT, read_table, write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    summaries = {name: read_table(path) for name, path in snakemake.input.items()}
    write_table(table5(summaries, snakemake.params.selector), snakemake.output.table,
                metadata=TABLE_METADATA, float_format=EXACT_FLOAT_FORMAT)
    write_table(all_settings(summaries, snakemake.params.methods), snakemake.output.settings,
                metadata=TABLE_METADATA, float_format=EXACT_FLOAT_FORMAT)
