"""The report says what was analysed and how it was chosen, in the run's own words.

- the landing page's design sentence (samples, classes or outcome, groups and their sizes,
  features after the prefilter, M and scheme), checked against counts made here;
- "held-out patients" wherever samples are grouped by a column patient (axes, report);
- ``chosen_by`` of ``stable_features.csv`` identical to the report's "chosen by", one-SE
  choice included;
- the report's menu sentence lists exactly the categories the report has;
- counts printed as integers.
"""

from __future__ import annotations

import html
import math
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from fsstab.datasets import Dataset, write_dataset
from fsstab.workflow.answers import (
    chosen_compromises,
    count_text,
    stable_features_table,
    summary_html,
)
from fsstab.workflow.design import design_sentence, stored_design
from fsstab.workflow.labels import group_plural, score_label
from fsstab.workflow.overview import overview_html

REPO = Path(__file__).resolve().parents[2]


def grouped_dataset(tmp_path, task="classification"):
    rng = np.random.default_rng(3)
    sizes = [2, 3, 3, 4]  # four patients: 12 samples
    groups = tuple(f"P{i}" for i, s in enumerate(sizes) for _ in range(s))
    n = len(groups)
    y = np.array([0, 0, 1, 1, 1, 0, 1, 1, 0, 1, 1, 1], dtype=np.int8)
    ds = Dataset(
        name="study", X=rng.normal(size=(n, 5)), y=y,
        feature_names=tuple(f"g{j}" for j in range(5)),
        sample_ids=tuple(f"S{i:02d}" for i in range(n)), class_labels=("healthy", "tumour"),
        sample_groups=groups,
        provenance={"study": {"groups": {"column": "patient", "n_groups": 4}}},
    )
    write_dataset(ds, tmp_path / "study")
    return tmp_path / "study" / "dataset.parquet"


def test_design_sentence_of_a_grouped_classification(tmp_path):
    columns, metadata = stored_design(grouped_dataset(tmp_path))
    assert "x" not in columns.columns  # the feature values are not read
    text = design_sentence(columns, metadata, n_features_before=40, scheme="bootstrap",
                           n_resamples=30)
    # counted here: 12 samples, 4 healthy and 8 tumour, 4 patients of 2, 3, 3, 4 samples
    assert text.startswith("12 samples; 2 classes: healthy 4, tumour 8; ")
    assert "4 patients (column patient) of 2 to 4 samples each (median 3)" in text
    assert "measured on held-out patients" in text
    assert "5 features after the prefilter (of 40)" in text
    assert text.endswith("M = 30 resamples (bootstrap).")


def test_design_sentence_of_a_regression_and_a_survival_outcome():
    y = np.array([1.0, 2.0, 4.0, 9.0])
    meta = {"feature_names": ["a", "b"], "task": "regression", "class_labels": []}
    text = design_sentence(pd.DataFrame({"y": y}), meta, n_features_before=None,
                           scheme="subsample", n_resamples=10)
    assert (f"a continuous outcome: mean 4, sd {np.std(y, ddof=1):.4g}, range 1 to 9"
            in text)
    assert "2 features after the prefilter;" in text
    assert "(of" not in text
    assert "held-out" not in text  # no groups: nothing said about them
    frame = pd.DataFrame({"time": [5.0, 1.0, 3.0, 8.0], "event": [True, False, True, False]})
    text = design_sentence(frame, {**meta, "task": "survival"}, n_features_before=2,
                           scheme="kfold", n_resamples=5)
    assert "a time to event: 2 events, 50 % censored, median time 4" in text


def test_axes_say_held_out_patients_when_samples_are_grouped():
    assert score_label("bootstrap") == "out-of-bag accuracy"
    assert score_label("bootstrap", groups="patient") == \
        "out-of-bag accuracy on held-out patients"
    assert score_label("kfold", groups="batch") == "cross-validated accuracy on held-out batches"
    assert [group_plural(w) for w in ("donor", "mice", "family", "day")] == \
        ["donors", "mice", "families", "days"]


def test_the_workflow_labels_a_grouped_dataset_by_its_column():
    # rules/common.smk: score_label_of gives the groups column of the dataset's source
    from fsstab.workflow.data import sample_groups_column

    source = {"source": "file:data.csv", "target": "condition", "groups": "patient"}
    assert sample_groups_column(source) == "patient"
    assert sample_groups_column("sklearn:breast_cancer") is None
    common = (REPO / "rules" / "common.smk").read_text()
    assert "groups=sample_groups_column(WF.datasets[dataset].source)" in common


def summary():
    return pd.DataFrame({
        "dataset": ["toy"] * 2, "label": ["a", "b"], "configuration": ["a", "b"],
        "variant": ["default"] * 2, "selector": ["a", "b"], "class": ["LassoSelector"] * 2,
        "n_runs": [3, 3], "n_features": [5, 5], "mean_n_selected": [2.0, 2.5],
        "accuracy_mean": [0.75, 0.8], "accuracy_se": [0.1, 0.05],
        "nogueira": [0.4, 0.3], "nogueira_ci_low": [0.1, 0.0], "nogueira_ci_high": [0.7, 0.6],
        "params": ["{}", "{}"],
    })


