"""Rule bommert2020_ch7_evaluate: a chunk of configurations, CV on both halves (thesis §7.2)."""

from pathlib import Path

from fsstab.datasets import read_dataset
from fsstab.papers.bommert2020_ch78_workflow import (
    ch7_evaluate_chunk,
    orders_matrix,
    read_frame,
    write_frame,
)
from fsstab.workflow.data import read_similarity
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    ds = read_dataset(snakemake.input.dataset)
    orders = {
        (Path(path).parent.parent.name, Path(path).stem): orders_matrix(read_frame(path))
        for path in snakemake.input.orders
    }
    similarity = {Path(path).parent.name: read_similarity(path)[0]
                  for path in snakemake.input.similarity}
    table = ch7_evaluate_chunk(
        ds, read_frame(snakemake.input.splits), read_frame(snakemake.input.configs),
        snakemake.wildcards.ch7chunk, orders, similarity, snakemake.params.ch7,
        snakemake.params.seed,
    )
    write_frame(table, snakemake.output.evaluation, dataset=ds.name,
                chunk=snakemake.wildcards.ch7chunk)
