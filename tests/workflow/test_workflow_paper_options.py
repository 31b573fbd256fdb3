"""Workflow keys for paper configurations: accuracy_model, pareto.rank_datasets (with
only_datasets), the paper hook of this branch's papers (settings checked against their schema)
and configurations without generic selectors."""

from __future__ import annotations

import copy
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from fsstab.datasets import Dataset
from fsstab.resampling import make_resamples
from fsstab.workflow.config import ConfigError, check_config, load_schema, validate_schema
from fsstab.workflow.decisions import rank_table
from fsstab.workflow.evaluation import make_accuracy_model, selection_accuracy
from fsstab.workflow.selection import select_chunk

REPO = Path(__file__).resolve().parents[2]
SCHEMA = load_schema(REPO / "config" / "schemas" / "config.schema.yaml")

BASE = {
    "datasets": {
        "a": {"source": "sklearn:breast_cancer"},
        "b": {"source": {"source": "sklearn:wine", "multiclass": True}},
        "c": {"source": "sklearn:iris", "prefilter": {}},
    },
    "selectors": {"mim": {"class": "FilterSelector", "params": {"method": "mim"}}},
    "measures": {"names": ["nogueira"]},
}


def expand(raw):
    return check_config(validate_schema(copy.deepcopy(raw), SCHEMA))


def problems_of(raw) -> str:
    with pytest.raises(ConfigError) as info:
        expand(raw)
    return str(info.value)


def test_rank_datasets_among_the_datasets_run():
    wf = expand(BASE)
    assert wf.rank_datasets == ("a", "b", "c")
    wf = expand({**BASE, "only_datasets": ["c", "a"], "pareto": {"rank_datasets": ["a", "b"]}})
    assert tuple(wf.datasets) == ("a", "c")
    assert wf.rank_datasets == ("a",)  # b is not run
    message = problems_of({**BASE, "pareto": {"rank_datasets": ["yy"]}})
    assert "pareto.rank_datasets: unknown dataset(s) ['yy']" in message


def test_accuracy_model_entries_are_checked():
    wf = expand({**BASE, "accuracy_model": {"class": "KNeighborsClassifier",
                                            "params": {"n_neighbors": 3}, "standardize": True}})
    assert wf.raw["accuracy_model"]["params"] == {"n_neighbors": 3}
    message = problems_of({**BASE, "accuracy_model": {"class": "KNN"}})
    assert "accuracy_model.class: unknown classifier 'KNN'; known:" in message
    assert "KNeighborsClassifier" in message
    message = problems_of({**BASE, "accuracy_model": {"class": "SVC",
                                                      "params": {"k": 1, "random_state": 1}}})
    assert "accuracy_model.params: SVC has no parameter(s) ['k']" in message
    assert "random_state is set by the workflow" in message


def test_paper_entries_and_empty_selectors():
    message = problems_of({**BASE, "selectors": {}})
    assert "selectors: no selector configured" in message
    raw = {**BASE, "measures": {"names": ["nogueira_brown", "wald"]},
           "paper": {"name": "nogueira2016", "settings": {"figure2_measures": ["wald"]}}}
    wf = expand(raw)
    assert wf.paper.name == "nogueira2016"
    assert wf.paper.output_dir == "results/paper/nogueira2016"
    # a paper whose own rules do all the work needs no generic selector
    onda = {"datasets": {"colon": {"source": "sklearn:breast_cancer"}},
            "measures": {"names": ["jaccard"]},
            "paper": {"name": "onda2022", "settings": {"datasets": {"colon": {
                "n_target": 5, "reference_n_tree": 100, "n_useful_range": [5, 20, 5]}}}}}
    assert expand(onda).configurations == ()


