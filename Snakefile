# fsstab: stability of feature selection, end to end.
#
#   python3 -m pip install -e ".[workflow]" && snakemake --cores 2
#
# Stages (one .smk each): fetch -> prefilter -> resample (+ similarity, univariate scores)
# -> select (chunks, gathered) -> stability (+ convergence in M) -> pareto -> figures, tables
# -> report; error control (error-controlled selectors, planted-null check).
# docs/workflow.md documents the configuration, the file layout and every table.

import sys
from pathlib import Path

from snakemake.utils import min_version

min_version("8.20")

# The folder of this Snakefile, also when the workflow is used as a module from another
# folder (`module fsstab: snakefile: ...`, what snakedeploy writes), where workflow.basedir is
# the using workflow's: the schema, src/ and the paper rules are found from here.
WORKFLOW_DIR = Path(workflow.current_basedir.get_path_or_uri(secret_free=True))

# fsstab from this checkout, for the workflow itself and for every job (local, in the conda
# environment, or on a cluster node): the jobs then run the code of the workflow's own version,
# installed or not
sys.path.insert(0, str(WORKFLOW_DIR / "src"))

from fsstab.workflow.scripting import prepend_python_path

prepend_python_path(WORKFLOW_DIR / "src")


# The default run's configuration, unless configuration files are given on the command line:
# `--configfile` would otherwise only *extend* it, and the default run's datasets and selectors
# would join every other run (e.g. a paper's).
# (read by fsstab first, whose messages give the file, line and column of a YAML problem and
# say "datasets: required" of an empty file; Snakemake reads --configfile files itself)
if not workflow.overwrite_configfiles:
    from fsstab.workflow.config_files import read_config_file

    if Path("config/config.yaml").exists():
        read_config_file("config/config.yaml")

    configfile: "config/config.yaml"


# structural checks (keys given twice in a config file; types, keys, ranges of the schema)
# with defaults filled in, before any job: every problem, each with its key path and the
# allowed keys or values, reported at once with those of the later checks (rules/common.smk)
from fsstab.workflow.validation import validate_config_files

CONFIG_FILE_PROBLEMS = validate_config_files(
    config,
    WORKFLOW_DIR / "config" / "schemas" / "config.schema.yaml",
    [*workflow.overwrite_configfiles, *workflow.configfiles],
)


include: "rules/common.smk"
include: "rules/fetch.smk"
include: "rules/prefilter.smk"
include: "rules/resample.smk"
include: "rules/select.smk"
include: "rules/stability.smk"
include: "rules/convergence.smk"
include: "rules/pareto.smk"
include: "rules/nested.smk"
include: "rules/figures.smk"
include: "rules/tables.smk"
include: "rules/report.smk"
include: "rules/error_control.smk"


# a paper-regeneration run (config key `paper`) adds the paper's figure and table rules
if WF.paper is not None:

    include: paper_rules(WF.paper.name)


rule all:
    default_target: True
    input:
        final_outputs(),


# a dataset named like one of the workflow's own products is refused, now that every rule is
# defined (rules/common.smk); only then does the workflow write its first file
check_layout()
