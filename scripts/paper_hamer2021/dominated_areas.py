"""Rule hamer2021_dominated_areas: Fig. 9 for one §7.1 data set."""

import pyarrow as pa

from fsstab.io import write_parquet
from fsstab.papers.hamer2021.stages import TABLE_FORMAT, dominated_areas_step, read_frame
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    figure, areas = dominated_areas_step(
        read_frame(snakemake.input.summary),
        paper=snakemake.wildcards.paper,
        settings=snakemake.params.settings,
    )
    save_figure(figure, snakemake.output.figure[0].removesuffix(".pdf"))
    write_parquet(pa.Table.from_pandas(areas, preserve_index=False).replace_schema_metadata(None),
                  snakemake.output.areas, metadata={"format": TABLE_FORMAT})
