"""Rule bommert2020_ch5_scores: thesis §5.2, one filter's scores of every feature."""

from fsstab.datasets import read_dataset
from fsstab.papers.bommert2020.ch5.stages import score_table
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    ds = read_dataset(snakemake.input.dataset)
    name = snakemake.wildcards.filter
    write_table(score_table(ds, name, snakemake.params.seed), snakemake.output.scores,
                metadata={"format": "fsstab.bommert2020.filter_scores/1", "dataset": ds.name,
                          "filter": name})
