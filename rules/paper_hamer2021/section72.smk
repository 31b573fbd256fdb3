# Hamer & Dupont (2021), §7.2: Table 5, the trajectories and feature stability maps
# (Figs. 12-18, 26-29), the measures' properties and the LASSO checks. Included by
# rules/paper_hamer2021.smk (HAMER, PLAN and S72 come from there).
# Computations: fsstab.papers.hamer2021.

# -- §7.2: Table 5, Figs. 12-18, 26-29 ------------------------------------------------------------


rule hamer2021_table5:
    input:
        **{paper: get_stability(dataset) for paper, dataset in S72.items()},
    output:
        table=get_paper_table("table5_lasso"),
        settings=get_paper_table("sec7_2_settings"),
    log:
        get_paper_log("table5"),
    benchmark:
        get_paper_benchmark("table5")
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        selector=HAMER["section72"]["methods"].get("lasso"),
        methods=list(HAMER["section72"]["methods"].values()),
    script:
        "../../scripts/paper_hamer2021/table5.py"


rule hamer2021_trajectories:
    input:
        **{paper: get_stability(dataset) for paper, dataset in S72.items()},
    output:
        figure=get_paper_figure("fig{number}_{stem}"),
        table=get_paper_table("fig{number}_{stem}"),
    log:
        get_paper_log("fig{number}_{stem}"),
    benchmark:
        get_paper_benchmark("fig{number}_{stem}")
    wildcard_constraints:
        number="|".join(str(n) for n, _ in TRAJECTORY_FIGURES.values()),
        stem="|".join(s for _, s in TRAJECTORY_FIGURES.values()),
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        method=lambda wc: PLAN.trajectory_method(wc.number),
        selector=lambda wc: HAMER["section72"]["methods"][PLAN.trajectory_method(wc.number)],
    script:
        "../../scripts/paper_hamer2021/trajectories.py"


rule hamer2021_logistic_rfe:
    input:
        # the table (and the claims of §7.2.3) on every §7.2 data set, the figure on Fig. 14's
        **{paper: get_stability(dataset) for paper, dataset in S72.items()},
    output:
        figure=get_paper_figure("fig14_logistic_rfe"),
        table=get_paper_table("fig14_logistic_rfe"),
    log:
        get_paper_log("fig14"),
    benchmark:
        get_paper_benchmark("fig14")
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        selector=HAMER["section72"]["methods"].get("logistic_rfe"),
        drawn=list(PLAN.logistic_rfe_datasets().datasets),
        note=PLAN.logistic_rfe_datasets().note,
    script:
        "../../scripts/paper_hamer2021/logistic_rfe.py"


rule hamer2021_properties:
    input:
        unpack(get_hamer2021_properties_inputs),
    output:
        maps=get_paper_work("section72/{paper}_properties.parquet"),
        lasso=get_paper_work("section72/{paper}_lasso_checks.parquet"),
    log:
        get_paper_log("properties_{paper}"),
    benchmark:
        get_paper_benchmark("properties_{paper}")
    wildcard_constraints:
        paper="|".join(S72) or "NONE",
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("analysis", dataset="*", files="*"),
        runtime=runtime("analysis", dataset="*", files="*"),
    params:
        configurations=lambda wc: PLAN.selector_configurations(
            S72[wc.paper], list(HAMER["section72"]["methods"].values())
        ),
        lasso=lambda wc: next(
            iter(
                PLAN.selector_configurations(
                    S72[wc.paper], [HAMER["section72"]["methods"].get("lasso")]
                )
            ),
            None,
        ),
        seed=lambda wc: derive_seed(WF.seed, wc.paper, "hamer2021", "properties"),
    script:
        "../../scripts/paper_hamer2021/properties.py"


rule hamer2021_properties_table:
    input:
        tables=expand(rules.hamer2021_properties.output.maps, paper=list(S72)),
    output:
        table=get_paper_table("sec5_phi_iw_properties"),
    log:
        get_paper_log("sec5_phi_iw_properties"),
    benchmark:
        get_paper_benchmark("sec5_phi_iw_properties")
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    script:
        "../../scripts/paper_hamer2021/concatenate.py"


rule hamer2021_lasso_checks_table:
    input:
        tables=expand(rules.hamer2021_properties.output.lasso, paper=list(S72)),
    output:
        table=get_paper_table("sec5_lasso_checks"),
    log:
        get_paper_log("sec5_lasso_checks"),
    benchmark:
        get_paper_benchmark("sec5_lasso_checks")
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    script:
        "../../scripts/paper_hamer2021/concatenate.py"


rule hamer2021_maps:
    input:
        unpack(get_hamer2021_map_inputs),
    output:
        figure=get_paper_figure("fig{number}_{stem}"),
    log:
        get_paper_log("fig{number}_{stem}"),
    benchmark:
        get_paper_benchmark("fig{number}_{stem}")
    wildcard_constraints:
        number="|".join(str(n) for n, _ in MAP_FIGURES.values()),
        stem="|".join(s for _, s in MAP_FIGURES.values()),
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("analysis", dataset="*", files="*"),
        runtime=runtime("analysis", dataset="*", files="*"),
    params:
        method=lambda wc: PLAN.map_method(wc.number),
        datasets=lambda wc: list(PLAN.map_figures()[PLAN.map_method(wc.number)].datasets),
        note=lambda wc: PLAN.map_figures()[PLAN.map_method(wc.number)].note,
        selector=lambda wc: HAMER["section72"]["methods"][PLAN.map_method(wc.number)],
        values=lambda wc: HAMER["section72"]["maps"][PLAN.map_method(wc.number)].get("values"),
        configurations=lambda wc: {
            paper: PLAN.selector_configurations(
                dataset, [HAMER["section72"]["methods"][PLAN.map_method(wc.number)]]
            )
            for paper, dataset in PLAN.map_figures()[PLAN.map_method(wc.number)].datasets.items()
        },
    script:
        "../../scripts/paper_hamer2021/maps.py"


rule hamer2021_appendix:
    input:
        lambda wc: [
            get_stability(dataset)
            for dataset in PLAN.appendix_figures()[int(wc.number)].datasets.values()
        ],
    output:
        figure=get_paper_figure("fig{number}_phi_vs_phi_iw"),
    log:
        get_paper_log("fig{number}"),
    benchmark:
        get_paper_benchmark("fig{number}")
    wildcard_constraints:
        number="26|27|28|29",
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        datasets=lambda wc: list(PLAN.appendix_figures()[int(wc.number)].datasets),
        note=lambda wc: PLAN.appendix_figures()[int(wc.number)].note,
        methods=HAMER["section72"]["methods"],
    script:
        "../../scripts/paper_hamer2021/appendix.py"
