"""Rule bommert2020_ch8_comparison: the statements of §8.1, §8.3 and §8.4 (Figs. 8.4-8.9) next to
ours."""

from fsstab.papers.bommert2020.ch8.comparison import (
    real_rows,
    simulation_figure_rows,
    simulation_rows,
    toy_rows,
)
from fsstab.papers.bommert2020.ch8.evidence import part_settings, run_solver
from fsstab.papers.outputs import comparison_frame, read_table, write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    ch8 = snakemake.params.ch8
    tables = {part: read_table(path) if path else None
              for part, path in (("toy", snakemake.input.toy),
                                 ("simulation", snakemake.input.simulation),
                                 ("real_data", snakemake.input.real))}
    solver = run_solver(list(tables.values()), ch8["approaches"]["backend"])

    def note(part):
        return part_settings(part, ch8, solver).text()

    rows = []
    if tables["toy"] is not None:
        rows += toy_rows(tables["toy"], note("toy"))
    if tables["simulation"] is not None:
        rows += simulation_rows(tables["simulation"], snakemake.params.n_scenarios,
                                note("simulation"))
        rows += simulation_figure_rows(tables["simulation"], note("simulation"))
    if tables["real_data"] is not None:
        rows += real_rows(tables["real_data"], note("real_data"))
    write_table(comparison_frame(rows), snakemake.output.comparison)
