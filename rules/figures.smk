# Stage 7: figures (PDF + PNG); the PNGs are collected by `snakemake --report`.
#
# One job per dataset draws all its figures: a figure takes a fraction of a second, starting a
# Python process that imports matplotlib and pandas takes longer, so one job per figure spent
# most of its time starting. The rule is defined per dataset (name `figures_<dataset>`)
# because each dataset has its own list of figures (configurations, trajectories); every
# figure is still a file target (`snakemake results/<ds>/figures/pareto/nogueira.png` runs
# that dataset's job).

for _dataset in WF.selected_datasets if WF.dataset_figures else ():
    _stems = get_dataset_figure_stems(_dataset)
    _maps = list(_stems["feature_maps"])

    rule:
        name:
            f"figures_{_dataset}"
        input:
            dataset=get_dataset(_dataset),
            summary=get_stability(_dataset),
            pareto=get_pareto(_dataset),
            map_runs=[get_runs(_dataset, c) for c in _maps],
            map_features=[get_features(_dataset, c) for c in _maps],
            map_stability=[get_config_stability(_dataset, c) for c in _maps],
        output:
            get_figure_outputs(_dataset),
        log:
            f"{LOGS}/{_dataset}/figures.log",
        benchmark:
            f"{BENCH}/{_dataset}/figures.tsv"
        priority: LONGEST_PATH_PRIORITY
        localrule: WF.localrules
        conda:
            "../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("tables", files="*"),
            runtime=runtime("tables", files="*"),
        params:
            dataset=_dataset,
            stems=_stems,
            map_specs=[WF.configuration(c).spec for c in _maps],
            gammas=WF.pareto_gammas,
            measures=list(WF.figure_measures),
            rank_cap=WF.rank_cap,
            confidence_level=WF.confidence_level,
            score_label=score_label_of(_dataset),
        script:
            "../scripts/figures.py"
