# Hamer & Dupont (2021): the paper's figures and tables (docs/paper-hamer2021.md).
#
# The generic stages select the features and compute accuracies and stabilities; these rules
# turn their results (and the paper-specific computations of fsstab.papers.hamer2021: toy maps,
# the correlated-groups simulation of §5.3, the §7.1 decisions, the group estimates of §7.3)
# into the paper's numbered outputs. Paths come from the get_* functions of rules/common.smk
# (the stages' products, the paper's files) or from the paper's own rules (rules.<rule>.output);
# which figures a run draws, on which data sets, is PLAN (fsstab.papers.hamer2021.plan.Plan).
# Outputs: <results>/paper/hamer2021/. The template of a paper's rules: docs/papers.md.

from fsstab.papers.hamer2021.plan import DECISION_FIGURES, MAP_FIGURES, TRAJECTORY_FIGURES, Plan
from fsstab.papers.hamer2021.settings import SETTINGS, conclusions_run, run_settings
from fsstab.papers.hamer2021.toy import TOY_DESCRIPTIONS
from fsstab.seeds import derive_seed

# paper.settings checked (with the whole configuration) before any job; defaults filled in
HAMER = SETTINGS.checked(WF)
PLAN = Plan(HAMER, WF)
S72 = PLAN.section_datasets("section72")
S73 = PLAN.section_datasets("section73")


include: "paper_hamer2021/common.smk"


if WF.localrules:

    localrules:
        hamer2021_toy,
        hamer2021_correlated_figures,
        hamer2021_decision,
        hamer2021_dominated_areas,
        hamer2021_dominated_areas_table,
        hamer2021_hybrid_versus_rfe_table,
        hamer2021_frequency_score,
        hamer2021_frequency_score_table,
        hamer2021_table5,
        hamer2021_trajectories,
        hamer2021_logistic_rfe,
        hamer2021_properties,
        hamer2021_properties_table,
        hamer2021_lasso_checks_table,
        hamer2021_maps,
        hamer2021_appendix,
        hamer2021_blocks,
        hamer2021_variability,
        hamer2021_distributions,
        hamer2021_comparison,
        hamer2021_conclusions,


# -- Figs. 3-6: toy feature stability maps ------------------------------------------------------


rule hamer2021_toy:
    output:
        **{
            f"fig{number:02d}": get_paper_figure(f"fig{number:02d}_toy_{stem}")
            for number, (stem, _) in sorted(TOY_DESCRIPTIONS.items())
        },
        table=get_paper_table("fig03-06_toy_measures"),
        replicates=get_paper_table("fig03-06_canberra_replicates"),
    log:
        get_paper_log("toy"),
    benchmark:
        get_paper_benchmark("toy")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("toy_examples"),
        runtime=runtime("toy_examples"),
    params:
        settings=HAMER["toy"],
    script:
        "../scripts/paper_hamer2021/toy.py"


# -- Figs. 7-8: correlated feature groups (§5.3) ------------------------------------------------


rule hamer2021_correlated_groups:
    output:
        table=get_paper_work("correlated_groups/scenario{scenario}_seed{seed}.parquet"),
        importances=get_paper_work(
            "correlated_groups/scenario{scenario}_seed{seed}.importances.parquet"
        ),
    log:
        get_paper_log("correlated_groups_scenario{scenario}_seed{seed}"),
    benchmark:
        get_paper_benchmark("correlated_groups_scenario{scenario}_seed{seed}")
    wildcard_constraints:
        scenario=r"[123]",
        seed=r"\d+",
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("simulation"),
        runtime=runtime("simulation"),
    params:
        settings=HAMER["correlated_groups"],
    script:
        "../scripts/paper_hamer2021/correlated_groups.py"


