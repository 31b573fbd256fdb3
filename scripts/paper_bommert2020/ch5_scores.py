"""Rule bommert2020_ch5_scores: thesis §5.2, one filter's scores of every feature."""

from pathlib import Path

import pandas as pd

from fsstab.datasets import read_dataset
from fsstab.papers.bommert2020_ch56 import filter_scores
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged
from fsstab.workflow.seeds import derive_seed

with logged(snakemake.log[0]):
    ds = read_dataset(snakemake.input.dataset)
    name = snakemake.wildcards.filter
    scores = filter_scores(name, ds.X, ds.y,
                           random_state=derive_seed(snakemake.params.seed, ds.name, "scores"))
    write_table(pd.DataFrame({"feature": range(ds.n_features), "score": scores}),
                Path(snakemake.output.scores).with_suffix(""),
                metadata={"format": "fsstab.bommert2020.filter_scores/1", "dataset": ds.name,
                          "filter": name})
