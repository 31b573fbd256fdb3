"""What a run hands back (issue 16): the stable features of each configuration, the summary
as a table of its own and as HTML, each checked against a hand computation."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from scipy import stats

from fsstab.workflow.answers import (
    chosen_compromises,
    stable_features_html,
    stable_features_table,
    summary_frame,
    summary_html,
)

FEATURES = ["TP53", "BRCA1", "EGFR", "MYC", "KRAS"]

# three runs of configuration "cfg" (one variant): the sets and importances by hand
SELECTED = {0: {0: 2.0, 1: 1.0}, 1: {0: 4.0, 2: 1.0}, 2: {0: 3.0, 1: 2.0}}


def selection_tables():
    runs = pa.table({
        "resample": pa.array([0, 1, 2], pa.int32()),
        "variant": ["default"] * 3,
        "n_train": pa.array([10] * 3, pa.int32()), "n_test": pa.array([4] * 3, pa.int32()),
        "n_selected": pa.array([2] * 3, pa.int32()),
        "accuracy": [0.75, 1.0, 0.5],
        "ranked": [False] * 3,
        "backend": pa.nulls(3, pa.string()),
    })
    rows = [(r, f, w) for r, chosen in SELECTED.items() for f, w in chosen.items()]
    features = pa.table({
        "resample": pa.array([r for r, _, _ in rows], pa.int32()),
        "variant": ["default"] * len(rows),
        "feature": pa.array([f for _, f, _ in rows], pa.int32()),
        "selected": [True] * len(rows),
        "importance": [w for _, _, w in rows],
        "rank": pa.nulls(len(rows), pa.int32()),
        "frequency_score": pa.nulls(len(rows), pa.float64()),
    })
    return runs, features


def summary():
    return pd.DataFrame({
        "dataset": ["toy"], "label": ["cfg"], "configuration": ["cfg"],
        "variant": ["default"], "selector": ["cfg"], "class": ["LassoSelector"],
        "n_runs": [3], "n_features": [5], "mean_n_selected": [2.0],
        "accuracy_mean": [0.75], "accuracy_se": [np.std([0.75, 1.0, 0.5], ddof=1) / math.sqrt(3)],
        "nogueira": [0.4], "nogueira_ci_low": [0.1], "nogueira_ci_high": [0.7],
        "canberra": [math.nan], "params": ["{}"],
    })


def pareto():
    return pd.DataFrame({
        "measure": ["nogueira", "canberra"], "label": ["cfg", "cfg"],
        "chosen_gammas": [[0.5], []], "epsilon_choice": [True, False],
    })


def test_stable_features_by_hand():
    table = stable_features_table(
        {"cfg": selection_tables()}, summary(), pareto(), dataset="toy",
        feature_names=FEATURES, confidence_level=0.9, rank_cap=5,
    ).to_pandas()
    # TP53 in 3 of 3 runs (importances 2, 4, 3), BRCA1 in 2 (1, 2), EGFR in 1 (1)
    assert table["feature_name"].tolist() == ["TP53", "BRCA1", "EGFR"]
    assert table["rank"].tolist() == [1, 2, 3]
    assert table["n_selected"].tolist() == [3, 2, 1]
    assert table["frequency"].tolist() == [1.0, 2 / 3, 1 / 3]
    assert table["mean_importance"].tolist() == pytest.approx([3.0, 1.0, 1 / 3])
    assert table["mean_importance_selected"].tolist() == pytest.approx([3.0, 1.5, 1.0])
    # Wilson at 90 %: for p̂ = 1, M = 3 the lower end solves 1 − p = z √(p(1 − p)/3)
    z = stats.norm.ppf(0.95)
    assert table["frequency_low"].iloc[0] == pytest.approx(3 / (3 + z * z))
    assert table["frequency_high"].iloc[0] == 1.0
    assert set(table["chosen_by"]) == {"gamma=0.5 on nogueira; epsilon-constraint on nogueira"}


def test_ties_in_frequency_are_broken_by_mean_importance():
    runs, features = selection_tables()
    # make BRCA1 and EGFR equally frequent: EGFR joins run 2 with a larger importance
    features = pa.concat_tables([features, pa.table({
        "resample": pa.array([2], pa.int32()), "variant": ["default"],
        "feature": pa.array([2], pa.int32()), "selected": [True], "importance": [9.0],
        "rank": pa.nulls(1, pa.int32()), "frequency_score": pa.nulls(1, pa.float64()),
    })])
    table = stable_features_table({"cfg": (runs, features)}, summary(), pareto(),
                                  dataset="toy", feature_names=FEATURES, rank_cap=5).to_pandas()
    assert table["feature_name"].tolist() == ["TP53", "EGFR", "BRCA1"]  # EGFR: (1 + 9)/3


def test_chosen_compromises_group_the_measures():
    frame = pd.DataFrame({
        "measure": ["nogueira", "pearson", "nogueira", "pearson"],
        "label": ["a", "a", "b", "b"],
        "chosen_gammas": [[0.5], [0.5], [], [0.25]],
        "epsilon_choice": [False, False, True, True],
    })
    assert chosen_compromises(frame) == {
        "a": ["gamma=0.5 on nogueira, pearson"],
        "b": ["epsilon-constraint on nogueira, pearson", "gamma=0.25 on pearson"],
    }


def test_summary_frame_adds_the_accuracy_interval():
    frame = summary_frame(summary(), ["nogueira", "canberra"], confidence_level=0.95)
    low, high = stats.t.interval(0.95, 2, loc=0.75,
                                 scale=stats.sem([0.75, 1.0, 0.5]))
    assert frame["accuracy_low"].iloc[0] == pytest.approx(max(low, 0.0))
    assert frame["accuracy_high"].iloc[0] == pytest.approx(min(high, 1.0))
    columns = frame.columns.tolist()
    start = columns.index("accuracy_mean")
    assert columns[start:start + 8] == [
        "accuracy_mean", "accuracy_se", "accuracy_low", "accuracy_high", "nogueira",
        "nogueira_ci_low", "nogueira_ci_high", "canberra"]


def test_html_tables_show_intervals_labels_and_undefined_values():
    page = summary_html(summary(), pareto(), dataset="toy", measures=["nogueira", "canberra"])
    assert "<td class=\"label\">cfg</td>" in page
    assert "0.400 <span class=\"ci\">[0.100, 0.700]</span>" in page  # φ and its interval
    assert "<td>–</td>" in page and "not defined for this configuration" in page  # noqa: PT018
    assert "gamma=0.5 on nogueira" in page
    stable = stable_features_table({"cfg": selection_tables()}, summary(), pareto(),
                                   dataset="toy", feature_names=FEATURES,
                                   rank_cap=5).to_pandas()
    page = stable_features_html(stable, dataset="toy")
    assert "<td class=\"name\">TP53</td><td>3 / 3</td>" in page
    assert "Wilson score interval" in page
