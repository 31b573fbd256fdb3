"""Regression and survival datasets (issue 22): stored and read back, read from a study's files
with errors naming column, row and sample, bundled and simulated sources with their task, and
the labels resamples are stratified on."""

from __future__ import annotations

import math

import numpy as np
import pyarrow.parquet as pq
import pytest

from fsstab.datasets import (
    Dataset,
    make_dataset,
    make_outcome_dataset,
    read_dataset,
    resampling_labels,
    write_dataset,
)
from fsstab.outcomes import TASKS, survival_target
from fsstab.resampling import make_resamples
from fsstab.sources import fetch, parse_source
from fsstab.sources.outcomes import source_task
from fsstab.synthetic import generate


def _survival(n=6):
    return make_outcome_dataset(
        "surv", np.arange(2.0 * n).reshape(n, 2), survival_target(
            [True, False, True, True, False, True][:n], [3.0, 5.5, 1.0, 8.0, 2.0, 4.0][:n]),
        task="survival", sample_ids=[f"P{i}" for i in range(n)],
        sample_groups=["a", "a", "b", "b", "c", "c"][:n])


def test_regression_and_survival_datasets_round_trip(tmp_path):
    reg = make_outcome_dataset("reg", np.eye(4), [1.5, -2.0, 0.25, 7.0], task="regression",
                               feature_names=["g1", "g2", "g3", "g4"])
    for ds in (reg, _survival()):
        write_dataset(ds, tmp_path / ds.name)
        back = read_dataset(tmp_path / ds.name)
        assert back.task == ds.task
        assert back.class_labels == ()
        assert back.class_counts == {}
        assert back.y.dtype == ds.y.dtype
        np.testing.assert_array_equal(back.y, ds.y)
        np.testing.assert_array_equal(back.X, ds.X)
        assert back.sample_groups == ds.sample_groups
    columns = pq.read_table(tmp_path / "reg" / "dataset.parquet").schema
    assert columns.names == ["sample_id", "y", "x"]
    assert str(columns.field("y").type) == "double"
    surv = pq.read_table(tmp_path / "surv" / "dataset.parquet")
    assert surv.column_names == ["sample_id", "time", "event", "x", "group"]
    assert surv.column("event").to_pylist() == [True, False, True, True, False, True]
    assert surv.schema.metadata[b"fsstab:task"] == b'"survival"'


def test_classification_files_keep_their_layout(tmp_path):
    # no task key and the label/y columns as ever: classification files keep their bytes
    ds = make_dataset("cls", np.eye(4), ["a", "b", "a", "b"])
    write_dataset(ds, tmp_path)
    table = pq.read_table(tmp_path / "dataset.parquet")
    assert table.column_names == ["sample_id", "label", "y", "x"]
    assert b"fsstab:task" not in table.schema.metadata
    assert read_dataset(tmp_path).task == "classification"


def test_outcome_targets_are_validated_naming_the_dataset():
    with pytest.raises(ValueError, match=r"dataset 'bad': y is constant"):
        make_outcome_dataset("bad", np.eye(3), [1.0, 1.0, 1.0], task="regression")
    with pytest.raises(ValueError, match=r"dataset 'bad': y: every sample is censored"):
        make_outcome_dataset("bad", np.eye(2), survival_target([1, 0], [1.0, 2.0])[[1, 1]],
                             task="survival")
    with pytest.raises(ValueError, match=r"a regression dataset has no class labels"):
        Dataset(name="bad", X=np.eye(2), y=[1.0, 2.0], feature_names=["a", "b"],
                sample_ids=["s", "t"], class_labels=("x", "y"), task="regression")
    # the allowed values are the registry's, in its order
    with pytest.raises(ValueError, match="task must be one of " + ", ".join(TASKS)):
        Dataset(name="bad", X=np.eye(2), y=[1.0, 2.0], feature_names=["a", "b"],
                sample_ids=["s", "t"], class_labels=(), task="ranking")


STUDY = """sample,g1,g2,g3
S01,1.0,2.0,0.5
S02,1.5,2.5,0.1
S03,0.2,1.0,0.9
S04,1.1,0.3,0.4
S05,0.7,0.8,0.2
"""
SHEET = """sample\tage\tmonths\tstatus\tpatient
S01\t61\t12.5\trelapse\tA
S02\t47.5\t30\tnone\tA
S03\t\t7\trelapse\tB
S04\t70\t18\tnone\tC
S05\t52\t3\trelapse\tC
"""


def _study(tmp_path, sheet=SHEET):
    (tmp_path / "m.csv").write_text(STUDY)
    (tmp_path / "s.tsv").write_text(sheet)
    return {"source": f"file:{tmp_path / 'm.csv'}", "samples": str(tmp_path / "s.tsv")}


def test_a_study_with_a_continuous_and_a_survival_outcome(tmp_path):
    spec = _study(tmp_path)
    with pytest.warns(UserWarning, match=r"1 of 5 sample\(s\) have no value of target 'age' "
                                         r"and are left out: 'S03'"):
        reg = fetch({**spec, "target": "age", "task": "regression", "groups": "patient"})
    assert reg.task == "regression"
    assert reg.sample_ids == ("S01", "S02", "S04", "S05")
    assert reg.y.tolist() == [61.0, 47.5, 70.0, 52.0]
    assert reg.sample_groups == ("A", "A", "C", "C")
    assert reg.provenance["target"]["mean"] == pytest.approx((61 + 47.5 + 70 + 52) / 4)
    surv = fetch({**spec, "target": ["months", "status"], "task": "survival",
                  "positive": "relapse"})
    assert surv.y["event"].tolist() == [True, False, True, False, True]
    assert surv.y["time"].tolist() == [12.5, 30.0, 7.0, 18.0, 3.0]
    assert surv.feature_names == ("g1", "g2", "g3")


