"""Rule gather_<dataset>: the chunks of each configuration of a dataset as one set of tables."""

from fsstab.workflow.scripting import logged
from fsstab.workflow.tables import gather_tables, read_selection, write_selection

with logged(snakemake.log[0], end_process=True):
    inputs, output = snakemake.input, snakemake.output
    configs = snakemake.params.configs
    per_config = len(inputs.runs) // len(configs)  # every configuration has the same chunks
    for i, _config in enumerate(configs):
        chunks, metadata = [], None
        files = slice(i * per_config, (i + 1) * per_config)
        for runs, features, timings in zip(
            inputs.runs[files], inputs.features[files], inputs.timings[files], strict=True
        ):
            tables, metadata = read_selection(
                {"runs": runs, "features": features, "timings": timings}
            )
            chunks.append(tables)
        gathered = gather_tables(chunks, snakemake.params.n_resamples)
        metadata = {k: v for k, v in metadata.items() if k != "format"}
        write_selection(
            gathered,
            {"runs": output.runs[i], "features": output.features[i],
             "timings": output.timings[i]},
            metadata=metadata,
        )
