"""Rule onda2022_experiment: Onda et al.'s real-against-simulated experiment for one data set,
normalised mtry and n_tree (fsstab.simulator.compare_ensembles); times in timings.parquet."""

from pathlib import Path

from fsstab.datasets import read_dataset
from fsstab.papers.onda2022.experiment import run_experiment, write_experiment
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True) as log:
    ds = read_dataset(snakemake.input.dataset)
    p = snakemake.params
    log.info("dataset %s: %d samples x %d features, %d classes", ds.name, ds.n_samples,
             ds.n_features, ds.n_classes)
    experiment = run_experiment(
        ds.X, ds.y, n_target=p.n_target, n_tree=int(snakemake.wildcards.ntree),
        mtry=snakemake.wildcards.mtry, m_ensemble=p.m_ensemble, p_grid=p.p_grid,
        p_tolerance=p.p_tolerance, curve_p=p.curve_p, threshold_repeats=p.threshold_repeats,
        random_state=p.seed, m_stability=p.m_stability,
        predictor_n_estimators=p.predictor_n_estimators, real_copies=p.real_copies,
    )
    write_experiment(experiment, Path(snakemake.output.parameters).parent)
