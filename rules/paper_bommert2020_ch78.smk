# Bommert (2020) thesis, Chapters 7 and 8 (config/paper/bommert2020.yaml, sections paper.ch7 and
# paper.ch8). The data sets come through the generic fetch -> prefilter stages; everything below
# writes under <results_dir>/paper/bommert2020/. docs/paper-bommert2020-ch78.md describes every
# output. Job granularity for a cluster: Ch. 7 configurations in chunks (paper.ch7.chunk_size per
# job), one job per filter order, per simulation scenario x chunk of replications, per toy chunk
# and per outer fold of the real-data study.

from fsstab.papers.bommert2020_ch78_workflow import (
    check_ch78_section,
    ch7_chunks,
    chunk_ids,
    figure_stems,
    simulation_scenario_ids,
)

P78 = WF.raw["paper"]
CH7 = P78.get("ch7")
CH8 = P78.get("ch8") or {}
TOY = CH8.get("toy")
SIM = CH8.get("simulation")
REAL = CH8.get("real_data")
R78 = f"{RESULTS}/paper/bommert2020"
check_ch78_section(P78, DATASETS)

CH7_DATASETS = tuple(CH7["datasets"]) if CH7 else ()
REAL_DATASETS = tuple(REAL["datasets"]) if REAL else ()
SCENARIOS = simulation_scenario_ids(SIM) if SIM else ()
SIM_CHUNKS = chunk_ids(SIM["n_replications"], SIM["chunk_size"]) if SIM else ()
TOY_CHUNKS = chunk_ids(TOY["n_datasets"], TOY["chunk_size"]) if TOY else ()
CH7_CHUNKS = ch7_chunks(CH7) if CH7 else ()
FIGURES78 = figure_stems(P78, CH7_DATASETS)


wildcard_constraints:
    half="train|test",
    ch7filter="none|jmi|mim|impurity",
    ch7chunk=r"c\d{5}-\d{5}",
    scenario=r"(blocks|toeplitz)_n\d+_p\d+_s\d+",
    outer=r"\d+",


if WF.raw["localrules"]:

    localrules:
        ch78_ch7_splits,
        ch78_ch7_gather,
        ch78_ch7_outputs,
        ch78_toy_outputs,
        ch78_simulation_outputs,
        ch78_real_outputs,
        ch78_comparison,


def ch78_outputs():
    outputs = [f"{R78}/comparison_ch78.csv"]
    outputs += [f"{R78}/{stem}.{ext}" for group in FIGURES78.values() for stem in group
                for ext in ("pdf", "png")]
    if CH7:
        outputs += [f"{R78}/table7_1_pareto_counts.{ext}" for ext in ("csv", "parquet")]
    if SIM:
        outputs += [f"{R78}/table8_simulation_results.{ext}" for ext in ("csv", "parquet")]
    if TOY:
        outputs += [f"{R78}/table8_1_toy_selections.{ext}" for ext in ("csv", "parquet")]
    if REAL:
        outputs += [f"{R78}/table8_4_real_data_results.{ext}" for ext in ("csv", "parquet")]
    return outputs


PAPER_OUTPUTS.extend(ch78_outputs())


# -- Chapter 7 ------------------------------------------------------------------------------


rule ch78_ch7_splits:
    input:
        dataset=f"{DATA}/{{dataset}}/dataset.parquet",
    output:
        splits=f"{R78}/ch7/{{dataset}}/splits.parquet",
        configs=f"{R78}/ch7/{{dataset}}/configs.parquet",
    params:
        ch7=CH7,
        seed=WF.seed,
    log:
        f"{LOGS}/paper/bommert2020/ch7/{{dataset}}/splits.log",
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/paper_bommert2020_ch78/ch7_splits.py"


