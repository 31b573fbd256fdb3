"""Rule nogueira2016_conclusions: every claim of Nogueira & Brown (2016) checked on this run
(conclusions.md and conclusions.{csv,parquet})."""

from fsstab.papers.conclusions import write_conclusions
from fsstab.papers.nogueira2016.conclusions import PREAMBLE, TITLE, claims
from fsstab.papers.outputs import read_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    tables = {name: read_table(snakemake.input[name])
              for name in ("toy", "figure1", "figure2", "table2", "table1", "pairs", "theorem1",
                           "pair_statistics")}
    found = claims(toy=tables["toy"], fig1=tables["figure1"], fig2=tables["figure2"],
                   table2=tables["table2"], table1=tables["table1"], pairs=tables["pairs"],
                   theorem1=tables["theorem1"], pair_stats=tables["pair_statistics"],
                   configured=snakemake.params.configured, run=snakemake.params.run)
    write_conclusions(found, snakemake.output.markdown, snakemake.output.table, title=TITLE,
                      preamble=PREAMBLE, metadata={"paper": "nogueira2016",
                                                   "item": "conclusions"})
