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


def get_bommert2020_work_parquet(table, **wildcards):
    """The Parquet file of an intermediate table (what the next rules read): ``table`` a
    rule's output of :func:`get_bommert2020_work_table` (rules.<rule>.output.<name>), with
    its wildcards filled in when given (one file per combination, as expand())."""
    parquet = next(f for f in table if f.endswith(".parquet"))
    return expand(parquet, **wildcards) if wildcards else parquet


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


def get_bommert2020_claims_chapters():
    """The chapters of paper.settings, in the thesis' order (each has a claims rule
    bommert2020_<chapter>_claims in its rules file)."""
    return [chapter for chapter in ("ch5", "ch6", "ch7", "ch8") if chapter in BOMMERT]


def get_bommert2020_claims():
    """The claims tables (Parquet: get_paper_table("chN_claims")) of the chapters this run
    checks, in the thesis' order."""
    return [get_paper_table(f"{c}_claims")[1] for c in get_bommert2020_claims_chapters()]


def get_bommert2020_ch7_evidence():
    """Ch. 7 (B7_DATASETS of ch7.smk), per data set run: its configurations, optimality
    flags and evaluation on both halves (empty when no data set runs), for the comparison and
    the claims."""
    if not B7_DATASETS:
        return {"configs": [], "flags": [], "evaluation": []}
    return {
        "configs": expand(rules.bommert2020_ch7_splits.output.configs, dataset=B7_DATASETS),
        "flags": expand(rules.bommert2020_ch7_gather.output.flags, dataset=B7_DATASETS),
        "evaluation": expand(rules.bommert2020_ch7_gather.output.evaluation, dataset=B7_DATASETS),
    }


def get_bommert2020_ch8_tables():
    """Ch. 8 (B8_* of ch8.smk): the result tables of the parts run (an empty list for a part
    not run), for the comparison and the claims."""
    return {
        "toy": (
            rules.bommert2020_ch8_toy_outputs.output.table_table8_1_toy_selections if B8_TOY else []
        ),
        "simulation": (
            rules.bommert2020_ch8_simulation_outputs.output.table_table8_simulation_results
            if B8_SIMULATION
            else []
        ),
        "real": (
            rules.bommert2020_ch8_real_outputs.output.table_table8_4_real_data_results
            if B8_REAL_DATASETS
            else []
        ),
    }
