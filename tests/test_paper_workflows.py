"""The three paper configurations end to end at a reduced size (marker ``slow``): every paper
rule and figure runs through ``snakemake``; values are checked against the paper or
recomputed independently from the workflow's own selection tables."""

from __future__ import annotations

import copy
import itertools
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml
from conftest import REPO, run_snakemake, workflow_dir

from fsstab.io import read_json, read_parquet

pytestmark = [pytest.mark.slow, pytest.mark.workflow]

PNG = b"\x89PNG\r\n\x1a\n"


def paper_config(name: str) -> dict:
    return yaml.safe_load((REPO / "config" / "paper" / f"{name}.yaml").read_text())


def run(tmp_path: Path, config: dict, datasets_dir: Path) -> Path:
    config = copy.deepcopy(config)
    config["mirror"] = str(datasets_dir)
    workdir = workflow_dir(tmp_path, config)
    result = run_snakemake(workdir, "--cores", "2", timeout=1800)
    assert result.returncode == 0, result.stderr[-5000:]
    return workdir


def table(path: Path) -> pd.DataFrame:
    return read_parquet(path)[0].to_pandas()


def check_figures(folder: Path, stems: list[str]) -> None:
    for stem in stems:
        assert (folder / f"{stem}.png").read_bytes().startswith(PNG), stem
        assert (folder / f"{stem}.pdf").read_bytes().startswith(b"%PDF"), stem


def selections(workdir: Path, dataset: str, configuration: str, d: int) -> np.ndarray:
    features = table(workdir / f"results/{dataset}/select/{configuration}/features.parquet")
    runs = table(workdir / f"results/{dataset}/select/{configuration}/runs.parquet")
    Z = np.zeros((runs["resample"].nunique(), d), dtype=bool)
    chosen = features[features["selected"]]
    Z[chosen["resample"], chosen["feature"]] = True
    return Z


# --------------------------------------------------------------------------------------------
# Nogueira & Brown (2016)
# --------------------------------------------------------------------------------------------


def sim_n(a: np.ndarray, b: np.ndarray) -> float:
    """Eq. 14 for one pair of selections (0 for an empty or full set)."""
    n, k1, k2, r = a.size, int(a.sum()), int(b.sum()), int(np.sum(a & b))
    if k1 in (0, n) or k2 in (0, n):
        return 0.0
    e = k1 * k2 / n
    return (r - e) / max(e - max(0, k1 + k2 - n), min(k1, k2) - e)


def test_nogueira2016(tmp_path, datasets_dir):
    config = paper_config("nogueira2016.test")
    workdir = run(tmp_path, config, datasets_dir)
    out = workdir / "results/paper/nogueira2016"
    check_figures(out, ["fig01_sim_n_extremes", "fig02_stability"])
    toy = table(out / "sec3_2_toy_examples.parquet").set_index("measure")
    assert toy.loc["lustgarten", "example1_k7"] == pytest.approx(0.7)
    assert toy.loc["lustgarten", "example1_k4"] == pytest.approx(0.6)
    assert toy.loc["wald", "example4"] == pytest.approx(0.0, abs=1e-12)
    assert toy.loc["hamming", "eq3"] == pytest.approx(5 / 9)
    fig1 = table(out / "fig01_sim_n_extremes.parquet")
    assert len(fig1) == 18
    assert fig1["sim_n_min"].min() == pytest.approx(-1.0)
    fig2 = table(out / "fig02_stability.parquet")
    table2 = table(out / "table2_datasets.parquet").set_index("dataset")
    for dataset, d in (("wine", 13), ("breast", 30)):
        Z = selections(workdir, dataset, "rf_p50", d)
        pairs = list(itertools.combinations(range(Z.shape[0]), 2))
        expected = np.mean([sim_n(Z[i], Z[j]) for i, j in pairs])
        ours = fig2[(fig2["dataset"] == dataset) & (fig2["measure"] == "nogueira_brown")]
        assert ours["stability"].iloc[0] == pytest.approx(expected)
        assert table2.loc[dataset, "mean_selected"] == pytest.approx(Z.sum(axis=1).mean())
    assert table2.loc["wine", "n_classes"] == 3
    comparison = pd.read_csv(out / "comparison.csv", keep_default_na=False)
    assert set(comparison["dataset"]) >= {"wine", "parkinsons", "breast", "sonar"}
    not_run = comparison[comparison["dataset"].isin(["parkinsons", "sonar"])]
    assert not_run["note"].str.startswith("dataset not run here").all()


# --------------------------------------------------------------------------------------------
# Sechidis et al. (2019)
# --------------------------------------------------------------------------------------------


def dominated(points: dict[str, tuple[float, float]], label: str) -> bool:
    a, s = points[label]
    return any(x >= a and y >= s and (x, y) != (a, s) for x, y in points.values())


