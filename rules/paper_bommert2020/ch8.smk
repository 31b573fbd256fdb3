# Bommert (2020), Chapter 8: L0-regularised logistic regression on data with similar features.
# Each part runs when given: §8.1 toy (chunks of data sets), §8.3 simulation (one job per
# scenario x chunk of replications), §8.4 real data (one job per data set x outer fold); each
# then its result table and figures. Included by rules/paper_bommert2020.smk when
# paper.settings.ch8 is given. Computations: fsstab.papers.bommert2020.ch8.

from fsstab.papers.bommert2020.ch8.stages import scenario_ids, simulation_figure_stems
from fsstab.workflow.config import chunk_ids

B8 = BOMMERT["ch8"]
B8_TOY = B8.get("toy")
B8_SIMULATION = B8.get("simulation")
# the §8.4 data sets this run computes (only_datasets may leave some out)
B8_REAL_DATASETS = [d for d in (B8.get("real_data") or {}).get("datasets", ()) if d in DATASETS]


wildcard_constraints:
    scenario=r"(blocks|toeplitz)_n\d+_p\d+_s\d+",
    outer=r"\d+",


if WF.localrules:

    localrules:
        bommert2020_ch8_toy_outputs,
        bommert2020_ch8_simulation_outputs,
        bommert2020_ch8_real_outputs,
        bommert2020_ch8_comparison,
        bommert2020_ch8_claims,


# -- §8.1: the toy example ----------------------------------------------------------------------

if B8_TOY:

    rule bommert2020_ch8_toy:
        output:
            supports=get_paper_work("ch8/toy/{chunk}.parquet"),
        log:
            get_paper_log("ch8/toy/{chunk}"),
        benchmark:
            get_paper_benchmark("ch8/toy/{chunk}")
        conda:
            "../../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("simulation_study"),
            runtime=runtime("simulation_study"),
        params:
            toy=B8_TOY,
            seed=WF.seed,
        script:
            "../../scripts/paper_bommert2020/ch8_toy.py"

    rule bommert2020_ch8_toy_outputs:
        input:
            chunks=expand(
                rules.bommert2020_ch8_toy.output.supports,
                chunk=chunk_ids(B8_TOY["n_datasets"], B8_TOY["chunk_size"]),
            ),
        output:
            **get_bommert2020_tables(["table8_1_toy_selections"]),
            **get_bommert2020_figures(
                [
                    "fig08_2_toy_selection_frequencies",
                    "fig08_3_toy_group_counts",
                    "fig08_4_toy_median_counts",
                ]
            ),
        log:
            get_paper_log("ch8/toy_outputs"),
        benchmark:
            get_paper_benchmark("ch8/toy_outputs")
        conda:
            "../../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("tables", dataset=None, files="*"),
            runtime=runtime("tables", dataset=None, files="*"),
        script:
            "../../scripts/paper_bommert2020/ch8_toy_outputs.py"

    PAPER_TARGETS.extend(rules.bommert2020_ch8_toy_outputs.output)


# -- §8.3: the simulation -----------------------------------------------------------------------

if B8_SIMULATION:

    rule bommert2020_ch8_simulation:
        output:
            results=get_paper_work("ch8/simulation/{scenario}/{chunk}.results.parquet"),
            tuning=get_paper_work("ch8/simulation/{scenario}/{chunk}.tuning.parquet"),
            timings=get_paper_work("ch8/simulation/{scenario}/{chunk}.timings.parquet"),
        log:
            get_paper_log("ch8/simulation/{scenario}/{chunk}"),
        benchmark:
            get_paper_benchmark("ch8/simulation/{scenario}/{chunk}")
        conda:
            "../../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("simulation_study_large"),
            runtime=runtime("simulation_study_large"),
        params:
            approaches=B8["approaches"],
            seed=WF.seed,
        script:
            "../../scripts/paper_bommert2020/ch8_simulation.py"

    rule bommert2020_ch8_simulation_outputs:
        input:
            results=expand(
                rules.bommert2020_ch8_simulation.output.results,
                scenario=scenario_ids(B8_SIMULATION),
                chunk=chunk_ids(B8_SIMULATION["n_replications"], B8_SIMULATION["chunk_size"]),
            ),
            timings=expand(
                rules.bommert2020_ch8_simulation.output.timings,
                scenario=scenario_ids(B8_SIMULATION),
                chunk=chunk_ids(B8_SIMULATION["n_replications"], B8_SIMULATION["chunk_size"]),
            ),
        output:
            **get_bommert2020_tables(["table8_simulation_results"]),
            **get_bommert2020_figures(simulation_figure_stems(B8_SIMULATION)),
        log:
            get_paper_log("ch8/simulation_outputs"),
        benchmark:
            get_paper_benchmark("ch8/simulation_outputs")
        conda:
            "../../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("tables", dataset=None, files="*"),
            runtime=runtime("tables", dataset=None, files="*"),
        params:
            figures=simulation_figure_stems(B8_SIMULATION),
        script:
            "../../scripts/paper_bommert2020/ch8_simulation_outputs.py"

    PAPER_TARGETS.extend(rules.bommert2020_ch8_simulation_outputs.output)


