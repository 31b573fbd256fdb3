# Stage 7: what a run hands back as tables -- the stable features of each dataset (which
# features, how often, with what interval and importance), the summary of all datasets as a
# CSV table, and both as HTML tables in the report.


rule stable_features:
    input:
        unpack(stable_features_inputs),
    output:
        parquet=get_stable_features("{dataset}"),
        csv=get_stable_features_csv("{dataset}"),
    log:
        f"{LOGS}/{{dataset}}/stable_features.log",
    benchmark:
        f"{BENCH}/{{dataset}}/stable_features.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", files="*"),
        runtime=runtime("tables", files="*"),
    params:
        confidence_level=WF.confidence_level,
        rank_cap=WF.rank_cap,
        escape_formulas=WF.escape_formulas,
    script:
        "../scripts/stable_features.py"


rule summary_csv:
    input:
        summary=get_summary(),
        error_control=error_control_summaries(),
    output:
        csv=get_summary_csv(),
    log:
        f"{LOGS}/summary_csv.log",
    benchmark:
        f"{BENCH}/summary_csv.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        measures=list(WF.measures),
        confidence_level=WF.confidence_level,
        escape_formulas=WF.escape_formulas,
    script:
        "../scripts/summary_csv.py"


rule report_tables:
    input:
        unpack(error_control_summary_of),
        summary=get_stability("{dataset}"),
        pareto=get_pareto("{dataset}"),
        stable=get_stable_features("{dataset}"),
        convergence=get_convergence("{dataset}"),
        dataset=get_dataset("{dataset}"),
        prefilter=get_prefilter_report("{dataset}"),
    output:
        summary=report(
            get_summary_report("{dataset}"),
            caption="../report/summary_table.rst",
            category="Summary tables",
            labels={"dataset": "{dataset}", "table": "accuracy and stability"},
        ),
        stable=report(
            get_stable_features_report("{dataset}"),
            caption="../report/stable_features.rst",
            category="Stable features",
            labels={"dataset": "{dataset}", "table": "stable features"},
        ),
        # the report's landing page embeds it (report/workflow.rst)
        overview=get_overview_report("{dataset}"),
    log:
        f"{LOGS}/{{dataset}}/report_tables.log",
    benchmark:
        f"{BENCH}/{{dataset}}/report_tables.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        measures=list(WF.figure_measures),
        confidence_level=WF.confidence_level,
        precision=WF.convergence_precision,
        score_label=lambda wc: score_label_of(wc.dataset),
        scheme=lambda wc: WF.resampling_for(wc.dataset)["scheme"],
        n_resamples=lambda wc: WF.n_resamples_for(wc.dataset),
    script:
        "../scripts/report_tables.py"
