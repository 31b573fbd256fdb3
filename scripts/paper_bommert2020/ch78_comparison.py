"""Rule bommert2020_ch78_comparison: the numbers the thesis states in Ch. 4, 7 and 8."""

from pathlib import Path

from fsstab.datasets import read_dataset
from fsstab.papers.bommert2020_ch78_workflow import comparison_table, read_frame
from fsstab.papers.outputs import write_table
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0]):
    inputs = dict(snakemake.input.items())
    table = comparison_table(
        [read_dataset(path) for path in snakemake.input.datasets],
        configured=snakemake.params.configured,
        table71=read_frame(inputs["table71"]) if inputs.get("table71") else None,
        toy=read_frame(inputs["toy"]) if inputs.get("toy") else None,
        simulation=read_frame(inputs["simulation"]) if inputs.get("simulation") else None,
        n_scenarios=snakemake.params.n_scenarios,
        settings=snakemake.params.settings,
    )
    write_table(table, Path(snakemake.output.parquet).with_suffix(""),
                metadata={"paper": "bommert2020", "item": "comparison ch7-ch8"})
