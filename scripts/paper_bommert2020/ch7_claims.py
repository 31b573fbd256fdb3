"""Rule bommert2020_ch7_claims: the claims of Chapter 7 checked on this run."""

from fsstab.papers.bommert2020.ch7.conclusions import claims
from fsstab.papers.bommert2020.ch7.stages import configuration_tables
from fsstab.papers.bommert2020.conclusions import write_chapter_claims
from fsstab.papers.outputs import read_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    params = snakemake.params
    table71 = snakemake.input.table71
    tables = configuration_tables(params.datasets, snakemake.input.configs,
                                  snakemake.input.flags, snakemake.input.evaluation)
    write_chapter_claims(claims(read_table(table71) if table71 else None, tables, params.ch7,
                                params.features), "ch7", snakemake.output.table)
