"""Rule bommert2020_ch8_simulation: a chunk of §8.3 replications of one scenario (Table 8.1)."""

from fsstab.papers.bommert2020_ch78_workflow import simulation_chunk, write_frame
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    scenario, chunk = snakemake.wildcards.scenario, snakemake.wildcards.chunk
    results, tuning, timings = simulation_chunk(
        scenario, chunk, snakemake.params.approaches, snakemake.params.seed
    )
    for table, path in ((results, snakemake.output.results), (tuning, snakemake.output.tuning),
                        (timings, snakemake.output.timings)):
        write_frame(table, path, scenario=scenario, chunk=chunk)
