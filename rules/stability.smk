# Stage 5: every configured measure per (dataset, configuration, variant); per-dataset summary.


rule stability:
    input:
        unpack(stability_inputs),
    output:
        stability=get_config_stability("{dataset}", "{config}"),
    log:
        f"{LOGS}/{{dataset}}/stability/{{config}}.log",
    benchmark:
        f"{BENCH}/{{dataset}}/stability/{{config}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("stability", files="similarity", resamples=resamples_of),
        runtime=runtime("stability", resamples=resamples_of),
    params:
        spec=spec_of,
        measures=list(WF.measures),
        measure_params=WF.measure_params,
        confidence_level=WF.confidence_level,
        rank_cap=WF.rank_cap,
        seed=WF.seed,
    script:
        "../scripts/stability.py"


rule summary:
    input:
        dataset_stability_files,
    output:
        summary=get_stability("{dataset}"),
    log:
        f"{LOGS}/{{dataset}}/summary.log",
    benchmark:
        f"{BENCH}/{{dataset}}/summary.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    script:
        "../scripts/summary.py"
