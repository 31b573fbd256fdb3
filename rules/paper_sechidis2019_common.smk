# Sechidis et al. (2019): settings, output names and the input functions of rules/paper_sechidis2019.smk
# (kept apart from the rules, as snakemake --lint asks).

from fsstab.papers.sechidis2019 import SETTINGS

SECHIDIS = WF.paper.output_dir
# paper.settings checked (with the whole configuration) before any job; defaults filled in
SECHIDIS_SETTINGS = SETTINGS.checked(WF)
SECHIDIS_IPASS = SECHIDIS_SETTINGS.get("ipass")
# §4.1's data sets that are run (pareto.rank_datasets: the paper's ten UCI sets), and all of
# them as configured
SECHIDIS_UCI = WF.rank_datasets
SECHIDIS_CONFIGURED_UCI = tuple(
    d for d in WF.raw["datasets"]
    if d in (WF.raw["pareto"].get("rank_datasets") or WF.raw["datasets"])
    and (SECHIDIS_IPASS is None or d != SECHIDIS_IPASS["dataset"])
)
SECHIDIS_RUN_IPASS = SECHIDIS_IPASS is not None and SECHIDIS_IPASS["dataset"] in DATASETS


def sechidis_files(stem, *extensions):
    return [f"{SECHIDIS}/{stem}{ext}" for ext in extensions]


def sechidis_ipass_selections(wildcards):
    """The runs and features tables of each §4.2 selector on the stand-in."""
    dataset = SECHIDIS_IPASS["dataset"]
    files = {}
    for label in SECHIDIS_IPASS["selectors"]:
        folder = f"{RESULTS}/{dataset}/select/{WF.configuration(label).id}"
        files[f"runs__{label}"] = f"{folder}/runs.parquet"
        files[f"features__{label}"] = f"{folder}/features.parquet"
    return files


def sechidis_comparison_inputs(wildcards):
    inputs = {
        "eq1": f"{SECHIDIS}/eq1_worked_example.parquet",
        "table1": f"{SECHIDIS}/table1_pareto_optimal.parquet",
        "table2": f"{SECHIDIS}/table2_non_dominated_rank.parquet",
    }
    if SECHIDIS_RUN_IPASS:
        inputs["table3"] = f"{SECHIDIS}/table3_top4_biomarkers.parquet"
        inputs["table4"] = f"{SECHIDIS}/table4_group_stability.parquet"
    return inputs
