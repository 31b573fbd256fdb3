# Paper configurations: comparison.csv, every number the paper states next to ours, gathered
# from the parts that the paper's rules files list in PAPER_COMPARISON_PARTS (tables with the
# columns of fsstab.papers._io.COMPARISON_COLUMNS).


rule paper_comparison:
    input:
        PAPER_COMPARISON_PARTS,
    output:
        csv=f"{PAPER_DIR}/comparison.csv",
        parquet=f"{PAPER_DIR}/comparison.parquet",
    log:
        f"{LOGS}/paper/comparison.log",
    benchmark:
        f"{BENCH}/paper/comparison.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=5,
    script:
        "../scripts/paper_comparison.py"


if PAPER_COMPARISON_PARTS:
    PAPER_OUTPUTS.append(f"{PAPER_DIR}/comparison.csv")
