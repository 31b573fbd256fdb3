# Bommert (2020): the paths of the chapters' files (named outputs of rules that write many
# tables and figures; intermediate tables) and the input functions that depend on wildcards,
# built from the get_* functions of rules/common.smk.


def get_bommert2020_tables(stems):
    """Named outputs of tables: table_<stem> -> [<stem>.csv, <stem>.parquet]."""
    return {f"table_{stem}": get_paper_table(stem) for stem in stems}


def get_bommert2020_figures(stems):
    """Named outputs of figures: figure_<stem> -> [<stem>.pdf, <stem>.png]."""
    return {f"figure_{stem}": get_paper_figure(stem) for stem in stems}


def get_bommert2020_work_table(stem):
    """An intermediate table (CSV + Parquet) under the paper's work folder."""
    return [get_paper_work(f"{stem}.csv"), get_paper_work(f"{stem}.parquet")]


def get_bommert2020_work_parquet(stem):
    """The Parquet file of an intermediate table (what the next rules read)."""
    return get_paper_work(f"{stem}.parquet")


def get_bommert2020_selections(wildcards):
    """§6.3: a data set, its similarity matrix and the gathered selections (runs, features)
    of every configuration on it."""
    files = {
        "dataset": get_dataset(wildcards.dataset),
        "similarity": get_similarity(wildcards.dataset),
    }
    for c in WF.configurations_for(wildcards.dataset):
        files[f"runs__{c.id}"] = get_runs(wildcards.dataset, c.id)
        files[f"features__{c.id}"] = get_features(wildcards.dataset, c.id)
    return files


def get_bommert2020_prefiltered():
    """Each configured data set's number of features after prefiltering (None: all of them),
    as the chapters' claims state their data."""
    return {name: ds.n_features for name, ds in WF.datasets.items()}


def get_bommert2020_claims():
    """The claims tables (Parquet) of the chapters this run checks, in the thesis' order: each
    chapter's rules file registers its ``bommert2020_chN_claims`` rule in
    BOMMERT_CLAIMS_CHAPTERS (rules/paper_bommert2020.smk)."""
    return [
        get_paper_table(f"{chapter}_claims")[1]
        for chapter in ("ch5", "ch6", "ch7", "ch8")
        if chapter in BOMMERT_CLAIMS_CHAPTERS
    ]
