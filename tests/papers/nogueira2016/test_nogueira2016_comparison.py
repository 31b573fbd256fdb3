"""Nogueira & Brown (2016): comparison.csv rows (fsstab.papers.nogueira2016.comparison); the
paper's values come from its reference module, ours from the stages."""

from __future__ import annotations

import numpy as np
import pandas as pd

from fsstab.papers.nogueira2016.comparison import comparison_rows
from fsstab.papers.nogueira2016.stages import (
    figure1_table,
    figure2_table,
    table2,
    toy_example_table,
)
from fsstab.papers.outputs import COMPARISON_COLUMNS, NOT_RUN_NOTE, comparison_frame


def _summary():
    return pd.DataFrame({
        "dataset": ["wine", "breast"], "configuration": ["rf_p50", "rf_p50"],
        "param_min_tree_fraction": [0.5, 0.5],
        "nogueira_brown": [0.8, 0.7], "lustgarten": [0.5, 0.4], "wald": [0.81, 0.71],
        "npog": [0.7, 0.69],
    })


def test_comparison_rows_cover_the_statements_and_datasets_not_run():
    info = {"wine": {"n_examples": 178, "n_classes": 3, "n_features": 13},
            "breast": {"n_examples": 569, "n_classes": 2, "n_features": 30}}
    counts = {"wine": np.array([9, 10, 11, 10]), "breast": np.array([15, 15, 16, 14])}
    table = table2(info, _summary(), counts)
    fig2 = figure2_table(_summary(), ["nogueira_brown", "lustgarten", "wald", "npog"])
    frame = comparison_frame(comparison_rows(
        toy_example_table(), figure1_table(), fig2, table,
        ["wine", "parkinsons", "breast", "sonar"],
    ))
    assert tuple(frame.columns) == COMPARISON_COLUMNS
    lowest = frame[frame["item"] == "fig2: measure giving the lowest stability"]
    assert set(lowest["dataset"]) == {"wine", "breast"}
    assert (lowest["our_value"] == lowest["paper_value"]).all()
    sonar = frame[frame["dataset"] == "sonar"]
    assert (sonar["note"] == NOT_RUN_NOTE).all()
    assert "42 ± 2.4" in set(sonar["paper_value"])
    wine = frame[(frame["dataset"] == "wine")
                 & (frame["item"] == "table2: average number of features selected ± sd")]
    # counts 9, 10, 11, 10: mean 10, sd sqrt(2/3) = 0.816
    assert wine["our_value"].iloc[0] == "10.00 ± 0.82"
    toy = frame[frame["item"] == "toy example1_k7"]
    assert ("0.7", "0.7000") in set(zip(toy["paper_value"], toy["our_value"], strict=True))


def test_rows_from_runs_with_other_settings_say_so_in_the_note():
    info = {"wine": {"n_examples": 178, "n_classes": 3, "n_features": 13},
            "breast": {"n_examples": 569, "n_classes": 2, "n_features": 30}}
    counts = {"wine": np.array([9, 10, 11, 10]), "breast": np.array([15, 15, 16, 14])}
    paper = {"K": 100, "subsample fraction": 0.9, "trees": 100, "split criterion": "entropy",
             "features per split": "floor(sqrt(d))",
             "selection": "used by at least a fraction p of the trees", "p": 0.5}
    run = {"wine": dict(paper, K=4, trees=20), "breast": paper}
    frame = comparison_frame(comparison_rows(
        toy_example_table(), figure1_table(),
        figure2_table(_summary(), ["nogueira_brown", "lustgarten", "wald", "npog"]),
        table2(info, _summary(), counts), ["wine", "breast"], run))
    wine, breast = frame[frame["dataset"] == "wine"], frame[frame["dataset"] == "breast"]
    results = wine[~wine["item"].str.startswith(("table2: number", "table2: p"))]
    assert len(results) == 4      # Table 2's mean, three Fig. 2 statements
    assert (results["note"] == "different settings: K 4 here, 100 in the paper; trees 20 "
                               "here, 100 in the paper").all()
    assert (wine[wine["item"] == "table2: number of examples"]["note"] == "").all()
    assert (breast["note"] == "").all()
