# Onda et al. (2022): the simulated ensemble-stability estimator against the real bagged
# random-forest ensemble. The data come through the generic fetch/prefilter stages; each
# (dataset, normalised mtry, n_tree) experiment is one job running
# fsstab.simulator.compare_ensembles (fsstab.papers.onda2022.run_experiment); the other rules
# read the experiments. Outputs: <results>/paper/onda2022/ (docs/paper-onda2022.md).

include: "paper_onda2022_common.smk"


if WF.raw["localrules"]:

    localrules:
        onda2022_dataset_figures,
        onda2022_figure14,
        onda2022_figure15,
        onda2022_main_figures,
        onda2022_tables,


rule onda2022_experiment:
    input:
        dataset=f"{DATA}/{{dataset}}/dataset.parquet",
    output:
        curves=f"{ONDA}/experiments/{{dataset}}/mtry-{{mtry}}_ntree-{{ntree}}/curves.parquet",
        counts=f"{ONDA}/experiments/{{dataset}}/mtry-{{mtry}}_ntree-{{ntree}}/counts.parquet",
        thresholds=f"{ONDA}/experiments/{{dataset}}/mtry-{{mtry}}_ntree-{{ntree}}/thresholds.parquet",
        timings=f"{ONDA}/experiments/{{dataset}}/mtry-{{mtry}}_ntree-{{ntree}}/timings.parquet",
        parameters=f"{ONDA}/experiments/{{dataset}}/mtry-{{mtry}}_ntree-{{ntree}}/parameters.json",
    params:
        n_target=lambda wc: ONDA_SETTINGS["datasets"][wc.dataset]["n_target"],
        m_ensemble=ONDA_SETTINGS["m_ensemble"],
        p_grid=ONDA_SETTINGS["p_grid"],
        p_tolerance=ONDA_SETTINGS["p_tolerance"],
        curve_p=ONDA_SETTINGS["curve_p"],
        threshold_repeats=ONDA_SETTINGS["threshold_repeats"],
        m_stability=ONDA_SETTINGS["m_stability"],
        predictor_n_estimators=ONDA_SETTINGS["predictor_n_estimators"],
        # one seed per dataset: the same copies and uniform draws for every n_tree and mtry
        seed=lambda wc: derive_seed(WF.seed, wc.dataset, "onda2022"),
    log:
        f"{LOGS}/paper/onda2022/{{dataset}}/mtry-{{mtry}}_ntree-{{ntree}}.log",
    benchmark:
        f"{BENCH}/paper/onda2022/{{dataset}}/mtry-{{mtry}}_ntree-{{ntree}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=4000,
        runtime=24 * 60,
    script:
        "../scripts/paper_onda2022_experiment.py"


rule onda2022_parameter_map:
    input:
        reference=lambda wc: onda_reference(wc.dataset),
    output:
        grid=f"{ONDA}/experiments/{{dataset}}/parameter_map.parquet",
    params:
        n_useful_range=lambda wc: ONDA_SETTINGS["datasets"][wc.dataset].get("n_useful_range"),
        p_range=ONDA_SETTINGS["parameter_map"]["p_range"],
        seed=lambda wc: derive_seed(WF.seed, wc.dataset, "onda2022", "parameter map"),
    log:
        f"{LOGS}/paper/onda2022/{{dataset}}/parameter_map.log",
    benchmark:
        f"{BENCH}/paper/onda2022/{{dataset}}/parameter_map.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=6 * 60,
    script:
        "../scripts/paper_onda2022_parameter_map.py"


rule onda2022_dataset_figures:
    input:
        experiments=onda_dataset_experiments,
        grid=f"{ONDA}/experiments/{{dataset}}/parameter_map.parquet",
    output:
        [f for stem in ONDA_PER_DATASET for f in onda_figure(f"{stem}_{{dataset}}")],
    params:
        settings=ONDA_SETTINGS,
    log:
        f"{LOGS}/paper/onda2022/{{dataset}}/figures.log",
    benchmark:
        f"{BENCH}/paper/onda2022/{{dataset}}/figures.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/paper_onda2022_dataset_figures.py"


rule onda2022_fixed_point:
    input:
        reference=lambda wc: onda_reference(wc.dataset),
        grid=f"{ONDA}/experiments/{{dataset}}/parameter_map.parquet",
    output:
        json=f"{ONDA}/experiments/{{dataset}}/fixed_point.json",
        curves=f"{ONDA}/experiments/{{dataset}}/fixed_point_curves.parquet",
        pdf=f"{ONDA}/fig11_fixed_point_{{dataset}}.pdf",
        png=f"{ONDA}/fig11_fixed_point_{{dataset}}.png",
    params:
        settings=ONDA_SETTINGS,
        seed=lambda wc: derive_seed(WF.seed, wc.dataset, "onda2022", "fixed point"),
    log:
        f"{LOGS}/paper/onda2022/{{dataset}}/fixed_point.log",
    benchmark:
        f"{BENCH}/paper/onda2022/{{dataset}}/fixed_point.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=30,
    script:
        "../scripts/paper_onda2022_fixed_point.py"


