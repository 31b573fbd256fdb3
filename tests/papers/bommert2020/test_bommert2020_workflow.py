"""Bommert (2020) through Snakemake: a bad paper.settings stops the run before any job (the rules
file checks it at parse time); Ch. 7-8 at a reduced size end to end (marker ``slow``; Ch. 5-6:
test_bommert2020_ch56_workflow.py).

Every Ch. 7-8 rule and figure runs: the generic stages on christensen (shared mirror), Ch. 7
(24 configurations, 3-fold CV on both halves), the §8.1 toy, four §8.3 scenarios and the §8.4
nested CV. Values are checked, not only files: Table 4.1's n and PP of christensen, the
identities the thesis states for the simulation, the decomposition of Table 7.1; and every file
published from this reduced run (docs/papers/bommert2020/ch78/reduced/: comparison.csv, the Ch.
7-8 claims, the result tables) is reproduced byte for byte.
"""

from __future__ import annotations

import pandas as pd
import pytest
from conftest import REPO, check_published_results, paper_config, run_snakemake, workflow_dir

from fsstab.papers.bommert2020.common import NOT_CONFIGURED_NOTE
from fsstab.papers.outputs import COMPARISON_COLUMNS

pytestmark = pytest.mark.workflow

REDUCED = paper_config("bommert2020_ch78.test")


def test_bad_settings_fail_before_any_job(tmp_path):
    config = paper_config("bommert2020_ch78.test")
    config["paper"]["settings"]["ch7"]["datasets"] = ["christensen", "gravier"]
    config["paper"]["settings"]["ch8"]["real_data"]["datasets"] = ["sonar"]
    workdir = workflow_dir(tmp_path, config)
    result = run_snakemake(workdir, "-n", "--cores", "1")
    message = result.stdout + result.stderr
    assert result.returncode != 0
    assert ("paper.settings.ch7.datasets: dataset(s) ['gravier'] are not configured"
            in message)
    assert ("paper.settings.ch8.real_data.datasets: dataset(s) ['sonar'] are not configured"
            in message)
    assert not (workdir / "results").exists()


@pytest.fixture(scope="module")
def paper_run(tmp_path_factory, datasets_dir):
    config = {**REDUCED, "mirror": str(datasets_dir)}
    workdir = workflow_dir(tmp_path_factory.mktemp("bommert2020_ch78"), config)
    result = run_snakemake(workdir, "--cores", "2", timeout=1500)
    assert result.returncode == 0, result.stderr[-5000:]
    return workdir / "results" / "paper" / "bommert2020"


@pytest.mark.slow
def test_every_figure_is_a_pdf_and_a_png(paper_run):
    stems = sorted({p.stem for p in paper_run.glob("fig*.png")})
    expected = {
        "fig07_1_pa_best_configurations", "fig07_2_methods_pa_best_smu",
        "fig07_3_accuracy_train_test", "fig07_5_test_performance",
        "fig08_2_toy_selection_frequencies", "fig08_3_toy_group_counts",
        "fig08_4_toy_median_counts", "fig08_6_test_accuracy_blocks", "fig08_7_tuning_time",
        "fig08_8_real_data_accuracy", "fig08_9_real_data_n_selected",
        "figA_16_methods_pa_best_sma_count", "figA_17_methods_pa_best_smj",
        "figA_18_methods_pa_best_smh", "figA_19_methods_a_best",
        "figA_20_n_selected_train_test", "figA_21_stability_train_test",
        "figA_25_test_accuracy_toeplitz", "figA_26_false_positive_blocks",
        "figA_27_false_positive_toeplitz", "figA_28_false_negative_blocks",
        "figA_29_false_negative_toeplitz", "figA_simulation_n40_p30",
    }
    assert set(stems) == expected
    for stem in stems:
        assert (paper_run / f"{stem}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert (paper_run / f"{stem}.pdf").read_bytes()[:5] == b"%PDF-"


@pytest.mark.slow
def test_tables_and_comparison(paper_run):
    # comparison.csv gathers Table 4.1's part, then Ch. 7's and Ch. 8's (the parts configured)
    comparison = pd.read_csv(paper_run / "comparison.csv", dtype=str, keep_default_na=False)
    assert tuple(comparison.columns) == COMPARISON_COLUMNS
    work = paper_run / "work"
    parts = [pd.read_parquet(work / f"{stem}.parquet")
             for stem in ("comparison_table4_1", "ch7/comparison_7_1", "ch8/comparison_8")]
    assert comparison.equals(pd.concat(parts, ignore_index=True))
    rows = comparison.set_index(["item", "dataset"])
    # Table 4.1: christensen has n = 217 and a majority class of 61 % (placenta merged)
    assert rows.loc[("Table 4.1 n", "christensen"), "our_value"] == "217"
    assert rows.loc[("Table 4.1 PP", "christensen"), "our_value"] == "0.61"
    assert rows.loc[("Table 4.1 n", "sonar"), "note"] == NOT_CONFIGURED_NOTE
    # §8.3.1: n. selected = false positives - false negatives + 5, for every model
    assert rows.loc[("§8.3 n. selected = false positive − false negative + 5 (share of rows)",
                     "simulation"), "our_value"] == "1.000"
    # without similar features SMU and SMA-Count coincide, so adj and unadj choose alike
    item = ("§8.3 fraction of replications without similar features where adj and unadj "
            "choose the same max.feats")
    assert rows.loc[(item, "simulation"), "our_value"] == "1.000"
    table71 = pd.read_parquet(paper_run / "table7_1_pareto_counts.parquet")
    assert table71["dataset"].tolist() == ["christensen"]
    for measure in ("SMU", "SMA-Count", "SMJ", "SMH"):
        assert 1 <= table71[f"{measure} (PA)"].item() <= table71[f"{measure} (all)"].item()
        assert rows.loc[(f"Table 7.1 {measure} (all)", "christensen"), "our_value"] == \
            str(table71[f"{measure} (all)"].item())
    simulation = pd.read_parquet(paper_run / "table8_simulation_results.parquet")
    assert simulation["scenario"].nunique() == 4
    truth = simulation[simulation["approach"] == "truth"]
    assert (truth["false_positive"] == 0).all()
    assert (truth["false_negative"] == 0).all()
    assert set(simulation["backend"]) - {""} <= {"abess", "l0learn"}
    real = pd.read_parquet(paper_run / "table8_4_real_data_results.parquet")
    assert sorted(real["outer"].unique()) == [0, 1]
    assert set(real["approach"]) == {"adj", "unadj", "acc", "stabs"}
    toy = pd.read_parquet(paper_run / "table8_1_toy_selections.parquet")
    assert len(toy) == 2 * 5
    # random forests split on every one of the 15 features (thesis Fig. 8.2)
    forest = toy[toy["method"] == "random_forest"]
    assert forest[[f"X{j}" for j in range(1, 16)]].all(axis=None)


@pytest.mark.slow
def test_published_reduced_results_are_reproduced(paper_run):
    check_published_results(paper_run, REPO / "docs/papers/bommert2020/ch78/reduced")
