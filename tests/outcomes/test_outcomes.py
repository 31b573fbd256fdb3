"""The outcome model (fsstab.outcomes): task names, targets as the selectors take them, targets
parsed from the columns a reader read, strata."""

from __future__ import annotations

import doctest

import numpy as np
import pytest

import fsstab.outcomes._targets
from fsstab.outcomes import (
    SURVIVAL_DTYPE,
    TASKS,
    as_regression_target,
    as_survival_target,
    as_target,
    censored_fraction,
    check_task,
    describe_target,
    parse_regression_column,
    parse_survival_columns,
    stratification_labels,
    survival_target,
)


def test_docstring_examples_run():
    result = doctest.testmod(fsstab.outcomes._targets)
    assert result.failed == 0
    assert result.attempted > 5


def test_check_task_names_the_allowed_values():
    for task in ("classification", "multiclass", "regression", "survival"):
        assert check_task(task) == task
    # the allowed values are the registry's, in its order
    with pytest.raises(ValueError, match=f"task must be one of {', '.join(TASKS)}; got 'cox'"):
        check_task("cox")


def test_regression_target_is_a_finite_varying_float_vector():
    np.testing.assert_array_equal(as_regression_target([1, 2, 3]), [1.0, 2.0, 3.0])
    assert as_regression_target(np.array([[1.5], [2.0]])).shape == (2,)
    with pytest.raises(ValueError, match="finite; 1 value"):
        as_regression_target([1.0, np.nan, 2.0])
    with pytest.raises(ValueError, match="constant"):
        as_regression_target([2.0, 2.0, 2.0])
    with pytest.raises(ValueError, match="numeric"):
        as_regression_target(["a", "b"])
    with pytest.raises(ValueError, match="numeric"):
        as_regression_target([True, False])
    with pytest.raises(ValueError, match="survival target"):
        as_regression_target(survival_target([1, 0], [1.0, 2.0]))


def test_survival_target_is_scikit_survivals_structured_array():
    y = survival_target([1, 0, 1], [5, 3.5, 2])
    assert y.dtype == SURVIVAL_DTYPE
    assert y.dtype.names == ("event", "time")  # Surv.from_arrays(event, time): event first
    np.testing.assert_array_equal(y["event"], [True, False, True])
    np.testing.assert_array_equal(y["time"], [5.0, 3.5, 2.0])
    # rows index like any 1-d array (resampling needs nothing else)
    assert y[[2, 0]]["time"].tolist() == [2.0, 5.0]


def test_survival_target_matches_scikit_survival():
    util = pytest.importorskip("sksurv.util")
    event = np.array([True, False, True, True])
    time = np.array([3.0, 1.0, 4.5, 2.0])
    theirs = util.Surv.from_arrays(event, time)
    ours = survival_target(event, time)
    assert ours.dtype == theirs.dtype
    np.testing.assert_array_equal(ours, theirs)
    # and any structured array of two fields (event, time) is accepted, whatever the names
    renamed = np.array(list(zip(event, time, strict=True)),
                       dtype=[("status", "?"), ("months", "<f8")])
    np.testing.assert_array_equal(as_survival_target(renamed), ours)


def test_survival_target_from_two_columns_time_then_event():
    y = as_survival_target(np.array([[3.0, 1], [1.0, 0], [4.5, 1]]))
    np.testing.assert_array_equal(y["time"], [3.0, 1.0, 4.5])
    np.testing.assert_array_equal(y["event"], [True, False, True])


@pytest.mark.parametrize(("event", "time", "message"), [
    ([1, 0], [1.0, -2.0], "non-negative"),
    ([1, 0], [1.0, np.inf], "finite"),
    ([0, 0], [1.0, 2.0], "every sample is censored"),
    ([2, 1], [1.0, 2.0], "boolean or 0/1"),
])
def test_invalid_survival_targets_are_refused(event, time, message):
    with pytest.raises(ValueError, match=message):
        survival_target(event, time)


