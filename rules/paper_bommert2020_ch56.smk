# Bommert (2020, thesis), Chapters 5 (filter benchmark) and 6 (comparison of stability
# measures): included by rules/paper_bommert2020.smk when paper.settings.ch5 or .ch6 is given
# (config/paper/bommert2020.yaml; docs/paper-bommert2020-ch56.md). The selections of §6.3 come
# from the generic stages; the computations are in fsstab.papers.bommert2020_ch56. Data sets
# left out of the run (only_datasets) are left out of the figures and tables. Settings, data
# sets and helpers: paper_bommert2020_ch56_common.smk.


include: "paper_bommert2020_ch56_common.smk"


# --------------------------------------------------------------------------------------------
# Chapter 5: filter benchmark (Figs. 5.1-5.8, A.2-A.10, the conclusions of §5.5)
# --------------------------------------------------------------------------------------------

if "ch5" in CH56 and B5_SCALING:

    rule bommert2020_ch5_scaling_times:
        # §5.1; run times are not reproducible. Two threads: on a 2-core machine the timing
        # jobs then run one at a time instead of competing for the cores
        input:
            dataset=f"{DATA}/{B5['scaling']['dataset']}/dataset.parquet",
        output:
            times=f"{B56_WORK}/scaling/{{filter}}.parquet",
        params:
            scaling=B5["scaling"],
            seed=WF.seed,
        log:
            f"{LOGS}/paper/bommert2020/ch5_scaling_{{filter}}.log",
        benchmark:
            f"{BENCH}/paper/bommert2020/ch5_scaling_{{filter}}.tsv"
        conda:
            "../envs/fsstab.yaml"
        threads: 2
        resources:
            mem_mb=4000,
            runtime=1440,
        script:
            "../scripts/paper_bommert2020/ch5_scaling_times.py"

    rule bommert2020_ch5_scaling:
        input:
            times=[f"{B56_WORK}/scaling/{f}.parquet" for f in B5_FILTERS],
        output:
            *[b56_figure(f"fig05_{k}_relative_time_{s}")[i]
              for k, s in (("1", "select"), ("2", "observations"), ("3", "features"))
              for i in range(2)],
            *[b56_figure(f"figA0{k}_time_{s}")[i]
              for k, s in (("2", "select"), ("3", "observations"), ("4", "features"))
              for i in range(2)],
            *b56_table("table5_1_median_times"),
            comparison=f"{B56_WORK}/comparison_ch5_1.parquet",
        params:
            filters=B5_FILTERS,
        log:
            f"{LOGS}/paper/bommert2020/ch5_scaling.log",
        benchmark:
            f"{BENCH}/paper/bommert2020/ch5_scaling.tsv"
        conda:
            "../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=2000,
            runtime=10,
        script:
            "../scripts/paper_bommert2020/ch5_scaling.py"

    b56_final(rules.bommert2020_ch5_scaling.output,
              rules.bommert2020_ch5_scaling.output.comparison)


if "ch5" in CH56 and B5_DATASETS:

    rule bommert2020_ch5_scores:
        # §5.2: each filter's scores of all features on the full data set
        input:
            dataset=f"{DATA}/{{dataset}}/dataset.parquet",
        output:
            scores=f"{B56_WORK}/scores/{{dataset}}/{{filter}}.parquet",
        params:
            seed=WF.seed,
        log:
            f"{LOGS}/paper/bommert2020/ch5_scores_{{dataset}}_{{filter}}.log",
        benchmark:
            f"{BENCH}/paper/bommert2020/ch5_scores_{{dataset}}_{{filter}}.tsv"
        conda:
            "../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=4000,
            runtime=240,
        script:
            "../scripts/paper_bommert2020/ch5_scores.py"

    rule bommert2020_ch5_ranking:
        input:
            scores=[f"{B56_WORK}/scores/{d}/{f}.parquet" for d in B5_DATASETS for f in B5_FILTERS],
        output:
            *b56_figure("fig05_4_rank_correlation"),
            *b56_table("fig05_4_rank_correlation"),
            *b56_table("table5_2_highest_rank_correlations"),
            *[f for d in B5_DATASETS for f in b56_figure(f"figA05_{d}_rank_correlation")],
            comparison=f"{B56_WORK}/comparison_ch5_2.parquet",
        params:
            datasets=B5_DATASETS,
            filters=B5_FILTERS,
        log:
            f"{LOGS}/paper/bommert2020/ch5_ranking.log",
        benchmark:
            f"{BENCH}/paper/bommert2020/ch5_ranking.tsv"
        conda:
            "../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=4000,
            runtime=30,
        script:
            "../scripts/paper_bommert2020/ch5_ranking.py"

    rule bommert2020_ch5_benchmark_fold:
        # §5.3: one outer fold of the nested cross-validation of one filter (or none)
        input:
            dataset=f"{DATA}/{{dataset}}/dataset.parquet",
        output:
            result=f"{B56_WORK}/benchmark/{{dataset}}/{{filter}}/outer{{outer}}.parquet",
            timing=f"{B56_WORK}/benchmark/{{dataset}}/{{filter}}/outer{{outer}}.times.parquet",
        params:
            settings=B5["benchmark"],
            seed=WF.seed,
        log:
            f"{LOGS}/paper/bommert2020/ch5_benchmark_{{dataset}}_{{filter}}_{{outer}}.log",
        benchmark:
            f"{BENCH}/paper/bommert2020/ch5_benchmark_{{dataset}}_{{filter}}_{{outer}}.tsv"
        conda:
            "../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=4000,
            runtime=600,
        script:
            "../scripts/paper_bommert2020/ch5_benchmark_fold.py"

    rule bommert2020_ch5_benchmark:
        # §5.3 and the conclusions of §5.5 (which use §5.1's Table 5.1 when §5.1 runs)
        input:
            results=[f"{stem}.parquet" for stem in B5_FOLDS],
            timings=[f"{stem}.times.parquet" for stem in B5_FOLDS],
            ranking=f"{BOMMERT}/fig05_4_rank_correlation.parquet",
            **({"scaling": f"{BOMMERT}/table5_1_median_times.parquet"} if B5_SCALING else {}),
        output:
            *b56_figure("fig05_5_accuracy_boxplots"),
            *(b56_figure("figA07_accuracy_boxplots") if B5_OTHERS else []),
            *b56_figure("fig05_6_wins"),
            *b56_table("fig05_6_wins"),
            *b56_figure("fig05_7_accuracy_filter_time"),
            *b56_table("fig05_7_accuracy_filter_time"),
            *b56_figure("fig05_8_accuracy_entire_time"),
            *b56_table("fig05_8_accuracy_entire_time"),
            *b56_figure("figA09_accuracy_filter_time"),
            *b56_figure("figA10_accuracy_entire_time"),
            *b56_table("table5_3_outer_results"),
            *b56_table("table5_3_accuracy"),
            *b56_table("table5_3_median_times"),
            *b56_table("table5_5_conclusions"),
            comparison=f"{B56_WORK}/comparison_ch5_3.parquet",
        params:
            boxplot_datasets=B5_SHOWN,
        log:
            f"{LOGS}/paper/bommert2020/ch5_benchmark.log",
        benchmark:
            f"{BENCH}/paper/bommert2020/ch5_benchmark.tsv"
        conda:
            "../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=4000,
            runtime=30,
        script:
            "../scripts/paper_bommert2020/ch5_benchmark.py"

    for b5_rule in (rules.bommert2020_ch5_ranking, rules.bommert2020_ch5_benchmark):
        b56_final(b5_rule.output, b5_rule.output.comparison)


