# Stage 6b (evaluation.nested): the whole procedure -- the prefilter, every configuration on
# inner resamples, the choice by γ, ε-constraint and one-SE -- inside each outer training part,
# the chosen configurations scored on the outer test part (fsstab.workflow.nested). Each outer
# fold's inner work is one job per configuration, its choice and refit one job; one summary
# per dataset.


rule nested_splits:
    input:
        dataset=get_dataset("{dataset}"),
    output:
        splits=get_nested_splits("{dataset}"),
    log:
        f"{LOGS}/{{dataset}}/nested/splits.log",
    benchmark:
        f"{BENCH}/{{dataset}}/nested/splits.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("resample"),
        runtime=runtime("resample"),
    params:
        seed=WF.seed,
        nested=WF.nested,
    script:
        "../scripts/nested_splits.py"


rule nested_inner:
    input:
        dataset=get_dataset("{dataset}"),
        raw=get_raw_dataset("{dataset}")["parquet"],
        splits=get_nested_splits("{dataset}"),
    output:
        stability=get_nested_inner("{dataset}", "{outer}", "{config}"),
    log:
        f"{LOGS}/{{dataset}}/nested/{{outer}}/{{config}}.log",
    benchmark:
        f"{BENCH}/{{dataset}}/nested/{{outer}}/{{config}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=selection_resources(
            "mem_mb",
            largest(
                memory("nested_inner", resamples=resamples_of),
                memory("prefilter", dataset="raw"),
            ),
        ),
        runtime=selection_resources(
            "runtime",
            summed(
                runtime("nested_inner", resamples=resamples_of),
                runtime("prefilter", dataset="raw"),
            ),
        ),
    params:
        spec=spec_of,
        prefilter=lambda wc: WF.datasets[wc.dataset].prefilter_params,
        seed=WF.seed,
        resampling=lambda wc: dict(WF.resampling_for(wc.dataset)),
        measures=list(WF.measures),
        measure_params=WF.measure_params,
        similarity=nested_similarity,
        confidence_level=WF.confidence_level,
        rank_cap=WF.rank_cap,
        accuracy_model=WF.accuracy_model,
    script:
        "../scripts/nested_inner.py"


rule nested_outer:
    input:
        dataset=get_dataset("{dataset}"),
        raw=get_raw_dataset("{dataset}")["parquet"],
        splits=get_nested_splits("{dataset}"),
        inner=nested_inner_files,
    output:
        fold=get_nested_fold("{dataset}", "{outer}"),
    log:
        f"{LOGS}/{{dataset}}/nested/{{outer}}/outer.log",
    benchmark:
        f"{BENCH}/{{dataset}}/nested/{{outer}}/outer.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=largest(memory("select"), memory("prefilter", dataset="raw")),
        runtime=summed(runtime("select"), runtime("prefilter", dataset="raw")),
    params:
        prefilter=lambda wc: WF.datasets[wc.dataset].prefilter_params,
        specs=lambda wc: {c.id: c.spec for c in WF.configurations_for(wc.dataset)},
        seed=WF.seed,
        measures=list(WF.pareto_measures),
        gammas=WF.pareto_gammas,
        epsilon=WF.epsilon_constraint,
        rank_cap=WF.rank_cap,
        accuracy_model=WF.accuracy_model,
    script:
        "../scripts/nested_outer.py"


rule nested_summary:
    input:
        dataset=get_dataset("{dataset}"),
        splits=get_nested_splits("{dataset}"),
        folds=lambda wc: [get_nested_fold(wc.dataset, o) for o in nested_fold_ids()],
    output:
        parquet=get_nested("{dataset}"),
        csv=get_nested_csv("{dataset}"),
        html=report(
            get_nested_report("{dataset}"),
            caption="../report/nested.rst",
            category="Nested evaluation",
            labels={"dataset": "{dataset}", "table": "nested evaluation"},
        ),
    log:
        f"{LOGS}/{{dataset}}/nested/summary.log",
    benchmark:
        f"{BENCH}/{{dataset}}/nested/summary.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", files="folds"),
        runtime=runtime("tables", files="folds"),
    params:
        confidence_level=WF.confidence_level,
        score_label=lambda wc: score_label_of(wc.dataset),
    script:
        "../scripts/nested_summary.py"
