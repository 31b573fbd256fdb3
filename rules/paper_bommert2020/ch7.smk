# Bommert (2020), Chapter 7: multi-criteria tuning over filter x classifier (Table 6.5). Per
# data set: stratified halves with cross-validation folds, random configurations, each half's
# similarity matrix, each filter's feature orders (one job per half and filter, shared by every
# configuration), the evaluation of the configurations (ch7.chunk_size per job), their
# optimality flags; then Table 7.1 and the figures. Included by rules/paper_bommert2020.smk
# when paper.settings.ch7 is given. Computations: fsstab.papers.bommert2020.ch7.

from fsstab.papers.bommert2020.ch7.stages import (
    chunks,
    figure_stems,
    prefilter_features,
    run_datasets,
    settings_note,
)

B7 = BOMMERT["ch7"]
# the data sets this run computes (only_datasets may leave some out; Table 7.1's rows note them)
B7_DATASETS = run_datasets(B7, DATASETS)


wildcard_constraints:
    half="train|test",
    ch7filter="none|jmi|mim|impurity",
    ch7chunk=r"c\d{5}-\d{5}",


if WF.localrules:

    localrules:
        bommert2020_ch7_splits,
        bommert2020_ch7_gather,
        bommert2020_ch7_outputs,
        bommert2020_ch7_comparison,
        bommert2020_ch7_claims,


if B7_DATASETS:

    rule bommert2020_ch7_splits:
        input:
            dataset=get_dataset("{dataset}"),
        output:
            splits=get_paper_work("ch7/{dataset}/splits.parquet"),
            configs=get_paper_work("ch7/{dataset}/configs.parquet"),
        log:
            get_paper_log("ch7/{dataset}/splits"),
        benchmark:
            get_paper_benchmark("ch7/{dataset}/splits")
        conda:
            "../../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("analysis", dataset="*", files="*"),
            runtime=runtime("analysis", dataset="*", files="*"),
        params:
            ch7=B7,
            seed=WF.seed,
        script:
            "../../scripts/paper_bommert2020/ch7_splits.py"

    rule bommert2020_ch7_similarity:
        input:
            dataset=get_dataset("{dataset}"),
            splits=rules.bommert2020_ch7_splits.output.splits,
        output:
            similarity=get_paper_work("ch7/{dataset}/{half}/similarity.parquet"),
        log:
            get_paper_log("ch7/{dataset}/{half}/similarity"),
        benchmark:
            get_paper_benchmark("ch7/{dataset}/{half}/similarity")
        conda:
            "../../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("similarity_band"),
            runtime=runtime("similarity_band"),
        script:
            "../../scripts/paper_bommert2020/ch7_similarity.py"

    rule bommert2020_ch7_filter_order:
        input:
            dataset=get_dataset("{dataset}"),
            splits=rules.bommert2020_ch7_splits.output.splits,
        output:
            orders=get_paper_work("ch7/{dataset}/{half}/orders/{ch7filter}.parquet"),
        log:
            get_paper_log("ch7/{dataset}/{half}/order_{ch7filter}"),
        benchmark:
            get_paper_benchmark("ch7/{dataset}/{half}/order_{ch7filter}")
        conda:
            "../../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("data_study"),
            runtime=runtime("data_study"),
        params:
            seed=WF.seed,
        script:
            "../../scripts/paper_bommert2020/ch7_filter_order.py"

    rule bommert2020_ch7_evaluate:
        input:
            dataset=get_dataset("{dataset}"),
            splits=rules.bommert2020_ch7_splits.output.splits,
            configs=rules.bommert2020_ch7_splits.output.configs,
            similarity=expand(
                rules.bommert2020_ch7_similarity.output.similarity,
                half=("train", "test"),
                allow_missing=True,
            ),
            orders=expand(
                rules.bommert2020_ch7_filter_order.output.orders,
                half=("train", "test"),
                ch7filter=B7["filters"],
                allow_missing=True,
            ),
        output:
            evaluation=get_paper_work("ch7/{dataset}/chunks/{ch7chunk}.parquet"),
        log:
            get_paper_log("ch7/{dataset}/chunks/{ch7chunk}"),
        benchmark:
            get_paper_benchmark("ch7/{dataset}/{ch7chunk}")
        conda:
            "../../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("data_study"),
            runtime=runtime("data_study"),
        params:
            ch7=B7,
            seed=WF.seed,
        script:
            "../../scripts/paper_bommert2020/ch7_evaluate.py"

    rule bommert2020_ch7_gather:
        input:
            chunks=expand(
                rules.bommert2020_ch7_evaluate.output.evaluation,
                ch7chunk=chunks(B7),
                allow_missing=True,
            ),
            configs=rules.bommert2020_ch7_splits.output.configs,
        output:
            evaluation=get_paper_work("ch7/{dataset}/evaluation.parquet"),
            flags=get_paper_work("ch7/{dataset}/optimal.parquet"),
        log:
            get_paper_log("ch7/{dataset}/gather"),
        benchmark:
            get_paper_benchmark("ch7/{dataset}/gather")
        conda:
            "../../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("tables", dataset=None, files="*"),
            runtime=runtime("tables", dataset=None, files="*"),
        params:
            tolerance=B7["pa_tolerance"],
        script:
            "../../scripts/paper_bommert2020/ch7_gather.py"

    rule bommert2020_ch7_outputs:
        input:
            evaluation=expand(rules.bommert2020_ch7_gather.output.evaluation, dataset=B7_DATASETS),
            flags=expand(rules.bommert2020_ch7_gather.output.flags, dataset=B7_DATASETS),
            configs=expand(rules.bommert2020_ch7_splits.output.configs, dataset=B7_DATASETS),
        output:
            **get_bommert2020_tables(["table7_1_pareto_counts", "table7_configurations"]),
            **get_bommert2020_figures(figure_stems(B7_DATASETS)),
        log:
            get_paper_log("ch7/outputs"),
        benchmark:
            get_paper_benchmark("ch7/outputs")
        conda:
            "../../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("tables", dataset=None, files="*"),
            runtime=runtime("tables", dataset=None, files="*"),
        params:
            datasets=B7_DATASETS,
            figures=figure_stems(B7_DATASETS),
        script:
            "../../scripts/paper_bommert2020/ch7_outputs.py"

    PAPER_TARGETS.extend(rules.bommert2020_ch7_outputs.output)


