# Onda et al. (2022): settings, output names and the input functions of rules/paper_onda2022.smk
# (kept apart from the rules, as snakemake --lint asks).

from fsstab.papers.onda2022 import SETTINGS, experiment_id
from fsstab.workflow.seeds import derive_seed

ONDA = WF.paper.output_dir
# paper.settings checked (with the whole configuration) before any job; defaults filled in
ONDA_SETTINGS = SETTINGS.checked(WF)
# the paper's data sets that are run (only_datasets), in configuration order
ONDA_DATASETS = [d for d in DATASETS if d in ONDA_SETTINGS["datasets"]]
ONDA_MAIN = ONDA_SETTINGS.get("main_dataset") or next(iter(ONDA_SETTINGS["datasets"]))
ONDA_MTRY = ONDA_SETTINGS.get("mtry_study")


def onda_experiments():
    """(dataset, mtry, n_tree) of every experiment: the forests of §3 (mtry = √d) for all
    n_tree, and App. E's normalised mtry values (Fig. 14 on the main data set, Fig. 15's mtry
    on every data set)."""
    runs = [(d, "sqrt", t) for d in ONDA_DATASETS for t in ONDA_SETTINGS["n_trees"]]
    if ONDA_MTRY is not None:
        trees = ONDA_MTRY.get("n_trees") or ONDA_SETTINGS["n_trees"]
        for mtry in ONDA_MTRY["mtry"]:
            on = ONDA_DATASETS if mtry == ONDA_MTRY.get("real_ensemble_mtry") else [
                d for d in ONDA_DATASETS if d == ONDA_MAIN]
            runs += [(d, str(mtry), t) for d in on for t in trees]
    return runs


def onda_folder(dataset, mtry, n_tree):
    return f"{ONDA}/experiments/{dataset}/{experiment_id(mtry, n_tree)}"


def onda_reference(dataset):
    return f"{onda_folder(dataset, 'sqrt', ONDA_SETTINGS['datasets'][dataset]['reference_n_tree'])}/parameters.json"


def onda_dataset_experiments(wildcards):
    return [f"{onda_folder(wildcards.dataset, 'sqrt', t)}/parameters.json"
            for t in ONDA_SETTINGS["n_trees"]]


ONDA_FIXED = [d for d in ONDA_DATASETS
              if ONDA_SETTINGS["datasets"][d].get("fixed_point_n_useful") is not None]
ONDA_FIG15 = [] if ONDA_MTRY is None or ONDA_MTRY.get("real_ensemble_mtry") is None else \
    ONDA_DATASETS
ONDA_FIG14 = ONDA_MTRY is not None and ONDA_MAIN in ONDA_DATASETS
ONDA_PER_DATASET = ("fig06_accuracy", "fig07_histogram", "fig08_parameters", "fig09_simulated",
                    "fig10_real", "fig12_timing_real", "fig13_timing_simulated")


def onda_figure(stem):
    return [f"{ONDA}/{stem}.pdf", f"{ONDA}/{stem}.png"]


wildcard_constraints:
    mtry=r"sqrt|[0-9.]+",
    ntree=r"\d+",
