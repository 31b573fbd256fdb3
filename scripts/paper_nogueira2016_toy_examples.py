"""Rule nogueira2016_toy_examples: every set measure on the toy examples of §3.2 (and eq. 3)."""

from pathlib import Path

from fsstab.papers.nogueira2016 import toy_example_table
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    write_table(toy_example_table(), Path(snakemake.output.csv).with_suffix(""),
                metadata={"paper": "nogueira2016", "item": "§3.2 toy examples"})
