# Hamer & Dupont (2021), §7.1: the decisions on the Pareto fronts (Figs. 9, 10, 11, 21-25), the
# dominated areas, hybrid-RFE against RFE and the frequency score (eq. 15). Included by
# rules/paper_hamer2021.smk (HAMER, PLAN and the data-set lists come from there).
# Computations: fsstab.papers.hamer2021.

# -- §7.1: Figs. 9, 10, 11, 21-25 -----------------------------------------------------------------


rule hamer2021_decision:
    input:
        unpack(get_hamer2021_decision_inputs),
    output:
        figure=get_paper_figure("fig{number}_{paper}_pareto"),
        table=get_paper_table("fig{number}_{paper}_compromises"),
    log:
        get_paper_log("fig{number}_{paper}"),
    benchmark:
        get_paper_benchmark("fig{number}_{paper}")
    wildcard_constraints:
        number="|".join(str(n) for n in DECISION_FIGURES.values()),
        paper="|".join(DECISION_FIGURES),
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("analysis", dataset="*", files="*"),
        runtime=runtime("analysis", dataset="*", files="*"),
    params:
        settings=HAMER["section71"],
        configurations=lambda wc: PLAN.selector_configurations(
            PLAN.decision_datasets()[wc.paper], HAMER["section71"]["hybrid"]
        ),
    script:
        "../../scripts/paper_hamer2021/decision.py"


rule hamer2021_dominated_areas:
    input:
        summary=lambda wc: get_stability(PLAN.decision_datasets()[wc.paper]),
    output:
        figure=get_paper_figure("fig09_{paper}_dominated_areas"),
        areas=get_paper_work("section71/{paper}_dominated_areas.parquet"),
        versus=get_paper_work("section71/{paper}_hybrid_versus_rfe.parquet"),
    log:
        get_paper_log("fig09_{paper}"),
    benchmark:
        get_paper_benchmark("fig09_{paper}")
    wildcard_constraints:
        paper="|".join(DECISION_FIGURES),
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        settings=HAMER["section71"],
    script:
        "../../scripts/paper_hamer2021/dominated_areas.py"


rule hamer2021_dominated_areas_table:
    input:
        tables=expand(
            rules.hamer2021_dominated_areas.output.areas, paper=list(PLAN.decision_datasets())
        ),
    output:
        table=get_paper_table("fig09_dominated_areas"),
    log:
        get_paper_log("fig09_table"),
    benchmark:
        get_paper_benchmark("fig09_table")
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    script:
        "../../scripts/paper_hamer2021/concatenate.py"


rule hamer2021_hybrid_versus_rfe_table:
    input:
        tables=expand(
            rules.hamer2021_dominated_areas.output.versus, paper=list(PLAN.decision_datasets())
        ),
    output:
        table=get_paper_table("fig09_hybrid_versus_rfe"),
    log:
        get_paper_log("fig09_hybrid_versus_rfe"),
    benchmark:
        get_paper_benchmark("fig09_hybrid_versus_rfe")
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    script:
        "../../scripts/paper_hamer2021/concatenate.py"


rule hamer2021_frequency_score:
    input:
        unpack(get_hamer2021_frequency_inputs),
    output:
        figure=get_paper_figure("fig10_{paper}_frequency_score"),
        row=get_paper_work("section71/{paper}_frequency_score.parquet"),
    log:
        get_paper_log("fig10_{paper}"),
    benchmark:
        get_paper_benchmark("fig10_{paper}")
    wildcard_constraints:
        paper="|".join(DECISION_FIGURES),
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        settings=HAMER["section71"],
        configurations=lambda wc: PLAN.selector_configurations(
            PLAN.frequency_score_datasets()[wc.paper],
            [HAMER["section71"]["frequency_score"]["selector"]],
        ),
    script:
        "../../scripts/paper_hamer2021/frequency_score.py"


rule hamer2021_frequency_score_table:
    input:
        tables=expand(
            rules.hamer2021_frequency_score.output.row,
            paper=list(PLAN.frequency_score_datasets()),
        ),
    output:
        table=get_paper_table("fig10_frequency_score_correlation"),
    log:
        get_paper_log("fig10_table"),
    benchmark:
        get_paper_benchmark("fig10_table")
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    script:
        "../../scripts/paper_hamer2021/concatenate.py"
