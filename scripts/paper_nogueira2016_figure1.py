"""Rule nogueira2016_figure1: extremes of sim_N against k1 (Nogueira & Brown 2016, Fig. 1)."""

from pathlib import Path

from fsstab.papers.nogueira2016 import figure1_plot, figure1_table
from fsstab.papers.outputs import write_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    settings = snakemake.params.figure1
    table = figure1_table(settings["n"], settings["k2"])
    stem = Path(snakemake.output.csv).with_suffix("")
    write_table(table, stem, metadata={"paper": "nogueira2016", "item": "Fig. 1"})
    save_figure(figure1_plot(table), stem)
