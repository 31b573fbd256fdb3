"""Rule bommert2020_ch6_real: thesis §6.3, the measures on real feature sets (Figs. 6.4-6.7)."""

import pandas as pd

from fsstab.papers.bommert2020.ch6.figures import real_figures
from fsstab.papers.bommert2020.ch6.real import real_values
from fsstab.papers.bommert2020.ch6.stages import real
from fsstab.papers.outputs import comparison_frame, read_table, stem_of, write_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    summaries = [read_table(path) for path in snakemake.input.summaries]
    times = pd.concat([read_table(path) for path in snakemake.input.times], ignore_index=True)
    result = real(summaries, times, measures=snakemake.params.measures,
                  datasets=snakemake.params.datasets)
    for stem, table in result.tables.items():
        write_table(table, snakemake.output[f"table_{stem}"])
    # the measures' values of every configuration (Fig. 6.4; what §6.3's claims read)
    write_table(real_values(summaries, snakemake.params.measures),
                snakemake.output.table_fig06_4_values)
    for stem, figure in real_figures(result).items():
        save_figure(figure, stem_of(snakemake.output[f"figure_{stem}"]))
    write_table(comparison_frame(result.comparison), snakemake.output.comparison)
