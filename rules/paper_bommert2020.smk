# Bommert (2020, thesis), Chapters 5-8: each part's rules in its own file, included when its
# settings section (paper.settings.ch5 ... ch8) is configured; comparison.csv gathers the
# comparison rows of every part that runs. Outputs: <results>/paper/bommert2020/
# (docs/paper-bommert2020-ch56.md, docs/paper-bommert2020-ch78.md).

from fsstab.papers.bommert2020 import checked_settings

BOMMERT = WF.paper.output_dir
BOMMERT_WORK = f"{BOMMERT}/work"
# paper.settings checked (with the whole configuration) before any job; defaults filled in
BOMMERT_SETTINGS = checked_settings(WF)
# each part appends its comparison rows (tables with fsstab.papers.outputs.COMPARISON_COLUMNS)
BOMMERT_COMPARISON_PARTS = []
# comparison rows of configured data sets that are not run (only_datasets)
BOMMERT_NOT_RUN = []


if {"ch5", "ch6"} & BOMMERT_SETTINGS.keys():

    include: "paper_bommert2020_ch56.smk"


if {"ch7", "ch8"} & BOMMERT_SETTINGS.keys():

    include: "paper_bommert2020_ch78.smk"


if WF.raw["localrules"]:

    localrules:
        bommert2020_comparison,


rule bommert2020_comparison:
    input:
        parts=BOMMERT_COMPARISON_PARTS,
    output:
        csv=f"{BOMMERT}/comparison.csv",
        parquet=f"{BOMMERT}/comparison.parquet",
    params:
        not_run=BOMMERT_NOT_RUN,
    log:
        f"{LOGS}/paper/bommert2020/comparison.log",
    benchmark:
        f"{BENCH}/paper/bommert2020/comparison.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=5,
    script:
        "../scripts/paper_bommert2020/comparison.py"


PAPER_TARGETS.extend([f"{BOMMERT}/comparison.csv", f"{BOMMERT}/comparison.parquet"])
