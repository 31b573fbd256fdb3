"""Rule ch78_comparison: the numbers the thesis states in Ch. 4 (data used here), 7, 8."""

from fsstab.datasets import read_dataset
from fsstab.papers.bommert2020_ch78_workflow import comparison_table, read_frame
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    inputs = dict(snakemake.input.items())
    datasets = [read_dataset(path) for path in snakemake.input.datasets]
    comparison_table(
        datasets,
        table71=read_frame(inputs["table71"]) if inputs.get("table71") else None,
        toy=read_frame(inputs["toy"]) if inputs.get("toy") else None,
        simulation=read_frame(inputs["simulation"]) if inputs.get("simulation") else None,
        n_scenarios=snakemake.params.n_scenarios,
        paper=snakemake.params.paper,
        path=snakemake.output.comparison,
    )
