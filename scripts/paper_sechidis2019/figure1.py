"""Rule sechidis2019_figure1: time of Φ_C against the nPOGR generalisation as d grows (Fig. 1).

The measure values are deterministic (fig01_values.*); the timings are not (fig01_timings.*).
"""

from fsstab.papers.outputs import stem_of, write_table
from fsstab.papers.sechidis2019.figures import figure1_plot
from fsstab.papers.sechidis2019.stages import figure1_timings, figure1_values
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    settings, seed = snakemake.params.settings, snakemake.params.seed
    write_table(figure1_values(settings, seed), snakemake.output.values,
                metadata={"paper": "sechidis2019", "item": "Fig. 1 inputs: measure values"})
    timings = figure1_timings(settings, seed)
    write_table(timings, snakemake.output.timings,
                metadata={"paper": "sechidis2019", "item": "Fig. 1: seconds (not reproducible)"})
    save_figure(figure1_plot(timings, settings["n_runs"]), stem_of(snakemake.output.figure))
