"""Rule sechidis2019_eq1: the worked example of eq. (1), stable once redundancy is known."""

from pathlib import Path

from fsstab.papers.outputs import write_table
from fsstab.papers.sechidis2019 import eq1_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    write_table(eq1_table(), Path(snakemake.output.csv).with_suffix(""),
                metadata={"paper": "sechidis2019", "item": "eq. (1)"})
