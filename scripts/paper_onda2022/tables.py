"""Rule onda2022_tables: Tables 1, 2, 4, the fitted parameters, the timings with the measured
speed-ups (the only table with times), comparison.csv (every number Onda et al. state next to
ours), the stability curves of every experiment and the simulator diagnostics."""

from pathlib import Path

from fsstab.datasets import read_dataset
from fsstab.io import read_json
from fsstab.papers.onda2022.experiment import read_experiment
from fsstab.papers.onda2022.stages import paper_tables
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    p = snakemake.params
    # the experiments' parameters.json files, in the order of params.experiments
    experiments = {(d, str(m), int(t)): read_experiment(Path(path).parent)
                   for (d, m, t), path in zip(p.experiments, snakemake.input.experiments,
                                              strict=True)}
    datasets = {name: read_dataset(path)
                for name, path in zip(p.datasets, snakemake.input.datasets, strict=True)}
    fixed = {name: read_json(path) for name, path in zip(p.fixed, snakemake.input.fixed,
                                                          strict=True)}
    tables = paper_tables(experiments, datasets, fixed, p.settings, p.configured,
                          random_state=p.seed)
    for name, frame in tables.items():
        write_table(frame, snakemake.output[name], metadata={"paper": "onda2022", "item": name})
