"""Rule sechidis2019_eq1: the worked example of eq. (1), stable once redundancy is known."""

from fsstab.papers.outputs import write_table
from fsstab.papers.sechidis2019.stages import eq1_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    write_table(eq1_table(), snakemake.output.table,
                metadata={"paper": "sechidis2019", "item": "eq. (1)"})