rule bommert2020_ch7_comparison:
    # Table 7.1 and Figs. 7.1-7.5 next to ours; every thesis data set has its Table 7.1 rows
    # (not run: a note)
    input:
        unpack(lambda wildcards: get_bommert2020_ch7_evidence()),
        table71=(
            rules.bommert2020_ch7_outputs.output.table_table7_1_pareto_counts
            if B7_DATASETS
            else []
        ),
    output:
        comparison=get_bommert2020_work_table("ch7/comparison_7_1"),
    log:
        get_paper_log("ch7/comparison"),
    benchmark:
        get_paper_benchmark("ch7/comparison")
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        configured=sorted(WF.dataset_entries),
        setting=settings_note(B7) if B7_DATASETS else "",
        datasets=B7_DATASETS,
        ch7=B7,
        features=prefilter_features(WF.dataset_entries, B7_DATASETS),
    script:
        "../../scripts/paper_bommert2020/ch7_comparison.py"


BOMMERT_COMPARISON_PARTS.append(
    get_bommert2020_work_parquet(rules.bommert2020_ch7_comparison.output.comparison)
)


rule bommert2020_ch7_claims:
    # the claims of Ch. 7 checked on this run (gathered into conclusions.md with the other
    # chapters' by bommert2020_conclusions)
    input:
        table71=(
            rules.bommert2020_ch7_outputs.output.table_table7_1_pareto_counts
            if B7_DATASETS
            else []
        ),
        configurations=(
            rules.bommert2020_ch7_outputs.output.table_table7_configurations if B7_DATASETS else []
        ),
    output:
        inputs=get_paper_file("ch7_conclusions_inputs", "json"),
        table=get_paper_table("ch7_claims"),
    log:
        get_paper_log("ch7/claims"),
    benchmark:
        get_paper_benchmark("ch7/claims")
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        # the data sets run, the settings, the prefilters (written to
        # ch7_conclusions_inputs.json with the tables read)
        run=bommert2020_conclusions_run(WF, "ch7"),
    script:
        "../../scripts/paper_bommert2020/ch7_claims.py"


PAPER_TARGETS.extend(rules.bommert2020_ch7_claims.output)