def test_sechidis2019(tmp_path, datasets_dir):
    config = paper_config("sechidis2019.test")
    workdir = run(tmp_path, config, datasets_dir)
    out = workdir / "results/paper/sechidis2019"
    check_figures(out, ["fig01_timings", "fig02_breast_pareto", "fig02_wine_pareto",
                        "table4_group_stability"])
    eq1 = table(out / "eq1_worked_example.parquet").set_index("quantity")["value"]
    assert eq1["effective stability Φ_C (Definition 2)"] == pytest.approx(1.0)
    assert eq1["stability φ (eq. 3)"] == pytest.approx(0.0, abs=1e-12)
    # Table 1 against a brute-force dominance check of the stability summaries
    methods = config["paper"]["settings"]["methods"]
    table1 = table(out / "table1_pareto_optimal.parquet").set_index("dataset")
    for dataset in ("breast", "wine"):
        summary = table(workdir / f"results/{dataset}/stability.parquet")
        summary = summary[summary["label"].isin(list(methods))]
        for measure, column in (("nogueira", "pareto_optimal_stability"),
                                ("sechidis", "pareto_optimal_effective_stability")):
            points = {row["label"]: (row["accuracy_mean"], row[measure])
                      for _, row in summary.iterrows()}
            front = {methods[lab] for lab in points if not dominated(points, lab)}
            assert set(table1.loc[dataset, column].split(", ")) == front
    ranks = table(out / "table2_non_dominated_rank.parquet")
    assert set(ranks["method"]) == set(methods.values())
    assert (ranks["n_datasets"] == 2).all()
    # Table 4 against φ written out on the selection matrices of the stand-in
    table4 = table(out / "table4_group_stability.parquet").set_index("method")
    for label, method in (("gbm_ipass", "GBM"), ("cmim_ipass", "CMIM")):
        Z = selections(workdir, "ipass", label, 23)
        M = Z.shape[0]
        p = Z.mean(axis=0)
        k = Z.sum(axis=1).mean()
        phi = 1 - np.mean(M / (M - 1) * p * (1 - p)) / ((k / 23) * (1 - k / 23))
        assert table4.loc[method, "stability"] == pytest.approx(phi)
    assert len(table(out / "table3_top4_biomarkers.parquet")) == 8
    assert len(table(out / "table5_covariates.parquet")) == 23
    timings = table(out / "fig01_timings.parquet")
    assert set(timings["measure"]) == {"sechidis", "yu"}
    comparison = pd.read_csv(out / "comparison.csv", keep_default_na=False)
    ipass = comparison[comparison["dataset"] == "IPASS"]
    assert ipass["note"].str.startswith("simulated stand-in").all()
    assert len(comparison[comparison["item"].str.startswith("table1")]) == 20


# --------------------------------------------------------------------------------------------
# Onda et al. (2022)
# --------------------------------------------------------------------------------------------


def test_onda2022(tmp_path, datasets_dir):
    config = paper_config("onda2022.test")
    workdir = run(tmp_path, config, datasets_dir)
    out = workdir / "results/paper/onda2022"
    stems = ["fig01_accuracy_histogram", "fig02_parameter_estimation", "fig03_stability",
             "fig04_timing", "fig11_fixed_point_prostate", "fig14_mtry"]
    for dataset in ("colon", "prostate"):
        stems += [f"{s}_{dataset}" for s in (
            "fig06_accuracy", "fig07_histogram", "fig08_parameters", "fig09_simulated",
            "fig10_real", "fig12_timing_real", "fig13_timing_simulated", "fig15_real_mtry")]
    check_figures(out, stems)
    folder = out / "experiments/colon/mtry-sqrt_ntree-5"
    parameters = read_json(folder / "parameters.json")
    counts = table(folder / "counts.parquet")
    # §2.3.1: n_useful = #{features chosen by more copies than t_uniform} (at least n_target)
    assert parameters["n_useful"] == max(
        int((counts["count"] > parameters["t_uniform"]).sum()), parameters["n_target"])
    assert parameters["m_stability"] == 8
    assert counts["count"].sum() == 8 * 20  # 8 copies of 20 features each
    assert "seconds" not in table(folder / "curves.parquet").columns
    table1 = table(out / "table1_datasets.parquet").set_index("name")
    assert table1.loc["colon", "dim"] == 2000
    assert table1.loc["prostate", "sample_size"] == 102
    fixed = read_json(out / "experiments/prostate/fixed_point.json")
    assert fixed["n_useful"] == 130
    speed = table(out / "timings_speedup.parquet")
    assert (speed["speedup"] > 0).all()
    comparison = pd.read_csv(out / "comparison.csv", keep_default_na=False)
    lymphoma = comparison[comparison["dataset"] == "lymphoma"]
    assert lymphoma["note"].str.startswith("dataset not run here").all()
    assert "4.640 ± 0.636" in set(comparison["paper_value"])
