# Hamer & Dupont (2021): the paper's figures and tables (docs/paper-hamer2021.md).
#
# Included by the Snakefile when the configuration says `paper: {name: hamer2021}`. The generic
# stages select the features and compute accuracies and stabilities; these rules turn their
# results (and the paper-specific computations of fsstab.papers.hamer2021: toy maps, the
# correlated-groups simulation, group estimates of §7.3) into the paper's numbered outputs
# under paper.output_dir. The plan of the outputs and the input functions are in
# paper_hamer2021_common.smk.


include: "paper_hamer2021_common.smk"


# -- Figs. 3-6: toy feature stability maps ------------------------------------------------------


rule hamer2021_toy:
    output:
        figures=[
            f
            for figure, (stem, _) in sorted(TOY_DESCRIPTIONS.items())
            for f in PLAN.figure(f"fig{figure:02d}_toy_{stem}")
        ],
        table=PLAN.table("fig03-06_toy_measures"),
    params:
        settings=HAMER["toy"],
    log:
        f"{LOGS}/paper_hamer2021/toy.log",
    benchmark:
        f"{BENCH}/paper_hamer2021/toy.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/paper_hamer2021/toy.py"


# -- Figs. 7-8: correlated feature groups (§5.3) ------------------------------------------------


rule hamer2021_correlated_groups:
    output:
        table=f"{PAPER_WORK}/correlated_groups/scenario{{scenario}}_seed{{seed}}.parquet",
        importances=(
            f"{PAPER_WORK}/correlated_groups/scenario{{scenario}}_seed{{seed}}"
            ".importances.parquet"
        ),
    wildcard_constraints:
        scenario=r"[123]",
        seed=r"\d+",
    params:
        settings=HAMER["correlated_groups"],
        seed=WF.seed,
    log:
        f"{LOGS}/paper_hamer2021/correlated_groups_scenario{{scenario}}_seed{{seed}}.log",
    benchmark:
        f"{BENCH}/paper_hamer2021/correlated_groups_scenario{{scenario}}_seed{{seed}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=60,
    script:
        "../scripts/paper_hamer2021/correlated_groups.py"


rule hamer2021_correlated_figures:
    input:
        tables=hamer_correlated_tables("table"),
        map_importances=(
            f"{PAPER_WORK}/correlated_groups/scenario{HAMER['correlated_groups']['map']['scenario']}"
            f"_seed{HAMER['correlated_groups']['map']['seed']}.importances.parquet"
        ),
    output:
        fig07=PLAN.figure("fig07_correlated_groups_maps"),
        fig08=PLAN.figure("fig08_correlated_groups_stability"),
        table=PLAN.table("fig08_correlated_groups_stability"),
    params:
        settings=HAMER["correlated_groups"],
    log:
        f"{LOGS}/paper_hamer2021/correlated_figures.log",
    benchmark:
        f"{BENCH}/paper_hamer2021/correlated_figures.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/paper_hamer2021/correlated_figures.py"


# -- §7.1: Figs. 9, 10, 11, 21-25 -----------------------------------------------------------------


rule hamer2021_decision:
    input:
        unpack(hamer_decision_inputs),
    output:
        figure=PLAN.figure("fig{number}_{paper}_pareto"),
        table=PLAN.table("fig{number}_{paper}_compromises"),
    wildcard_constraints:
        number="|".join(str(n) for n in DECISION_FIGURES.values()),
        paper="|".join(DECISION_FIGURES),
    params:
        settings=HAMER["section71"],
        configurations=lambda wc: hamer_selection(
            PLAN.decision_datasets()[wc.paper], HAMER["section71"]["hybrid"]
        )["configurations"],
    log:
        f"{LOGS}/paper_hamer2021/fig{{number}}_{{paper}}.log",
    benchmark:
        f"{BENCH}/paper_hamer2021/fig{{number}}_{{paper}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=4000,
        runtime=20,
    script:
        "../scripts/paper_hamer2021/decision.py"


rule hamer2021_dominated_areas:
    input:
        summary=lambda wc: hamer_summary(PLAN.decision_datasets()[wc.paper]),
    output:
        figure=PLAN.figure("fig09_{paper}_dominated_areas"),
        areas=f"{PAPER_WORK}/section71/{{paper}}_dominated_areas.parquet",
    wildcard_constraints:
        paper="|".join(DECISION_FIGURES),
    params:
        settings=HAMER["section71"],
    log:
        f"{LOGS}/paper_hamer2021/fig09_{{paper}}.log",
    benchmark:
        f"{BENCH}/paper_hamer2021/fig09_{{paper}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/paper_hamer2021/dominated_areas.py"


