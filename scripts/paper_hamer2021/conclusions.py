"""Rule hamer2021_conclusions: every claim of Hamer & Dupont (2021) checked on this run
(conclusions.md and conclusions.{csv,parquet})."""

from fsstab.papers.conclusions import write_conclusions
from fsstab.papers.hamer2021.conclusions import PREAMBLE, TITLE, claims
from fsstab.papers.hamer2021.stages import TIES_IN_ORDER
from fsstab.papers.outputs import read_table
from fsstab.workflow.scripting import logged

PREFIX = "compromises_"
TRAJECTORY = "trajectory_"
SUMMARY = "summary72_"

with logged(snakemake.log[0]):
    tables = {name: read_table(files) for name, files in snakemake.input.items()}
    found = claims(
        toy=tables["toy"][tables["toy"]["measure"] != TIES_IN_ORDER],
        canberra_replicates=tables["canberra_replicates"],
        correlated=tables["correlated"],
        areas=tables.get("areas"),
        versus=tables.get("versus"),
        frequency=tables.get("frequency"),
        compromises={name.removeprefix(PREFIX): table for name, table in tables.items()
                     if name.startswith(PREFIX)},
        table5=tables.get("table5"),
        variation=tables.get("variation"),
        estimates=tables.get("estimates"),
        trajectories={name.removeprefix(TRAJECTORY): table for name, table in tables.items()
                      if name.startswith(TRAJECTORY)},
        properties=tables.get("properties"),
        lasso_checks=tables.get("lasso_checks"),
        summaries={name.removeprefix(SUMMARY): table for name, table in tables.items()
                   if name.startswith(SUMMARY)},
        methods=snakemake.params.methods,
        configured=snakemake.params.configured,
        run=snakemake.params.run,
    )
    write_conclusions(found, snakemake.output.markdown, snakemake.output.table, title=TITLE,
                      preamble=PREAMBLE, metadata={"paper": "hamer2021", "item": "conclusions"})
