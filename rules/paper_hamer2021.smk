# Hamer & Dupont (2021): the paper's figures and tables (docs/paper-hamer2021.md).
#
# The generic stages select the features and compute accuracies and stabilities; these rules
# turn their results (and the paper-specific computations of fsstab.papers.hamer2021: toy maps,
# the correlated-groups simulation of §5.3, the §7.1 decisions, the group estimates of §7.3)
# into the paper's numbered outputs. Paths come from the get_* functions of rules/common.smk
# (the stages' products, the paper's files) or from the paper's own rules (rules.<rule>.output);
# which figures a run draws, on which data sets, is PLAN (fsstab.papers.hamer2021.plan.Plan).
# Outputs: <results>/paper/hamer2021/. The template of a paper's rules: docs/papers.md.
# The rules of §7.1, §7.2 and §7.3 are in rules/paper_hamer2021/section71.smk, section72.smk and
# section73.smk, included below; the comparison and the conclusions, which read them all, here.

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


include: "paper_hamer2021/section71.smk"
include: "paper_hamer2021/section72.smk"
include: "paper_hamer2021/section73.smk"


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
