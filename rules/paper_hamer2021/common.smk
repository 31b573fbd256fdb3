# Hamer & Dupont (2021): the input functions of rules/paper_hamer2021.smk (kept apart from the
# rules, as snakemake --lint asks), built from the get_* functions of rules/common.smk and the
# plan of the run (PLAN: fsstab.papers.hamer2021.plan.Plan).


def get_hamer2021_selection(dataset, selectors):
    """The gathered runs and features of the configurations of `selectors` on `dataset` (the
    part the input functions below share)."""
    configurations = PLAN.selector_configurations(dataset, selectors)
    return {
        "runs": [get_runs(dataset, c) for c in configurations],
        "features": [get_features(dataset, c) for c in configurations],
    }


def get_hamer2021_decision_inputs(wildcards):
    """Fig. 11 / 21-25 of one §7.1 data set: its summary, dataset and hybrid-RFE selections."""
    dataset = PLAN.decision_datasets()[wildcards.paper]
    return {
        "summary": get_stability(dataset),
        "dataset": get_dataset(dataset),
        **get_hamer2021_selection(dataset, HAMER["section71"]["hybrid"]),
    }


def get_hamer2021_frequency_inputs(wildcards):
    """Fig. 10 of one §7.1 data set: its summary and the selections of the chosen selector."""
    dataset = PLAN.frequency_score_datasets()[wildcards.paper]
    selector = HAMER["section71"]["frequency_score"]["selector"]
    return {"summary": get_stability(dataset), **get_hamer2021_selection(dataset, [selector])}


def get_hamer2021_map_inputs(wildcards):
    """Figs. 12, 16, 18: summary, dataset and selections of each data set of the maps."""
    method = PLAN.map_method(wildcards.number)
    selector = HAMER["section72"]["methods"][method]
    inputs = {}
    for paper, dataset in PLAN.map_figures()[method].datasets.items():
        selection = get_hamer2021_selection(dataset, [selector])
        inputs[f"summary_{paper}"] = get_stability(dataset)
        inputs[f"dataset_{paper}"] = get_dataset(dataset)
        inputs[f"runs_{paper}"] = selection["runs"]
        inputs[f"features_{paper}"] = selection["features"]
    return inputs


def get_hamer2021_block_inputs(wildcards):
    """§7.3: the one configuration of section73.selector on the data set."""
    dataset = PLAN.section_datasets("section73")[wildcards.paper]
    selector = HAMER["section73"]["selector"]
    configurations = PLAN.selector_configurations(dataset, [selector])
    if len(configurations) != 1:
        raise ValueError(
            f"§7.3 needs exactly one configuration of {selector!r} on {dataset!r}, found "
            f"{configurations}"
        )
    return {
        "dataset": get_dataset(dataset),
        "runs": get_runs(dataset, configurations[0]),
        "features": get_features(dataset, configurations[0]),
    }


def get_hamer2021_properties_inputs(wildcards):
    """§5 and Fig. 12 on one §7.2 data set: the dataset and the selections of every §7.2
    method."""
    dataset = S72[wildcards.paper]
    return {
        "dataset": get_dataset(dataset),
        **get_hamer2021_selection(dataset, list(HAMER["section72"]["methods"].values())),
    }
