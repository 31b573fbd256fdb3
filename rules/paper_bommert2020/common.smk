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
