# Bommert (2020, thesis), Chapters 5 (filter benchmark) and 6 (comparison of stability
# measures): the paper's figures and tables under results/paper/bommert2020/, from the sections
# paper.ch5 and paper.ch6 of the configuration (config/paper/bommert2020.yaml;
# docs/paper-bommert2020-ch56.md). The selections of §6.3 come from the generic stages; the
# computations are in fsstab.papers.bommert2020_ch56.

from fsstab.papers.bommert2020_ch56 import check_sections

CH56 = check_sections(
    PAPER,
    WF.datasets,
    load_schema(Path(workflow.basedir) / "config/schema/paper_bommert2020_ch56.schema.yaml"),
)
B56_WORK = f"{PAPER_DIR}/work/ch56"


def b56_table(stem):
    return [f"{PAPER_DIR}/{stem}.csv", f"{PAPER_DIR}/{stem}.parquet"]


def b56_figure(stem):
    return [f"{PAPER_DIR}/{stem}.pdf", f"{PAPER_DIR}/{stem}.png"]


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
            folder=PAPER_DIR,
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
            "../scripts/bommert2020_ch6_all_pairs.py"

    PAPER_OUTPUTS.extend(rules.bommert2020_ch6_all_pairs.output)
    PAPER_COMPARISON_PARTS.append(rules.bommert2020_ch6_all_pairs.output.comparison)


# --------------------------------------------------------------------------------------------
# §6.3: the measures on the feature sets selected by the generic stages (Figs. 6.4-6.7)
# --------------------------------------------------------------------------------------------


def b56_selection_files(wildcards):
    folder = f"{RESULTS}/{wildcards.dataset}/select"
    files = {"dataset": f"{DATA}/{wildcards.dataset}/dataset.parquet",
             "similarity": f"{RESULTS}/{wildcards.dataset}/similarity.parquet"}
    for c in WF.configurations_for(wildcards.dataset):
        files[f"runs__{c.id}"] = f"{folder}/{c.id}/runs.parquet"
        files[f"features__{c.id}"] = f"{folder}/{c.id}/features.parquet"
    return files


if "ch6" in CH56:
    B56_REAL = CH56["ch6"]["real"]

    rule bommert2020_ch6_measure_times:
        # run times are not reproducible: a table of its own, kept apart from the others
        input:
            unpack(b56_selection_files),
        output:
            times=f"{B56_WORK}/measure_times/{{dataset}}.parquet",
        params:
            measures=list(WF.measures),
            measure_params=WF.measure_params,
            n_configurations=B56_REAL["timing_configurations"],
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
            "../scripts/bommert2020_ch6_measure_times.py"

    rule bommert2020_ch6_real:
        input:
            summaries=[f"{RESULTS}/{d}/stability.parquet" for d in B56_REAL["datasets"]],
            times=[f"{B56_WORK}/measure_times/{d}.parquet" for d in B56_REAL["datasets"]],
        output:
            b56_figure("fig06_4_proportion_selected"),
            b56_figure("fig06_5_mean_correlation"),
            b56_table("fig06_5_mean_correlation"),
            b56_figure("fig06_6_representatives"),
            b56_figure("fig06_7_run_times"),
            b56_table("fig06_7_run_times"),
            b56_figure("figA15_run_times_adjusted"),
            [f for d in B56_REAL["datasets"] for f in b56_figure(f"figA13_{d}_correlation")],
            comparison=f"{B56_WORK}/comparison_ch6_3.parquet",
        params:
            measures=list(WF.measures),
            datasets=B56_REAL["datasets"],
            folder=PAPER_DIR,
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
            "../scripts/bommert2020_ch6_real.py"

    PAPER_OUTPUTS.extend(rules.bommert2020_ch6_real.output)
    PAPER_COMPARISON_PARTS.append(rules.bommert2020_ch6_real.output.comparison)
