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
