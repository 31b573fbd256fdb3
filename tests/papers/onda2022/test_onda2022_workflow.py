"""Onda et al. (2022) through Snakemake: a bad paper.settings stops the run before any job (the
rules file checks it at parse time); the reduced configuration end to end (``slow``), its
values checked against the paper or recomputed from the experiments' own tables, and against
its published results (``docs/papers/onda2022/reduced/``, ``tools/publish_paper_results.py``:
no times in them)."""

from __future__ import annotations

import pandas as pd
import pytest
from conftest import (
    REPO,
    check_figures,
    check_published_results,
    paper_config,
    read_table,
    run_paper,
    run_snakemake,
    workflow_dir,
)

from fsstab.io import read_json

pytestmark = pytest.mark.workflow


def test_bad_settings_fail_before_any_job(tmp_path):
    config = paper_config("onda2022.test")
    config["paper"]["settings"]["datasets"]["prostate"]["reference_n_tree"] = 7
    workdir = workflow_dir(tmp_path, config)
    result = run_snakemake(workdir, "-n", "--cores", "1")
    message = result.stdout + result.stderr
    assert result.returncode != 0
    assert ("paper.settings.datasets.prostate.reference_n_tree: 7 is not in n_trees [3, 5]"
            in message)
    assert not (workdir / "results").exists()


@pytest.mark.slow
def test_reduced_configuration_end_to_end(tmp_path, datasets_dir):
    config = paper_config("onda2022.test")
    workdir = run_paper(tmp_path, config, datasets_dir)
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
    counts = read_table(folder / "counts.parquet")
    # §2.3.1: n_useful = #{features chosen by more copies than t_uniform} (at least n_target)
    assert parameters["n_useful"] == max(
        int((counts["count"] > parameters["t_uniform"]).sum()), parameters["n_target"])
    assert parameters["m_stability"] == 8
    assert counts["count"].sum() == 8 * 20  # 8 copies of 20 features each
    assert "seconds" not in read_table(folder / "curves.parquet").columns
    table1 = read_table(out / "table1_datasets.parquet").set_index("name")
    assert table1.loc["colon", "dim"] == 2000
    assert table1.loc["prostate", "sample_size"] == 102
    fixed = read_json(out / "experiments/prostate/fixed_point.json")
    assert fixed["n_useful"] == 130
    speed = read_table(out / "timings_speedup.parquet")
    assert (speed["speedup"] > 0).all()
    # §3.6 at equal work: with 8 copies for both, the simulated ensembles' own times
    assert (speed["m_stability_real"] == speed["m_stability"]).all()
    assert (speed["speedup_equal_copies"] > 0).all()
    comparison = pd.read_csv(out / "comparison.csv", keep_default_na=False)
    lymphoma = comparison[comparison["dataset"] == "lymphoma"]
    assert lymphoma["note"].str.startswith("dataset not run here").all()
    assert "4.640 ± 0.636" in set(comparison["paper_value"])
    # 8 copies and ensembles of at most 2 against the paper's n copies and >= 30: said per row
    large = comparison[comparison["item"].str.contains("large real ensemble")]
    assert large["note"].str.startswith("different settings: m_ensemble 2 here, >= 41 in the "
                                        "paper; M 8 here").all()
    curves = read_table(out / "ensemble_stability.parquet")
    colon = curves[(curves["dataset"] == "colon") & (curves["n_tree"] == 5)
                   & (curves["mtry"] == "sqrt")]
    own = read_table(folder / "curves.parquet")
    assert colon["stability"].tolist() == own["stability"].tolist()
    assert colon["m_ensemble"].tolist() == own["m_ensemble"].tolist()
    conclusions = pd.read_csv(out / "conclusions.csv", keep_default_na=False).set_index("key")
    assert (conclusions.loc[conclusions["dataset"] == "lymphoma", "verdict"]
            == "not testable here").all()
    assert (conclusions["settings_match"] == "different").all()   # nothing at the paper's size
    # §3.6's "much faster" is decided on times measured in the run (a shared machine: the
    # reduced run's tiny real ensembles took 7-110x as long as the simulation here, on both
    # sides of the 10x bound): present, its verdict not reproducible
    check_published_results(out, REPO / "docs/papers/onda2022/reduced", volatile={
        "conclusions.csv": lambda row: row["key"] == "sec3_6.much_faster",
        "timings_speedup.csv": lambda row: True})
