"""Rule convergence: φ and its interval on the first m runs of every configuration of a
dataset (table + figure)."""

from pathlib import Path

from fsstab.io import read_parquet, write_parquet
from fsstab.plots import save_figure
from fsstab.workflow.convergence import (
    CONVERGENCE_FORMAT,
    convergence_figure,
    convergence_table,
)
from fsstab.workflow.scripting import logged
from fsstab.workflow.tables import read_selection

with logged(snakemake.log[0], end_process=True):
    inputs, params = snakemake.input, snakemake.params
    summary = read_parquet(inputs.summary)[0].to_pandas()
    selections = {}
    for runs, features in zip(inputs.runs, inputs.features, strict=True):
        tables, _ = read_selection({"runs": runs, "features": features})
        selections[Path(runs).parent.name] = (tables["runs"], tables["features"])
    table = convergence_table(
        selections, summary, dataset=snakemake.wildcards.dataset,
        d=int(summary["n_features"].iloc[0]), rank_cap=params.rank_cap,
        confidence_level=params.confidence_level,
    )
    write_parquet(table, snakemake.output.table, metadata={"format": CONVERGENCE_FORMAT})
    figure = convergence_figure(table.to_pandas(), dataset=snakemake.wildcards.dataset,
                                precision=params.precision,
                                confidence_level=params.confidence_level)
    save_figure(figure, str(Path(snakemake.output.png).with_suffix("")))
