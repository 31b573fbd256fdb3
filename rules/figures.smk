# Stage 7: figures (PDF + PNG); the PNGs are collected by `snakemake --report`.


rule figure_feature_map:
    input:
        dataset=get_dataset("{dataset}"),
        runs=get_runs("{dataset}", "{config}"),
        features=get_features("{dataset}", "{config}"),
        stability=f"{RESULTS}/{{dataset}}/stability/{{config}}.parquet",
    output:
        pdf=f"{RESULTS}/{{dataset}}/figures/feature_maps/{{config}}.pdf",
        png=report(
            f"{RESULTS}/{{dataset}}/figures/feature_maps/{{config}}.png",
            caption="../report/feature_map.rst",
            category="Feature stability maps",
            subcategory="{dataset}",
            labels={"dataset": "{dataset}", "configuration": "{config}"},
        ),
    params:
        spec=spec_of,
        rank_cap=WF.rank_cap,
        measures=list(WF.figure_measures),
    log:
        f"{LOGS}/{{dataset}}/figures/feature_map_{{config}}.log",
    benchmark:
        f"{BENCH}/{{dataset}}/figures/feature_map_{{config}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    script:
        "../scripts/figure_feature_map.py"


rule figure_pareto:
    input:
        pareto=get_pareto("{dataset}"),
    output:
        pdf=f"{RESULTS}/{{dataset}}/figures/pareto/{{measure}}.pdf",
        png=report(
            f"{RESULTS}/{{dataset}}/figures/pareto/{{measure}}.png",
            caption="../report/pareto.rst",
            category="Pareto fronts",
            subcategory="{dataset}",
            labels={"dataset": "{dataset}", "measure": "{measure}"},
        ),
    params:
        gammas=WF.raw["pareto"]["gamma"],
    log:
        f"{LOGS}/{{dataset}}/figures/pareto_{{measure}}.log",
    benchmark:
        f"{BENCH}/{{dataset}}/figures/pareto_{{measure}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=5,
    script:
        "../scripts/figure_pareto.py"


rule figure_trajectory:
    input:
        summary=get_stability("{dataset}"),
    output:
        pdf=f"{RESULTS}/{{dataset}}/figures/trajectories/{{selector}}.pdf",
        png=report(
            f"{RESULTS}/{{dataset}}/figures/trajectories/{{selector}}.png",
            caption="../report/trajectory.rst",
            category="Stability versus parameters",
            subcategory="{dataset}",
            labels={"dataset": "{dataset}", "selector": "{selector}"},
        ),
    params:
        measures=list(WF.figure_measures),
    log:
        f"{LOGS}/{{dataset}}/figures/trajectory_{{selector}}.log",
    benchmark:
        f"{BENCH}/{{dataset}}/figures/trajectory_{{selector}}.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=5,
    script:
        "../scripts/figure_trajectory.py"


rule figure_summary:
    input:
        summary=get_stability("{dataset}"),
    output:
        pdf=f"{RESULTS}/{{dataset}}/figures/summary.pdf",
        png=report(
            f"{RESULTS}/{{dataset}}/figures/summary.png",
            caption="../report/summary.rst",
            category="Summary figures",
            labels={"dataset": "{dataset}"},
        ),
    params:
        measures=list(WF.figure_measures),
    log:
        f"{LOGS}/{{dataset}}/figures/summary.log",
    benchmark:
        f"{BENCH}/{{dataset}}/figures/summary.tsv"
    conda:
        "../envs/fsstab.yaml"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=5,
    script:
        "../scripts/figure_summary.py"
