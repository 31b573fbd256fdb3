# Nogueira & Brown (2016): Fig. 1, the toy examples of §3.2, Table 1 (the measures' properties,
# checked on every pair of sets), Table 2, Fig. 2, comparison.csv and conclusions.md (every claim
# checked, with its verdict).
#
# Table 2 and Fig. 2 come from the generic stages (random-forest selection with the tree
# fraction p on K subsamples: config/paper/nogueira2016.yaml); these rules only read their
# stability summaries and runs. Paths come from the get_* functions of rules/common.smk (the
# stages' products, the paper's files) or from the paper's own rules (rules.<rule>.output).
# Outputs: <results>/paper/nogueira2016/ (docs/paper-nogueira2016.md). The template of a
# paper's rules: docs/papers.md.

from fsstab.papers.nogueira2016.reference import PAPER_FIGURE2
from fsstab.papers.nogueira2016.settings import SETTINGS, conclusions_run, run_settings

# paper.settings checked (with the whole configuration) before any job; defaults filled in
NOGUEIRA = SETTINGS.checked(WF)
# what each data set's run uses, in the paper's terms (K, trees, p, ...): set beside the
# paper's settings in comparison.csv and conclusions.md
NOGUEIRA_RUN = run_settings(WF)
# every configured dataset: those not run (only_datasets) keep the paper's rows
NOGUEIRA_CONFIGURED = list(WF.dataset_entries)


if WF.localrules:

    localrules:
        nogueira2016_figure1,
        nogueira2016_toy_examples,
        nogueira2016_properties,
        nogueira2016_figure2,
        nogueira2016_pairs,
        nogueira2016_comparison,
        nogueira2016_conclusions,


rule nogueira2016_figure1:
    output:
        table=get_paper_table("fig01_sim_n_extremes"),
        figure=get_paper_figure("fig01_sim_n_extremes"),
    log:
        get_paper_log("figure1"),
    benchmark:
        get_paper_benchmark("figure1")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("toy_examples"),
        runtime=runtime("toy_examples"),
    params:
        settings=NOGUEIRA["figure1"],
    script:
        "../scripts/paper_nogueira2016/figure1.py"


rule nogueira2016_toy_examples:
    output:
        table=get_paper_table("sec3_2_toy_examples"),
    log:
        get_paper_log("toy_examples"),
    benchmark:
        get_paper_benchmark("toy_examples")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("toy_examples"),
        runtime=runtime("toy_examples"),
    script:
        "../scripts/paper_nogueira2016/toy_examples.py"


rule nogueira2016_properties:
    output:
        table1=get_paper_table("table1_properties"),
        pairs=get_paper_table("table1_measure_pairs"),
        theorem1=get_paper_table("theorem1_cw_rel_sim_k"),
    log:
        get_paper_log("properties"),
    benchmark:
        get_paper_benchmark("properties")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("toy_examples"),
        runtime=runtime("toy_examples"),
    script:
        "../scripts/paper_nogueira2016/properties.py"


rule nogueira2016_figure2:
    input:
        summaries=[get_stability(d) for d in DATASETS],
        datasets=[get_dataset(d) for d in DATASETS],
        # the one random-forest configuration of each dataset (checked with the settings)
        runs=[get_runs(d, c.id) for d in DATASETS for c in WF.configurations_for(d)],
    output:
        table=get_paper_table("fig02_stability"),
        figure=get_paper_figure("fig02_stability"),
        table2=get_paper_table("table2_datasets"),
    log:
        get_paper_log("figure2"),
    benchmark:
        get_paper_benchmark("figure2")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("analysis", dataset="*", files="*"),
        runtime=runtime("analysis", dataset="*", files="*"),
    params:
        datasets=list(DATASETS),
        measures=NOGUEIRA["figure2_measures"],
        n_resamples=WF.n_resamples,
    script:
        "../scripts/paper_nogueira2016/figure2.py"


rule nogueira2016_pairs:
    input:
        runs=[get_runs(d, c.id) for d in DATASETS for c in WF.configurations_for(d)],
        features=[get_features(d, c.id) for d in DATASETS for c in WF.configurations_for(d)],
    output:
        table=get_paper_table("sec5_pair_statistics"),
        jackknife=get_paper_table("fig02_jackknife"),
    log:
        get_paper_log("pairs"),
    benchmark:
        get_paper_benchmark("pairs")
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        datasets=list(DATASETS),
        # Fig. 2's measures in the paper (their noise: one set left out in turn)
        measures=list(PAPER_FIGURE2),
    script:
        "../scripts/paper_nogueira2016/pairs.py"


rule nogueira2016_comparison:
    input:
        toy=rules.nogueira2016_toy_examples.output.table,
        figure1=rules.nogueira2016_figure1.output.table,
        figure2=rules.nogueira2016_figure2.output.table,
        table2=rules.nogueira2016_figure2.output.table2,
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
        configured=NOGUEIRA_CONFIGURED,
        run=NOGUEIRA_RUN,
    script:
        "../scripts/paper_nogueira2016/comparison.py"


rule nogueira2016_conclusions:
    input:
        toy=rules.nogueira2016_toy_examples.output.table,
        figure1=rules.nogueira2016_figure1.output.table,
        figure2=rules.nogueira2016_figure2.output.table,
        table2=rules.nogueira2016_figure2.output.table2,
        table1=rules.nogueira2016_properties.output.table1,
        pairs=rules.nogueira2016_properties.output.pairs,
        theorem1=rules.nogueira2016_properties.output.theorem1,
        pair_statistics=rules.nogueira2016_pairs.output.table,
        jackknife=rules.nogueira2016_pairs.output.jackknife,
    output:
        inputs=get_paper_file("conclusions_inputs", "json"),
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
        # the data sets configured (those not run keep the paper's rows) and the run's
        # settings: written to conclusions_inputs.json with the tables read
        run=conclusions_run(WF),
    script:
        "../scripts/paper_nogueira2016/conclusions.py"


PAPER_TARGETS.extend(
    [
        *rules.nogueira2016_figure1.output,
        *rules.nogueira2016_toy_examples.output,
        *rules.nogueira2016_properties.output,
        *rules.nogueira2016_figure2.output,
        *rules.nogueira2016_pairs.output,
        *rules.nogueira2016_comparison.output,
        *rules.nogueira2016_conclusions.output,
    ]
)
