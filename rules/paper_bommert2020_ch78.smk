# Bommert (2020, thesis), Chapters 7 and 8: the sections paper.settings.ch7 / paper.settings.ch8
# of config/paper/bommert2020.yaml, included by rules/paper_bommert2020.smk (BOMMERT,
# BOMMERT_WORK, BOMMERT_SETTINGS, BOMMERT_COMPARISON_PARTS come from there). The data sets come
# through the generic fetch -> prefilter stages; final tables and figures go to BOMMERT,
# intermediate tables to BOMMERT_WORK. docs/paper-bommert2020-ch78.md describes every output.
# Job granularity for a cluster: Ch. 7 configurations in chunks (ch7.chunk_size per job), one
# job per (half, filter order), per simulation scenario x chunk of replications, per toy chunk
# and per outer fold of the real-data study.

from fsstab.papers.bommert2020_ch78_workflow import (
    ch7_chunks,
    figure_stems,
    simulation_scenario_ids,
)
from fsstab.workflow.config import chunk_ids

CH7 = BOMMERT_SETTINGS.get("ch7")
CH8 = BOMMERT_SETTINGS.get("ch8") or {}
TOY = CH8.get("toy")
SIM = CH8.get("simulation")
REAL = CH8.get("real_data")
W78 = BOMMERT_WORK
# the sections' data sets that this run computes (only_datasets may leave some out; the
# comparison notes them as not run)
CH7_DATASETS = tuple(d for d in (CH7["datasets"] if CH7 else ()) if d in DATASETS)
REAL_DATASETS = tuple(d for d in (REAL["datasets"] if REAL else ()) if d in DATASETS)
CH7 = CH7 if CH7_DATASETS else None
REAL = REAL if REAL_DATASETS else None
SCENARIOS = simulation_scenario_ids(SIM) if SIM else ()
SIM_CHUNKS = chunk_ids(SIM["n_replications"], SIM["chunk_size"]) if SIM else ()
TOY_CHUNKS = chunk_ids(TOY["n_datasets"], TOY["chunk_size"]) if TOY else ()
CH7_CHUNKS = ch7_chunks(CH7) if CH7 else ()
FIGURES78 = figure_stems({"ch7": CH7, "ch8": {**CH8, "real_data": REAL}}, CH7_DATASETS)


wildcard_constraints:
    half="train|test",
    ch7filter="none|jmi|mim|impurity",
    ch7chunk=r"c\d{5}-\d{5}",
    scenario=r"(blocks|toeplitz)_n\d+_p\d+_s\d+",
    outer=r"\d+",


if WF.raw["localrules"]:

    localrules:
        bommert2020_ch7_splits,
        bommert2020_ch7_gather,
        bommert2020_ch7_outputs,
        bommert2020_ch8_toy_outputs,
        bommert2020_ch8_simulation_outputs,
        bommert2020_ch8_real_outputs,
        bommert2020_ch78_comparison,


# every final figure (PDF + PNG) and table (CSV + Parquet) of the parts that run
PAPER_TARGETS.extend(
    [f"{BOMMERT}/{stem}.{ext}" for group in FIGURES78.values() for stem in group
     for ext in ("pdf", "png")]
    + [f"{BOMMERT}/{stem}.{ext}"
       for stem, part in (("table7_1_pareto_counts", CH7), ("table8_1_toy_selections", TOY),
                          ("table8_simulation_results", SIM),
                          ("table8_4_real_data_results", REAL))
       if part for ext in ("csv", "parquet")]
)
BOMMERT_COMPARISON_PARTS.append(f"{W78}/comparison_ch78.parquet")


# -- Chapter 7 ------------------------------------------------------------------------------


rule bommert2020_ch7_splits:
    input:
        dataset=f"{DATA}/{{dataset}}/dataset.parquet",
    output:
        splits=f"{W78}/ch7/{{dataset}}/splits.parquet",
        configs=f"{W78}/ch7/{{dataset}}/configs.parquet",
    params:
        ch7=CH7,
        seed=WF.seed,
    log:
        f"{LOGS}/paper/bommert2020/ch7/{{dataset}}/splits.log",
    benchmark:
        f"{BENCH}/paper/bommert2020/ch7/{{dataset}}/splits.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/paper_bommert2020/ch7_splits.py"


rule bommert2020_ch7_similarity:
    input:
        dataset=f"{DATA}/{{dataset}}/dataset.parquet",
        splits=f"{W78}/ch7/{{dataset}}/splits.parquet",
    output:
        similarity=f"{W78}/ch7/{{dataset}}/{{half}}/similarity.parquet",
    log:
        f"{LOGS}/paper/bommert2020/ch7/{{dataset}}/{{half}}/similarity.log",
    benchmark:
        f"{BENCH}/paper/bommert2020/ch7/{{dataset}}/{{half}}/similarity.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=4000,
        runtime=30,
    script:
        "../scripts/paper_bommert2020/ch7_similarity.py"