rule ch78_ch7_similarity:
    input:
        dataset=f"{DATA}/{{dataset}}/dataset.parquet",
        splits=f"{R78}/ch7/{{dataset}}/splits.parquet",
    output:
        similarity=f"{R78}/ch7/{{dataset}}/{{half}}/similarity.parquet",
    log:
        f"{LOGS}/paper/bommert2020/ch7/{{dataset}}/{{half}}/similarity.log",
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=4000,
        runtime=30,
    script:
        "../scripts/paper_bommert2020_ch78/ch7_similarity.py"


rule ch78_ch7_filter_order:
    input:
        dataset=f"{DATA}/{{dataset}}/dataset.parquet",
        splits=f"{R78}/ch7/{{dataset}}/splits.parquet",
    output:
        orders=f"{R78}/ch7/{{dataset}}/{{half}}/orders/{{ch7filter}}.parquet",
    params:
        seed=WF.seed,
    log:
        f"{LOGS}/paper/bommert2020/ch7/{{dataset}}/{{half}}/order_{{ch7filter}}.log",
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=4000,
        runtime=240,
    script:
        "../scripts/paper_bommert2020_ch78/ch7_filter_order.py"


rule ch78_ch7_evaluate:
    input:
        dataset=f"{DATA}/{{dataset}}/dataset.parquet",
        splits=f"{R78}/ch7/{{dataset}}/splits.parquet",
        configs=f"{R78}/ch7/{{dataset}}/configs.parquet",
        similarity=expand(f"{R78}/ch7/{{{{dataset}}}}/{{half}}/similarity.parquet",
                          half=("train", "test")),
        orders=expand(f"{R78}/ch7/{{{{dataset}}}}/{{half}}/orders/{{ch7filter}}.parquet",
                      half=("train", "test"), ch7filter=CH7["filters"] if CH7 else ()),
    output:
        evaluation=f"{R78}/ch7/{{dataset}}/chunks/{{ch7chunk}}.parquet",
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
        "../scripts/paper_bommert2020_ch78/ch7_evaluate.py"


rule ch78_ch7_gather:
    input:
        chunks=expand(f"{R78}/ch7/{{{{dataset}}}}/chunks/{{ch7chunk}}.parquet",
                      ch7chunk=CH7_CHUNKS),
        configs=f"{R78}/ch7/{{dataset}}/configs.parquet",
    output:
        evaluation=f"{R78}/ch7/{{dataset}}/evaluation.parquet",
        flags=f"{R78}/ch7/{{dataset}}/optimal.parquet",
    params:
        ch7=CH7,
    log:
        f"{LOGS}/paper/bommert2020/ch7/{{dataset}}/gather.log",
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/paper_bommert2020_ch78/ch7_gather.py"


rule ch78_ch7_outputs:
    input:
        evaluation=expand(f"{R78}/ch7/{{dataset}}/evaluation.parquet", dataset=CH7_DATASETS),
        flags=expand(f"{R78}/ch7/{{dataset}}/optimal.parquet", dataset=CH7_DATASETS),
        configs=expand(f"{R78}/ch7/{{dataset}}/configs.parquet", dataset=CH7_DATASETS),
    output:
        table=multiext(f"{R78}/table7_1_pareto_counts", ".csv", ".parquet"),
        figures=[f"{R78}/{stem}.{ext}" for stem in FIGURES78["ch7"] for ext in ("pdf", "png")],
    params:
        datasets=list(CH7_DATASETS),
        figures=FIGURES78["ch7"],
        folder=R78,
    log:
        f"{LOGS}/paper/bommert2020/ch7/outputs.log",
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=4000,
        runtime=20,
    script:
        "../scripts/paper_bommert2020_ch78/ch7_outputs.py"


# -- Chapter 8: §8.1 toy example --------------------------------------------------------------


rule ch78_toy:
    output:
        supports=f"{R78}/ch8/toy/{{chunk}}.parquet",
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
        "../scripts/paper_bommert2020_ch78/toy.py"