rule hamer2021_dominated_areas_table:
    input:
        tables=[
            f"{PAPER_WORK}/section71/{paper}_dominated_areas.parquet"
            for paper in PLAN.decision_datasets()
        ],
    output:
        table=PLAN.table("fig09_dominated_areas"),
    log:
        f"{LOGS}/paper_hamer2021/fig09_table.log",
    benchmark:
        f"{BENCH}/paper_hamer2021/fig09_table.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=15,
    script:
        "../scripts/paper_hamer2021/concatenate.py"


rule hamer2021_frequency_score:
    input:
        unpack(hamer_frequency_inputs),
    output:
        figure=PLAN.figure("fig10_{paper}_frequency_score"),
        row=f"{PAPER_WORK}/section71/{{paper}}_frequency_score.parquet",
    wildcard_constraints:
        paper="|".join(DECISION_FIGURES),
    params:
        settings=HAMER["section71"],
        configurations=lambda wc: hamer_selection(
            PLAN.frequency_score_datasets()[wc.paper],
            [HAMER["section71"]["frequency_score"]["selector"]],
        )["configurations"],
    log:
        f"{LOGS}/paper_hamer2021/fig10_{{paper}}.log",
    benchmark:
        f"{BENCH}/paper_hamer2021/fig10_{{paper}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/paper_hamer2021/frequency_score.py"


rule hamer2021_frequency_score_table:
    input:
        tables=[
            f"{PAPER_WORK}/section71/{paper}_frequency_score.parquet"
            for paper in PLAN.frequency_score_datasets()
        ],
    output:
        table=PLAN.table("fig10_frequency_score_correlation"),
    log:
        f"{LOGS}/paper_hamer2021/fig10_table.log",
    benchmark:
        f"{BENCH}/paper_hamer2021/fig10_table.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=15,
    script:
        "../scripts/paper_hamer2021/concatenate.py"


# -- §7.2: Table 5, Figs. 12-18, 26-29 ------------------------------------------------------------


rule hamer2021_table5:
    input:
        **hamer_section_summaries("section72"),
    output:
        table=PLAN.table("table5_lasso"),
    params:
        selector=HAMER["section72"]["methods"].get("lasso"),
    log:
        f"{LOGS}/paper_hamer2021/table5.log",
    benchmark:
        f"{BENCH}/paper_hamer2021/table5.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=15,
    script:
        "../scripts/paper_hamer2021/table5.py"


rule hamer2021_trajectories:
    input:
        **hamer_section_summaries("section72"),
    output:
        figure=PLAN.figure("fig{number}_{stem}"),
        table=PLAN.table("fig{number}_{stem}"),
    wildcard_constraints:
        number="|".join(str(n) for n, _ in TRAJECTORY_FIGURES.values()),
        stem="|".join(s for _, s in TRAJECTORY_FIGURES.values()),
    params:
        methods=HAMER["section72"]["methods"],
    log:
        f"{LOGS}/paper_hamer2021/fig{{number}}_{{stem}}.log",
    benchmark:
        f"{BENCH}/paper_hamer2021/fig{{number}}_{{stem}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=15,
    script:
        "../scripts/paper_hamer2021/trajectories.py"


rule hamer2021_logistic_rfe:
    input:
        **hamer_section_summaries(
            "section72", PLAN.logistic_rfe_datasets().datasets
        ),
    output:
        figure=PLAN.figure("fig14_logistic_rfe"),
        table=PLAN.table("fig14_logistic_rfe"),
    params:
        selector=HAMER["section72"]["methods"].get("logistic_rfe"),
        note=PLAN.logistic_rfe_datasets().note,
    log:
        f"{LOGS}/paper_hamer2021/fig14.log",
    benchmark:
        f"{BENCH}/paper_hamer2021/fig14.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=15,
    script:
        "../scripts/paper_hamer2021/logistic_rfe.py"


