"""Rule hamer2021_table5: Table 5, the LASSO on every §7.2 data set."""

from fsstab.papers.hamer2021.stages import read_frame, save_table
from fsstab.papers.hamer2021.standard import table5
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    summaries = {name: read_frame(path) for name, path in snakemake.input.items()}
    save_table(table5(summaries, snakemake.params.selector), snakemake.output.table)
