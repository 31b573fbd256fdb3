"""Rule bommert2020_ch5_benchmark: thesis §5.3 figures and tables."""

import pandas as pd

from fsstab.papers.bommert2020.ch5.figures import benchmark_figures
from fsstab.papers.bommert2020.ch5.stages import benchmark
from fsstab.papers.outputs import comparison_frame, read_table, stem_of, write_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    results = pd.concat([read_table(p) for p in snakemake.input.results], ignore_index=True)
    timings = pd.concat([read_table(p) for p in snakemake.input.timings], ignore_index=True)
    result = benchmark(results, timings, read_table(snakemake.input.ranking),
                       snakemake.params.boxplot_datasets)
    for stem, table in result.tables.items():
        write_table(table, snakemake.output[f"table_{stem}"])
    for stem, figure in benchmark_figures(result).items():
        save_figure(figure, stem_of(snakemake.output[f"figure_{stem}"]))
    write_table(comparison_frame(result.comparison), snakemake.output.comparison)
