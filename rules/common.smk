# Shared helpers: the validated configuration, paths and input functions.

from pathlib import Path

from fsstab.workflow.config import check_config, load_schema, validate_schema

# semantic checks (known selectors, measures, sources; parameters of each class) before any
# job; the message lists every problem with its key
SCHEMA = Path(workflow.basedir) / "config" / "schema" / "config.schema.yaml"
WF = check_config(validate_schema(config, load_schema(SCHEMA)))
DATA = WF.raw["data_dir"]
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


wildcard_constraints:
    dataset="|".join(DATASETS) or "NONE",
    config=r"[A-Za-z0-9][A-Za-z0-9_.+=-]*",
    chunk=r"r\d{4}-\d{4}",
    measure=r"[a-z_]+",
    selector=r"[A-Za-z0-9][A-Za-z0-9_.-]*",


def dataset_files(folder):
    """The stored form of a dataset: Parquet + provenance JSON."""
    return {"parquet": f"{folder}/dataset.parquet", "provenance": f"{folder}/provenance.json"}


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


def selection_resources(attribute, default):
    def resource(wildcards):
        return WF.configuration(wildcards.config).resources.get(attribute, default)

    return resource


def dataset_figure_stems(dataset):
    """The figures of ``dataset`` by kind, as output paths without extension: the summary,
    one Pareto plot per Pareto measure, one trajectory per selector with a varied parameter,
    one feature stability map per configuration (if ``figures.feature_maps``)."""
    folder = f"{RESULTS}/{dataset}/figures"
    maps = WF.configurations_for(dataset) if WF.raw["figures"]["feature_maps"] else ()
    return {
        "summary": f"{folder}/summary",
        "pareto": {m: f"{folder}/pareto/{m}" for m in WF.pareto_measures},
        "trajectories": {
            s: f"{folder}/trajectories/{s}" for s in WF.trajectory_selectors(dataset)
        },
        "feature_maps": {c.id: f"{folder}/feature_maps/{c.id}" for c in maps},
    }


def figure_targets(dataset):
    stems = dataset_figure_stems(dataset)
    every = [stems["summary"]]
    for kind in ("pareto", "trajectories", "feature_maps"):
        every += stems[kind].values()
    return [f"{stem}.{ext}" for stem in every for ext in ("pdf", "png")]


def figure_outputs(dataset):
    """:func:`figure_targets` with each PNG marked for ``snakemake --report``."""
    stems = dataset_figure_stems(dataset)

    def pair(stem, caption, category, labels, subcategory=dataset):
        png = report(f"{stem}.png", caption=f"../report/{caption}.rst", category=category,
                     subcategory=subcategory, labels={"dataset": dataset, **labels})
        return [f"{stem}.pdf", png]

    outputs = pair(stems["summary"], "summary", "Summary tables", {}, subcategory=None)
    for measure, stem in stems["pareto"].items():
        outputs += pair(stem, "pareto", "Pareto fronts", {"measure": measure})
    for selector, stem in stems["trajectories"].items():
        outputs += pair(stem, "trajectory", "Stability versus parameters",
                        {"selector": selector})
    for config_id, stem in stems["feature_maps"].items():
        outputs += pair(stem, "feature_map", "Feature stability maps",
                        {"configuration": config_id})
    return outputs


#: Targets of a paper's rules (rules/paper_<name>.smk appends to it when included).
PAPER_TARGETS = []


def final_outputs():
    """The generic stages' outputs for every dataset that selectors run on (none without
    selectors: a paper configuration whose own rules do all the work) and the paper's
    targets."""
    if not WF.configurations:
        return list(PAPER_TARGETS)
    outputs = [f"{RESULTS}/summary.parquet", f"{RESULTS}/pareto_rank.parquet"]
    for dataset in WF.selected_datasets:
        outputs.append(f"{RESULTS}/{dataset}/pareto.parquet")
        if WF.raw["figures"]["dataset_figures"]:
            outputs += figure_targets(dataset)
    return outputs + PAPER_TARGETS
