"""Nogueira & Brown (2016) through Snakemake: a bad paper.settings stops the run before any job
(the rules file checks it at parse time); the reduced configuration end to end (``slow``),
checked against pair-by-pair recomputations and against its published results
(``docs/papers/nogueira2016/reduced/``, ``tools/publish_paper_results.py``)."""

from __future__ import annotations

import itertools

import numpy as np
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
    selection_matrix,
    workflow_dir,
)

pytestmark = pytest.mark.workflow


def test_bad_settings_fail_before_any_job(tmp_path):
    config = paper_config("nogueira2016.test")
    config["paper"]["settings"]["figure1"]["k2"] = [6, 12]
    workdir = workflow_dir(tmp_path, config)
    result = run_snakemake(workdir, "-n", "--cores", "1")
    message = result.stdout + result.stderr
    assert result.returncode != 0
    assert "paper.settings.figure1.k2: [12] must lie in 1..n-1 = 9" in message
    assert not (workdir / "results").exists()


def sim_n(a: np.ndarray, b: np.ndarray) -> float:
    """Eq. 14 for one pair of selections (0 for an empty or full set)."""
    n, k1, k2, r = a.size, int(a.sum()), int(b.sum()), int(np.sum(a & b))
    if k1 in (0, n) or k2 in (0, n):
        return 0.0
    e = k1 * k2 / n
    return (r - e) / max(e - max(0, k1 + k2 - n), min(k1, k2) - e)


@pytest.mark.slow
def test_reduced_configuration_end_to_end(tmp_path, datasets_dir):
    workdir = run_paper(tmp_path, paper_config("nogueira2016.test"), datasets_dir)
    out = workdir / "results/paper/nogueira2016"
    check_figures(out, ["fig01_sim_n_extremes", "fig02_stability"])
    toy = read_table(out / "sec3_2_toy_examples.parquet").set_index("measure")
    assert toy.loc["lustgarten", "example1_k7"] == pytest.approx(0.7)
    assert toy.loc["lustgarten", "example1_k4"] == pytest.approx(0.6)
    assert toy.loc["wald", "example4"] == pytest.approx(0.0, abs=1e-12)
    assert toy.loc["hamming", "eq3"] == pytest.approx(5 / 9)
    fig1 = read_table(out / "fig01_sim_n_extremes.parquet")
    assert len(fig1) == 18
    assert fig1["sim_n_min"].min() == pytest.approx(-1.0)
    fig2 = read_table(out / "fig02_stability.parquet")
    table2 = read_table(out / "table2_datasets.parquet").set_index("dataset")
    for dataset, configuration, d in (("wine", "rf_p50", 13), ("breast", "rf_p50", 30),
                                      ("sonar", "rf_p25", 60)):
        Z = selection_matrix(workdir, dataset, configuration, d)
        pairs = list(itertools.combinations(range(Z.shape[0]), 2))
        expected = np.mean([sim_n(Z[i], Z[j]) for i, j in pairs])
        ours = fig2[(fig2["dataset"] == dataset) & (fig2["measure"] == "nogueira_brown")]
        assert ours["stability"].iloc[0] == pytest.approx(expected)
        assert table2.loc[dataset, "mean_selected"] == pytest.approx(Z.sum(axis=1).mean())
    assert table2.loc["wine", "n_classes"] == 3
    comparison = pd.read_csv(out / "comparison.csv", keep_default_na=False)
    assert set(comparison["dataset"]) >= {"wine", "parkinsons", "breast", "sonar"}
    not_run = comparison[comparison["dataset"] == "parkinsons"]
    assert not_run["note"].str.startswith("dataset not run here").all()
    # K = 8 and 20 trees against the paper's 100 and 100: every forest row says so
    mean = comparison[comparison["item"] == "table2: average number of features selected ± sd"]
    assert mean.set_index("dataset").loc[["wine", "breast", "sonar"], "note"].str.startswith(
        "different settings: K 8 here, 100 in the paper; trees 20 here, 100 in the paper").all()
    conclusions = pd.read_csv(out / "conclusions.csv", keep_default_na=False).set_index("key")
    assert (out / "conclusions.md").read_text().startswith("# Nogueira & Brown (2016)")
    assert conclusions.loc["table2.selected.parkinsons", "verdict"] == "not testable here"
    assert conclusions.loc["table2.selected.sonar", "settings_match"] == "different"
    check_published_results(out, REPO / "docs/papers/nogueira2016/reduced")
