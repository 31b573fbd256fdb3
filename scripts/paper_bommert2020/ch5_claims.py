"""Rule bommert2020_ch5_claims: the claims of thesis Ch. 5 checked on this run (ch5_claims)."""

from fsstab.papers.bommert2020.ch5.conclusions import claims
from fsstab.papers.bommert2020.conclusions import write_chapter_claims
from fsstab.papers.outputs import read_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    # parts not run (no input): their claims are not testable
    given = set(snakemake.input.keys())     # (`in snakemake.input` would search the paths)
    tables = {name: read_table(snakemake.input[name]) if name in given else None
              for name in ("ranking", "top_pairs", "wins", "filter_time", "entire_time",
                           "accuracy", "scaling")}
    write_chapter_claims(claims(**tables, run=snakemake.params.run), "ch5", snakemake.output.table)
