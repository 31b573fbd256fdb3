"""Rule bommert2020_ch6_claims: the claims of thesis Ch. 6 checked on this run (ch6_claims)."""

from fsstab.papers.bommert2020.ch6.conclusions import claims
from fsstab.papers.bommert2020.ch6.real import real_values
from fsstab.papers.bommert2020.conclusions import write_chapter_claims
from fsstab.papers.outputs import read_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    given = set(snakemake.input.keys())     # (`in snakemake.input` would search the paths)
    tables = {name: read_table(snakemake.input[name])
              for name in ("undefined", "table64", "pc1_order", "all_pairs_correlation",
                           "expected")}
    # §6.3 runs only when one of its data sets is run: its claims are not testable otherwise
    real = "summaries" in given
    tables["real_correlation"] = read_table(snakemake.input.real_correlation) if real else None
    tables["run_times"] = read_table(snakemake.input.run_times) if real else None
    tables["values"] = (real_values([read_table(p) for p in snakemake.input.summaries],
                                    snakemake.params.measures) if real else None)
    write_chapter_claims(claims(**tables, run=snakemake.params.run), "ch6", snakemake.output.table)
