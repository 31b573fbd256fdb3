# Stage 5: every configured measure per (dataset, configuration, variant) and the dataset's
# summary, in one job per dataset (named `stability_<dataset>`): a configuration's measures
# take a fraction of a second, starting a job for each took longer. Every configuration's
# stability table stays a file target (`snakemake results/<ds>/stability/<cfg>.parquet` runs
# that dataset's job).

for _dataset in WF.selected_datasets:
    _configs = WF.configurations_for(_dataset)
    _calibrated = [c.id for c in _configs if c.calibrate_target_k is not None]

    rule:
        name:
            f"stability_{_dataset}"
        input:
            **stability_inputs(_dataset),
        output:
            stability=[get_config_stability(_dataset, c.id) for c in _configs],
            summary=get_stability(_dataset),
        log:
            f"{LOGS}/{_dataset}/stability.log",
        benchmark:
            f"{BENCH}/{_dataset}/stability.tsv"
        priority: LONGEST_PATH_PRIORITY
        conda:
            "../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory(
                "stability",
                files="similarity",
                resamples=lambda wc, d=_dataset: WF.n_resamples_for(d),
            ),
            runtime=runtime(
                "stability",
                resamples=lambda wc, d=_dataset: WF.n_resamples_for(d),
                configurations=len(_configs),
            ),
        params:
            specs=[c.spec for c in _configs],
            calibrated=_calibrated,
            measures=list(WF.measures),
            measure_params=WF.measure_params,
            confidence_level=WF.confidence_level,
            rank_cap=WF.rank_cap,
            seed=WF.seed,
        script:
            "../scripts/stability.py"
