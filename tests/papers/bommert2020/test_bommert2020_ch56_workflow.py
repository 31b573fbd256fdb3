"""Bommert (2020, thesis) Chapters 5-6 through the workflow: the reduced offline configuration
end to end.

``config/paper/bommert2020_ch56_offline.yaml`` runs every Ch. 5-6 rule on christensen, gravier
and sonar (the shared mirror). The outputs are checked for existence and validity (PDF and PNG
signatures), Table 6.3 against the thesis, and the tables against independent recomputations
from the rules' own inputs (the mean accuracies of §5.3 from the outer-fold results, the mean
Spearman correlations of Fig. 5.4 from the filter scores, the stabilities of §6.3 from the
generic stages' summaries), and every published result (``docs/papers/bommert2020/ch56/``,
``tools/publish_paper_results.py --folder ch56``) reproduced -- byte for byte, except the rows
that rest on run times (measured on a shared machine), which must be there in their place.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
import yaml
from conftest import REPO, check_published_results, run_snakemake
from scipy import stats
from test_bommert2020_ch6_all_pairs import TABLE_6_3

from fsstab.papers.bommert2020.conclusions import (
    load_sensitive_claim,
    load_sensitive_comparison,
)
from fsstab.papers.conclusions import CONCLUSION_COLUMNS
from fsstab.papers.outputs import COMPARISON_COLUMNS
from fsstab.selectors import get_filter

pytestmark = [pytest.mark.slow, pytest.mark.workflow]

CONFIG = REPO / "config" / "paper" / "bommert2020_ch56_offline.yaml"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# the data sets of Ch. 5 and the training halves of §6.3, as the configuration names them
_SETTINGS = yaml.safe_load(CONFIG.read_text(encoding="utf-8"))["paper"]["settings"]
DATASETS = list(_SETTINGS["ch5"]["datasets"])
HALVES = list(_SETTINGS["ch6"]["real"]["datasets"])

FIGURES = [
    # §5.1
    "fig05_1_relative_time_select", "fig05_2_relative_time_observations",
    "fig05_3_relative_time_features", "figA02_time_select", "figA03_time_observations",
    "figA04_time_features",
    # §5.2
    "fig05_4_rank_correlation", *[f"figA05_{d}_rank_correlation" for d in DATASETS],
    # §5.3 (every data set in Fig. 5.5, so no Fig. A.7)
    "fig05_5_accuracy_boxplots", "fig05_6_wins", "fig05_7_accuracy_filter_time",
    "fig05_8_accuracy_entire_time", "figA09_accuracy_filter_time", "figA10_accuracy_entire_time",
    # §6.2
    "fig06_1_similarity_matrix", "fig06_2_scatter_matrix", "fig06_2_correlation",
    "fig06_3_size_dependence",
    # §6.3
    "fig06_4_proportion_selected", "fig06_5_mean_correlation", "fig06_6_representatives",
    "fig06_7_run_times", "figA15_run_times_adjusted",
    *[f"figA13_{d}_correlation" for d in HALVES],
]
TABLES = [
    "table5_1_median_times", "fig05_4_rank_correlation", "table5_2_highest_rank_correlations",
    "fig05_6_wins", "fig05_7_accuracy_filter_time", "fig05_8_accuracy_entire_time",
    "table5_3_outer_results", "table5_3_accuracy", "table5_3_median_times",
    "ch5_claims", "table6_3_undefined", "table6_4_adjusted_example",
    "fig06_2_pc1_order", "fig06_2_correlation", "fig06_3_expected_values",
    "fig06_5_mean_correlation", "fig06_7_run_times", "ch6_claims", "comparison", "conclusions",
]
PUBLISHED = REPO / "docs" / "papers" / "bommert2020" / "ch56"


@pytest.fixture(scope="module")
def paper_run(tmp_path_factory, datasets_dir):
    workdir = tmp_path_factory.mktemp("bommert2020_ch56")
    result = run_snakemake(workdir, "--cores", "2", "--configfile", str(CONFIG),
                           env={"FSSTAB_MIRROR": str(datasets_dir)}, timeout=7200)
    assert result.returncode == 0, result.stderr[-6000:]
    return workdir / "results" / "paper" / "bommert2020"


def table(folder, stem) -> pd.DataFrame:
    return pd.read_parquet(folder / f"{stem}.parquet")


def test_every_figure_and_table_exists_and_is_valid(paper_run):
    for stem in FIGURES:
        pdf = (paper_run / f"{stem}.pdf").read_bytes()
        assert pdf.startswith(b"%PDF-"), stem
        assert b"%%EOF" in pdf[-1024:], stem
        png = (paper_run / f"{stem}.png").read_bytes()
        assert png.startswith(PNG_SIGNATURE), stem
        assert len(png) > 10_000, stem
    for stem in TABLES:
        csv = pd.read_csv(paper_run / f"{stem}.csv")
        assert len(csv) > 0, stem
        assert list(csv.columns) == list(table(paper_run, stem).columns), stem


def test_table_6_3_is_the_thesis_table(paper_run):
    undefined = table(paper_run, "table6_3_undefined").set_index("measure")["undefined"]
    assert undefined.to_dict() == TABLE_6_3


def test_mean_accuracies_are_the_means_over_the_outer_folds(paper_run):
    outer = table(paper_run, "table5_3_outer_results")
    # every data set x (20 filters + none) x the outer folds, accuracies in [0, 1]
    assert len(outer) == len(DATASETS) * 21 * _SETTINGS["ch5"]["benchmark"]["outer_folds"]
    assert outer["accuracy"].between(0, 1).all()
    expected = outer.groupby(["dataset", "filter"])["accuracy"].mean()
    ours = table(paper_run, "table5_3_accuracy").set_index(["dataset", "filter"])
    assert ours["accuracy_mean"].to_dict() == pytest.approx(expected.to_dict())


def test_fig_5_4_is_the_mean_spearman_correlation_of_the_scores(paper_run):
    work = paper_run / "work" / "ch5" / "scores"
    names = sorted(p.stem for p in (work / DATASETS[0]).glob("*.parquet"))
    assert len(names) == 20
    matrix = table(paper_run, "fig05_4_rank_correlation").set_index("filter")
    for a, b in (("jmi", "mim"), ("anova", "limma"), ("impurity", "variance")):
        rhos = []
        for dataset in DATASETS:
            x = pd.read_parquet(work / dataset / f"{a}.parquet")["score"]
            y = pd.read_parquet(work / dataset / f"{b}.parquet")["score"]
            rhos.append(stats.spearmanr(x, y).statistic)
        label_a, label_b = get_filter(a).thesis_name, get_filter(b).thesis_name
        assert matrix.loc[label_a, label_b] == pytest.approx(np.mean(rhos), abs=1e-9)
        assert matrix.loc[label_b, label_a] == pytest.approx(np.mean(rhos), abs=1e-9)


def test_conclusions_gather_both_chapters_with_a_verdict_each(paper_run):
    conclusions = pd.read_csv(paper_run / "conclusions.csv", keep_default_na=False)
    assert tuple(conclusions.columns) == CONCLUSION_COLUMNS
    chapters = [key.split(".", 1)[0] for key in conclusions["key"]]
    assert chapters == sorted(chapters)                     # Ch. 5, then Ch. 6
    assert set(chapters) == {"ch5", "ch6"}
    keys = set(conclusions["key"])
    for key in ("ch5.fig5_4.praznik", "ch5.5_5.scaling", "ch5.fig5_6.best",
                "ch6.fig6_5.hamming", "ch6.table6_3"):
        assert key in keys, key
    # §5.1 ran (its base data set christensen is run), so its claims are testable
    scaling = conclusions.set_index("key").loc["ch5.5_5.scaling"]
    assert scaling["verdict"] in {"holds", "does not hold"}
    assert "load-sensitive" in scaling["settings"]
    assert (paper_run / "conclusions.md").read_text().startswith(
        "# Bommert (2020, thesis), \"Integration of Feature Selection Stability in Model "
        "Fitting\", Ch. 5-6: conclusions")


#: The published tables of run times (the claims' inputs of §5.1, Figs. 5.7-5.8 and 6.7):
#: every row load-sensitive.
TIME_TABLES = ("table5_1_median_times.csv", "fig05_7_accuracy_filter_time.csv",
               "fig05_8_accuracy_entire_time.csv", "fig06_7_run_times.csv")


def test_published_results_are_reproduced(paper_run):
    check_published_results(paper_run, PUBLISHED, volatile={
        "conclusions.csv": lambda row: load_sensitive_claim(row["key"]),
        "comparison.csv": lambda row: load_sensitive_comparison(row["item"]),
        **{name: (lambda row: True) for name in TIME_TABLES}})


def test_section_6_3_measures_cover_every_configuration(paper_run):
    results = paper_run.parents[1]
    correlation = table(paper_run, "fig06_5_mean_correlation").set_index("measure")
    values = correlation.drop(columns="group")
    # 20 measures, a correlation matrix: symmetric, unit diagonal, entries in [-1, 1]
    assert values.shape == (20, 20)
    assert np.allclose(values.to_numpy(), values.to_numpy().T, equal_nan=True)
    assert np.allclose(np.diag(values.to_numpy()), 1.0)
    assert np.nanmax(np.abs(values.to_numpy())) <= 1 + 1e-12
    for half in HALVES:
        summary = pd.read_parquet(results / half / "stability.parquet")
        # 3 filters + none, 6 classifiers x 5 draws each
        variants = summary.groupby("configuration")["variant"].nunique()
        assert len(variants) == 4
        assert (variants == 30).all()


def test_comparison_gathers_every_part(paper_run):
    comparison = pd.read_csv(paper_run / "comparison.csv", keep_default_na=False)
    assert tuple(comparison.columns) == COMPARISON_COLUMNS
    items = " ".join(comparison["item"])
    for section in ("Fig. 5.1", "§5.2", "Fig. 5.6", "Table 6.3", "§6.2.2"):
        assert section in items, section
    # every row states the thesis' value, ours, or both
    assert ((comparison["paper_value"] != "") | (comparison["our_value"] != "")).all()
