"""Rule hamer2021_appendix: Figs. 26-29 (φ and φ_iw of the six methods)."""

from fsstab.papers.hamer2021.stages import appendix_step
from fsstab.papers.outputs import read_table, stem_of
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    summaries = {name: read_table(path)
                 for name, path in zip(snakemake.params.datasets, snakemake.input, strict=True)}
    figure = appendix_step(summaries, snakemake.params.methods,
                           number=int(snakemake.wildcards.number), note=snakemake.params.note)
    save_figure(figure, stem_of(snakemake.output.figure))
