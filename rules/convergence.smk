# Stage 5b: how many resamples are enough -- φ and its interval on the first m = 1..M runs of
# every configuration of a dataset, the table and its figure (fsstab.workflow.convergence).


rule convergence:
    input:
        unpack(convergence_inputs),
    output:
        table=get_convergence("{dataset}"),
        pdf=get_convergence_figure("{dataset}", "pdf"),
        png=report(
            get_convergence_figure("{dataset}", "png"),
            caption="../report/convergence.rst",
            category="Convergence",
            labels={"dataset": "{dataset}", "figure": "φ against M"},
        ),
    log:
        f"{LOGS}/{{dataset}}/convergence.log",
    benchmark:
        f"{BENCH}/{{dataset}}/convergence.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("convergence", dataset=None, files="*", resamples=resamples_of),
        runtime=runtime("convergence", dataset=None, files="*", resamples=resamples_of),
    params:
        precision=WF.convergence_precision,
        confidence_level=WF.confidence_level,
        rank_cap=WF.rank_cap,
    script:
        "../scripts/convergence.py"
