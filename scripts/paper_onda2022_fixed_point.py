"""Rule onda2022_fixed_point: Onda Fig. 11 -- p re-estimated with the n_useful that satisfies
eq. (1) (Prostate: 130) and the simulated ensembles with it."""

from pathlib import Path

import pyarrow as pa

from fsstab.io import read_json, read_parquet, write_json, write_parquet
from fsstab.papers.onda2022 import fixed_point_figure, fixed_point_summary
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    settings = snakemake.params.settings
    dataset = snakemake.wildcards.dataset
    reference = read_json(snakemake.input.reference)
    grid = read_parquet(snakemake.input.grid)[0].to_pandas()
    summary, curves = fixed_point_summary(reference, settings, dataset, snakemake.params.seed)
    write_json(snakemake.output.json, summary)
    write_parquet(pa.Table.from_pandas(curves, preserve_index=False), snakemake.output.curves,
                  metadata={"format": "fsstab.onda2022.fixed_point_curves/1"})
    save_figure(fixed_point_figure(grid, curves, reference, summary, settings, dataset),
                Path(snakemake.output.pdf).with_suffix(""))
