"""Rule hamer2021_blocks: §7.3 stability estimates from consecutive groups of runs."""

from fsstab.papers.hamer2021.stages import TABLE_METADATA, dataset_width
from fsstab.papers.hamer2021.standard import block_estimates
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged
from fsstab.workflow.tables import read_selection

with logged(snakemake.log[0], end_process=True):
    tables, _ = read_selection({"runs": snakemake.input.runs,
                                "features": snakemake.input.features})
    estimates = block_estimates(tables["runs"], tables["features"],
                                dataset_width(snakemake.input.dataset),
                                snakemake.params.block_size)
    write_table(estimates, snakemake.output.estimates, metadata=TABLE_METADATA)
