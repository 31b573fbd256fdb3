"""Rule bommert2020_ch5_scaling: thesis §5.1 figures and table from the filters' run times."""

import pandas as pd

from fsstab.papers.bommert2020.ch5.figures import scaling_figures
from fsstab.papers.bommert2020.ch5.stages import scaling
from fsstab.papers.outputs import comparison_frame, read_table, stem_of, write_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    times = pd.concat([read_table(path) for path in snakemake.input.times], ignore_index=True)
    tables, rows = scaling(times)
    for stem, table in tables.items():
        write_table(table, snakemake.output[f"table_{stem}"])
    for stem, figure in scaling_figures(tables["table5_1_median_times"],
                                        snakemake.params.filters).items():
        save_figure(figure, stem_of(snakemake.output[f"figure_{stem}"]))
    write_table(comparison_frame(rows), snakemake.output.comparison)
