"""Rule bommert2020_ch8_claims: the claims of Chapter 8 checked on this run."""

from fsstab.papers.bommert2020.ch8.conclusions import claims
from fsstab.papers.bommert2020.ch8.evidence import run_solver
from fsstab.papers.bommert2020.conclusions import write_chapter_claims
from fsstab.papers.outputs import read_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    ch8 = snakemake.params.ch8
    toy, simulation, real = (read_table(path) if path else None
                             for path in (snakemake.input.toy, snakemake.input.simulation,
                                          snakemake.input.real))
    solver = run_solver([simulation, real], ch8["approaches"]["backend"])
    write_chapter_claims(claims(toy, simulation, real, ch8, solver), "ch8", snakemake.output.table)
