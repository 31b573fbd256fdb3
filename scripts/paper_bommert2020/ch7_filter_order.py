"""Rule bommert2020_ch7_filter_order: one filter's feature order on every fold of a half."""

from fsstab.datasets import read_dataset
from fsstab.papers.bommert2020.ch7.stages import filter_order
from fsstab.papers.bommert2020.common import RESULT_FORMAT
from fsstab.papers.outputs import read_table, write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    ds = read_dataset(snakemake.input.dataset)
    half, name = snakemake.wildcards.half, snakemake.wildcards.ch7filter
    orders = filter_order(ds, read_table(snakemake.input.splits), half, name,
                          snakemake.params.seed)
    write_table(orders, snakemake.output.orders,
                metadata={"format": RESULT_FORMAT, "dataset": ds.name, "half": half,
                          "filter": name})
