# Stage 3: the M resamples of a dataset, and what is computed once per dataset for all
# selectors: the similarity matrix of the adjusted measures and the per-resample univariate
# statistics of the hybrid-RFE.


rule resample:
    input:
        dataset=get_dataset("{dataset}"),
    output:
        resamples=get_resamples("{dataset}"),
    log:
        f"{LOGS}/{{dataset}}/resample.log",
    benchmark:
        f"{BENCH}/{{dataset}}/resample.tsv"
    priority: LONGEST_PATH_PRIORITY
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("resample"),
        runtime=runtime("resample"),
    params:
        seed=WF.seed,
        scheme=lambda wc: WF.resampling_for(wc.dataset)["scheme"],
        n_resamples=lambda wc: WF.n_resamples_for(wc.dataset),
        scheme_params=lambda wc: WF.resampling_for(wc.dataset)["params"],
    script:
        "../scripts/resample.py"


rule similarity_band:
    input:
        dataset=get_dataset("{dataset}"),
    output:
        band=get_similarity_band("{dataset}", "{band}"),
    log:
        f"{LOGS}/{{dataset}}/similarity/{{band}}.log",
    benchmark:
        f"{BENCH}/{{dataset}}/similarity/{{band}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("similarity_band", jobs=similarity_jobs_of),
        runtime=runtime("similarity_band", jobs=similarity_jobs_of),
    params:
        similarity=lambda wc: {
            k: v for k, v in WF.datasets[wc.dataset].similarity_params.items() if k != "binary"
        },
    script:
        "../scripts/similarity_band.py"


rule similarity:
    input:
        unpack(similarity_inputs),
    output:
        similarity=get_similarity("{dataset}"),
    log:
        f"{LOGS}/{{dataset}}/similarity.log",
    benchmark:
        f"{BENCH}/{{dataset}}/similarity.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=similarity_resource(memory),
        runtime=similarity_resource(runtime),
    params:
        similarity=lambda wc: WF.datasets[wc.dataset].similarity_params,
    script:
        "../scripts/similarity.py"


rule univariate:
    input:
        dataset=get_dataset("{dataset}"),
        resamples=get_resamples("{dataset}"),
    output:
        univariate=get_univariate("{dataset}"),
    log:
        f"{LOGS}/{{dataset}}/univariate.log",
    benchmark:
        f"{BENCH}/{{dataset}}/univariate.tsv"
    priority: LONGEST_PATH_PRIORITY
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("univariate"),
        runtime=runtime("univariate", resamples=resamples_of),
    script:
        "../scripts/univariate.py"
