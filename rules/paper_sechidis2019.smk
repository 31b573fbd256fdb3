# Sechidis et al. (2019): eq. (1), Fig. 1 (timings), Fig. 2, Tables 1-2 (§4.1, from the generic
# stages), Tables 3-5 (§4.2 on the simulated IPASS stand-in), comparison.csv.
# Outputs: <results>/paper/sechidis2019/ (docs/paper-sechidis2019.md).

include: "paper_sechidis2019_common.smk"


if WF.raw["localrules"]:

    localrules:
        sechidis2019_eq1,
        sechidis2019_figure2,
        sechidis2019_tables,
        sechidis2019_comparison,


rule sechidis2019_eq1:
    output:
        csv=f"{SECHIDIS}/eq1_worked_example.csv",
        parquet=f"{SECHIDIS}/eq1_worked_example.parquet",
    log:
        f"{LOGS}/paper/sechidis2019/eq1.log",
    benchmark:
        f"{BENCH}/paper/sechidis2019/eq1.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=5,
    script:
        "../scripts/paper_sechidis2019_eq1.py"


# a benchmark: one core, nothing else of this workflow at the same time would be ideal; the
# timings are not reproducible and live in their own files (fig01_timings.*)
rule sechidis2019_figure1:
    output:
        values_csv=f"{SECHIDIS}/fig01_values.csv",
        values_parquet=f"{SECHIDIS}/fig01_values.parquet",
        csv=f"{SECHIDIS}/fig01_timings.csv",
        parquet=f"{SECHIDIS}/fig01_timings.parquet",
        pdf=f"{SECHIDIS}/fig01_timings.pdf",
        png=f"{SECHIDIS}/fig01_timings.png",
    params:
        figure1=SECHIDIS_SETTINGS["figure1"],
        seed=WF.seed,
    log:
        f"{LOGS}/paper/sechidis2019/figure1.log",
    benchmark:
        f"{BENCH}/paper/sechidis2019/figure1.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=60,
    script:
        "../scripts/paper_sechidis2019_figure1.py"


rule sechidis2019_figure2:
    input:
        pareto=f"{RESULTS}/{{dataset}}/pareto.parquet",
    output:
        pdf=f"{SECHIDIS}/fig02_{{dataset}}_pareto.pdf",
        png=f"{SECHIDIS}/fig02_{{dataset}}_pareto.png",
    params:
        methods=SECHIDIS_SETTINGS["methods"],
    log:
        f"{LOGS}/paper/sechidis2019/figure2_{{dataset}}.log",
    benchmark:
        f"{BENCH}/paper/sechidis2019/figure2_{{dataset}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=5,
    script:
        "../scripts/paper_sechidis2019_figure2.py"


rule sechidis2019_tables:
    input:
        pareto=expand(f"{RESULTS}/{{dataset}}/pareto.parquet", dataset=SECHIDIS_UCI),
        rank=f"{RESULTS}/pareto_rank.parquet",
    output:
        table1_csv=f"{SECHIDIS}/table1_pareto_optimal.csv",
        table1_parquet=f"{SECHIDIS}/table1_pareto_optimal.parquet",
        table2_csv=f"{SECHIDIS}/table2_non_dominated_rank.csv",
        table2_parquet=f"{SECHIDIS}/table2_non_dominated_rank.parquet",
        check_csv=f"{SECHIDIS}/table2_rank_definition_check.csv",
        check_parquet=f"{SECHIDIS}/table2_rank_definition_check.parquet",
    params:
        methods=SECHIDIS_SETTINGS["methods"],
        datasets=list(SECHIDIS_UCI),
    log:
        f"{LOGS}/paper/sechidis2019/tables.log",
    benchmark:
        f"{BENCH}/paper/sechidis2019/tables.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=5,
    script:
        "../scripts/paper_sechidis2019_tables.py"


if SECHIDIS_RUN_IPASS:

    rule sechidis2019_ipass:
        input:
            unpack(sechidis_ipass_selections),
            dataset=f"{DATA}/{SECHIDIS_IPASS['dataset']}/dataset.parquet",
        output:
            table3_csv=f"{SECHIDIS}/table3_top4_biomarkers.csv",
            table3_parquet=f"{SECHIDIS}/table3_top4_biomarkers.parquet",
            table4_csv=f"{SECHIDIS}/table4_group_stability.csv",
            table4_parquet=f"{SECHIDIS}/table4_group_stability.parquet",
            table5_csv=f"{SECHIDIS}/table5_covariates.csv",
            table5_parquet=f"{SECHIDIS}/table5_covariates.parquet",
            pdf=f"{SECHIDIS}/table4_group_stability.pdf",
            png=f"{SECHIDIS}/table4_group_stability.png",
        params:
            selectors=SECHIDIS_IPASS["selectors"],
            specs={label: WF.configuration(label).spec for label in SECHIDIS_IPASS["selectors"]},
            top_k=SECHIDIS_IPASS.get("top_k", 4),
            seed=WF.seed,
            n_resamples=WF.n_resamples,
        log:
            f"{LOGS}/paper/sechidis2019/ipass.log",
        benchmark:
            f"{BENCH}/paper/sechidis2019/ipass.tsv"
        conda:
            "../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=2000,
            runtime=30,
        script:
            "../scripts/paper_sechidis2019_ipass.py"




rule sechidis2019_comparison:
    input:
        unpack(sechidis_comparison_inputs),
    output:
        csv=f"{SECHIDIS}/comparison.csv",
        parquet=f"{SECHIDIS}/comparison.parquet",
    params:
        configured=list(SECHIDIS_CONFIGURED_UCI),
    log:
        f"{LOGS}/paper/sechidis2019/comparison.log",
    benchmark:
        f"{BENCH}/paper/sechidis2019/comparison.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=5,
    script:
        "../scripts/paper_sechidis2019_comparison.py"


PAPER_TARGETS.extend(
    sechidis_files("eq1_worked_example", ".csv", ".parquet")
    + sechidis_files("fig01_values", ".csv", ".parquet")
    + sechidis_files("fig01_timings", ".csv", ".parquet", ".pdf", ".png")
    + [f for d in SECHIDIS_UCI for f in sechidis_files(f"fig02_{d}_pareto", ".pdf", ".png")]
    + sechidis_files("table1_pareto_optimal", ".csv", ".parquet")
    + sechidis_files("table2_non_dominated_rank", ".csv", ".parquet")
    + sechidis_files("table2_rank_definition_check", ".csv", ".parquet")
    + sechidis_files("comparison", ".csv", ".parquet")
)
if SECHIDIS_RUN_IPASS:
    PAPER_TARGETS.extend(
        sechidis_files("table3_top4_biomarkers", ".csv", ".parquet")
        + sechidis_files("table4_group_stability", ".csv", ".parquet", ".pdf", ".png")
        + sechidis_files("table5_covariates", ".csv", ".parquet")
    )
