# fsstab: stability of feature selection, end to end.
#
#   python3 -m pip install -e ".[workflow]" && snakemake --cores 2
#
# Stages (one .smk each): fetch -> prefilter -> resample (+ similarity, univariate scores)
# -> select (chunks, gathered) -> stability -> pareto -> figures -> report. docs/workflow.md
# documents the configuration, the file layout and every table.

import sys
from pathlib import Path

from snakemake.utils import min_version, validate

min_version("8.20")

# fsstab from this checkout, for the workflow itself and for every job (local, in the conda
# environment, or on a cluster node): the jobs then run the code of the workflow's own version,
# installed or not
sys.path.insert(0, str(Path(workflow.basedir) / "src"))

from fsstab.workflow.scripting import prepend_python_path

prepend_python_path(Path(workflow.basedir) / "src")


# the default run; a configuration given with --configfile replaces it (rather than being
# merged into it: a paper configuration must not inherit the default run's datasets)
if not workflow.overwrite_configfiles:

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


# a paper configuration (key `paper`) adds its figure/table rules, rules/paper_<name>*.smk,
# which append their targets to PAPER_OUTPUTS; they are then the default target
for paper_rules in PAPER_RULE_FILES:

    include: paper_rules


if PAPER:

    include: "rules/paper.smk"


rule all:
    input:
        PAPER_OUTPUTS if PAPER else final_outputs(),
    default_target: True
