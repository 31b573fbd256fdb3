# Sechidis et al. (2019): eq. (1), Fig. 1 (timings), Fig. 2, Tables 1-2 (§4.1, from the generic
# stages' Pareto tables), Tables 3-5 (§4.2 on the simulated IPASS stand-in), comparison.csv and
# conclusions.md (every claim checked, with its verdict).
#
# §4.1 is the generic stages' run (config/paper/sechidis2019.yaml: seven selectors, φ and Φ_C,
# accuracy of a 3-NN classifier, pareto.rank_datasets = the ten UCI sets); these rules read
# their Pareto tables and, for §4.2, the selections of GBM and CMIM on the stand-in. Paths come
# from the get_* functions of rules/common.smk or from the paper's own rules
# (rules.<rule>.output). Outputs: <results>/paper/sechidis2019/ (docs/paper-sechidis2019.md).

from fsstab.papers.sechidis2019.settings import SETTINGS, conclusions_run, run_settings
from fsstab.papers.sechidis2019.stages import uci_datasets

# paper.settings checked (with the whole configuration) before any job; defaults filled in
SECHIDIS = SETTINGS.checked(WF)
SECHIDIS_IPASS = SECHIDIS["ipass"]
# §4.1's data sets: those run (the non-dominated rank's, pareto.rank_datasets), and all of them
# as configured (those not run keep the paper's values in comparison.csv)
SECHIDIS_UCI = WF.rank_datasets
SECHIDIS_CONFIGURED_UCI = uci_datasets(WF.dataset_entries, WF.chosen_rank_datasets, SECHIDIS_IPASS)
SECHIDIS_RUN_IPASS = SECHIDIS_IPASS is not None and SECHIDIS_IPASS["dataset"] in DATASETS
# what §4.1's run of each data set uses, in the paper's terms (M, k, trees, ...): set beside the
# paper's settings in comparison.csv and conclusions.md
SECHIDIS_RUN = run_settings(WF, SECHIDIS["methods"])


if WF.localrules:

    localrules:
        sechidis2019_eq1,
        sechidis2019_figure2,
        sechidis2019_tables,
        sechidis2019_pareto_noise,
        sechidis2019_theorems,
        sechidis2019_comparison,
        sechidis2019_conclusions,


rule sechidis2019_eq1:
    output:
        table=get_paper_table("eq1_worked_example"),
    log:
        get_paper_log("eq1"),
    benchmark:
        get_paper_benchmark("eq1")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("toy_examples"),
        runtime=runtime("toy_examples"),
    script:
        "../scripts/paper_sechidis2019/eq1.py"


# a benchmark: one core, nothing else of this workflow at the same time would be ideal; the
# timings are not reproducible and live in their own files (fig01_timings.*)
rule sechidis2019_figure1:
    output:
        values=get_paper_table("fig01_values"),
        timings=get_paper_table("fig01_timings"),
        figure=get_paper_figure("fig01_timings"),
    log:
        get_paper_log("figure1"),
    benchmark:
        get_paper_benchmark("figure1")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("simulation"),
        runtime=runtime("simulation"),
    params:
        settings=SECHIDIS["figure1"],
        seed=WF.seed,
    script:
        "../scripts/paper_sechidis2019/figure1.py"


rule sechidis2019_figure2:
    input:
        pareto=get_pareto("{dataset}"),
    output:
        figure=get_paper_figure("fig02_{dataset}_pareto"),
    log:
        get_paper_log("figure2_{dataset}"),
    benchmark:
        get_paper_benchmark("figure2_{dataset}")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        methods=SECHIDIS["methods"],
    script:
        "../scripts/paper_sechidis2019/figure2.py"


rule sechidis2019_tables:
    input:
        pareto=[get_pareto(d) for d in SECHIDIS_UCI],
        rank=get_pareto_rank(),
    output:
        table1=get_paper_table("table1_pareto_optimal"),
        table2=get_paper_table("table2_non_dominated_rank"),
        check=get_paper_table("table2_rank_definition_check"),
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
        methods=SECHIDIS["methods"],
        datasets=list(SECHIDIS_UCI),
    script:
        "../scripts/paper_sechidis2019/tables.py"


# the accuracy of every run, to say which dominance relations of Table 1 are within noise
SECHIDIS_RUNS = [(d, label) for d in SECHIDIS_UCI for label in SECHIDIS["methods"]]


rule sechidis2019_pareto_noise:
    input:
        pareto=[get_pareto(d) for d in SECHIDIS_UCI],
        # the runs table of each (data set, method) of params.runs, in that order
        runs=[get_runs(d, WF.configuration(label).id) for d, label in SECHIDIS_RUNS],
    output:
        table=get_paper_table("table1_noise"),
    log:
        get_paper_log("pareto_noise"),
    benchmark:
        get_paper_benchmark("pareto_noise")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        methods=SECHIDIS["methods"],
        datasets=list(SECHIDIS_UCI),
        runs=SECHIDIS_RUNS,
    script:
        "../scripts/paper_sechidis2019/pareto_noise.py"