rule hamer2021_maps:
    input:
        unpack(hamer_map_inputs),
    output:
        figure=PLAN.figure("fig{number}_{stem}"),
    wildcard_constraints:
        number="|".join(str(n) for n, _ in MAP_FIGURES.values()),
        stem="|".join(s for _, s in MAP_FIGURES.values()),
    params:
        method=lambda wc: hamer_map_method(wc.number),
        datasets=lambda wc: list(PLAN.map_figures()[hamer_map_method(wc.number)].datasets),
        note=lambda wc: PLAN.map_figures()[hamer_map_method(wc.number)].note,
        selector=lambda wc: HAMER["section72"]["methods"][hamer_map_method(wc.number)],
        values=lambda wc: HAMER["section72"]["maps"][hamer_map_method(wc.number)].get("values"),
        configurations=lambda wc: {
            paper: PLAN.selector_configurations(
                dataset, [HAMER["section72"]["methods"][hamer_map_method(wc.number)]]
            )
            for paper, dataset in PLAN.map_figures()[
                hamer_map_method(wc.number)
            ].datasets.items()
        },
    log:
        f"{LOGS}/paper_hamer2021/fig{{number}}_{{stem}}.log",
    benchmark:
        f"{BENCH}/paper_hamer2021/fig{{number}}_{{stem}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/paper_hamer2021/maps.py"


rule hamer2021_appendix:
    input:
        lambda wc: list(
            hamer_section_summaries(
                "section72", PLAN.appendix_figures()[int(wc.number)].datasets
            ).values()
        ),
    output:
        figure=PLAN.figure("fig{number}_phi_vs_phi_iw"),
    wildcard_constraints:
        number="26|27|28|29",
    params:
        datasets=lambda wc: list(PLAN.appendix_figures()[int(wc.number)].datasets),
        note=lambda wc: PLAN.appendix_figures()[int(wc.number)].note,
        methods=HAMER["section72"]["methods"],
    log:
        f"{LOGS}/paper_hamer2021/fig{{number}}.log",
    benchmark:
        f"{BENCH}/paper_hamer2021/fig{{number}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=15,
    script:
        "../scripts/paper_hamer2021/appendix.py"


# -- §7.3: Figs. 19-20 ----------------------------------------------------------------------------


rule hamer2021_blocks:
    input:
        unpack(hamer_block_inputs),
    output:
        estimates=f"{PAPER_WORK}/section73/{{paper}}_block_estimates.parquet",
    wildcard_constraints:
        paper="|".join(HAMER["section73"]["datasets"]) or "NONE",
    params:
        block_size=HAMER["section73"]["block_size"],
    log:
        f"{LOGS}/paper_hamer2021/section73_{{paper}}.log",
    benchmark:
        f"{BENCH}/paper_hamer2021/section73_{{paper}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=4000,
        runtime=10,
    script:
        "../scripts/paper_hamer2021/blocks.py"


rule hamer2021_variability:
    input:
        **{
            paper: f"{PAPER_WORK}/section73/{paper}_block_estimates.parquet"
            for paper in PLAN.section_datasets("section73")
        },
    output:
        figure=PLAN.figure("fig19_coefficient_of_variation"),
        cv=PLAN.table("fig19_coefficient_of_variation"),
        estimates=PLAN.table("fig19-20_block_estimates"),
    params:
        block_size=HAMER["section73"]["block_size"],
    log:
        f"{LOGS}/paper_hamer2021/fig19.log",
    benchmark:
        f"{BENCH}/paper_hamer2021/fig19.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=15,
    script:
        "../scripts/paper_hamer2021/variability.py"


rule hamer2021_distributions:
    input:
        **{
            paper: f"{PAPER_WORK}/section73/{paper}_block_estimates.parquet"
            for paper in PLAN.distribution_datasets().datasets
        },
    output:
        figure=PLAN.figure("fig20_sampling_distributions"),
    params:
        block_size=HAMER["section73"]["block_size"],
        note=PLAN.distribution_datasets().note,
    log:
        f"{LOGS}/paper_hamer2021/fig20.log",
    benchmark:
        f"{BENCH}/paper_hamer2021/fig20.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=15,
    script:
        "../scripts/paper_hamer2021/distributions.py"


# -- comparison.csv -------------------------------------------------------------------------------


rule hamer2021_comparison:
    input:
        unpack(hamer_comparison_inputs),
    output:
        comparison=PLAN.path("comparison", "csv"),
    params:
        gamma=HAMER["section71"]["gamma"],
    log:
        f"{LOGS}/paper_hamer2021/comparison.log",
    benchmark:
        f"{BENCH}/paper_hamer2021/comparison.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=15,
    script:
        "../scripts/paper_hamer2021/comparison.py"