rule hamer2021_correlated_figures:
    input:
        tables=expand(
            rules.hamer2021_correlated_groups.output.table,
            zip,
            scenario=[s for s, _ in PLAN.correlated_runs()],
            seed=[g for _, g in PLAN.correlated_runs()],
        ),
        map_importances=expand(
            rules.hamer2021_correlated_groups.output.importances,
            scenario=HAMER["correlated_groups"]["map"]["scenario"],
            seed=HAMER["correlated_groups"]["map"]["seed"],
        ),
    output:
        fig07=get_paper_figure("fig07_correlated_groups_maps"),
        fig08=get_paper_figure("fig08_correlated_groups_stability"),
        table=get_paper_table("fig08_correlated_groups_stability"),
    log:
        get_paper_log("correlated_figures"),
    benchmark:
        get_paper_benchmark("correlated_figures")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        settings=HAMER["correlated_groups"],
    script:
        "../scripts/paper_hamer2021/correlated_figures.py"


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
        "../envs/fsstab.yaml"
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
        "../scripts/paper_hamer2021/decision.py"


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
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        settings=HAMER["section71"],
    script:
        "../scripts/paper_hamer2021/dominated_areas.py"


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
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    script:
        "../scripts/paper_hamer2021/concatenate.py"


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
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    script:
        "../scripts/paper_hamer2021/concatenate.py"


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
        "../envs/fsstab.yaml"
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
        "../scripts/paper_hamer2021/frequency_score.py"


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
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    script:
        "../scripts/paper_hamer2021/concatenate.py"


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
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        selector=HAMER["section72"]["methods"].get("lasso"),
        methods=list(HAMER["section72"]["methods"].values()),
    script:
        "../scripts/paper_hamer2021/table5.py"


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
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        method=lambda wc: PLAN.trajectory_method(wc.number),
        selector=lambda wc: HAMER["section72"]["methods"][PLAN.trajectory_method(wc.number)],
    script:
        "../scripts/paper_hamer2021/trajectories.py"


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
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        selector=HAMER["section72"]["methods"].get("logistic_rfe"),
        drawn=list(PLAN.logistic_rfe_datasets().datasets),
        note=PLAN.logistic_rfe_datasets().note,
    script:
        "../scripts/paper_hamer2021/logistic_rfe.py"


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
        "../envs/fsstab.yaml"
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
        "../scripts/paper_hamer2021/properties.py"


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
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    script:
        "../scripts/paper_hamer2021/concatenate.py"


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
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    script:
        "../scripts/paper_hamer2021/concatenate.py"


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
        "../envs/fsstab.yaml"
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
        "../scripts/paper_hamer2021/maps.py"


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
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        datasets=lambda wc: list(PLAN.appendix_figures()[int(wc.number)].datasets),
        note=lambda wc: PLAN.appendix_figures()[int(wc.number)].note,
        methods=HAMER["section72"]["methods"],
    script:
        "../scripts/paper_hamer2021/appendix.py"


# -- §7.3: Figs. 19-20 ----------------------------------------------------------------------------


rule hamer2021_blocks:
    input:
        unpack(get_hamer2021_block_inputs),
    output:
        estimates=get_paper_work("section73/{paper}_block_estimates.parquet"),
    log:
        get_paper_log("section73_{paper}"),
    benchmark:
        get_paper_benchmark("section73_{paper}")
    wildcard_constraints:
        paper="|".join(HAMER["section73"]["datasets"]) or "NONE",
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("analysis", dataset="*", files="*"),
        runtime=runtime("analysis", dataset="*", files="*"),
    params:
        block_size=HAMER["section73"]["block_size"],
    script:
        "../scripts/paper_hamer2021/blocks.py"


rule hamer2021_variability:
    input:
        **{paper: expand(rules.hamer2021_blocks.output.estimates, paper=paper)[0] for paper in S73},
    output:
        figure=get_paper_figure("fig19_coefficient_of_variation"),
        cv=get_paper_table("fig19_coefficient_of_variation"),
        estimates=get_paper_table("fig19-20_block_estimates"),
    log:
        get_paper_log("fig19"),
    benchmark:
        get_paper_benchmark("fig19")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        block_size=HAMER["section73"]["block_size"],
    script:
        "../scripts/paper_hamer2021/variability.py"


rule hamer2021_distributions:
    input:
        **{
            paper: expand(rules.hamer2021_blocks.output.estimates, paper=paper)[0]
            for paper in PLAN.distribution_datasets().datasets
        },
    output:
        figure=get_paper_figure("fig20_sampling_distributions"),
    log:
        get_paper_log("fig20"),
    benchmark:
        get_paper_benchmark("fig20")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        block_size=HAMER["section73"]["block_size"],
        note=PLAN.distribution_datasets().note,
    script:
        "../scripts/paper_hamer2021/distributions.py"


# -- comparison.csv -------------------------------------------------------------------------------

DECISIONS = PLAN.decision_datasets()
FREQUENCY = PLAN.frequency_score_datasets()


# its inputs: the tables of the sections this run has (the paper's values stand alone otherwise)
rule hamer2021_comparison:
    input:
        **({"frequency": rules.hamer2021_frequency_score_table.output.table} if FREQUENCY else {}),
        **({"table5": rules.hamer2021_table5.output.table} if S72 else {}),
        **(
            {
                "singh": expand(
                    rules.hamer2021_decision.output.table,
                    number=DECISION_FIGURES["singh"],
                    paper="singh",
                )
            }
            if "singh" in DECISIONS
            else {}
        ),
        **({"variation": rules.hamer2021_variability.output.cv} if S73 else {}),
        **({"areas": rules.hamer2021_dominated_areas_table.output.table} if DECISIONS else {}),
        toy=rules.hamer2021_toy.output.table,
    output:
        table=get_paper_table("comparison"),
    log:
        get_paper_log("comparison"),
    benchmark:
        get_paper_benchmark("comparison")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        gamma=HAMER["section71"]["gamma"],
        run=run_settings(HAMER, WF),
    script:
        "../scripts/paper_hamer2021/comparison.py"


