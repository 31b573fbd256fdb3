# fsstab: stability of feature selection, end to end.
#
#   python3 -m pip install -e ".[workflow]" && snakemake --cores 2
#
# Stages (one .smk each): fetch -> prefilter -> resample (+ similarity, univariate scores)
# -> select (chunks, gathered) -> stability -> pareto -> figures -> report. docs/workflow.md
# documents the configuration, the file layout and every table.

from snakemake.utils import min_version, validate

min_version("8.20")


configfile: "config/config.yaml"


# structural checks (types, keys, ranges) with defaults filled in, before any job
validate(config, "config/schema/config.schema.yaml")


include: "rules/common.smk"
include: "rules/fetch.smk"
include: "rules/prefilter.smk"
include: "rules/resample.smk"
include: "rules/select.smk"
include: "rules/stability.smk"
include: "rules/pareto.smk"
include: "rules/figures.smk"
include: "rules/report.smk"


rule all:
    input:
        final_outputs(),
    default_target: True
