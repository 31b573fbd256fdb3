"""Rule bommert2020_ch5_benchmark: thesis §5.3 figures and tables, and the conclusions of §5.5."""

from pathlib import Path

import pandas as pd

from fsstab.papers._io import read_table, write_table
from fsstab.papers.bommert2020_ch56 import (
    benchmark_outputs,
    conclusions_table,
    relative_performance,
)
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    folder = Path(snakemake.params.folder)
    results = pd.concat([read_table(p) for p in snakemake.input.results], ignore_index=True)
    timings = pd.concat([read_table(p) for p in snakemake.input.timings], ignore_index=True)
    ranking = read_table(snakemake.input.ranking)
    order = list(ranking["filter"])
    mean_rank = ranking.set_index("filter")[order]
    produced = benchmark_outputs(folder, snakemake.output.comparison, results, timings, order,
                                 snakemake.params.boxplot_datasets)
    summary = produced["summary"]
    conclusions = conclusions_table(
        read_table(snakemake.input.scaling), mean_rank,
        summary[["dataset", "filter", "accuracy_mean"]],
        relative_performance(summary, "train_seconds"),
    )
    write_table(conclusions, folder / "table5_5_conclusions")
