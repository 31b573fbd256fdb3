"""Rule sechidis2019_figure2: accuracy against φ and against Φ_C for one data set (Fig. 2)."""

from fsstab.io import read_parquet
from fsstab.papers.outputs import stem_of
from fsstab.papers.sechidis2019.figures import pareto_figure
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    pareto = read_parquet(snakemake.input.pareto)[0].to_pandas()
    dataset = snakemake.wildcards.dataset
    figure = pareto_figure(pareto, snakemake.params.methods, dataset,
                           title=f"{dataset}: accuracy/stability trade-off (Pareto-optimal filled)")
    save_figure(figure, stem_of(snakemake.output.figure))
