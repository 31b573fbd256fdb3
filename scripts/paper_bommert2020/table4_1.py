"""Rule bommert2020_table4_1: Table 4.1's characteristics (p, n, PP, MHCF) of the data sets
Ch. 7-8 run, next to the thesis'."""

from fsstab.datasets import read_dataset
from fsstab.papers.bommert2020.common import dataset_characteristics
from fsstab.papers.bommert2020.comparison import table_4_1_rows
from fsstab.papers.outputs import comparison_frame, write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    characteristics = {}
    for path in snakemake.input.datasets:
        ds = read_dataset(path)
        characteristics[ds.name] = dataset_characteristics(ds.X, ds.y)
    rows = table_4_1_rows(characteristics, snakemake.params.configured)
    write_table(comparison_frame(rows), snakemake.output.comparison)
