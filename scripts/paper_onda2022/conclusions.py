"""Rule onda2022_conclusions: every claim of Onda et al. (2022) checked on this run
(conclusions.md and conclusions.{csv,parquet}), from the files named in
conclusions_inputs.json (as docs/papers/onda2022/ publishes them)."""

from fsstab.papers.conclusions import prepare_conclusion_inputs
from fsstab.papers.onda2022.conclusions import conclude
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    inputs = prepare_conclusion_inputs(snakemake.output.inputs, tables=list(snakemake.input),
                                       run=snakemake.params.run)
    conclude(inputs, snakemake.output.markdown, snakemake.output.table)
