# Shared helpers: the validated configuration, paths and input functions.

from pathlib import Path

from snakemake.logging import logger

from fsstab.workflow.checks import check_stored_datasets, checked_workflow
from fsstab.workflow.config import load_schema
from fsstab.workflow.data import local_source_path

# semantic checks (known selectors, measures, sources; parameters of each class; forced >
# selected features, sizes above a prefilter's size, binary-only selectors on multi-class
# data, missing local files) before any job; the message lists every problem with its key,
# together with the keys defined twice in a configuration file (Snakefile)
SCHEMA = Path(workflow.basedir) / "config" / "schema" / "config.schema.yaml"
WF = checked_workflow(
    config, load_schema(SCHEMA), problems=CONFIG_FILE_PROBLEMS, base_dir=Path.cwd()
)
DATA = WF.raw["data_dir"]

# what the datasets prefiltered by earlier runs show (their d, n and classes): a selector
# added since then is checked against them before any job
for warning in check_stored_datasets(WF, DATA):
    logger.warning(f"Warning: {warning}")
RESULTS = WF.raw["results_dir"]
LOGS = "logs"
BENCH = f"{RESULTS}/benchmarks"
DATASETS = tuple(WF.datasets)
CONFIG_IDS = tuple(c.id for c in WF.configurations)

# cheap rules run on the submitting machine unless `localrules: false` (every job submitted)
if WF.raw["localrules"]:

    localrules:
        fetch,
        gather,
        summary,
        pareto,
        rank,
        figure_feature_map,
        figure_pareto,
        figure_trajectory,
        figure_summary,
        stable_features,
        summary_csv,
        report_tables,


wildcard_constraints:
    dataset="|".join(DATASETS) or "NONE",
    config=r"[A-Za-z0-9][A-Za-z0-9_.+=-]*",
    chunk=r"r\d{4}-\d{4}",
    measure=r"[a-z_]+",
    selector=r"[A-Za-z0-9][A-Za-z0-9_.-]*",


def dataset_files(folder):
    """The stored form of a dataset: Parquet + provenance JSON."""
    return {"parquet": f"{folder}/dataset.parquet", "provenance": f"{folder}/provenance.json"}


def local_source_file(wildcards):
    """The file of a ``file:`` source (relative to the working directory), so that editing it
    reruns the fetch and everything after it; nothing for other sources."""
    path = local_source_path(WF.datasets[wildcards.dataset].source)
    return [] if path is None else [path]


def spec_of(wildcards):
    return WF.configuration(wildcards.config).spec


def select_inputs(wildcards):
    """Dataset and resamples, plus the calibrated C and the univariate scores where needed."""
    c = WF.configuration(wildcards.config)
    inputs = {
        "dataset": f"{DATA}/{wildcards.dataset}/dataset.parquet",
        "resamples": f"{RESULTS}/{wildcards.dataset}/resamples.parquet",
    }
    if c.calibrate_target_k is not None:
        inputs["calibration"] = (
            f"{RESULTS}/{wildcards.dataset}/select/{wildcards.config}/calibration.json"
        )
    if c.uses_univariate_scores:
        inputs["univariate"] = f"{RESULTS}/{wildcards.dataset}/univariate.parquet"
    return inputs


def chunk_files(wildcards, table):
    return [
        f"{RESULTS}/{wildcards.dataset}/select/{wildcards.config}/chunks/{chunk}.{table}.parquet"
        for chunk in WF.chunks_for(wildcards.dataset)
    ]


def needs_similarity():
    from fsstab.measures import MEASURES

    return any("C" in MEASURES[m].requires for m in WF.measures)


def stability_inputs(wildcards):
    folder = f"{RESULTS}/{wildcards.dataset}/select/{wildcards.config}"
    inputs = {
        "dataset": f"{DATA}/{wildcards.dataset}/dataset.parquet",
        "runs": f"{folder}/runs.parquet",
        "features": f"{folder}/features.parquet",
    }
    if needs_similarity():
        inputs["similarity"] = f"{RESULTS}/{wildcards.dataset}/similarity.parquet"
    if WF.configuration(wildcards.config).calibrate_target_k is not None:
        inputs["calibration"] = f"{folder}/calibration.json"
    return inputs


def dataset_stability_files(wildcards):
    return [
        f"{RESULTS}/{wildcards.dataset}/stability/{c.id}.parquet"
        for c in WF.configurations_for(wildcards.dataset)
    ]


def stable_features_inputs(wildcards):
    """The dataset (feature names), its summary and Pareto table, and the gathered
    selections of every configuration on it."""
    folder = f"{RESULTS}/{wildcards.dataset}/select"
    configs = [c.id for c in WF.configurations_for(wildcards.dataset)]
    return {
        "dataset": f"{DATA}/{wildcards.dataset}/dataset.parquet",
        "summary": f"{RESULTS}/{wildcards.dataset}/stability.parquet",
        "pareto": f"{RESULTS}/{wildcards.dataset}/pareto.parquet",
        "runs": [f"{folder}/{c}/runs.parquet" for c in configs],
        "features": [f"{folder}/{c}/features.parquet" for c in configs],
    }


def selection_resources(attribute, default):
    def resource(wildcards):
        return WF.configuration(wildcards.config).resources.get(attribute, default)

    return resource


def figure_targets(dataset):
    folder = f"{RESULTS}/{dataset}/figures"
    stems = [f"{folder}/summary"]
    stems += [f"{folder}/pareto/{m}" for m in WF.pareto_measures]
    stems += [f"{folder}/trajectories/{s}" for s in WF.trajectory_selectors(dataset)]
    if WF.raw["figures"]["feature_maps"]:
        stems += [f"{folder}/feature_maps/{c.id}" for c in WF.configurations_for(dataset)]
    return [f"{stem}.{ext}" for stem in stems for ext in ("pdf", "png")]


#: Targets of a paper's rules (rules/paper_<name>.smk appends to it when included).
PAPER_TARGETS = []


def final_outputs():
    """The generic stages' outputs for every dataset that selectors run on (none without
    selectors: a paper configuration whose own rules do all the work) and the paper's
    targets."""
    if not WF.configurations:
        return list(PAPER_TARGETS)
    outputs = [
        f"{RESULTS}/summary.parquet",
        f"{RESULTS}/summary.csv",
        f"{RESULTS}/pareto_rank.parquet",
    ]
    for dataset in WF.selected_datasets:
        outputs.append(f"{RESULTS}/{dataset}/pareto.parquet")
        # (a paper run tabulates what its paper does; its stable features are a target away)
        if WF.paper is None:
            outputs.append(f"{RESULTS}/{dataset}/stable_features.parquet")
        if WF.raw["figures"]["dataset_figures"]:
            outputs += figure_targets(dataset)
            if WF.paper is None:
                outputs.append(f"{RESULTS}/{dataset}/report/summary.html")
    return outputs + PAPER_TARGETS
