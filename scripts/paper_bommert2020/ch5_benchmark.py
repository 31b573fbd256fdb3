"""Rule bommert2020_ch5_benchmark: thesis §5.3 figures and tables, and the conclusions of §5.5."""

from pathlib import Path

import pandas as pd

from fsstab.papers.bommert2020_ch56 import (
    benchmark_outputs,
    conclusions_table,
    relative_performance,
)
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    folder = Path(snakemake.output[0]).parent
    results = pd.concat([pd.read_parquet(p) for p in snakemake.input.results], ignore_index=True)
    timings = pd.concat([pd.read_parquet(p) for p in snakemake.input.timings], ignore_index=True)
    ranking = pd.read_parquet(snakemake.input.ranking)
    order = list(ranking["filter"])
    mean_rank = ranking.set_index("filter")[order]
    produced = benchmark_outputs(folder, snakemake.output.comparison, results, timings, order,
                                 snakemake.params.boxplot_datasets)
    summary = produced["summary"]
    # §5.1 runs only when its base data set is run
    scaling = snakemake.input.get("scaling")
    conclusions = conclusions_table(
        None if scaling is None else pd.read_parquet(scaling), mean_rank,
        summary[["dataset", "filter", "accuracy_mean"]],
        relative_performance(summary, "train_seconds"),
    )
    write_table(conclusions, folder / "table5_5_conclusions")
