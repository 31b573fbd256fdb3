"""Rule bommert2020_ch7_splits: stratified halves with CV folds, and the random configurations."""

from fsstab.datasets import read_dataset
from fsstab.papers.bommert2020.ch7.stages import splits
from fsstab.papers.bommert2020.common import RESULT_FORMAT
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    ds = read_dataset(snakemake.input.dataset)
    split_table, configs = splits(ds, snakemake.params.ch7, snakemake.params.seed)
    for table, path in ((split_table, snakemake.output.splits),
                        (configs, snakemake.output.configs)):
        write_table(table, path, metadata={"format": RESULT_FORMAT, "dataset": ds.name})