# -- conclusions.md: every claim checked -----------------------------------------------------------


# its inputs: the tables of the sections this run has (the others' claims: "not testable here")
rule hamer2021_conclusions:
    input:
        **(
            {
                "areas": rules.hamer2021_dominated_areas_table.output.table,
                "versus": rules.hamer2021_hybrid_versus_rfe_table.output.table,
            }
            if DECISIONS
            else {}
        ),
        **({"frequency": rules.hamer2021_frequency_score_table.output.table} if FREQUENCY else {}),
        **{
            f"compromises_{paper}": expand(
                rules.hamer2021_decision.output.table, number=DECISION_FIGURES[paper], paper=paper
            )
            for paper in DECISIONS
        },
        **(
            {
                "table5": rules.hamer2021_table5.output.table,
                "settings72": rules.hamer2021_table5.output.settings,
            }
            if S72
            else {}
        ),
        **(
            {
                "variation": rules.hamer2021_variability.output.cv,
                "estimates": rules.hamer2021_variability.output.estimates,
            }
            if S73
            else {}
        ),
        **(
            {
                "properties": rules.hamer2021_properties_table.output.table,
                "lasso_checks": rules.hamer2021_lasso_checks_table.output.table,
            }
            if S72
            else {}
        ),
        **{
            f"trajectory_{method}": expand(
                rules.hamer2021_trajectories.output.table,
                number=TRAJECTORY_FIGURES[method][0],
                stem=TRAJECTORY_FIGURES[method][1],
            )
            for method in PLAN.trajectory_methods()
        },
        **(
            {"trajectory_logistic_rfe": rules.hamer2021_logistic_rfe.output.table}
            if PLAN.logistic_rfe_datasets().datasets
            else {}
        ),
        toy=rules.hamer2021_toy.output.table,
        canberra_replicates=rules.hamer2021_toy.output.replicates,
        correlated=rules.hamer2021_correlated_figures.output.table,
    output:
        inputs=get_paper_file("conclusions_inputs", "json"),
        markdown=get_paper_file("conclusions", "md"),
        table=get_paper_table("conclusions"),
    log:
        get_paper_log("conclusions"),
    benchmark:
        get_paper_benchmark("conclusions")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        # the paper data sets configured, the §7.2 methods and the run's settings: written to
        # conclusions_inputs.json with the tables read
        run=conclusions_run(WF),
    script:
        "../scripts/paper_hamer2021/conclusions.py"


# -- what the run produces ------------------------------------------------------------------------

PAPER_TARGETS.extend(
    [
        *rules.hamer2021_toy.output,
        *rules.hamer2021_correlated_figures.output,
        *expand(rules.hamer2021_dominated_areas.output.figure, paper=list(DECISIONS)),
        *expand(
            rules.hamer2021_decision.output,
            zip,
            number=[DECISION_FIGURES[p] for p in DECISIONS],
            paper=list(DECISIONS),
        ),
        *(rules.hamer2021_dominated_areas_table.output if DECISIONS else []),
        *(rules.hamer2021_hybrid_versus_rfe_table.output if DECISIONS else []),
        *expand(rules.hamer2021_frequency_score.output.figure, paper=list(FREQUENCY)),
        *(rules.hamer2021_frequency_score_table.output if FREQUENCY else []),
        *(rules.hamer2021_table5.output if S72 else []),
        *expand(
            rules.hamer2021_trajectories.output,
            zip,
            number=[TRAJECTORY_FIGURES[m][0] for m in PLAN.trajectory_methods()],
            stem=[TRAJECTORY_FIGURES[m][1] for m in PLAN.trajectory_methods()],
        ),
        *(rules.hamer2021_logistic_rfe.output if PLAN.logistic_rfe_datasets().datasets else []),
        *expand(
            rules.hamer2021_maps.output,
            zip,
            number=[MAP_FIGURES[m][0] for m in PLAN.map_figures()],
            stem=[MAP_FIGURES[m][1] for m in PLAN.map_figures()],
        ),
        *expand(rules.hamer2021_appendix.output, number=list(PLAN.appendix_figures())),
        *(rules.hamer2021_variability.output if S73 else []),
        *(rules.hamer2021_properties_table.output if S72 else []),
        *(rules.hamer2021_lasso_checks_table.output if S72 else []),
        *(rules.hamer2021_distributions.output if PLAN.distribution_datasets().datasets else []),
        *rules.hamer2021_comparison.output,
        *rules.hamer2021_conclusions.output,
    ]
)
