# Bommert (2020, thesis), Chapters 5-6: the settings the rules of paper_bommert2020_ch56.smk
# read, the data sets they run on (those of only_datasets) and their helper functions.

from fsstab.papers.bommert2020_ch56 import boxplot_split, not_run_rows

CH56 = {k: v for k, v in BOMMERT_SETTINGS.items() if k in ("ch5", "ch6")}
B56_WORK = f"{BOMMERT_WORK}/ch56"
BOMMERT_NOT_RUN.extend(not_run_rows(CH56, DATASETS))


def b56_run(names):
    """The data sets of ``names`` that are run (only_datasets), in the given order."""
    return [d for d in names if d in DATASETS]


def b56_table(stem):
    return [f"{BOMMERT}/{stem}.csv", f"{BOMMERT}/{stem}.parquet"]


def b56_figure(stem):
    return [f"{BOMMERT}/{stem}.pdf", f"{BOMMERT}/{stem}.png"]


def b56_final(rule_outputs, comparison):
    """A rule's figures and tables become paper targets, its comparison rows a part of
    comparison.csv."""
    PAPER_TARGETS.extend(f for f in rule_outputs if f != comparison)
    BOMMERT_COMPARISON_PARTS.append(comparison)


if "ch5" in CH56:
    from fsstab.selectors import get_filter

    B5 = CH56["ch5"]
    # file names use fsstab's filter names (the thesis' contain dots)
    B5_FILTERS = [get_filter(f).name for f in B5["filters"]]
    B5_OUTER = list(range(B5["benchmark"]["outer_folds"]))
    B5_DATASETS = b56_run(B5["datasets"])
    # §5.1 needs its base data set
    B5_SCALING = B5["scaling"]["dataset"] in DATASETS
    B5_SHOWN, B5_OTHERS = boxplot_split(B5_DATASETS, B5["benchmark"]["boxplot_datasets"])
    # §5.3: one job per (data set, filter or none, outer fold)
    B5_FOLDS = [
        f"{B56_WORK}/benchmark/{d}/{f}/outer{o}"
        for d in B5_DATASETS
        for f in [*B5_FILTERS, "none"]
        for o in B5_OUTER
    ]

    wildcard_constraints:
        filter=r"[a-z_]+",
        outer=r"\d+",

    if WF.raw["localrules"] and B5_SCALING:

        localrules:
            bommert2020_ch5_scaling,

    if WF.raw["localrules"] and B5_DATASETS:

        localrules:
            bommert2020_ch5_ranking,
            bommert2020_ch5_benchmark,


def b56_selection_files(wildcards):
    folder = f"{RESULTS}/{wildcards.dataset}/select"
    files = {
        "dataset": f"{DATA}/{wildcards.dataset}/dataset.parquet",
        "similarity": f"{RESULTS}/{wildcards.dataset}/similarity.parquet",
    }
    for c in WF.configurations_for(wildcards.dataset):
        files[f"runs__{c.id}"] = f"{folder}/{c.id}/runs.parquet"
        files[f"features__{c.id}"] = f"{folder}/{c.id}/features.parquet"
    return files


B6_DATASETS = b56_run(CH56["ch6"]["real"]["datasets"]) if "ch6" in CH56 else []


if B6_DATASETS:
    B6_REAL = CH56["ch6"]["real"]

    if WF.raw["localrules"]:

        localrules:
            bommert2020_ch6_real,