# --------------------------------------------------------------------------------------------
# §6.2: all pairs of subsets of 7 features (Fig. 6.1, Tables 6.3-6.4, Figs. 6.2-6.3)
# --------------------------------------------------------------------------------------------

if "ch6" in CH56:

    rule bommert2020_ch6_all_pairs:
        output:
            b56_figure("fig06_1_similarity_matrix"),
            b56_table("table6_3_undefined"),
            b56_table("table6_4_adjusted_example"),
            b56_figure("fig06_2_scatter_matrix"),
            b56_table("fig06_2_pc1_order"),
            b56_figure("fig06_2_correlation"),
            b56_table("fig06_2_correlation"),
            b56_figure("fig06_3_size_dependence"),
            b56_table("fig06_3_expected_values"),
            comparison=f"{B56_WORK}/comparison_ch6_2.parquet",
        params:
            threshold=CH56["ch6"]["all_pairs"]["threshold"],
        log:
            f"{LOGS}/paper/bommert2020/ch6_all_pairs.log",
        benchmark:
            f"{BENCH}/paper/bommert2020/ch6_all_pairs.tsv"
        conda:
            "../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=4000,
            runtime=30,
        script:
            "../scripts/paper_bommert2020/ch6_all_pairs.py"

    b56_final(rules.bommert2020_ch6_all_pairs.output,
              rules.bommert2020_ch6_all_pairs.output.comparison)


# --------------------------------------------------------------------------------------------
# §6.3: the measures on the feature sets selected by the generic stages (Figs. 6.4-6.7)
# --------------------------------------------------------------------------------------------


if B6_DATASETS:
    rule bommert2020_ch6_measure_times:
        # run times are not reproducible: a table of its own, kept apart from the others
        input:
            unpack(b56_selection_files),
        output:
            times=f"{B56_WORK}/measure_times/{{dataset}}.parquet",
        params:
            measures=list(WF.measures),
            measure_params=WF.measure_params,
            n_configurations=B6_REAL["timing_configurations"],
            seed=WF.seed,
        log:
            f"{LOGS}/paper/bommert2020/ch6_measure_times_{{dataset}}.log",
        benchmark:
            f"{BENCH}/paper/bommert2020/ch6_measure_times_{{dataset}}.tsv"
        conda:
            "../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=4000,
            runtime=600,
        script:
            "../scripts/paper_bommert2020/ch6_measure_times.py"

    rule bommert2020_ch6_real:
        input:
            summaries=[f"{RESULTS}/{d}/stability.parquet" for d in B6_DATASETS],
            times=[f"{B56_WORK}/measure_times/{d}.parquet" for d in B6_DATASETS],
        output:
            b56_figure("fig06_4_proportion_selected"),
            b56_figure("fig06_5_mean_correlation"),
            b56_table("fig06_5_mean_correlation"),
            b56_figure("fig06_6_representatives"),
            b56_figure("fig06_7_run_times"),
            b56_table("fig06_7_run_times"),
            b56_figure("figA15_run_times_adjusted"),
            [f for d in B6_DATASETS for f in b56_figure(f"figA13_{d}_correlation")],
            comparison=f"{B56_WORK}/comparison_ch6_3.parquet",
        params:
            measures=list(WF.measures),
            datasets=B6_DATASETS,
        log:
            f"{LOGS}/paper/bommert2020/ch6_real.log",
        benchmark:
            f"{BENCH}/paper/bommert2020/ch6_real.tsv"
        conda:
            "../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=8000,
            runtime=60,
        script:
            "../scripts/paper_bommert2020/ch6_real.py"

    b56_final(rules.bommert2020_ch6_real.output, rules.bommert2020_ch6_real.output.comparison)
