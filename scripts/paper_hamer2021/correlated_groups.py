"""Rule hamer2021_correlated_groups: one (scenario, generative seed) of §5.3 over all c."""

from fsstab.papers.hamer2021.stages import TABLE_METADATA, correlated_groups_step
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    table, importances = correlated_groups_step(int(snakemake.wildcards.scenario),
                                                int(snakemake.wildcards.seed),
                                                snakemake.params.settings)
    write_table(table, snakemake.output.table, metadata=TABLE_METADATA)
    write_table(importances, snakemake.output.importances, metadata=TABLE_METADATA)
