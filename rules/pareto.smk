# Stage 6: Pareto fronts, γ compromises, ε-constraint and one-SE choices per dataset; the
# non-dominated rank across datasets and the summary of all datasets of the results folder.


rule pareto:
    input:
        summary=get_stability("{dataset}"),
    output:
        pareto=get_pareto("{dataset}"),
    log:
        f"{LOGS}/{{dataset}}/pareto.log",
    benchmark:
        f"{BENCH}/{{dataset}}/pareto.tsv"
    priority: LONGEST_PATH_PRIORITY
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        measures=list(WF.pareto_measures),
        gammas=WF.pareto_gammas,
        epsilon=WF.epsilon_constraint,
        seed=WF.seed,
    script:
        "../scripts/pareto.py"


rule rank:
    input:
        summaries=expand(get_stability("{dataset}"), dataset=WF.selected_datasets),
        others=other_configurations_summaries(),
    output:
        summary=get_summary(),
        rank=get_pareto_rank(),
    log:
        f"{LOGS}/rank.log",
    benchmark:
        f"{BENCH}/rank.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=memory("tables", dataset=None, files="*"),
        runtime=runtime("tables", dataset=None, files="*"),
    params:
        measures=list(WF.pareto_measures),
        rank_datasets=list(WF.rank_datasets),
    script:
        "../scripts/rank.py"
