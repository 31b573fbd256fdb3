# Stage 2: drop constant features, optional log transform, keep the top features by variance.


rule prefilter:
    input:
        dataset=get_raw_dataset("{dataset}")["parquet"],
    output:
        **get_dataset_files("{dataset}"),
        report=get_prefilter_report("{dataset}"),
    log:
        f"{LOGS}/{{dataset}}/prefilter.log",
    benchmark:
        f"{BENCH}/{{dataset}}/prefilter.tsv"
    priority: LONGEST_PATH_PRIORITY
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("prefilter"),
        runtime=runtime("prefilter"),
    params:
        prefilter=lambda wc: WF.datasets[wc.dataset].prefilter_params,
    script:
        "../scripts/prefilter.py"
