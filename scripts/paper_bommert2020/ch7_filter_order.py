"""Rule bommert2020_ch7_filter_order: one filter's feature order on every fold of a half."""

from fsstab.datasets import read_dataset
from fsstab.papers.bommert2020_ch78_workflow import ch7_filter_order, read_frame, write_frame
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    ds = read_dataset(snakemake.input.dataset)
    half, name = snakemake.wildcards.half, snakemake.wildcards.ch7filter
    orders = ch7_filter_order(ds, read_frame(snakemake.input.splits), half, name,
                              snakemake.params.seed)
    write_frame(orders, snakemake.output.orders, dataset=ds.name, half=half, filter=name)