def pareto():
    # a: the γ compromise on φ; b: the one-SE choice on φ and on pearson
    return pd.DataFrame({
        "measure": ["nogueira", "nogueira", "pearson", "pearson"],
        "label": ["a", "b", "a", "b"],
        "chosen_gammas": [[0.5], [], [], []], "epsilon_choice": [False] * 4,
        "one_se_choice": [False, True, False, True],
    })


def selections():
    def tables(sets):
        runs = pa.table({"resample": pa.array(range(3), pa.int32()), "variant": ["default"] * 3,
                         "n_train": pa.array([9] * 3, pa.int32()),
                         "n_test": pa.array([3] * 3, pa.int32()),
                         "n_selected": pa.array([len(s) for s in sets], pa.int32()),
                         "accuracy": [0.7, 0.8, 0.75], "ranked": [False] * 3,
                         "backend": pa.nulls(3, pa.string())})
        rows = [(r, f) for r, chosen in enumerate(sets) for f in chosen]
        features = pa.table({
            "resample": pa.array([r for r, _ in rows], pa.int32()),
            "variant": ["default"] * len(rows), "feature": pa.array([f for _, f in rows],
                                                                  pa.int32()),
            "selected": [True] * len(rows), "importance": [1.0] * len(rows),
            "rank": pa.nulls(len(rows), pa.int32()),
            "frequency_score": pa.nulls(len(rows), pa.float64())})
        return runs, features
    return {"a": tables([{0, 1}, {0, 2}, {0, 1}]), "b": tables([{0, 1}, {1, 2, 3}, {0, 1, 3}])}


def chosen_cells(page):
    """label -> the text of the overview's "chosen by" cell."""
    cells = re.findall(r'<td class="l">([^<]*)</td>.*?<td class="why">([^<]*)</td>', page)
    return {html.unescape(label): html.unescape(why) for label, why in cells}


def test_chosen_by_is_the_same_in_the_table_and_the_report():
    stable = stable_features_table(selections(), summary(), pareto(), dataset="toy",
                                   feature_names=list("vwxyz"), rank_cap=5).to_pandas()
    by_table = stable.groupby("label")["chosen_by"].first().to_dict()
    assert by_table == {"a": "gamma=0.5 on nogueira", "b": "one-SE on nogueira, pearson"}
    page = overview_html(summary(), pareto(), stable, dataset="toy")
    assert chosen_cells(page) == by_table
    summary_page = summary_html(summary(), pareto(), dataset="toy", measures=["nogueira"])
    for reasons in by_table.values():
        assert html.escape(reasons) in summary_page
    assert chosen_compromises(pareto()) == {"a": ["gamma=0.5 on nogueira"],
                                            "b": ["one-SE on nogueira, pearson"]}


def test_feature_counts_print_as_integers():
    assert [count_text(v) for v in (10.0, 2.5, math.nan, 0)] == ["10", "2.5", "–", "0"]
    stable = stable_features_table(selections(), summary(), pareto(), dataset="toy",
                                   feature_names=list("vwxyz"), rank_cap=5).to_pandas()
    page = overview_html(summary(), pareto(), stable, dataset="toy", design="12 samples.")
    assert "<td>2</td>" in page
    assert "<td>2.5</td>" in page
    assert "<td>2.0</td>" not in page
    assert "<p><b>Design:</b> 12 samples.</p>" in page
    summary_page = summary_html(summary(), pareto(), dataset="toy", measures=["nogueira"])
    assert "<td>2</td>" in summary_page
    assert "<td>2.0</td>" not in summary_page


class Category:
    """What Snakemake's report passes to the description's template as a key of
    ``categories`` (snakemake.report.Category: a name, ordered by it)."""

    def __init__(self, name):
        self.name = name

    def __lt__(self, other):
        return self.name < other.name


@pytest.mark.parametrize("names", [
    ["Summary tables", "Stable features", "Convergence"],
    ["Summary tables", "Stable features", "Pareto fronts", "Stability versus parameters"],
])
def test_the_report_menu_lists_the_categories_it_has(names):
    import jinja2
    from docutils.core import publish_parts

    text = (REPO / "report" / "workflow.rst").read_text()
    # the link targets Snakemake appends to the description (snakemake.report: rst_links)
    links = "".join(f"\n.. _{name}: javascript:app.showCategory('{name}')\n" for name in names)
    rendered = jinja2.Environment().from_string(text + links).render(
        categories={Category(name): {} for name in names}, snakemake=None, files=[])
    body = publish_parts(rendered, writer="html")["html_body"]
    menu = body[body.index("is in the menu"):]
    shown = re.findall(r'<a class="reference external" href="[^"]*">([^<]+)</a>', menu)
    assert shown == sorted(names)
    if "Stability versus parameters" not in names:
        assert "Stability versus parameters" not in body


def test_features_before_the_prefilter_are_the_rows_of_its_report(tmp_path):
    from fsstab.datasets import read_dataset
    from fsstab.prefilter import write_prefilter_report
    from fsstab.workflow.data import prefilter_dataset
    from fsstab.workflow.design import features_before_prefilter

    ds = read_dataset(grouped_dataset(tmp_path))  # 5 features
    kept, report = prefilter_dataset(ds, n_features=3, log_transform=None)
    write_prefilter_report(report, tmp_path / "prefilter.parquet")
    assert kept.n_features == 3
    assert features_before_prefilter(tmp_path / "prefilter.parquet") == 5
