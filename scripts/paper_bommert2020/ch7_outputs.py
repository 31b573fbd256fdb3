"""Rule bommert2020_ch7_outputs: Table 7.1 and Figs. 7.1-7.5, A.16-A.21."""

import pandas as pd

from fsstab.papers.bommert2020.ch7.evidence import configuration_table
from fsstab.papers.bommert2020.ch7.figures import figures
from fsstab.papers.bommert2020.ch7.stages import outputs
from fsstab.papers.bommert2020.common import RESULT_FORMAT
from fsstab.papers.outputs import read_table, stem_of, write_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    datasets = snakemake.params.datasets
    evaluation, flags, configs = (
        dict(zip(datasets, map(read_table, paths), strict=True))
        for paths in (snakemake.input.evaluation, snakemake.input.flags, snakemake.input.configs)
    )
    for stem, table in outputs(flags).items():
        write_table(table, snakemake.output[f"table_{stem}"],
                    metadata={"format": RESULT_FORMAT})
    # every data set's configurations, flags and evaluation (what Ch. 7's claims read)
    configurations = pd.concat(
        [configuration_table(configs[d], flags[d], evaluation[d]).assign(dataset=d)
         for d in datasets], ignore_index=True)
    write_table(configurations[["dataset", *configurations.columns.drop("dataset")]],
                snakemake.output.table_table7_configurations,
                metadata={"format": RESULT_FORMAT})
    for stem, figure in figures(evaluation, flags, configs, snakemake.params.figures).items():
        save_figure(figure, stem_of(snakemake.output[f"figure_{stem}"]))
