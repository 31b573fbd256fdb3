"""Rule bommert2020_ch5_ranking: thesis §5.2, rank correlations of the filters (Fig. 5.4)."""

from fsstab.papers.bommert2020.ch5.figures import ranking_figures
from fsstab.papers.bommert2020.ch5.ranking import rank_correlation
from fsstab.papers.bommert2020.ch5.stages import ranking
from fsstab.papers.outputs import comparison_frame, read_table, stem_of, write_table
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    filters = snakemake.params.filters
    paths = iter(snakemake.input.scores)  # data set by data set, filter by filter
    correlations = {
        dataset: rank_correlation({f: read_table(next(paths))["score"].to_numpy()
                                   for f in filters})
        for dataset in snakemake.params.datasets
    }
    result = ranking(correlations, filters)
    for stem, table in result.tables.items():
        write_table(table, snakemake.output[f"table_{stem}"])
    for stem, figure in ranking_figures(result).items():
        save_figure(figure, stem_of(snakemake.output[f"figure_{stem}"]))
    write_table(comparison_frame(result.comparison), snakemake.output.comparison)
