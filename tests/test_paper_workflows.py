"""Paper configurations end to end at a reduced size (marker ``slow``): every paper
rule and figure runs through ``snakemake``; values are checked against the paper or
recomputed independently from the workflow's own selection tables."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from conftest import check_figures, paper_config, selection_matrix
from conftest import read_table as table
from conftest import run_paper as run

from fsstab.io import read_json

pytestmark = [pytest.mark.slow, pytest.mark.workflow]

PNG = b"\x89PNG\r\n\x1a\n"


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
        Z = selection_matrix(workdir, "ipass", label, 23)
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
