"""Rule bommert2020_ch8_simulation: a chunk of §8.3 replications of one scenario (Table 8.1)."""

from fsstab.papers.bommert2020.ch8.stages import simulation_chunk
from fsstab.papers.bommert2020.common import RESULT_FORMAT
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    scenario, chunk = snakemake.wildcards.scenario, snakemake.wildcards.chunk
    results, tuning, timings = simulation_chunk(scenario, chunk, snakemake.params.approaches,
                                                snakemake.params.seed)
    for table, path in ((results, snakemake.output.results), (tuning, snakemake.output.tuning),
                        (timings, snakemake.output.timings)):
        write_table(table, path,
                    metadata={"format": RESULT_FORMAT, "scenario": scenario, "chunk": chunk})
