"""Paper configurations end to end at a reduced size (marker ``slow``): every paper
rule and figure runs through ``snakemake``; values are checked against the paper or
recomputed independently from the workflow's own selection tables."""

from __future__ import annotations

import pandas as pd
import pytest
from conftest import check_figures, paper_config
from conftest import read_table as table
from conftest import run_paper as run

from fsstab.io import read_json

pytestmark = [pytest.mark.slow, pytest.mark.workflow]

PNG = b"\x89PNG\r\n\x1a\n"


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
