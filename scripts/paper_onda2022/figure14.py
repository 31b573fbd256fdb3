"""Rule onda2022_figure14: fitted n_useful and p against n_tree per normalised mtry (Fig. 14)."""

from pathlib import Path

from fsstab.papers.onda2022.experiment import read_experiment
from fsstab.papers.onda2022.figures import mtry_figure
from fsstab.papers.onda2022.stages import mtry_parameters
from fsstab.papers.outputs import stem_of
from fsstab.plots import save_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    experiments = {(str(e.parameters["mtry"]), int(e.parameters["n_tree"])): e for e in (
        read_experiment(Path(path).parent) for path in snakemake.input.experiments)}
    figure = mtry_figure(mtry_parameters(experiments), snakemake.params.dataset)
    save_figure(figure, stem_of(snakemake.output.figure))