def knn_accuracy_by_hand(X_train, y_train, X_test, y_test, k=3) -> float:
    """k nearest neighbours (Euclidean), majority vote, ties to the smaller label (as
    scikit-learn's argmax over sorted classes), written out as loops."""
    correct = 0
    for x, label in zip(X_test, y_test, strict=True):
        distances = [float(np.sum((x - t) ** 2)) for t in X_train]
        nearest = np.argsort(distances, kind="stable")[:k]
        votes = {}
        for i in nearest:
            votes[y_train[i]] = votes.get(y_train[i], 0) + 1
        best = max(votes.values())
        correct += min(c for c, v in votes.items() if v == best) == label
    return correct / len(y_test)


def test_selection_accuracy_is_knn_on_the_selected_columns():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(40, 5))
    y = (X[:, 0] + 0.5 * rng.normal(size=40) > 0).astype(int)
    support = np.array([True, False, True, False, False])
    model = make_accuracy_model({"class": "KNeighborsClassifier",
                                 "params": {"n_neighbors": 3}}, random_state=0)
    got = selection_accuracy(model, support, X[:30], y[:30], X[30:], y[30:])
    assert got == pytest.approx(
        knn_accuracy_by_hand(X[:30][:, support], y[:30], X[30:][:, support], y[30:]))
    # nothing selected: the training majority class
    majority = int(np.bincount(y[:30]).argmax())
    assert selection_accuracy(model, np.zeros(5, bool), X[:30], y[:30], X[30:], y[30:]) == \
        pytest.approx(np.mean(y[30:] == majority))


def test_select_chunk_uses_the_accuracy_model():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(60, 6))
    y = (X[:, 0] - X[:, 1] > 0).astype(np.int8)
    ds = Dataset("toy", X, y, tuple(f"f{i}" for i in range(6)),
                 tuple(f"s{i}" for i in range(60)), ("0", "1"))
    resamples = make_resamples(ds.y, "leave_out", 3, random_state=0, delta=0.2)
    spec = {"id": "mim", "selector": "mim", "class": "FilterSelector",
            "params": {"method": "mim", "n_features_to_select": 2, "n_bins": 5},
            "grid": {}, "variants": [{"id": "default", "params": {}}],
            "calibrate_target_k": None}
    knn = {"class": "KNeighborsClassifier", "params": {"n_neighbors": 3}}
    tables = select_chunk(ds, resamples, spec, [0, 1, 2], seed=1, rank_cap=5,
                          accuracy_model=knn)
    runs = tables["runs"].to_pandas()
    features = tables["features"].to_pandas()
    for r in range(3):
        train, test = resamples.train[r], resamples.test[r]
        chosen = features[(features["resample"] == r) & features["selected"]]["feature"]
        support = np.zeros(6, bool)
        support[chosen.to_numpy()] = True
        expected = knn_accuracy_by_hand(X[train][:, support], y[train], X[test][:, support],
                                        y[test])
        assert runs.loc[runs["resample"] == r, "accuracy"].iloc[0] == pytest.approx(expected)


def test_rank_table_restricted_to_rank_datasets():
    summaries = pd.DataFrame({
        "dataset": ["d1", "d1", "d2", "d2", "d3"],
        "label": ["x", "y", "x", "y", "z"],
        "configuration": ["x", "y", "x", "y", "z"],
        "variant": ["default"] * 5,
        "accuracy_mean": [0.9, 0.8, 0.7, 0.8, 0.5],
        "nogueira": [0.5, 0.6, 0.4, 0.5, 0.1],
    })
    # without restriction z (only on d3) and x, y (not on d3) are never on every dataset
    assert rank_table(summaries, ["nogueira"]).empty
    ranks = rank_table(summaries, ["nogueira"], ["d1", "d2"]).set_index("label")
    # d1: x and y are both non-dominated (rank 1); d2: y dominates x (rank 2)
    assert ranks.loc["x", "non_dominated_rank"] == pytest.approx(1.5)
    assert ranks.loc["y", "non_dominated_rank"] == pytest.approx(1.0)
    assert (ranks["n_datasets"] == 2).all()
