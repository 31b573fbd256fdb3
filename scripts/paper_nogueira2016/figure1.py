"""Rule nogueira2016_figure1: extremes of sim_N against k1 (Nogueira & Brown 2016, Fig. 1)."""

from fsstab.papers.nogueira2016.figures import figure1_plot
from fsstab.papers.nogueira2016.stages import figure1_table
from fsstab.papers.outputs import stem_of, write_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    settings = snakemake.params.settings
    table = figure1_table(settings["n"], settings["k2"])
    write_table(table, snakemake.output.table,
                metadata={"paper": "nogueira2016", "item": "Fig. 1"})
    save_figure(figure1_plot(table), stem_of(snakemake.output.figure))
