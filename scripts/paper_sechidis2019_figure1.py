"""Rule sechidis2019_figure1: time of Φ_C against the nPOGR generalisation as d grows (Fig. 1).

The measure values are deterministic (fig01_values.*); the timings are not (fig01_timings.*).
"""

from pathlib import Path

from fsstab.papers.outputs import write_table
from fsstab.papers.sechidis2019 import figure1_plot, figure1_timings, figure1_values
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    settings, seed = snakemake.params.figure1, snakemake.params.seed
    write_table(figure1_values(settings, seed), Path(snakemake.output.values_csv).with_suffix(""),
                metadata={"paper": "sechidis2019", "item": "Fig. 1 inputs: measure values"})
    timings = figure1_timings(settings, seed)
    stem = Path(snakemake.output.csv).with_suffix("")
    write_table(timings, stem, metadata={"paper": "sechidis2019",
                                         "item": "Fig. 1: seconds (not reproducible)"})
    save_figure(figure1_plot(timings, settings["n_runs"]), stem)
