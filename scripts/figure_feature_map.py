"""Rule figure_feature_map: feature stability maps of one configuration (one panel per variant)."""

from fsstab.io import read_parquet, read_parquet_metadata
from fsstab.plots import save_figure
from fsstab.workflow.figures import feature_map_figure
from fsstab.workflow.scripting import logged
from fsstab.workflow.tables import read_selection

with logged(snakemake.log[0]):
    tables, meta = read_selection(
        {"runs": snakemake.input.runs, "features": snakemake.input.features}
    )
    fig = feature_map_figure(
        tables["runs"],
        tables["features"],
        snakemake.params.spec,
        read_parquet(snakemake.input.stability)[0].to_pandas(),
        dataset=meta["dataset"],
        feature_names=read_parquet_metadata(snakemake.input.dataset)["feature_names"],
        rank_cap=snakemake.params.rank_cap,
        measures=snakemake.params.measures,
    )
    save_figure(fig, snakemake.output.pdf.removesuffix(".pdf"))
