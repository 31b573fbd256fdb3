# Hamer & Dupont (2021): which outputs this run has (fsstab.papers.hamer2021.settings.Plan) and
# the input functions of the paper's rules (rules/paper_hamer2021.smk).

from fsstab.papers.hamer2021.settings import (
    DECISION_FIGURES,
    MAP_FIGURES,
    TRAJECTORY_FIGURES,
    Plan,
    checked_settings,
)
from fsstab.papers.hamer2021.toy import TOY_DESCRIPTIONS

# paper.settings checked (with the whole configuration) before any job
checked_settings(WF)
PLAN = Plan(WF)
PAPER = PLAN.output_dir
PAPER_WORK = f"{PAPER}/work"
HAMER = PLAN.settings
PAPER_TARGETS.extend(PLAN.targets())

if WF.raw["localrules"]:

    localrules:
        hamer2021_toy,
        hamer2021_correlated_figures,
        hamer2021_decision,
        hamer2021_dominated_areas,
        hamer2021_dominated_areas_table,
        hamer2021_frequency_score,
        hamer2021_frequency_score_table,
        hamer2021_table5,
        hamer2021_trajectories,
        hamer2021_logistic_rfe,
        hamer2021_maps,
        hamer2021_appendix,
        hamer2021_blocks,
        hamer2021_variability,
        hamer2021_distributions,
        hamer2021_comparison,


def hamer_summary(dataset):
    return f"{RESULTS}/{dataset}/stability.parquet"


def hamer_selection(dataset, selectors):
    """Gathered runs and features of the configurations of `selectors` on `dataset`."""
    configurations = PLAN.selector_configurations(dataset, selectors)
    folder = f"{RESULTS}/{dataset}/select"
    return {
        "configurations": configurations,
        "runs": [f"{folder}/{c}/runs.parquet" for c in configurations],
        "features": [f"{folder}/{c}/features.parquet" for c in configurations],
    }


def hamer_section_summaries(section, datasets=None):
    mapping = PLAN.section_datasets(section)
    chosen = mapping if datasets is None else datasets
    return {paper: hamer_summary(name) for paper, name in chosen.items()}


def hamer_correlated_tables(kind):
    groups = HAMER["correlated_groups"]
    suffix = ".importances.parquet" if kind == "importances" else ".parquet"
    return [
        f"{PAPER_WORK}/correlated_groups/scenario{s}_seed{g}{suffix}"
        for s in groups["scenarios"]
        for g in range(groups["seeds"])
    ]


def hamer_decision_inputs(wildcards):
    dataset = PLAN.decision_datasets()[wildcards.paper]
    selection = hamer_selection(dataset, HAMER["section71"]["hybrid"])
    return {
        "summary": hamer_summary(dataset),
        "dataset": f"{DATA}/{dataset}/dataset.parquet",
        "runs": selection["runs"],
        "features": selection["features"],
    }


def hamer_frequency_inputs(wildcards):
    dataset = PLAN.frequency_score_datasets()[wildcards.paper]
    selector = HAMER["section71"]["frequency_score"]["selector"]
    selection = hamer_selection(dataset, [selector])
    return {
        "summary": hamer_summary(dataset),
        "runs": selection["runs"],
        "features": selection["features"],
    }


def hamer_map_method(number):
    return next(m for m, (n, _) in MAP_FIGURES.items() if n == int(number))


def hamer_map_inputs(wildcards):
    method = hamer_map_method(wildcards.number)
    chosen = PLAN.map_figures()[method].datasets
    selector = HAMER["section72"]["methods"][method]
    inputs = {}
    for paper, dataset in chosen.items():
        selection = hamer_selection(dataset, [selector])
        inputs[f"summary_{paper}"] = hamer_summary(dataset)
        inputs[f"dataset_{paper}"] = f"{DATA}/{dataset}/dataset.parquet"
        inputs[f"runs_{paper}"] = selection["runs"]
        inputs[f"features_{paper}"] = selection["features"]
    return inputs


def hamer_block_inputs(wildcards):
    dataset = PLAN.section_datasets("section73")[wildcards.paper]
    selection = hamer_selection(dataset, [HAMER["section73"]["selector"]])
    if len(selection["configurations"]) != 1:
        raise ValueError(
            f"§7.3 needs exactly one configuration of {HAMER['section73']['selector']!r} on "
            f"{dataset!r}, found {selection['configurations']}"
        )
    return {
        "dataset": f"{DATA}/{dataset}/dataset.parquet",
        "runs": selection["runs"][0],
        "features": selection["features"][0],
    }


def hamer_comparison_inputs(wildcards):
    inputs = {"toy": PLAN.path("fig03-06_toy_measures", "parquet")}
    if PLAN.frequency_score_datasets():
        inputs["frequency"] = PLAN.path("fig10_frequency_score_correlation", "parquet")
    if PLAN.section_datasets("section72"):
        inputs["table5"] = PLAN.path("table5_lasso", "parquet")
    if "singh" in PLAN.decision_datasets():
        inputs["singh"] = PLAN.path(f"fig{DECISION_FIGURES['singh']}_singh_compromises", "parquet")
    if PLAN.section_datasets("section73"):
        inputs["variation"] = PLAN.path("fig19_coefficient_of_variation", "parquet")
    return inputs
