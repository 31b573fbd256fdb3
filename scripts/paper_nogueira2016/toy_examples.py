"""Rule nogueira2016_toy_examples: every set measure on the toy examples of §3.2 (and eq. 3)."""

from fsstab.papers.nogueira2016.stages import toy_example_table
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    write_table(toy_example_table(), snakemake.output.table,
                metadata={"paper": "nogueira2016", "item": "§3.2 toy examples"})
