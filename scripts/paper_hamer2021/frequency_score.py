"""Rule hamer2021_frequency_score: Fig. 10 for one §7.1 data set."""

import pyarrow as pa

from fsstab.io import write_parquet
from fsstab.papers.hamer2021.stages import (
    TABLE_FORMAT,
    frequency_score_step,
    read_frame,
    read_selection_tables,
)
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    figure, row = frequency_score_step(
        read_frame(snakemake.input.summary),
        read_selection_tables(snakemake.params.configurations, snakemake.input.runs,
                              snakemake.input.features),
        paper=snakemake.wildcards.paper,
        settings=snakemake.params.settings,
    )
    save_figure(figure, snakemake.output.figure[0].removesuffix(".pdf"))
    write_parquet(pa.Table.from_pandas(row, preserve_index=False).replace_schema_metadata(None),
                  snakemake.output.row, metadata={"format": TABLE_FORMAT})