# Theorems 1-2 checked on the selection matrices of every (data set, method) of §4.1
rule sechidis2019_theorems:
    input:
        similarity=[get_similarity(d) for d in SECHIDIS_UCI],
        dataset=[get_dataset(d) for d in SECHIDIS_UCI],
        # the runs and features tables of each (data set, method) of params.runs, in that order
        runs=[get_runs(d, WF.configuration(label).id) for d, label in SECHIDIS_RUNS],
        features=[get_features(d, WF.configuration(label).id) for d, label in SECHIDIS_RUNS],
    output:
        table=get_paper_table("theorems_check"),
    log:
        get_paper_log("theorems"),
    benchmark:
        get_paper_benchmark("theorems")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("analysis", dataset="*", files="*"),
        runtime=runtime("analysis", dataset="*", files="*"),
    params:
        methods=SECHIDIS["methods"],
        datasets=list(SECHIDIS_UCI),
        runs=SECHIDIS_RUNS,
    script:
        "../scripts/paper_sechidis2019/theorems.py"


if SECHIDIS_RUN_IPASS:

    rule sechidis2019_ipass:
        input:
            dataset=get_dataset(SECHIDIS_IPASS["dataset"]),
            # the gathered selections of each §4.2 selector, in the order of params.selectors
            runs=[
                get_runs(SECHIDIS_IPASS["dataset"], WF.configuration(label).id)
                for label in SECHIDIS_IPASS["selectors"]
            ],
            features=[
                get_features(SECHIDIS_IPASS["dataset"], WF.configuration(label).id)
                for label in SECHIDIS_IPASS["selectors"]
            ],
        output:
            table3=get_paper_table("table3_top4_biomarkers"),
            table4=get_paper_table("table4_group_stability"),
            figure4=get_paper_figure("table4_group_stability"),
            table5=get_paper_table("table5_covariates"),
        log:
            get_paper_log("ipass"),
        benchmark:
            get_paper_benchmark("ipass")
        conda:
            "../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("analysis", dataset="*", files="*"),
            runtime=runtime("analysis", dataset="*", files="*"),
        params:
            selectors=SECHIDIS_IPASS["selectors"],
            specs={label: WF.configuration(label).spec for label in SECHIDIS_IPASS["selectors"]},
            top_k=SECHIDIS_IPASS["top_k"],
            seed=WF.seed,
            n_resamples=WF.n_resamples,
        script:
            "../scripts/paper_sechidis2019/ipass.py"


rule sechidis2019_comparison:
    input:
        eq1=rules.sechidis2019_eq1.output.table,
        table1=rules.sechidis2019_tables.output.table1,
        table2=rules.sechidis2019_tables.output.table2,
        # §4.2, when the stand-in is run
        table3=rules.sechidis2019_ipass.output.table3 if SECHIDIS_RUN_IPASS else [],
        table4=rules.sechidis2019_ipass.output.table4 if SECHIDIS_RUN_IPASS else [],
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
        configured=list(SECHIDIS_CONFIGURED_UCI),
        run=SECHIDIS_RUN,
    script:
        "../scripts/paper_sechidis2019/comparison.py"


rule sechidis2019_conclusions:
    input:
        eq1=rules.sechidis2019_eq1.output.table,
        table1=rules.sechidis2019_tables.output.table1,
        table2=rules.sechidis2019_tables.output.table2,
        noise=rules.sechidis2019_pareto_noise.output.table,
        theorems=rules.sechidis2019_theorems.output.table,
        # wall-clock times: the claims of Fig. 1 are not reproducible bit for bit
        timings=rules.sechidis2019_figure1.output.timings,
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
        # the methods, the §4.1 data sets configured, each run's settings and Fig. 1's:
        # written to conclusions_inputs.json with the tables read
        run=conclusions_run(WF),
    script:
        "../scripts/paper_sechidis2019/conclusions.py"


PAPER_TARGETS.extend(
    [
        *rules.sechidis2019_eq1.output,
        *rules.sechidis2019_figure1.output,
        *[
            f
            for d in SECHIDIS_UCI
            for f in expand(rules.sechidis2019_figure2.output.figure, dataset=d)
        ],
        *rules.sechidis2019_tables.output,
        *rules.sechidis2019_pareto_noise.output,
        *rules.sechidis2019_theorems.output,
        *rules.sechidis2019_comparison.output,
        *rules.sechidis2019_conclusions.output,
    ]
)
if SECHIDIS_RUN_IPASS:
    PAPER_TARGETS.extend(rules.sechidis2019_ipass.output)