rule ch78_toy_outputs:
    input:
        chunks=expand(f"{R78}/ch8/toy/{{chunk}}.parquet", chunk=TOY_CHUNKS),
    output:
        table=multiext(f"{R78}/table8_1_toy_selections", ".csv", ".parquet"),
        figures=multiext(f"{R78}/fig08_2_toy_selection_frequencies", ".pdf", ".png")
        + multiext(f"{R78}/fig08_3_toy_group_counts", ".pdf", ".png")
        + multiext(f"{R78}/fig08_4_toy_median_counts", ".pdf", ".png"),
    params:
        folder=R78,
    log:
        f"{LOGS}/paper/bommert2020/ch8/toy_outputs.log",
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/paper_bommert2020_ch78/toy_outputs.py"


# -- Chapter 8: §8.3 simulation ---------------------------------------------------------------


rule ch78_simulation:
    output:
        results=f"{R78}/ch8/simulation/{{scenario}}/{{chunk}}.results.parquet",
        tuning=f"{R78}/ch8/simulation/{{scenario}}/{{chunk}}.tuning.parquet",
        timings=f"{R78}/ch8/simulation/{{scenario}}/{{chunk}}.timings.parquet",
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
        "../scripts/paper_bommert2020_ch78/simulation.py"


rule ch78_simulation_outputs:
    input:
        results=expand(f"{R78}/ch8/simulation/{{scenario}}/{{chunk}}.results.parquet",
                       scenario=SCENARIOS, chunk=SIM_CHUNKS),
        timings=expand(f"{R78}/ch8/simulation/{{scenario}}/{{chunk}}.timings.parquet",
                       scenario=SCENARIOS, chunk=SIM_CHUNKS),
    output:
        table=multiext(f"{R78}/table8_simulation_results", ".csv", ".parquet"),
        figures=[f"{R78}/{stem}.{ext}" for stem in FIGURES78["simulation"]
                 for ext in ("pdf", "png")],
    params:
        figures=FIGURES78["simulation"],
        folder=R78,
    log:
        f"{LOGS}/paper/bommert2020/ch8/simulation_outputs.log",
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=4000,
        runtime=20,
    script:
        "../scripts/paper_bommert2020_ch78/simulation_outputs.py"


# -- Chapter 8: §8.4 real data (nested cross-validation) ---------------------------------------


rule ch78_real:
    input:
        dataset=f"{DATA}/{{dataset}}/dataset.parquet",
    output:
        results=f"{R78}/ch8/real/{{dataset}}/outer{{outer}}.results.parquet",
        timings=f"{R78}/ch8/real/{{dataset}}/outer{{outer}}.timings.parquet",
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
        "../scripts/paper_bommert2020_ch78/real.py"


rule ch78_real_outputs:
    input:
        results=[f"{R78}/ch8/real/{d}/outer{k}.results.parquet"
                 for d in REAL_DATASETS for k in range(REAL["n_outer"] if REAL else 0)],
    output:
        table=multiext(f"{R78}/table8_4_real_data_results", ".csv", ".parquet"),
        figures=multiext(f"{R78}/fig08_8_real_data_accuracy", ".pdf", ".png")
        + multiext(f"{R78}/fig08_9_real_data_n_selected", ".pdf", ".png"),
    params:
        folder=R78,
    log:
        f"{LOGS}/paper/bommert2020/ch8/real_outputs.log",
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/paper_bommert2020_ch78/real_outputs.py"


# -- comparison with the numbers stated in the thesis ------------------------------------------


rule ch78_comparison:
    input:
        datasets=expand(f"{DATA}/{{dataset}}/dataset.parquet",
                        dataset=sorted(set(CH7_DATASETS) | set(REAL_DATASETS))),
        table71=f"{R78}/table7_1_pareto_counts.parquet" if CH7 else [],
        toy=f"{R78}/table8_1_toy_selections.parquet" if TOY else [],
        simulation=f"{R78}/table8_simulation_results.parquet" if SIM else [],
    output:
        comparison=f"{R78}/comparison_ch78.csv",
    params:
        paper=P78,
        n_scenarios=len(SCENARIOS),
    log:
        f"{LOGS}/paper/bommert2020/comparison_ch78.log",
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/paper_bommert2020_ch78/comparison.py"
