# Hamer & Dupont (2021), §7.3: the blocks of correlated features, the variability of the
# group estimates and their distributions (Figs. 19-20). Included by
# rules/paper_hamer2021.smk (HAMER, PLAN and S73 come from there).
# Computations: fsstab.papers.hamer2021.

# -- §7.3: Figs. 19-20 ----------------------------------------------------------------------------


rule hamer2021_blocks:
    input:
        unpack(get_hamer2021_block_inputs),
    output:
        estimates=get_paper_work("section73/{paper}_block_estimates.parquet"),
    log:
        get_paper_log("section73_{paper}"),
    benchmark:
        get_paper_benchmark("section73_{paper}")
    wildcard_constraints:
        paper="|".join(HAMER["section73"]["datasets"]) or "NONE",
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("analysis", dataset="*", files="*"),
        runtime=runtime("analysis", dataset="*", files="*"),
    params:
        block_size=HAMER["section73"]["block_size"],
    script:
        "../../scripts/paper_hamer2021/blocks.py"


rule hamer2021_variability:
    input:
        **{paper: expand(rules.hamer2021_blocks.output.estimates, paper=paper)[0] for paper in S73},
    output:
        figure=get_paper_figure("fig19_coefficient_of_variation"),
        cv=get_paper_table("fig19_coefficient_of_variation"),
        estimates=get_paper_table("fig19-20_block_estimates"),
    log:
        get_paper_log("fig19"),
    benchmark:
        get_paper_benchmark("fig19")
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        block_size=HAMER["section73"]["block_size"],
    script:
        "../../scripts/paper_hamer2021/variability.py"


rule hamer2021_distributions:
    input:
        **{
            paper: expand(rules.hamer2021_blocks.output.estimates, paper=paper)[0]
            for paper in PLAN.distribution_datasets().datasets
        },
    output:
        figure=get_paper_figure("fig20_sampling_distributions"),
    log:
        get_paper_log("fig20"),
    benchmark:
        get_paper_benchmark("fig20")
    conda:
        "../../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        block_size=HAMER["section73"]["block_size"],
        note=PLAN.distribution_datasets().note,
    script:
        "../../scripts/paper_hamer2021/distributions.py"
