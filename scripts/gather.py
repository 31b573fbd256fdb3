"""Rule gather: the chunks of one configuration as one set of tables."""

from fsstab.workflow.scripting import logged
from fsstab.workflow.tables import gather_tables, read_selection, write_selection

with logged(snakemake.log[0]):
    chunks, metadata = [], None
    for runs, features, timings in zip(
        snakemake.input.runs, snakemake.input.features, snakemake.input.timings, strict=True
    ):
        tables, metadata = read_selection(
            {"runs": runs, "features": features, "timings": timings}
        )
        chunks.append(tables)
    gathered = gather_tables(chunks, snakemake.params.n_resamples)
    metadata = {k: v for k, v in metadata.items() if k != "format"}
    write_selection(gathered, snakemake.output, metadata=metadata)
