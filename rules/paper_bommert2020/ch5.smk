# Bommert (2020), Chapter 5: the filter benchmark -- §5.1 run times on a balanced base data set,
# §5.2 the filters' scores and the similarity of their rankings, §5.3 nested cross-validation
# of filter + tuned classifier; the chapter's claims (§5.1-5.5) checked on the run's tables
# (bommert2020_ch5_claims -> ch5_claims, gathered into conclusions.md by
# bommert2020_conclusions). Included by
# rules/paper_bommert2020.smk when paper.settings.ch5 is given; data sets left out of the run
# (only_datasets) are left out of the figures and tables. Computations:
# fsstab.papers.bommert2020.ch5.

from fsstab.papers.bommert2020.ch5.benchmark import boxplot_split
from fsstab.papers.bommert2020.ch5.conclusions import run_settings as b5_run_settings
from fsstab.papers.bommert2020.ch5.stages import (
    benchmark_figure_stems,
    file_name,
    ranking_figure_stems,
    scaling_figure_stems,
)

B5 = BOMMERT["ch5"]
# file names and wildcards use fsstab's filter names (the thesis' contain dots)
B5_FILTERS = [file_name(f) for f in B5["filters"]]
B5_DATASETS = [d for d in B5["datasets"] if d in DATASETS]
# §5.1 runs when its base data set is run
B5_SCALING = B5["scaling"]["dataset"] in DATASETS
B5_SHOWN, B5_OTHERS = boxplot_split(B5_DATASETS, B5["benchmark"]["boxplot_datasets"])
# §5.3: one job per (data set, filter or none, outer fold)
B5_FOLDS = {
    "dataset": B5_DATASETS,
    "filter": [*B5_FILTERS, "none"],
    "outer": range(B5["benchmark"]["outer_folds"]),
}


wildcard_constraints:
    filter=r"[a-z_]+",
    outer=r"\d+",


if WF.localrules:

    localrules:
        bommert2020_ch5_scaling,
        bommert2020_ch5_ranking,
        bommert2020_ch5_benchmark,
        bommert2020_ch5_claims,


# -- §5.1: run times --------------------------------------------------------------------------

if B5_SCALING:

    rule bommert2020_ch5_scaling_times:
        # run times are not reproducible. Two threads: on a 2-core machine the timing jobs
        # then run one at a time instead of competing for the cores
        input:
            dataset=get_dataset(B5["scaling"]["dataset"]),
        output:
            times=get_bommert2020_work_table("ch5/scaling/{filter}"),
        log:
            get_paper_log("ch5/scaling_{filter}"),
        benchmark:
            get_paper_benchmark("ch5/scaling_{filter}")
        conda:
            "../../envs/fsstab.yaml"
        threads: 2
        resources:
            mem_mb=memory("data_study_large"),
            runtime=runtime("data_study_large"),
        params:
            scaling=B5["scaling"],
            seed=WF.seed,
        script:
            "../../scripts/paper_bommert2020/ch5_scaling_times.py"

    rule bommert2020_ch5_scaling:
        input:
            times=get_bommert2020_work_parquet(
                rules.bommert2020_ch5_scaling_times.output.times, filter=B5_FILTERS
            ),
        output:
            **get_bommert2020_figures(scaling_figure_stems()),
            **get_bommert2020_tables(["table5_1_median_times"]),
            comparison=get_bommert2020_work_table("ch5/comparison_5_1"),
        log:
            get_paper_log("ch5/scaling"),
        benchmark:
            get_paper_benchmark("ch5/scaling")
        conda:
            "../../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("tables", dataset=None, files="*"),
            runtime=runtime("tables", dataset=None, files="*"),
        params:
            filters=B5_FILTERS,
        script:
            "../../scripts/paper_bommert2020/ch5_scaling.py"

    BOMMERT_COMPARISON_PARTS.append(
        get_bommert2020_work_parquet(rules.bommert2020_ch5_scaling.output.comparison)
    )
    PAPER_TARGETS.extend(
        f
        for f in rules.bommert2020_ch5_scaling.output
        if f not in rules.bommert2020_ch5_scaling.output.comparison
    )


# -- §5.2: rankings and §5.3: benchmark ---------------------------------------------------------

