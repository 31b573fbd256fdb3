"""Hamer & Dupont (2021) through the workflow: the reduced paper configuration end to end.

``config/paper/hamer2021.test.yaml`` runs every paper rule and draws every figure on the
shared datasets (through the mirror). The outputs are checked for existence and validity
(PDF and PNG signatures), and their values against the paper (Fig. 6) and against independent
recomputations from the generic stages' tables (Table 5's φ, Fig. 10's correlation, the γ
intervals of the compromise tables, the §7.3 groups).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from conftest import REPO, run_snakemake

from fsstab.io import read_parquet
from fsstab.papers.hamer2021.reference import (
    FREQUENCY_SCORE_CORRELATION,
    TABLE5,
    TOY_FIGURES,
    VARIATION_ORDERINGS,
)
from fsstab.papers.hamer2021.settings import Plan
from fsstab.workflow.config import load_config

pytestmark = [pytest.mark.slow, pytest.mark.workflow]

CONFIG = REPO / "config" / "paper" / "hamer2021.test.yaml"
SCHEMA = REPO / "config" / "schema" / "config.schema.yaml"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def paper_run(tmp_path_factory, datasets_dir):
    workdir = tmp_path_factory.mktemp("hamer2021")
    result = run_snakemake(workdir, "--cores", "2", "--configfile", str(CONFIG),
                           env={"FSSTAB_MIRROR": str(datasets_dir)}, timeout=3600)
    assert result.returncode == 0, result.stderr[-6000:]
    return workdir


def table(workdir, relative) -> pd.DataFrame:
    return read_parquet(workdir / relative)[0].to_pandas()


def paper_csv(workdir, name) -> pd.DataFrame:
    return pd.read_csv(workdir / "results" / "paper" / "hamer2021" / name)


def test_every_planned_output_exists_and_is_a_valid_file(paper_run):
    targets = Plan(load_config(CONFIG, SCHEMA)).targets()
    figures = {t.rsplit("/", 1)[1].split("_")[0] for t in targets if t.endswith(".pdf")}
    # Figs. 3-20 and 26-29 of the paper, Fig. 11 for singh (Figs. 21-25 need other data sets)
    assert figures == {f"fig{n:02d}" for n in (*range(3, 21), 26, 27, 28, 29)}
    assert any(t.endswith("table5_lasso.csv") for t in targets)
    for target in targets:
        path = paper_run / target
        assert path.is_file(), target
        content = path.read_bytes()
        if target.endswith(".pdf"):
            assert content.startswith(b"%PDF-"), target
            assert b"%%EOF" in content[-1024:], target
        elif target.endswith(".png"):
            assert content.startswith(PNG_SIGNATURE), target
            assert len(content) > 20_000, target
        elif target.endswith(".csv"):
            assert len(pd.read_csv(path)) > 0, target


def test_fig6_values_and_toy_table(paper_run):
    toy = paper_csv(paper_run, "fig03-06_toy_measures.csv")
    fig6 = toy[toy["figure"] == 6].set_index("measure")["value"]
    assert round(fig6["nogueira"], 2) == 0.75
    assert round(fig6["pearson"], 2) == 0.25
    assert round(fig6["importance_weighted"], 2) == 0.5
    assert set(toy["figure"]) == set(TOY_FIGURES)


def test_comparison_has_every_printed_number(paper_run):
    comparison = paper_csv(paper_run, "comparison.csv")
    assert len(comparison) == (16 + len(FREQUENCY_SCORE_CORRELATION) + 4 * len(TABLE5) + 3
                               + len(VARIATION_ORDERINGS))
    ours = comparison.set_index(["item", "dataset", "quantity"])["ours"]
    # data sets of this run have values, the others a note
    assert math.isfinite(ours[("Fig. 10", "singh", "pearson_r")])
    assert math.isfinite(ours[("Table 5", "breast", "importance_weighted")])
    assert math.isfinite(ours[("§7.1 (Fig. 11)", "singh", "accuracy")].iloc[0])
    missing = comparison[(comparison["item"] == "Table 5") & (comparison["dataset"] == "sonar")]
    assert missing["ours"].isna().all()
    assert missing["note"].str.contains("not in this run").all()
    fig6 = comparison[comparison["item"] == "Fig. 6"].set_index("quantity")
    assert fig6.loc["importance_weighted", "difference"] == pytest.approx(0.0, abs=0.005)
    cv = paper_csv(paper_run, "fig19_coefficient_of_variation.csv")
    increasing = ((cv["nogueira"] < cv["importance_weighted"])
                  & (cv["importance_weighted"] < cv["pearson"])).sum()
    assert ours[("Fig. 19", "all run", "data sets with c_v(φ) < c_v(φ_iw) < c_v(φ_pears)")] == (
        increasing)


def _brute_force_phi(Z: np.ndarray) -> float:
    """Hamer & Dupont (2021), eq. 1: 1 − mean s_f² / ((k̄/d)(1 − k̄/d))."""
    M, d = Z.shape
    p = Z.mean(axis=0)
    k_bar = Z.sum(axis=1).mean()
    return 1 - (M / (M - 1) * p * (1 - p)).mean() / (k_bar / d * (1 - k_bar / d))


def test_table5_matches_a_recomputation_from_the_selections(paper_run):
    table5 = paper_csv(paper_run, "table5_lasso.csv").set_index("dataset")
    assert list(table5.index) == ["breast", "alon"]
    for paper_name, dataset in (("breast", "t72_breast"), ("alon", "t72_alon")):
        runs = table(paper_run, f"results/{dataset}/select/lasso/runs.parquet")
        features = table(paper_run, f"results/{dataset}/select/lasso/features.parquet")
        d = int(table5.loc[paper_name, "n_features"])
        Z = np.zeros((len(runs), d))
        selected = features[features["selected"]]
        Z[selected["resample"].to_numpy(), selected["feature"].to_numpy()] = 1
        assert table5.loc[paper_name, "nogueira"] == pytest.approx(_brute_force_phi(Z))
        assert table5.loc[paper_name, "accuracy"] == pytest.approx(runs["accuracy"].mean())
        # min(20, round(√d)) features on average: breast d = 30 → 5, alon d = 100 → 10
        assert table5.loc[paper_name, "mean_n_selected"] == pytest.approx(
            min(20, round(math.sqrt(d))), abs=1.5)


def test_frequency_score_correlation_recomputed(paper_run):
    row = paper_csv(paper_run, "fig10_frequency_score_correlation.csv").iloc[0]
    features = table(paper_run, f"results/t71_singh/select/{row['configuration']}/"
                                "features.parquet")
    chosen = features[(features["variant"] == row["variant"]) & features["selected"]]
    per_feature = chosen.groupby("feature")["frequency_score"]
    p_f = per_feature.size() / row["n_runs"]
    assert row["pearson_r"] == pytest.approx(np.corrcoef(p_f, per_feature.mean())[0, 1])


def test_compromise_intervals_partition_gamma(paper_run):
    compromises = paper_csv(paper_run, "fig11_singh_compromises.csv")
    summary = table(paper_run, "results/t71_singh/stability.parquet")
    for measure, rows in compromises.groupby("optimised"):
        # settings with identical (A, φ_*) are one hull vertex: they share its γ interval
        for _, tied in rows.groupby(["gamma_lo", "gamma_hi"]):
            assert tied[["accuracy", measure]].nunique().max() == 1
        intervals = rows[["gamma_lo", "gamma_hi"]].drop_duplicates()
        assert intervals["gamma_lo"].iloc[0] == 0.0 and intervals["gamma_hi"].iloc[-1] == 1.0  # noqa: PT018
        assert np.allclose(intervals["gamma_hi"].to_numpy()[:-1],
                           intervals["gamma_lo"].to_numpy()[1:])
        chosen = rows[rows["chosen"]]
        assert len(chosen) == 1
        assert chosen["gamma_lo"].iloc[0] <= 0.5 <= chosen["gamma_hi"].iloc[0]
        # the chosen compromise maximises 0.5 A + 0.5 φ_* over every setting of the sweep
        score = 0.5 * summary["accuracy_mean"] + 0.5 * summary[measure]
        best = chosen["accuracy"].iloc[0] * 0.5 + chosen[measure].iloc[0] * 0.5
        assert best == pytest.approx(score.max())


def test_correlated_groups_and_section73_tables(paper_run):
    groups = paper_csv(paper_run, "fig08_correlated_groups_stability.csv")
    c1 = groups[groups["group_size"] == 1].pivot_table(index="scenario", columns="measure",
                                                       values="mean")
    # c = 1: the same-group matrix is the identity, so φ_C = φ (Sechidis et al. 2019)
    assert np.allclose(c1["sechidis"], c1["nogueira"])
    assert set(groups["n_seeds"]) == {2}
    estimates = paper_csv(paper_run, "fig19-20_block_estimates.csv")
    assert estimates.groupby("dataset").size().to_dict() == {"breast": 4, "alon": 4}
    cv = paper_csv(paper_run, "fig19_coefficient_of_variation.csv").set_index("dataset")
    for dataset, rows in estimates.groupby("dataset"):
        values = rows["importance_weighted"].to_numpy()
        assert cv.loc[dataset, "importance_weighted"] == pytest.approx(
            values.std(ddof=1) / values.mean())


def test_paper_outputs_are_reproducible(paper_run, tmp_path):
    # a second run from the first one's generic results redraws the paper's tables identically
    for name in ("table5_lasso.parquet", "fig03-06_toy_measures.parquet",
                 "fig11_singh_compromises.parquet"):
        before = (paper_run / "results/paper/hamer2021" / name).read_bytes()
        (paper_run / "results/paper/hamer2021" / name).unlink()
        # the target first: --configfile takes every following word as a configuration file
        result = run_snakemake(paper_run, f"results/paper/hamer2021/{name}", "--cores", "1",
                               "--configfile", str(CONFIG))
        assert result.returncode == 0, result.stderr[-3000:]
        assert (paper_run / "results/paper/hamer2021" / name).read_bytes() == before, name


def test_every_figure_has_its_pdf_and_png(paper_run):
    folder = paper_run / "results" / "paper" / "hamer2021"
    stems = {p.stem for p in folder.glob("*.pdf")}
    planned = Plan(load_config(CONFIG, SCHEMA)).targets()
    assert stems == {t.rsplit("/", 1)[1][:-4] for t in planned if t.endswith(".pdf")}
    assert stems == {p.stem for p in folder.glob("*.png")}
