"""Rule bommert2020_ch7_evaluate: a chunk of configurations, CV on both halves (thesis §7.2)."""

from pathlib import Path

from fsstab.datasets import read_dataset
from fsstab.papers.bommert2020.ch7.stages import evaluate_chunk, orders_matrix
from fsstab.papers.bommert2020.common import RESULT_FORMAT
from fsstab.papers.outputs import read_table, write_table
from fsstab.workflow.data import read_similarity
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    ds = read_dataset(snakemake.input.dataset)
    # <half>/orders/<filter>.parquet and <half>/similarity.parquet
    orders = {(Path(path).parent.parent.name, Path(path).stem): orders_matrix(read_table(path))
              for path in snakemake.input.orders}
    similarity = {Path(path).parent.name: read_similarity(path)[0]
                  for path in snakemake.input.similarity}
    chunk = snakemake.wildcards.ch7chunk
    table = evaluate_chunk(ds, read_table(snakemake.input.splits),
                           read_table(snakemake.input.configs), chunk, orders, similarity,
                           snakemake.params.ch7, snakemake.params.seed)
    write_table(table, snakemake.output.evaluation,
                metadata={"format": RESULT_FORMAT, "dataset": ds.name, "chunk": chunk})
