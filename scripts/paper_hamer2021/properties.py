"""Rule hamer2021_properties: §5.1-5.2, eq. 10 and Fig. 12 on one §7.2 data set (the
identities and properties of φ_iw on every map; Property 4, Theorem 1 and the importance
profile on the LASSO's)."""

from fsstab.datasets import read_dataset
from fsstab.papers.hamer2021.properties import CHANCE_REPLICATES
from fsstab.papers.hamer2021.stages import TABLE_METADATA, properties_step, read_selection_tables
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    dataset = read_dataset(snakemake.input.dataset)
    maps, lasso = properties_step(
        read_selection_tables(snakemake.params.configurations, snakemake.input.runs,
                              snakemake.input.features),
        dataset.X, dataset.y,
        paper=snakemake.wildcards.paper,
        lasso=snakemake.params.lasso,
        n_replicates=CHANCE_REPLICATES,
        random_state=snakemake.params.seed,
    )
    write_table(maps, snakemake.output.maps, metadata=TABLE_METADATA)
    write_table(lasso, snakemake.output.lasso, metadata=TABLE_METADATA)
