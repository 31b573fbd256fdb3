"""Rule sechidis2019_pareto_noise: which dominance relations behind Table 1 rest on accuracy
differences within the noise of the run (paired standard errors over the M resamples)."""

import pandas as pd

from fsstab.papers.outputs import read_table, write_table
from fsstab.papers.sechidis2019.stages import pareto_noise
from fsstab.workflow.naming import DEFAULT_VARIANT
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    pareto = pd.concat([read_table(path) for path in snakemake.input.pareto], ignore_index=True)
    parts = []
    for (dataset, label), path in zip(snakemake.params.runs, snakemake.input.runs, strict=True):
        runs = read_table(path)
        runs = runs[runs["variant"] == DEFAULT_VARIANT]
        parts.append(runs[["resample", "accuracy"]].assign(dataset=dataset, label=label))
    accuracies = pd.concat(parts, ignore_index=True)
    write_table(pareto_noise(pareto, accuracies, snakemake.params.methods,
                             snakemake.params.datasets), snakemake.output.table,
                metadata={"paper": "sechidis2019", "item": "Table 1: dominance within noise"})
