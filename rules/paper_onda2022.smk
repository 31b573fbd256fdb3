# Onda et al. (2022): the simulated ensemble-stability estimator against the real bagged
# random-forest ensemble. The data come through the generic fetch/prefilter stages; each
# (dataset, normalised mtry, n_tree) experiment is one job running
# fsstab.simulator.compare_ensembles (fsstab.papers.onda2022.experiment.run_experiment); the
# other rules read the experiments. Paths come from the get_* functions of rules/common.smk
# (the experiments' through get_onda2022_* of rules/paper_onda2022/common.smk) or from the
# paper's own rules (rules.<rule>.output). Outputs: <results>/paper/onda2022/
# (docs/paper-onda2022.md).

from fsstab.papers.onda2022.experiment import EXPERIMENT_FILES, experiment_id
from fsstab.papers.onda2022.figures import DATASET_FIGURES, MAIN_FIGURES
from fsstab.papers.onda2022.settings import (
    SETTINGS,
    conclusions_run,
    dataset_n_trees,
    figure_n_tree,
)
from fsstab.papers.onda2022.stages import run_plan
from fsstab.seeds import derive_seed

# paper.settings checked (with the whole configuration) before any job; defaults filled in
ONDA = SETTINGS.checked(WF)
# the experiments and figures of the paper's data sets that are run (only_datasets)
ONDA_PLAN = run_plan(ONDA, DATASETS)


include: "paper_onda2022/common.smk"


wildcard_constraints:
    mtry=r"sqrt|[0-9.]+",
    ntree=r"\d+",


if WF.localrules:

    localrules:
        onda2022_dataset_figures,
        onda2022_figure14,
        onda2022_figure15,
        onda2022_main_figures,
        onda2022_tables,
        onda2022_timings,
        onda2022_conclusions,


rule onda2022_experiment:
    input:
        dataset=get_dataset("{dataset}"),
    output:
        **get_onda2022_experiment("{dataset}", "mtry-{mtry}_ntree-{ntree}"),
    log:
        get_paper_log("{dataset}/mtry-{mtry}_ntree-{ntree}"),
    benchmark:
        get_paper_benchmark("{dataset}/mtry-{mtry}_ntree-{ntree}")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("data_study_large"),
        runtime=runtime("data_study_large"),
    params:
        n_target=lambda wc: ONDA["datasets"][wc.dataset]["n_target"],
        m_ensemble=ONDA["m_ensemble"],
        p_grid=ONDA["p_grid"],
        p_tolerance=ONDA["p_tolerance"],
        curve_p=ONDA["curve_p"],
        threshold_repeats=ONDA["threshold_repeats"],
        m_stability=ONDA["m_stability"],
        predictor_n_estimators=ONDA["predictor_n_estimators"],
        real_copies=ONDA["real_copies"],
        # one seed per dataset: the same copies and uniform draws for every n_tree and mtry
        seed=lambda wc: derive_seed(WF.seed, wc.dataset, "onda2022"),
    script:
        "../scripts/paper_onda2022/experiment.py"


rule onda2022_parameter_map:
    input:
        reference=get_onda2022_reference,
    output:
        grid=get_onda2022_parameter_map("{dataset}"),
    log:
        get_paper_log("{dataset}/parameter_map"),
    benchmark:
        get_paper_benchmark("{dataset}/parameter_map")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("simulation_study"),
        runtime=runtime("simulation_study"),
    params:
        n_useful_range=lambda wc: ONDA["datasets"][wc.dataset]["n_useful_range"],
        p_range=ONDA["parameter_map"]["p_range"],
        seed=lambda wc: derive_seed(WF.seed, wc.dataset, "onda2022", "parameter map"),
    script:
        "../scripts/paper_onda2022/parameter_map.py"


rule onda2022_dataset_figures:
    input:
        experiments=get_onda2022_forests,
        grid=rules.onda2022_parameter_map.output.grid,
    output:
        **{stem: get_paper_figure(f"{stem}_{{dataset}}") for stem in DATASET_FIGURES},
    log:
        get_paper_log("{dataset}/figures"),
    benchmark:
        get_paper_benchmark("{dataset}/figures")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        settings=ONDA,
    script:
        "../scripts/paper_onda2022/dataset_figures.py"


rule onda2022_fixed_point:
    input:
        reference=get_onda2022_reference,
        grid=rules.onda2022_parameter_map.output.grid,
    output:
        summary=get_paper_file("experiments/{dataset}/fixed_point", "json"),
        # the summary and the curves as tables of the paper's folder: the conclusions read them
        table=get_paper_table("fig11_fixed_point_{dataset}"),
        curves=get_paper_table("fig11_fixed_point_curves_{dataset}"),
        figure=get_paper_figure("fig11_fixed_point_{dataset}"),
    log:
        get_paper_log("{dataset}/fixed_point"),
    benchmark:
        get_paper_benchmark("{dataset}/fixed_point")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("simulation"),
        runtime=runtime("simulation"),
    params:
        settings=ONDA,
        seed=lambda wc: derive_seed(WF.seed, wc.dataset, "onda2022", "fixed point"),
    script:
        "../scripts/paper_onda2022/fixed_point.py"