rule onda2022_figure14:
    input:
        experiments=lambda wc: [f"{onda_folder(d, m, t)}/parameters.json"
                                for d, m, t in onda_experiments() if d == ONDA_MAIN],
    output:
        onda_figure("fig14_mtry"),
    params:
        experiments=lambda wc: [(m, t) for d, m, t in onda_experiments() if d == ONDA_MAIN],
        dataset=ONDA_MAIN,
    log:
        f"{LOGS}/paper/onda2022/figure14.log",
    benchmark:
        f"{BENCH}/paper/onda2022/figure14.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/paper_onda2022_figure14.py"


rule onda2022_figure15:
    input:
        experiments=lambda wc: [
            f"{onda_folder(wc.dataset, ONDA_MTRY['real_ensemble_mtry'], t)}/parameters.json"
            for t in (ONDA_MTRY.get("n_trees") or ONDA_SETTINGS["n_trees"])],
    output:
        onda_figure("fig15_real_mtry_{dataset}"),
    params:
        mtry=None if ONDA_MTRY is None else ONDA_MTRY.get("real_ensemble_mtry"),
    log:
        f"{LOGS}/paper/onda2022/{{dataset}}/figure15.log",
    benchmark:
        f"{BENCH}/paper/onda2022/{{dataset}}/figure15.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/paper_onda2022_figure15.py"


rule onda2022_main_figures:
    input:
        experiments=lambda wc: [f"{onda_folder(ONDA_MAIN, 'sqrt', t)}/parameters.json"
                                for t in ONDA_SETTINGS["n_trees"]],
        grid=f"{ONDA}/experiments/{ONDA_MAIN}/parameter_map.parquet",
    output:
        onda_figure("fig01_accuracy_histogram") + onda_figure("fig02_parameter_estimation")
        + onda_figure("fig03_stability") + onda_figure("fig04_timing"),
    params:
        settings=ONDA_SETTINGS,
        dataset=ONDA_MAIN,
    log:
        f"{LOGS}/paper/onda2022/main_figures.log",
    benchmark:
        f"{BENCH}/paper/onda2022/main_figures.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/paper_onda2022_main_figures.py"


rule onda2022_tables:
    input:
        experiments=[f"{onda_folder(d, m, t)}/parameters.json" for d, m, t in onda_experiments()],
        datasets=expand(f"{DATA}/{{dataset}}/dataset.parquet", dataset=ONDA_DATASETS),
        fixed=[f"{ONDA}/experiments/{d}/fixed_point.json" for d in ONDA_FIXED],
    output:
        table1_csv=f"{ONDA}/table1_datasets.csv",
        table1_parquet=f"{ONDA}/table1_datasets.parquet",
        table2_csv=f"{ONDA}/table2_n_useful.csv",
        table2_parquet=f"{ONDA}/table2_n_useful.parquet",
        table4_csv=f"{ONDA}/table4_t_uniform.csv",
        table4_parquet=f"{ONDA}/table4_t_uniform.parquet",
        parameters_csv=f"{ONDA}/fitted_parameters.csv",
        parameters_parquet=f"{ONDA}/fitted_parameters.parquet",
        timings_csv=f"{ONDA}/timings_speedup.csv",
        timings_parquet=f"{ONDA}/timings_speedup.parquet",
        comparison_csv=f"{ONDA}/comparison.csv",
        comparison_parquet=f"{ONDA}/comparison.parquet",
    params:
        settings=ONDA_SETTINGS,
        datasets=ONDA_DATASETS,
        configured=list(ONDA_SETTINGS["datasets"]),
        experiments=onda_experiments(),
        fixed=ONDA_FIXED,
    log:
        f"{LOGS}/paper/onda2022/tables.log",
    benchmark:
        f"{BENCH}/paper/onda2022/tables.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/paper_onda2022_tables.py"


PAPER_TARGETS.extend(
    [f for d in ONDA_DATASETS for stem in ONDA_PER_DATASET for f in onda_figure(f"{stem}_{d}")]
    + [f for d in ONDA_FIXED for f in onda_figure(f"fig11_fixed_point_{d}")]
    + (onda_figure("fig14_mtry") if ONDA_FIG14 else [])
    + [f for d in ONDA_FIG15 for f in onda_figure(f"fig15_real_mtry_{d}")]
    + (onda_figure("fig01_accuracy_histogram") + onda_figure("fig02_parameter_estimation")
       + onda_figure("fig03_stability") + onda_figure("fig04_timing")
       if ONDA_MAIN in ONDA_DATASETS else [])
    + [f"{ONDA}/{stem}.{ext}" for stem in ("table1_datasets", "table2_n_useful",
                                            "table4_t_uniform", "fitted_parameters",
                                            "timings_speedup", "comparison")
       for ext in ("csv", "parquet")]
)
