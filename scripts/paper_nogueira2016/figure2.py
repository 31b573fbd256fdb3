"""Rule nogueira2016_figure2: Table 2 and Fig. 2 from the generic stages' summaries and runs."""

import pandas as pd

from fsstab.datasets import read_dataset
from fsstab.io import read_parquet
from fsstab.papers.nogueira2016.figures import figure2_plot
from fsstab.papers.nogueira2016.stages import figure2_table, table2
from fsstab.papers.outputs import stem_of, write_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    names = snakemake.params.datasets
    summary = pd.concat([read_parquet(path)[0].to_pandas() for path in snakemake.input.summaries],
                        ignore_index=True)
    info = {}
    for name, path in zip(names, snakemake.input.datasets, strict=True):
        ds = read_dataset(path)
        info[name] = {"n_examples": ds.n_samples, "n_classes": ds.n_classes,
                      "n_features": ds.n_features}
    n_selected = {name: read_parquet(path)[0].column("n_selected").to_numpy()
                  for name, path in zip(names, snakemake.input.runs, strict=True)}
    figure = figure2_table(summary, snakemake.params.measures)
    write_table(figure, snakemake.output.table,
                metadata={"paper": "nogueira2016", "item": "Fig. 2"})
    K = snakemake.params.n_resamples
    save_figure(figure2_plot(figure, title=f"random-forest selection, K = {K} subsamples of 90 %"),
                stem_of(snakemake.output.figure))
    write_table(table2(info, summary, n_selected), snakemake.output.table2,
                metadata={"paper": "nogueira2016", "item": "Table 2"})
