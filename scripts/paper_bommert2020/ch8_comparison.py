"""Rule bommert2020_ch8_comparison: the statements of §8.1 and §8.3 next to ours."""

from fsstab.papers.bommert2020.ch8.comparison import simulation_rows, toy_rows
from fsstab.papers.outputs import comparison_frame, read_table, write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    rows = []
    if snakemake.input.toy:
        rows += toy_rows(read_table(snakemake.input.toy))
    if snakemake.input.simulation:
        rows += simulation_rows(read_table(snakemake.input.simulation),
                                snakemake.params.n_scenarios)
    write_table(comparison_frame(rows), snakemake.output.comparison)
