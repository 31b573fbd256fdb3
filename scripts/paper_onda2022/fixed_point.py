"""Rule onda2022_fixed_point: Onda Fig. 11 -- p re-estimated with the n_useful that satisfies
eq. (1) (Prostate: 130) and the simulated ensembles with it."""

import pandas as pd

from fsstab.io import read_json, write_json
from fsstab.papers.onda2022.figures import fixed_point_figure
from fsstab.papers.onda2022.stages import fixed_point_summary
from fsstab.papers.outputs import read_table, stem_of, write_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    settings = snakemake.params.settings
    dataset = snakemake.wildcards.dataset
    reference = read_json(snakemake.input.reference)
    grid = read_table(snakemake.input.grid)
    summary, curves = fixed_point_summary(reference, settings, dataset, snakemake.params.seed)
    write_json(snakemake.output.summary, summary)
    write_table(pd.DataFrame([{"dataset": dataset, **summary}]), snakemake.output.table,
                metadata={"paper": "onda2022", "item": "Fig. 11"})
    write_table(curves, snakemake.output.curves,
                metadata={"paper": "onda2022", "item": "Fig. 11 curves"})
    save_figure(fixed_point_figure(grid, curves, reference, summary, settings, dataset),
                stem_of(snakemake.output.figure))