def test_wrong_shapes_are_refused():
    with pytest.raises(ValueError, match="survival target"):
        as_survival_target(np.zeros((4, 3)))
    with pytest.raises(ValueError, match="two fields"):
        as_survival_target(np.zeros(3, dtype=[("a", "?"), ("b", "f8"), ("c", "f8")]))
    with pytest.raises(ValueError, match="one class label per sample"):
        as_target("classification", np.zeros((3, 2)))


def test_regression_column_parsing_names_column_row_and_sample():
    samples = ["S01", "S02", "S03", "S04"]
    np.testing.assert_array_equal(
        parse_regression_column(["61", "47.5", " 70", "1e2"], column="age"),
        [61.0, 47.5, 70.0, 100.0])
    with pytest.raises(ValueError, match=r"'age': 1 missing value\(s\) at row 3 \(sample 'S03'\)"):
        parse_regression_column(["61", "47", "NA", "50"], column="age", sample_ids=samples)
    with pytest.raises(ValueError, match=r"row 2 \(sample 'S02'\) \(e.g. 'old'\)"):
        parse_regression_column(["61", "old", "3", "4"], column="age", sample_ids=samples)


def test_survival_columns_with_a_named_event_value():
    y = parse_survival_columns(["12", "30.5", "7"], ["relapse", "none", "relapse"],
                               time_column="months", event_column="status", positive="relapse")
    np.testing.assert_array_equal(y["event"], [True, False, True])
    np.testing.assert_array_equal(y["time"], [12.0, 30.5, 7.0])
    # compared as text: an event coded 1 in the configuration matches "1" read from a file
    y = parse_survival_columns([1, 2], ["1", "0"], time_column="t", event_column="e", positive=1)
    np.testing.assert_array_equal(y["event"], [True, False])
    with pytest.raises(ValueError, match="does not occur"):
        parse_survival_columns([1, 2], ["a", "b"], time_column="t", event_column="e",
                               positive="dead")
    with pytest.raises(ValueError, match="3 distinct values"):
        parse_survival_columns([1, 2, 3], ["a", "b", "c"], time_column="t", event_column="e",
                               positive="a")


def test_survival_columns_understand_usual_codings_and_name_bad_rows():
    y = parse_survival_columns([1, 2, 3, 4], ["TRUE", "false", "1", "0"], time_column="t",
                               event_column="e")
    np.testing.assert_array_equal(y["event"], [True, False, True, False])
    with pytest.raises(ValueError, match=r"row 2 \(sample 'b'\)"):
        parse_survival_columns([1, 2], ["1", "maybe"], time_column="t", event_column="e",
                               sample_ids=["a", "b"])
    with pytest.raises(ValueError, match=r"negative time\(s\) at row 1"):
        parse_survival_columns([-1, 2], ["1", "0"], time_column="t", event_column="e")
    with pytest.raises(ValueError, match="every sample is censored"):
        parse_survival_columns([1, 2], ["0", "0"], time_column="t", event_column="e")


def test_strata():
    y = survival_target([1, 0, 0, 1], [1.0, 2.0, 3.0, 4.0])
    np.testing.assert_array_equal(stratification_labels("survival", y), [1, 0, 0, 1])
    np.testing.assert_array_equal(stratification_labels("classification", ["b", "a", "b"]),
                                  [1, 0, 1])
    # regression: quantile bins of equal counts, ties in one bin
    values = np.arange(10.0)[::-1]
    bins = stratification_labels("regression", values, n_bins=5)
    np.testing.assert_array_equal(bins, [4, 4, 3, 3, 2, 2, 1, 1, 0, 0])
    tied = stratification_labels("regression", [1.0, 1.0, 1.0, 2.0], n_bins=2)
    assert len(set(tied[:3].tolist())) == 1


def test_describe_and_censoring():
    y = survival_target([1, 0, 0, 0], [1.0, 2.0, 3.0, 4.0])
    assert censored_fraction(y) == 0.75
    assert describe_target("regression", [1.0, 3.0])["sd"] == pytest.approx(np.sqrt(2.0))
    assert describe_target("classification", ["a", "b", "a"])["class_counts"] == {"a": 2, "b": 1}