rule bommert2020_ch7_filter_order:
    input:
        dataset=f"{DATA}/{{dataset}}/dataset.parquet",
        splits=f"{W78}/ch7/{{dataset}}/splits.parquet",
    output:
        orders=f"{W78}/ch7/{{dataset}}/{{half}}/orders/{{ch7filter}}.parquet",
    params:
        seed=WF.seed,
    log:
        f"{LOGS}/paper/bommert2020/ch7/{{dataset}}/{{half}}/order_{{ch7filter}}.log",
    benchmark:
        f"{BENCH}/paper/bommert2020/ch7/{{dataset}}/{{half}}/order_{{ch7filter}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=4000,
        runtime=240,
    script:
        "../scripts/paper_bommert2020/ch7_filter_order.py"


rule bommert2020_ch7_evaluate:
    input:
        dataset=f"{DATA}/{{dataset}}/dataset.parquet",
        splits=f"{W78}/ch7/{{dataset}}/splits.parquet",
        configs=f"{W78}/ch7/{{dataset}}/configs.parquet",
        similarity=expand(f"{W78}/ch7/{{{{dataset}}}}/{{half}}/similarity.parquet",
                          half=("train", "test")),
        orders=expand(f"{W78}/ch7/{{{{dataset}}}}/{{half}}/orders/{{ch7filter}}.parquet",
                      half=("train", "test"), ch7filter=CH7["filters"] if CH7 else ()),
    output:
        evaluation=f"{W78}/ch7/{{dataset}}/chunks/{{ch7chunk}}.parquet",
    params:
        ch7=CH7,
        seed=WF.seed,
    log:
        f"{LOGS}/paper/bommert2020/ch7/{{dataset}}/chunks/{{ch7chunk}}.log",
    benchmark:
        f"{BENCH}/paper/bommert2020/ch7/{{dataset}}/{{ch7chunk}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=4000,
        runtime=600,
    script:
        "../scripts/paper_bommert2020/ch7_evaluate.py"


rule bommert2020_ch7_gather:
    input:
        chunks=expand(f"{W78}/ch7/{{{{dataset}}}}/chunks/{{ch7chunk}}.parquet",
                      ch7chunk=CH7_CHUNKS),
        configs=f"{W78}/ch7/{{dataset}}/configs.parquet",
    output:
        evaluation=f"{W78}/ch7/{{dataset}}/evaluation.parquet",
        flags=f"{W78}/ch7/{{dataset}}/optimal.parquet",
    params:
        ch7=CH7,
    log:
        f"{LOGS}/paper/bommert2020/ch7/{{dataset}}/gather.log",
    benchmark:
        f"{BENCH}/paper/bommert2020/ch7/{{dataset}}/gather.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/paper_bommert2020/ch7_gather.py"


rule bommert2020_ch7_outputs:
    input:
        evaluation=expand(f"{W78}/ch7/{{dataset}}/evaluation.parquet", dataset=CH7_DATASETS),
        flags=expand(f"{W78}/ch7/{{dataset}}/optimal.parquet", dataset=CH7_DATASETS),
        configs=expand(f"{W78}/ch7/{{dataset}}/configs.parquet", dataset=CH7_DATASETS),
    output:
        table=multiext(f"{BOMMERT}/table7_1_pareto_counts", ".csv", ".parquet"),
        figures=[f"{BOMMERT}/{stem}.{ext}" for stem in FIGURES78["ch7"]
                 for ext in ("pdf", "png")],
    params:
        datasets=list(CH7_DATASETS),
        figures=FIGURES78["ch7"],
    log:
        f"{LOGS}/paper/bommert2020/ch7/outputs.log",
    benchmark:
        f"{BENCH}/paper/bommert2020/ch7/outputs.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=4000,
        runtime=20,
    script:
        "../scripts/paper_bommert2020/ch7_outputs.py"


# -- Chapter 8: §8.1 toy example --------------------------------------------------------------


rule bommert2020_ch8_toy:
    output:
        supports=f"{W78}/ch8/toy/{{chunk}}.parquet",
    params:
        toy=TOY,
        seed=WF.seed,
    log:
        f"{LOGS}/paper/bommert2020/ch8/toy/{{chunk}}.log",
    benchmark:
        f"{BENCH}/paper/bommert2020/ch8/toy/{{chunk}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=600,
    script:
        "../scripts/paper_bommert2020/ch8_toy.py"


rule bommert2020_ch8_toy_outputs:
    input:
        chunks=expand(f"{W78}/ch8/toy/{{chunk}}.parquet", chunk=TOY_CHUNKS),
    output:
        table=multiext(f"{BOMMERT}/table8_1_toy_selections", ".csv", ".parquet"),
        figures=multiext(f"{BOMMERT}/fig08_2_toy_selection_frequencies", ".pdf", ".png")
        + multiext(f"{BOMMERT}/fig08_3_toy_group_counts", ".pdf", ".png")
        + multiext(f"{BOMMERT}/fig08_4_toy_median_counts", ".pdf", ".png"),
    log:
        f"{LOGS}/paper/bommert2020/ch8/toy_outputs.log",
    benchmark:
        f"{BENCH}/paper/bommert2020/ch8/toy_outputs.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/paper_bommert2020/ch8_toy_outputs.py"


