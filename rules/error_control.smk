# Stage 8: error control (configuration key `error_control`; fsstab.workflow.error_control) --
# the error-controlled selectors fitted on all samples of a dataset (discoveries, by feature
# and by group of similar features, their promise, per feature the selection probability; the
# subsample fits of stability selection in chunk jobs), the planted-null check of that promise
# on the dataset (reruns in chunks), gathered into tables and a report page. No job runs while
# `error_control.selectors` is empty.


rule error_control_counts:
    input:
        dataset=get_dataset("{dataset}"),
    output:
        counts=get_error_control_counts("{dataset}", "{config}", "{fits}"),
    log:
        f"{LOGS}/{{dataset}}/error_control/{{config}}/counts/{{fits}}.log",
    benchmark:
        f"{BENCH}/{{dataset}}/error_control/{{config}}/counts/{{fits}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("select"),
        runtime=runtime("select"),
    params:
        spec=spec_of,
        seed=WF.seed,
    script:
        "../scripts/error_control_counts.py"


rule error_control_fit:
    input:
        unpack(error_control_fit_inputs),
    output:
        fit=get_error_control_fit("{dataset}", "{config}"),
    log:
        f"{LOGS}/{{dataset}}/error_control/{{config}}/fit.log",
    benchmark:
        f"{BENCH}/{{dataset}}/error_control/{{config}}/fit.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("select"),
        runtime=runtime("select"),
    params:
        spec=spec_of,
        seed=WF.seed,
    script:
        "../scripts/error_control_fit.py"


rule planted_nulls:
    input:
        unpack(error_control_similarity),
        dataset=get_dataset("{dataset}"),
    output:
        planted=get_planted_nulls("{dataset}", "{config}", "{chunk}"),
    log:
        f"{LOGS}/{{dataset}}/error_control/{{config}}/planted/{{chunk}}.log",
    benchmark:
        f"{BENCH}/{{dataset}}/error_control/{{config}}/planted/{{chunk}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("planted_nulls", planted=planted_per_rerun()),
        runtime=runtime(
            "planted_nulls", resamples=planted_chunk_reruns, planted=planted_per_rerun()
        ),
    params:
        spec=spec_of,
        seed=WF.seed,
        n_planted=planted_per_rerun(),
    script:
        "../scripts/planted_nulls.py"


rule error_control:
    input:
        unpack(error_control_inputs),
    output:
        summary_parquet=get_error_control("{dataset}")["summary_parquet"],
        summary_csv=get_error_control("{dataset}")["summary_csv"],
        discoveries_parquet=get_error_control("{dataset}")["discoveries_parquet"],
        discoveries_csv=get_error_control("{dataset}")["discoveries_csv"],
        figure_pdf=get_error_control_figure("{dataset}", "pdf"),
        figure_png=report(
            get_error_control_figure("{dataset}", "png"),
            caption="../report/error_control_figure.rst",
            category="Error control",
            labels={"dataset": "{dataset}", "figure": "selection probability"},
        ),
        html=report(
            get_error_control_report("{dataset}"),
            caption="../report/error_control.rst",
            category="Error control",
            labels={"dataset": "{dataset}", "table": "error control"},
        ),
    log:
        f"{LOGS}/{{dataset}}/error_control.log",
    benchmark:
        f"{BENCH}/{{dataset}}/error_control.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        n_planted=planted_per_rerun(),
        confidence_level=WF.confidence_level,
        escape_formulas=WF.escape_formulas,
    script:
        "../scripts/error_control.py"
