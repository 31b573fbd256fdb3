# Nogueira & Brown (2016): Fig. 1, the toy examples of §3.2, Table 2, Fig. 2, comparison.csv.
#
# Table 2 and Fig. 2 come from the generic stages (random-forest selection with the tree
# fraction p on K subsamples: config/paper/nogueira2016.yaml); these rules only read their
# stability summaries and runs. Outputs: <results>/paper/nogueira2016/ (docs/paper-nogueira2016.md).

include: "paper_nogueira2016_common.smk"


if WF.raw["localrules"]:

    localrules:
        nogueira2016_figure1,
        nogueira2016_toy_examples,
        nogueira2016_figure2,
        nogueira2016_comparison,


rule nogueira2016_figure1:
    output:
        csv=f"{NOGUEIRA}/fig01_sim_n_extremes.csv",
        parquet=f"{NOGUEIRA}/fig01_sim_n_extremes.parquet",
        pdf=f"{NOGUEIRA}/fig01_sim_n_extremes.pdf",
        png=f"{NOGUEIRA}/fig01_sim_n_extremes.png",
    params:
        figure1=NOGUEIRA_SETTINGS["figure1"],
    log:
        f"{LOGS}/paper/nogueira2016/figure1.log",
    benchmark:
        f"{BENCH}/paper/nogueira2016/figure1.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=5,
    script:
        "../scripts/paper_nogueira2016_figure1.py"


rule nogueira2016_toy_examples:
    output:
        csv=f"{NOGUEIRA}/sec3_2_toy_examples.csv",
        parquet=f"{NOGUEIRA}/sec3_2_toy_examples.parquet",
    log:
        f"{LOGS}/paper/nogueira2016/toy_examples.log",
    benchmark:
        f"{BENCH}/paper/nogueira2016/toy_examples.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=5,
    script:
        "../scripts/paper_nogueira2016_toy_examples.py"


rule nogueira2016_figure2:
    input:
        unpack(nogueira_runs),
        summaries=expand(f"{RESULTS}/{{dataset}}/stability.parquet", dataset=DATASETS),
        datasets=expand(f"{DATA}/{{dataset}}/dataset.parquet", dataset=DATASETS),
    output:
        csv=f"{NOGUEIRA}/fig02_stability.csv",
        parquet=f"{NOGUEIRA}/fig02_stability.parquet",
        pdf=f"{NOGUEIRA}/fig02_stability.pdf",
        png=f"{NOGUEIRA}/fig02_stability.png",
        table2_csv=f"{NOGUEIRA}/table2_datasets.csv",
        table2_parquet=f"{NOGUEIRA}/table2_datasets.parquet",
    params:
        datasets=list(DATASETS),
        measures=NOGUEIRA_SETTINGS["figure2_measures"],
        n_resamples=WF.n_resamples,
    log:
        f"{LOGS}/paper/nogueira2016/figure2.log",
    benchmark:
        f"{BENCH}/paper/nogueira2016/figure2.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=5,
    script:
        "../scripts/paper_nogueira2016_figure2.py"


rule nogueira2016_comparison:
    input:
        toy=f"{NOGUEIRA}/sec3_2_toy_examples.parquet",
        figure1=f"{NOGUEIRA}/fig01_sim_n_extremes.parquet",
        figure2=f"{NOGUEIRA}/fig02_stability.parquet",
        table2=f"{NOGUEIRA}/table2_datasets.parquet",
    output:
        csv=f"{NOGUEIRA}/comparison.csv",
        parquet=f"{NOGUEIRA}/comparison.parquet",
    params:
        configured=list(WF.raw["datasets"]),
    log:
        f"{LOGS}/paper/nogueira2016/comparison.log",
    benchmark:
        f"{BENCH}/paper/nogueira2016/comparison.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=5,
    script:
        "../scripts/paper_nogueira2016_comparison.py"


PAPER_TARGETS.extend(
    nogueira_stem("fig01_sim_n_extremes", ".csv", ".parquet", ".pdf", ".png")
    + nogueira_stem("sec3_2_toy_examples", ".csv", ".parquet")
    + nogueira_stem("fig02_stability", ".csv", ".parquet", ".pdf", ".png")
    + nogueira_stem("table2_datasets", ".csv", ".parquet")
    + nogueira_stem("comparison", ".csv", ".parquet")
)
