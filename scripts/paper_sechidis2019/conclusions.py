"""Rule sechidis2019_conclusions: every claim of Sechidis et al. (2019) checked on this run
(conclusions.md and conclusions.{csv,parquet})."""

import pandas as pd

from fsstab.papers.conclusions import write_conclusions
from fsstab.papers.outputs import read_table
from fsstab.papers.sechidis2019.conclusions import PREAMBLE, TITLE, claims
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    tables = {name: read_table(snakemake.input[name])
              for name in ("eq1", "table1", "table2", "noise", "theorems", "timings")}
    pareto = (pd.concat([read_table(path) for path in snakemake.input.pareto], ignore_index=True)
              if snakemake.input.pareto else
              pd.DataFrame(columns=["dataset", "measure", "label", "stability"]))
    found = claims(eq1=tables["eq1"], pareto=pareto, table1=tables["table1"],
                   table2=tables["table2"], methods=snakemake.params.methods,
                   configured=snakemake.params.configured, run=snakemake.params.run,
                   theorems=tables["theorems"], noise=tables["noise"],
                   timings=tables["timings"], figure1=snakemake.params.figure1)
    write_conclusions(found, snakemake.output.markdown, snakemake.output.table, title=TITLE,
                      preamble=PREAMBLE, metadata={"paper": "sechidis2019",
                                                   "item": "conclusions"})
