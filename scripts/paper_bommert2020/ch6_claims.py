"""Rule bommert2020_ch6_claims: the claims of thesis Ch. 6 checked on this run (ch6_claims),
from the files named in ch6_conclusions_inputs.json (as docs/papers/bommert2020/ publishes
them)."""

from fsstab.papers.bommert2020.ch6.conclusions import claims_from_inputs
from fsstab.papers.bommert2020.conclusions import write_chapter_claims
from fsstab.papers.conclusions import prepare_conclusion_inputs
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    # the rule's named inputs (a part not run has none: its claims are not run)
    named = dict(snakemake.input.items())
    inputs = prepare_conclusion_inputs(snakemake.output.inputs, tables=named,
                                       run=snakemake.params.run)
    write_chapter_claims(claims_from_inputs(inputs), "ch6", snakemake.output.table)