if B5_DATASETS:

    rule bommert2020_ch5_scores:
        # each filter's scores of all features on the full data set
        input:
            dataset=get_dataset("{dataset}"),
        output:
            scores=get_bommert2020_work_table("ch5/scores/{dataset}/{filter}"),
        log:
            get_paper_log("ch5/scores_{dataset}_{filter}"),
        benchmark:
            get_paper_benchmark("ch5/scores_{dataset}_{filter}")
        conda:
            "../../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("data_study"),
            runtime=runtime("data_study"),
        params:
            seed=WF.seed,
        script:
            "../../scripts/paper_bommert2020/ch5_scores.py"

    rule bommert2020_ch5_ranking:
        input:
            scores=get_bommert2020_work_parquet(
                rules.bommert2020_ch5_scores.output.scores, dataset=B5_DATASETS, filter=B5_FILTERS
            ),
        output:
            **get_bommert2020_figures(ranking_figure_stems(B5_DATASETS)),
            **get_bommert2020_tables(
                ["fig05_4_rank_correlation", "table5_2_highest_rank_correlations"]
            ),
            comparison=get_bommert2020_work_table("ch5/comparison_5_2"),
        log:
            get_paper_log("ch5/ranking"),
        benchmark:
            get_paper_benchmark("ch5/ranking")
        conda:
            "../../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("tables", dataset=None, files="*"),
            runtime=runtime("tables", dataset=None, files="*"),
        params:
            datasets=B5_DATASETS,
            filters=B5_FILTERS,
        script:
            "../../scripts/paper_bommert2020/ch5_ranking.py"

    rule bommert2020_ch5_benchmark_fold:
        # one outer fold of the nested cross-validation of one filter (or none)
        input:
            dataset=get_dataset("{dataset}"),
        output:
            result=get_bommert2020_work_table("ch5/benchmark/{dataset}/{filter}/outer{outer}"),
            timing=get_bommert2020_work_table("ch5/benchmark/{dataset}/{filter}/outer{outer}.times"),
        log:
            get_paper_log("ch5/benchmark_{dataset}_{filter}_{outer}"),
        benchmark:
            get_paper_benchmark("ch5/benchmark_{dataset}_{filter}_{outer}")
        conda:
            "../../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("data_study"),
            runtime=runtime("data_study"),
        params:
            settings=B5["benchmark"],
            seed=WF.seed,
        script:
            "../../scripts/paper_bommert2020/ch5_benchmark_fold.py"

    rule bommert2020_ch5_benchmark:
        # §5.3 (the conclusions of §5.5 are claims of bommert2020_ch5_claims)
        input:
            results=get_bommert2020_work_parquet(
                rules.bommert2020_ch5_benchmark_fold.output.result, **B5_FOLDS
            ),
            timings=get_bommert2020_work_parquet(
                rules.bommert2020_ch5_benchmark_fold.output.timing, **B5_FOLDS
            ),
            ranking=rules.bommert2020_ch5_ranking.output.table_fig05_4_rank_correlation,
        output:
            **get_bommert2020_figures(benchmark_figure_stems(B5_OTHERS)),
            **get_bommert2020_tables(
                [
                    "fig05_6_wins",
                    "fig05_7_accuracy_filter_time",
                    "fig05_8_accuracy_entire_time",
                    "table5_3_outer_results",
                    "table5_3_accuracy",
                    "table5_3_median_times",
                ]
            ),
            comparison=get_bommert2020_work_table("ch5/comparison_5_3"),
        log:
            get_paper_log("ch5/benchmark"),
        benchmark:
            get_paper_benchmark("ch5/benchmark")
        conda:
            "../../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("tables", dataset=None, files="*"),
            runtime=runtime("tables", dataset=None, files="*"),
        params:
            boxplot_datasets=B5_SHOWN,
        script:
            "../../scripts/paper_bommert2020/ch5_benchmark.py"

    BOMMERT_COMPARISON_PARTS.extend(
        get_bommert2020_work_parquet(b5_rule.output.comparison)
        for b5_rule in (rules.bommert2020_ch5_ranking, rules.bommert2020_ch5_benchmark)
    )
    for b5_rule in (rules.bommert2020_ch5_ranking, rules.bommert2020_ch5_benchmark):
        PAPER_TARGETS.extend(f for f in b5_rule.output if f not in b5_rule.output.comparison)


# -- the chapter's claims ----------------------------------------------------------------------


rule bommert2020_ch5_claims:
    # the claims of §5.1-5.5 checked on the tables above (parts not run: not testable)
    input:
        **(
            {
                "ranking": rules.bommert2020_ch5_ranking.output.table_fig05_4_rank_correlation,
                "top_pairs": rules.bommert2020_ch5_ranking.output.table_table5_2_highest_rank_correlations,
                "wins": rules.bommert2020_ch5_benchmark.output.table_fig05_6_wins,
                "filter_time": rules.bommert2020_ch5_benchmark.output.table_fig05_7_accuracy_filter_time,
                "entire_time": rules.bommert2020_ch5_benchmark.output.table_fig05_8_accuracy_entire_time,
                "accuracy": rules.bommert2020_ch5_benchmark.output.table_table5_3_accuracy,
            }
            if B5_DATASETS
            else {}
        ),
        **(
            {"scaling": rules.bommert2020_ch5_scaling.output.table_table5_1_median_times}
            if B5_SCALING
            else {}
        ),
    output:
        inputs=get_paper_file("ch5_conclusions_inputs", "json"),
        table=get_paper_table("ch5_claims"),
    log:
        get_paper_log("ch5/claims"),
    benchmark:
        get_paper_benchmark("ch5/claims")
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        # the run's settings (written to ch5_conclusions_inputs.json with the tables read)
        run=bommert2020_conclusions_run(WF, "ch5"),
    script:
        "../../scripts/paper_bommert2020/ch5_claims.py"
