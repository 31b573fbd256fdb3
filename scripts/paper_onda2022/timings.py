"""Rule onda2022_timings: §3.6's computation times of the real and the simulated ensembles at
each data set's timing n_tree, with the speed-ups measured in each experiment (also at equal
work: the simulated ensembles timed on the real ensembles' copies); the only table with
times."""

from pathlib import Path

from fsstab.papers.onda2022.experiment import read_experiment
from fsstab.papers.onda2022.stages import speedup_table
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    experiments = {(d, str(m), int(t)): read_experiment(Path(path).parent)
                   for (d, m, t), path in zip(snakemake.params.experiments,
                                              snakemake.input.experiments, strict=True)}
    write_table(speedup_table(experiments), snakemake.output.timings,
                metadata={"paper": "onda2022", "item": "timings"})
