# Bommert (2020, thesis), "Integration of Feature Selection Stability in Model Fitting",
# Chapters 5-8: one settings section and one rules file per chapter
# (rules/paper_bommert2020/ch5.smk ... ch8.smk), included when its section is given, so that a
# run computes the chapters it is given. Table 4.1's characteristics of the data sets (Ch. 4)
# are compared where Ch. 7-8 run; comparison.csv gathers every part's rows in the thesis' order.
# Paths come from the get_* functions of rules/common.smk and rules/paper_bommert2020/common.smk.
# Each chapter's claims (rule bommert2020_chN_claims) are gathered into conclusions.md and
# conclusions.{csv,parquet} by bommert2020_conclusions.
# Outputs: <results>/paper/bommert2020/ (docs/paper-bommert2020-ch56.md,
# docs/paper-bommert2020-ch78.md).

from fsstab.papers.bommert2020.comparison import not_run_rows, table_4_1_datasets
from fsstab.papers.bommert2020.settings import SETTINGS
from fsstab.papers.bommert2020.settings import conclusions_run as bommert2020_conclusions_run

# paper.settings checked (with the whole configuration) before any job; defaults filled in
BOMMERT = SETTINGS.checked(WF)
# the comparison tables of the parts, in the thesis' order (each chapter appends its own)
BOMMERT_COMPARISON_PARTS = []


include: "paper_bommert2020/common.smk"


if "ch5" in BOMMERT:

    include: "paper_bommert2020/ch5.smk"


if "ch6" in BOMMERT:

    include: "paper_bommert2020/ch6.smk"


if {"ch7", "ch8"} & BOMMERT.keys():

    if WF.localrules:

        localrules:
            bommert2020_table4_1,

    rule bommert2020_table4_1:
        # Table 4.1 (p, n, PP, MHCF) of the data sets Ch. 7-8 run
        input:
            datasets=[get_dataset(d) for d in table_4_1_datasets(BOMMERT, DATASETS)],
        output:
            comparison=get_bommert2020_work_table("comparison_table4_1"),
        log:
            get_paper_log("table4_1"),
        benchmark:
            get_paper_benchmark("table4_1")
        conda:
            "../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("analysis", dataset="*", files="*"),
            runtime=runtime("analysis", dataset="*", files="*"),
        params:
            configured=sorted(WF.dataset_entries),
        script:
            "../scripts/paper_bommert2020/table4_1.py"

    BOMMERT_COMPARISON_PARTS.append(
        get_bommert2020_work_parquet(rules.bommert2020_table4_1.output.comparison)
    )


if "ch7" in BOMMERT:

    include: "paper_bommert2020/ch7.smk"


if "ch8" in BOMMERT:

    include: "paper_bommert2020/ch8.smk"


if WF.localrules:

    localrules:
        bommert2020_comparison,


rule bommert2020_comparison:
    input:
        parts=BOMMERT_COMPARISON_PARTS,
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
        # configured data sets of Ch. 5-6 that are not run (only_datasets)
        not_run=not_run_rows(BOMMERT, DATASETS),
    script:
        "../scripts/paper_bommert2020/comparison.py"


PAPER_TARGETS.extend(rules.bommert2020_comparison.output)


if WF.localrules:

    localrules:
        bommert2020_conclusions,


rule bommert2020_conclusions:
    # the claims of the chapters run (rules bommert2020_chN_claims), in the thesis' order:
    # conclusions.md + conclusions.{csv,parquet}
    input:
        parts=get_bommert2020_claims(),
    output:
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
        chapters=get_bommert2020_claims_chapters(),
    script:
        "../scripts/paper_bommert2020/conclusions.py"


PAPER_TARGETS.extend(rules.bommert2020_conclusions.output)
