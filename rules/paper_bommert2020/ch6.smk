# Bommert (2020), Chapter 6: the stability measures compared -- §6.2 on all pairs of subsets of
# the 7 features of Fig. 6.1, §6.3 on the feature sets the generic stages selected with the
# filter x classifier configurations of Table 6.5 (on the training halves). Included by
# rules/paper_bommert2020.smk when paper.settings.ch6 is given; data sets left out of the run
# (only_datasets) are left out of the figures and tables; the chapter's claims (§6.1-6.4) are
# checked on the run's tables (bommert2020_ch6_claims -> ch6_claims). Computations:
# fsstab.papers.bommert2020.ch6.

from fsstab.papers.bommert2020.ch6.conclusions import run_settings as b6_run_settings
from fsstab.papers.bommert2020.ch6.stages import ALL_PAIRS_FIGURES, real_figure_stems

B6 = BOMMERT["ch6"]
B6_DATASETS = [d for d in B6["real"]["datasets"] if d in DATASETS]


if WF.localrules:

    localrules:
        bommert2020_ch6_real,
        bommert2020_ch6_claims,


rule bommert2020_ch6_all_pairs:
    output:
        **get_bommert2020_figures(ALL_PAIRS_FIGURES),
        **get_bommert2020_tables(
            [
                "table6_3_undefined",
                "table6_4_adjusted_example",
                "fig06_2_pc1_order",
                "fig06_2_correlation",
                "fig06_3_expected_values",
            ]
        ),
        comparison=get_bommert2020_work_table("ch6/comparison_6_2"),
    log:
        get_paper_log("ch6/all_pairs"),
    benchmark:
        get_paper_benchmark("ch6/all_pairs")
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("exhaustive_small"),
        runtime=runtime("exhaustive_small"),
    params:
        threshold=B6["all_pairs"]["threshold"],
    script:
        "../../scripts/paper_bommert2020/ch6_all_pairs.py"


BOMMERT_COMPARISON_PARTS.append(
    get_bommert2020_work_parquet(rules.bommert2020_ch6_all_pairs.output.comparison)
)
PAPER_TARGETS.extend(
    f
    for f in rules.bommert2020_ch6_all_pairs.output
    if f not in rules.bommert2020_ch6_all_pairs.output.comparison
)


if B6_DATASETS:

    rule bommert2020_ch6_measure_times:
        # run times are not reproducible: a table of its own, kept apart from the others
        input:
            unpack(get_bommert2020_selections),
        output:
            times=get_bommert2020_work_table("ch6/measure_times/{dataset}"),
        log:
            get_paper_log("ch6/measure_times_{dataset}"),
        benchmark:
            get_paper_benchmark("ch6/measure_times_{dataset}")
        conda:
            "../../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("data_study"),
            runtime=runtime("data_study"),
        params:
            measures=list(WF.measures),
            measure_params=WF.measure_params,
            n_configurations=B6["real"]["timing_configurations"],
            seed=WF.seed,
        script:
            "../../scripts/paper_bommert2020/ch6_measure_times.py"

    rule bommert2020_ch6_real:
        input:
            summaries=[get_stability(d) for d in B6_DATASETS],
            times=get_bommert2020_work_parquet(
                rules.bommert2020_ch6_measure_times.output.times, dataset=B6_DATASETS
            ),
        output:
            **get_bommert2020_figures(real_figure_stems(B6_DATASETS)),
            **get_bommert2020_tables(
                ["fig06_4_values", "fig06_5_mean_correlation", "fig06_7_run_times"]
            ),
            comparison=get_bommert2020_work_table("ch6/comparison_6_3"),
        log:
            get_paper_log("ch6/real"),
        benchmark:
            get_paper_benchmark("ch6/real")
        conda:
            "../../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("tables", dataset=None, files="*"),
            runtime=runtime("tables", dataset=None, files="*"),
        params:
            measures=list(WF.measures),
            datasets=B6_DATASETS,
        script:
            "../../scripts/paper_bommert2020/ch6_real.py"

    BOMMERT_COMPARISON_PARTS.append(
        get_bommert2020_work_parquet(rules.bommert2020_ch6_real.output.comparison)
    )
    PAPER_TARGETS.extend(
        f
        for f in rules.bommert2020_ch6_real.output
        if f not in rules.bommert2020_ch6_real.output.comparison
    )


rule bommert2020_ch6_claims:
    # the claims of §6.1-6.4 checked on the tables above (§6.3 not run: not testable)
    input:
        **(
            {
                "real_correlation": rules.bommert2020_ch6_real.output.table_fig06_5_mean_correlation,
                "run_times": rules.bommert2020_ch6_real.output.table_fig06_7_run_times,
                "values": rules.bommert2020_ch6_real.output.table_fig06_4_values,
            }
            if B6_DATASETS
            else {}
        ),
        undefined=rules.bommert2020_ch6_all_pairs.output.table_table6_3_undefined,
        table64=rules.bommert2020_ch6_all_pairs.output.table_table6_4_adjusted_example,
        pc1_order=rules.bommert2020_ch6_all_pairs.output.table_fig06_2_pc1_order,
        all_pairs_correlation=rules.bommert2020_ch6_all_pairs.output.table_fig06_2_correlation,
        expected=rules.bommert2020_ch6_all_pairs.output.table_fig06_3_expected_values,
    output:
        inputs=get_paper_file("ch6_conclusions_inputs", "json"),
        table=get_paper_table("ch6_claims"),
    log:
        get_paper_log("ch6/claims"),
    benchmark:
        get_paper_benchmark("ch6/claims")
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        # the run's settings (written to ch6_conclusions_inputs.json with the tables read)
        run=bommert2020_conclusions_run(WF, "ch6"),
    script:
        "../../scripts/paper_bommert2020/ch6_claims.py"
