# Stage 4: one job per (dataset, configuration, chunk of resamples), or per (dataset, chunk)
# with `selection_jobs: per_dataset`; the chunks of a dataset's configurations are gathered by
# one job.
#
# Chunks are a wildcard (r<first>-<last>) rather than a scattergather: the chunk ids name the
# resamples they hold, so a chunk's file says what it contains and its results do not depend on
# how many chunks there are (seeds depend on the resample only); the gather rule checks that
# every resample appears exactly once.


# (the datasets whose one selection job calibrates, `selection_jobs: per_dataset` with one
# chunk, have no calibrate job: starting one costs more than their calibration)
rule calibrate:
    input:
        dataset=get_dataset("{dataset}"),
        resamples=get_resamples("{dataset}"),
    output:
        calibration=get_calibration("{dataset}", "{config}"),
    log:
        f"{LOGS}/{{dataset}}/select/{{config}}/calibrate.log",
    benchmark:
        f"{BENCH}/{{dataset}}/select/{{config}}/calibrate.tsv"
    wildcard_constraints:
        dataset=calibration_job_datasets(),
    priority: LONGEST_PATH_PRIORITY
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=selection_resources("mem_mb", memory("calibrate", resamples=resamples_of)),
        runtime=selection_resources("runtime", runtime("calibrate", resamples=resamples_of)),
    params:
        spec=spec_of,
    script:
        "../scripts/calibrate.py"


# `selection_jobs: per_configuration`: one job per (dataset, configuration, chunk).
if WF.selection_jobs == "per_configuration":

    rule select:
        input:
            unpack(select_inputs),
        output:
            runs=get_chunk("{dataset}", "{config}", "{chunk}", "runs"),
            features=get_chunk("{dataset}", "{config}", "{chunk}", "features"),
            timings=get_chunk("{dataset}", "{config}", "{chunk}", "timings"),
        log:
            f"{LOGS}/{{dataset}}/select/{{config}}/{{chunk}}.log",
        benchmark:
            f"{BENCH}/{{dataset}}/select/{{config}}/{{chunk}}.tsv"
        priority: LONGEST_PATH_PRIORITY
        conda:
            "../envs/fsstab.yaml"
        threads: selection_resources("threads", 1)
        resources:
            mem_mb=selection_resources("mem_mb", memory("select")),
            runtime=selection_resources("runtime", runtime("select", resamples=chunk_resamples)),
        params:
            spec=spec_of,
            seed=WF.seed,
            rank_cap=WF.rank_cap,
            n_resamples=lambda wc: WF.n_resamples_for(wc.dataset),
            accuracy_model=WF.accuracy_model,
        script:
            "../scripts/select.py"


# `selection_jobs: per_dataset`: one job per (dataset, chunk) running its configurations in turn
# (named `select_<dataset>`, as its configurations are its own), after calibrating them if it
# is the dataset's only chunk; the chunk files and calibrations are the same as those of the
# per-configuration jobs, so the gather jobs and everything after them do not change.
for _dataset in WF.selected_datasets if WF.selection_jobs == "per_dataset" else ():
    _configs = [c.id for c in WF.configurations_for(_dataset)]
    _chunk = dataset_select_chunk(_dataset)

    rule:
        name:
            f"select_{_dataset}"
        input:
            **dataset_select_inputs(_dataset),
        output:
            **get_dataset_select_outputs(_dataset),
        log:
            f"{LOGS}/{_dataset}/select/{_chunk}.log",
        benchmark:
            f"{BENCH}/{_dataset}/select/{_chunk}.tsv"
        priority: LONGEST_PATH_PRIORITY
        conda:
            "../envs/fsstab.yaml"
        threads: dataset_selection_resources(_dataset, "threads", 1, max)
        resources:
            mem_mb=dataset_selection_resources(
                _dataset,
                "mem_mb",
                memory("select"),
                max,
                calibration=memory(
                    "calibrate", resamples=lambda wc, d=_dataset: WF.n_resamples_for(d)
                ),
            ),
            runtime=dataset_selection_resources(
                _dataset,
                "runtime",
                runtime(
                    "select", resamples=lambda wc, c=_chunk: len(chunk_range(wc.get("chunk", c)))
                ),
                sum,
                calibration=runtime(
                    "calibrate", resamples=lambda wc, d=_dataset: WF.n_resamples_for(d)
                ),
            ),
        params:
            specs=[WF.configuration(c).spec for c in _configs],
            chunk=lambda wc, c=_chunk: wc.get("chunk", c),
            calibrated=calibrated_configurations(_dataset),
            calibrates=calibrates_in_selection_job(_dataset),
            univariate_configs=[c for c in _configs if WF.configuration(c).uses_univariate_scores],
            seed=WF.seed,
            rank_cap=WF.rank_cap,
            n_resamples=WF.n_resamples_for(_dataset),
            accuracy_model=WF.accuracy_model,
        script:
            "../scripts/select_dataset.py"


# One gather job per dataset (named `gather_<dataset>`, as its configurations are its own):
# gathering is a concatenation, cheaper than starting a job for it; every configuration's
# gathered tables stay file targets (`snakemake results/<ds>/select/<cfg>/runs.parquet` runs
# that dataset's job).
for _dataset in WF.selected_datasets:
    _configs = [c.id for c in WF.configurations_for(_dataset)]

    rule:
        name:
            f"gather_{_dataset}"
        input:
            runs=gathered_chunks(_dataset, "runs"),
            features=gathered_chunks(_dataset, "features"),
            timings=gathered_chunks(_dataset, "timings"),
        output:
            runs=[get_runs(_dataset, c) for c in _configs],
            features=[get_features(_dataset, c) for c in _configs],
            timings=[get_timings(_dataset, c) for c in _configs],
        log:
            f"{LOGS}/{_dataset}/gather.log",
        benchmark:
            f"{BENCH}/{_dataset}/gather.tsv"
        priority: LONGEST_PATH_PRIORITY
        localrule: WF.localrules
        conda:
            "../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("tables", dataset=None, files="*"),
            runtime=runtime("tables", dataset=None, files="*"),
        params:
            configs=_configs,
            n_resamples=WF.n_resamples_for(_dataset),
        script:
            "../scripts/gather.py"