# -- Chapter 8: §8.3 simulation ---------------------------------------------------------------


rule bommert2020_ch8_simulation:
    output:
        results=f"{W78}/ch8/simulation/{{scenario}}/{{chunk}}.results.parquet",
        tuning=f"{W78}/ch8/simulation/{{scenario}}/{{chunk}}.tuning.parquet",
        timings=f"{W78}/ch8/simulation/{{scenario}}/{{chunk}}.timings.parquet",
    params:
        approaches=CH8.get("approaches", {}),
        seed=WF.seed,
    log:
        f"{LOGS}/paper/bommert2020/ch8/simulation/{{scenario}}/{{chunk}}.log",
    benchmark:
        f"{BENCH}/paper/bommert2020/ch8/simulation/{{scenario}}/{{chunk}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=8000,
        runtime=1440,
    script:
        "../scripts/paper_bommert2020/ch8_simulation.py"


rule bommert2020_ch8_simulation_outputs:
    input:
        results=expand(f"{W78}/ch8/simulation/{{scenario}}/{{chunk}}.results.parquet",
                       scenario=SCENARIOS, chunk=SIM_CHUNKS),
        timings=expand(f"{W78}/ch8/simulation/{{scenario}}/{{chunk}}.timings.parquet",
                       scenario=SCENARIOS, chunk=SIM_CHUNKS),
    output:
        table=multiext(f"{BOMMERT}/table8_simulation_results", ".csv", ".parquet"),
        figures=[f"{BOMMERT}/{stem}.{ext}" for stem in FIGURES78["simulation"]
                 for ext in ("pdf", "png")],
    params:
        figures=FIGURES78["simulation"],
    log:
        f"{LOGS}/paper/bommert2020/ch8/simulation_outputs.log",
    benchmark:
        f"{BENCH}/paper/bommert2020/ch8/simulation_outputs.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=4000,
        runtime=20,
    script:
        "../scripts/paper_bommert2020/ch8_simulation_outputs.py"


# -- Chapter 8: §8.4 real data (nested cross-validation) ---------------------------------------


rule bommert2020_ch8_real:
    input:
        dataset=f"{DATA}/{{dataset}}/dataset.parquet",
    output:
        results=f"{W78}/ch8/real/{{dataset}}/outer{{outer}}.results.parquet",
        timings=f"{W78}/ch8/real/{{dataset}}/outer{{outer}}.timings.parquet",
    params:
        approaches=CH8.get("approaches", {}),
        n_outer=REAL["n_outer"] if REAL else 10,
        seed=WF.seed,
    log:
        f"{LOGS}/paper/bommert2020/ch8/real/{{dataset}}/outer{{outer}}.log",
    benchmark:
        f"{BENCH}/paper/bommert2020/ch8/real/{{dataset}}/outer{{outer}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=8000,
        runtime=1440,
    script:
        "../scripts/paper_bommert2020/ch8_real.py"


rule bommert2020_ch8_real_outputs:
    input:
        results=[f"{W78}/ch8/real/{d}/outer{k}.results.parquet"
                 for d in REAL_DATASETS for k in range(REAL["n_outer"] if REAL else 0)],
    output:
        table=multiext(f"{BOMMERT}/table8_4_real_data_results", ".csv", ".parquet"),
        figures=multiext(f"{BOMMERT}/fig08_8_real_data_accuracy", ".pdf", ".png")
        + multiext(f"{BOMMERT}/fig08_9_real_data_n_selected", ".pdf", ".png"),
    log:
        f"{LOGS}/paper/bommert2020/ch8/real_outputs.log",
    benchmark:
        f"{BENCH}/paper/bommert2020/ch8/real_outputs.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/paper_bommert2020/ch8_real_outputs.py"


# -- comparison with the numbers stated in the thesis ------------------------------------------


rule bommert2020_ch78_comparison:
    input:
        datasets=expand(f"{DATA}/{{dataset}}/dataset.parquet",
                        dataset=sorted(set(CH7_DATASETS) | set(REAL_DATASETS))),
        table71=f"{BOMMERT}/table7_1_pareto_counts.parquet" if CH7 else [],
        toy=f"{BOMMERT}/table8_1_toy_selections.parquet" if TOY else [],
        simulation=f"{BOMMERT}/table8_simulation_results.parquet" if SIM else [],
    output:
        csv=f"{W78}/comparison_ch78.csv",
        parquet=f"{W78}/comparison_ch78.parquet",
    params:
        settings={"ch7": CH7, "ch8": CH8},
        configured=sorted(WF.raw["datasets"]),
        n_scenarios=len(SCENARIOS),
    log:
        f"{LOGS}/paper/bommert2020/ch78_comparison.log",
    benchmark:
        f"{BENCH}/paper/bommert2020/ch78_comparison.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/paper_bommert2020/ch78_comparison.py"
