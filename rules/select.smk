# Stage 4: one job per (dataset, configuration, chunk of resamples); chunks are gathered.
#
# Chunks are a wildcard (r<first>-<last>) rather than a scattergather: the chunk ids name the
# resamples they hold, so a chunk's file says what it contains and its results do not depend on
# how many chunks there are (seeds depend on the resample only); the gather rule checks that
# every resample appears exactly once.


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


rule gather:
    input:
        runs=lambda wc: chunk_files(wc, "runs"),
        features=lambda wc: chunk_files(wc, "features"),
        timings=lambda wc: chunk_files(wc, "timings"),
    output:
        runs=get_runs("{dataset}", "{config}"),
        features=get_features("{dataset}", "{config}"),
        timings=get_timings("{dataset}", "{config}"),
    log:
        f"{LOGS}/{{dataset}}/select/{{config}}/gather.log",
    benchmark:
        f"{BENCH}/{{dataset}}/select/{{config}}/gather.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        n_resamples=lambda wc: WF.n_resamples_for(wc.dataset),
    script:
        "../scripts/gather.py"