# -- §8.4: real data, nested cross-validation -------------------------------------------------

if B8_REAL_DATASETS:

    rule bommert2020_ch8_real:
        input:
            dataset=get_dataset("{dataset}"),
        output:
            results=get_paper_work("ch8/real/{dataset}/outer{outer}.results.parquet"),
            timings=get_paper_work("ch8/real/{dataset}/outer{outer}.timings.parquet"),
        log:
            get_paper_log("ch8/real/{dataset}/outer{outer}"),
        benchmark:
            get_paper_benchmark("ch8/real/{dataset}/outer{outer}")
        conda:
            "../../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("data_study_large"),
            runtime=runtime("data_study_large"),
        params:
            approaches=B8["approaches"],
            n_outer=B8["real_data"]["n_outer"],
            seed=WF.seed,
        script:
            "../../scripts/paper_bommert2020/ch8_real.py"

    rule bommert2020_ch8_real_outputs:
        input:
            results=expand(
                rules.bommert2020_ch8_real.output.results,
                dataset=B8_REAL_DATASETS,
                outer=range(B8["real_data"]["n_outer"]),
            ),
        output:
            **get_bommert2020_tables(["table8_4_real_data_results"]),
            **get_bommert2020_figures(
                ["fig08_8_real_data_accuracy", "fig08_9_real_data_n_selected"]
            ),
        log:
            get_paper_log("ch8/real_outputs"),
        benchmark:
            get_paper_benchmark("ch8/real_outputs")
        conda:
            "../../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("tables", dataset=None, files="*"),
            runtime=runtime("tables", dataset=None, files="*"),
        script:
            "../../scripts/paper_bommert2020/ch8_real_outputs.py"

    PAPER_TARGETS.extend(rules.bommert2020_ch8_real_outputs.output)


# -- the statements of §8.1, §8.3 and §8.4 next to ours; the claims of the chapter ---------------


if B8_TOY or B8_SIMULATION or B8_REAL_DATASETS:

    rule bommert2020_ch8_comparison:
        input:
            unpack(lambda wildcards: get_bommert2020_ch8_tables()),
        output:
            comparison=get_bommert2020_work_table("ch8/comparison_8"),
        log:
            get_paper_log("ch8/comparison"),
        benchmark:
            get_paper_benchmark("ch8/comparison")
        conda:
            "../../envs/fsstab.yaml"
        threads: 1
        resources:
            mem_mb=memory("tables", dataset=None, files="*"),
            runtime=runtime("tables", dataset=None, files="*"),
        params:
            n_scenarios=len(scenario_ids(B8_SIMULATION)) if B8_SIMULATION else 0,
            ch8=B8,
        script:
            "../../scripts/paper_bommert2020/ch8_comparison.py"

    BOMMERT_COMPARISON_PARTS.append(
        get_bommert2020_work_parquet(rules.bommert2020_ch8_comparison.output.comparison)
    )


rule bommert2020_ch8_claims:
    # the claims of Ch. 8 checked on this run (a part not run: its claims not testable);
    # gathered into conclusions.md with the other chapters' by bommert2020_conclusions
    input:
        unpack(lambda wildcards: get_bommert2020_ch8_tables()),
    output:
        inputs=get_paper_file("ch8_conclusions_inputs", "json"),
        table=get_paper_table("ch8_claims"),
    log:
        get_paper_log("ch8/claims"),
    benchmark:
        get_paper_benchmark("ch8/claims")
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        # the chapter's settings (written to ch8_conclusions_inputs.json with the tables read)
        run=bommert2020_conclusions_run(WF, "ch8"),
    script:
        "../../scripts/paper_bommert2020/ch8_claims.py"


PAPER_TARGETS.extend(rules.bommert2020_ch8_claims.output)