def test_bad_outcome_values_name_the_column_row_and_sample(tmp_path):
    spec = _study(tmp_path, SHEET.replace("70\t18", "old\t18"))
    with pytest.raises(ValueError, match=r"dataset 'm': target column 'age': 1 value\(s\) are not "
                                         r"finite numbers at row 4 of s.tsv \(sample 'S04'\)"):
        fetch({**spec, "target": "age", "task": "regression"})
    spec = _study(tmp_path, SHEET.replace("none\tC", "lost\tC"))
    with pytest.raises(ValueError, match=r"event column 'status' has 3 distinct values"):
        fetch({**spec, "target": ["months", "status"], "task": "survival",
               "positive": "relapse"})
    with pytest.raises(ValueError, match=r"positive=.relapsed. \(the event value\) does not "
                                         r"occur"):
        fetch({**_study(tmp_path), "target": ["months", "status"], "task": "survival",
               "positive": "relapsed"})


def test_bundled_and_simulated_sources_know_their_task():
    diabetes = fetch("sklearn:diabetes")
    assert diabetes.task == "regression"
    assert diabetes.X.shape == (442, 10)
    assert diabetes.feature_names[:3] == ("age", "sex", "bmi")
    assert diabetes.y[:3].tolist() == [151.0, 75.0, 141.0]  # scikit-learn's diabetes.tab.gz
    assert source_task(parse_source("sklearn:diabetes")) == "regression"
    assert source_task(parse_source("sklearn:breast_cancer")) == "classification"
    assert source_task(parse_source({"source": "synthetic:cox"})) == "survival"
    assert source_task(parse_source({"source": "synthetic:linear"})) == "regression"
    with pytest.raises(ValueError, match=r"\['classes'\] apply to class labels; diabetes is a "
                                         r"regression data set"):
        parse_source({"source": "sklearn:diabetes", "classes": ["a", "b"]})


def test_linear_generator_is_the_linear_model():
    # without noise y is exactly X β with β = (+c, −c, +c, 0, ...)
    ds = generate("linear", n_samples=40, n_features=12, n_relevant=3, coefficient=0.7,
                  noise=0.0, random_state=5)
    beta = np.r_[0.7, -0.7, 0.7, np.zeros(9)]
    np.testing.assert_allclose(ds.y, ds.X @ beta, rtol=0, atol=1e-12)
    assert ds.relevant_features.tolist() == [0, 1, 2]
    noisy = generate("linear", n_samples=4000, n_features=3, n_relevant=1, noise=2.0,
                     random_state=1)
    residual = noisy.y - noisy.X[:, 0]
    assert residual.std(ddof=1) == pytest.approx(2.0, rel=0.05)


def test_cox_generator_censors_as_derived():
    # no relevant feature: T ~ Exp(h), C ~ U(a, b), so P(event) = P(T <= C)
    # = 1 - (exp(-h a) - exp(-h b)) / (h (b - a)); 20,000 samples give a 0.35 % standard error
    h, a, b, n = 0.8, 0.5, 3.0, 20000
    ds = generate("cox", n_samples=n, n_features=2, n_relevant=0, baseline_hazard=h,
                  follow_up_min=a, follow_up_max=b, random_state=11)
    expected = 1 - (math.exp(-h * a) - math.exp(-h * b)) / (h * (b - a))
    se = math.sqrt(expected * (1 - expected) / n)
    assert abs(ds.y["event"].mean() - expected) < 4 * se
    assert np.all(ds.y["time"] <= b)
    # a relevant feature raises the hazard: events come earlier where it is high
    ds = generate("cox", n_samples=3000, n_features=2, n_relevant=1, log_hazard_ratio=1.0,
                  random_state=2)
    high = ds.X[:, 0] > 0
    assert ds.y["event"][high].mean() > ds.y["event"][~high].mean()


def test_resamples_are_stratified_on_the_outcome():
    ds = generate("linear", n_samples=50, n_features=4, n_relevant=2, random_state=0)
    labels = resampling_labels(ds)
    # quintiles of y by rank: 10 samples in each
    ranks = np.argsort(np.argsort(ds.y))
    np.testing.assert_array_equal(labels, ranks * 5 // 50)
    res = make_resamples(labels, "bootstrap", 5, random_state=3)
    for train in res.train:
        assert np.bincount(labels[train], minlength=5).tolist() == [10] * 5
    surv = generate("cox", n_samples=60, n_features=4, n_relevant=2, random_state=0)
    np.testing.assert_array_equal(resampling_labels(surv), surv.y["event"].astype(int))
    res = make_resamples(resampling_labels(surv), "subsample", 4, random_state=1, fraction=0.5)
    events = int(surv.y["event"].sum())
    for train in res.train:
        # stratified subsampling keeps the share of events (largest remainder rounding)
        assert abs(int(surv.y["event"][train].sum()) - events / 2) <= 1
