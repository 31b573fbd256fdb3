"""Rule bommert2020_ch7_splits: stratified halves with CV folds, and the random configurations."""

from fsstab.datasets import read_dataset
from fsstab.papers.bommert2020_ch78_workflow import ch7_splits, write_frame
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    ds = read_dataset(snakemake.input.dataset)
    splits, configs = ch7_splits(ds, snakemake.params.ch7, snakemake.params.seed)
    write_frame(splits, snakemake.output.splits, dataset=ds.name)
    write_frame(configs, snakemake.output.configs, dataset=ds.name)