rule onda2022_figure14:
    input:
        experiments=[
            get_onda2022_parameters(d, m, t)
            for d, m, t in ONDA_PLAN.experiments
            if d == ONDA_PLAN.main
        ],
    output:
        figure=get_paper_figure("fig14_mtry"),
    log:
        get_paper_log("figure14"),
    benchmark:
        get_paper_benchmark("figure14")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        dataset=ONDA_PLAN.main,
    script:
        "../scripts/paper_onda2022/figure14.py"


rule onda2022_figure15:
    input:
        experiments=get_onda2022_figure15_forests,
    output:
        figure=get_paper_figure("fig15_real_mtry_{dataset}"),
    log:
        get_paper_log("{dataset}/figure15"),
    benchmark:
        get_paper_benchmark("{dataset}/figure15")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        mtry=None if ONDA["mtry_study"] is None else ONDA["mtry_study"]["real_ensemble_mtry"],
    script:
        "../scripts/paper_onda2022/figure15.py"


rule onda2022_main_figures:
    input:
        experiments=[
            get_onda2022_parameters(ONDA_PLAN.main, "sqrt", t)
            for t in dataset_n_trees(ONDA, ONDA_PLAN.main)
        ],
        grid=get_onda2022_parameter_map(ONDA_PLAN.main),
    output:
        **{stem: get_paper_figure(stem) for stem in MAIN_FIGURES},
    log:
        get_paper_log("main_figures"),
    benchmark:
        get_paper_benchmark("main_figures")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        settings=ONDA,
        dataset=ONDA_PLAN.main,
    script:
        "../scripts/paper_onda2022/main_figures.py"


rule onda2022_tables:
    input:
        # in the order of params.experiments, params.datasets, params.fixed
        experiments=[get_onda2022_parameters(d, m, t) for d, m, t in ONDA_PLAN.experiments],
        datasets=[get_dataset(d) for d in ONDA_PLAN.datasets],
        fixed=expand(rules.onda2022_fixed_point.output.summary, dataset=ONDA_PLAN.fixed_point),
    output:
        table1=get_paper_table("table1_datasets"),
        table2=get_paper_table("table2_n_useful"),
        table4=get_paper_table("table4_t_uniform"),
        parameters=get_paper_table("fitted_parameters"),
        comparison=get_paper_table("comparison"),
        curves=get_paper_table("ensemble_stability"),
        diagnostics=get_paper_table("simulator_diagnostics"),
    log:
        get_paper_log("tables"),
    benchmark:
        get_paper_benchmark("tables")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        settings=ONDA,
        seed=derive_seed(WF.seed, "onda2022", "diagnostics"),
        datasets=list(ONDA_PLAN.datasets),
        # every configured data set of the paper: those not run keep the paper's values
        configured=list(ONDA["datasets"]),
        experiments=list(ONDA_PLAN.experiments),
        fixed=list(ONDA_PLAN.fixed_point),
    script:
        "../scripts/paper_onda2022/tables.py"


rule onda2022_timings:
    # §3.6: the times of the real and the simulated ensembles at each data set's timing n_tree
    # (Fig. 4, Figs. 12-13), also at equal work (the simulated on the real ensembles' copies)
    input:
        experiments=get_onda2022_timing_experiments(),
    output:
        timings=get_paper_table("timings_speedup"),
    log:
        get_paper_log("timings"),
    benchmark:
        get_paper_benchmark("timings")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        experiments=[
            (d, "sqrt", figure_n_tree(ONDA, "timing_n_tree", d)) for d in ONDA_PLAN.datasets
        ],
    script:
        "../scripts/paper_onda2022/timings.py"


rule onda2022_conclusions:
    input:
        parameters=rules.onda2022_tables.output.parameters,
        curves=rules.onda2022_tables.output.curves,
        table2=rules.onda2022_tables.output.table2,
        table4=rules.onda2022_tables.output.table4,
        diagnostics=rules.onda2022_tables.output.diagnostics,
        timings=rules.onda2022_timings.output.timings,
        fixed=expand(rules.onda2022_fixed_point.output.table, dataset=ONDA_PLAN.fixed_point),
        fixed_curves=expand(rules.onda2022_fixed_point.output.curves, dataset=ONDA_PLAN.fixed_point),
        grids=[get_onda2022_parameter_map(d) for d in ONDA_PLAN.datasets],
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
        # paper.settings, the data sets configured and run and their data: written to
        # conclusions_inputs.json with the tables read
        run=conclusions_run(WF),
    script:
        "../scripts/paper_onda2022/conclusions.py"


PAPER_TARGETS.extend(
    [
        *expand(rules.onda2022_dataset_figures.output, dataset=ONDA_PLAN.datasets),
        *expand(rules.onda2022_fixed_point.output.figure, dataset=ONDA_PLAN.fixed_point),
        *expand(rules.onda2022_figure15.output, dataset=ONDA_PLAN.figure15),
        *rules.onda2022_tables.output,
        *rules.onda2022_timings.output,
        *rules.onda2022_conclusions.output,
    ]
)
if ONDA_PLAN.figure14:
    PAPER_TARGETS.extend(rules.onda2022_figure14.output)
if ONDA_PLAN.main in ONDA_PLAN.datasets:
    PAPER_TARGETS.extend(rules.onda2022_main_figures.output)
