"""The survival task: a time to an event, with censoring.

The target is scikit-survival's structured array ``Surv.from_arrays(event, time)``
(:func:`fsstab.outcomes.survival_target`, :func:`fsstab.outcomes.as_survival_target`); the
score is a concordance index of the model's risk scores (:mod:`fsstab.outcomes._concordance`);
resamples are stratified by the event indicator, so that every training set keeps the share
of events.

Which C-index (Harrell's or Uno's) a survival study is scored with is decided once per data
set by :meth:`SurvivalTask.primary_score`, from the censoring of the whole data, so that every
resample and configuration is scored alike: Harrell's C unless more than half of the samples
are censored, then Uno's. Harrell's C depends on the censoring distribution (pairs of early
times dominate when censoring is heavy; Uno et al. 2011, Stat. Med. 30:1105, §4), Uno's
weighting removes that dependence at the price of variance from small ``Ĝ``; "more than half
censored" (the median follow-up then censored) is fsstab's threshold for when the dependence
outweighs the variance, ``censoring_threshold`` changes it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from fsstab.outcomes._concordance import (
    concordance_index_harrell,
    concordance_index_uno,
    weighted_concordance,
)
from fsstab.outcomes._registry import Task, register_task
from fsstab.outcomes._scores import Score
from fsstab.outcomes._targets import as_survival_target, parse_survival_columns, survival_target

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["C_INDEX", "C_INDEX_UNO", "SurvivalTask"]

#: A survival outcome needs an event in a training set and one in a test set.
MIN_EVENTS = 2
#: Below this many events a warning says the C-index and the selections mean little.
SMALL_EVENTS = 10


def _harrell(y: Any, risk: Any, y_train: Any = None) -> float:
    return concordance_index_harrell(y, risk)


def _uno(y: Any, risk: Any, y_train: Any = None) -> float:
    return concordance_index_uno(y, risk, y_train=y_train)


#: Harrell's concordance index of risk scores.
C_INDEX = Score("c_index", "C-index (Harrell)", True, 0.0, 1.0, True, _harrell)
#: Uno's concordance index (censoring weights from the training targets).
C_INDEX_UNO = Score("c_index_uno", "C-index (Uno)", True, 0.0, 1.0, True, _uno)


@register_task
class SurvivalTask(Task):
    """A time to event with censoring.

    Examples
    --------
    >>> from fsstab.outcomes import get_task, survival_target
    >>> task = get_task("survival")
    >>> y = survival_target([1, 0, 1, 0], [1.0, 2.0, 3.0, 4.0])
    >>> task.describe(y)
    {'task': 'survival', 'n': 4, 'events': 2, 'censored_fraction': 0.5, 'median_time': 2.5}
    >>> task.stratification_labels(y).tolist()
    [1, 0, 1, 0]
    """

    name = "survival"
    target_summary = ("time to an event with censoring: scikit-survival's structured array "
                      "`Surv.from_arrays(event, time)`, or an `(n, 2)` array of columns "
                      "`(time, event)`")
    declared_by = ("`task: survival`, `target: [TIME, EVENT]`, `positive:` the event value "
                   "(else 1/0, yes/no)")
    estimator_task = "survival"
    scores = (C_INDEX, C_INDEX_UNO)
    score_rule = "Uno's when more than half of the samples are censored (decided per data set)"
    estimator_score = C_INDEX
    target_option_columns = 2
    target_columns = ("time", "event")
    refused_options = frozenset({"classes", "multiclass"})

    def as_target(self, y: Any, *, name: str = "y") -> np.ndarray:
        return as_survival_target(y, name=name)

    def target_option_problem(self, target: Any) -> str | None:
        if target is None or not (
            isinstance(target, list | tuple) and len(target) == 2
            and all(isinstance(t, str) and t for t in target)
        ):
            return f"task survival takes target: [TIME, EVENT] (two column names), got {target!r}"
        return None

    def parse_target_columns(self, values: Sequence[Sequence[Any]], columns: Sequence[str], *,
                             positive: Any = None, sample_ids: Sequence[Any] | None = None,
                             positions: Sequence[str] | None = None) -> np.ndarray:
        """The times and event indicators of the columns ``[TIME, EVENT]``
        (:func:`fsstab.outcomes.parse_survival_columns`)."""
        if len(columns) != 2:
            raise ValueError(f"task survival takes target: [TIME, EVENT] (two columns); "
                             f"got {list(columns)}")
        return parse_survival_columns(values[0], values[1], time_column=columns[0],
                                      event_column=columns[1], positive=positive,
                                      sample_ids=sample_ids, positions=positions)

    def describe(self, y: Any) -> dict[str, Any]:
        target = as_survival_target(y)
        return {"task": self.name, "n": int(target.size), "events": int(target["event"].sum()),
                "censored_fraction": float(1.0 - target["event"].mean()),
                "median_time": float(np.median(target["time"]))}

    def stratification_labels(self, y: Any, *, n_bins: int = 5) -> np.ndarray:
        """The event indicator (``n_bins`` does not apply)."""
        return as_survival_target(y)["event"].astype(np.int64)

    def primary_score(self, y: Any = None, *, censoring_threshold: float = 0.5) -> Score:
        """Uno's C-index when the fraction of censored samples of ``y`` (the whole data set)
        exceeds ``censoring_threshold``, Harrell's otherwise (module docstring)."""
        if y is None:
            raise ValueError("primary_score('survival', y): give the survival target to decide "
                             "between Harrell's and Uno's C-index")
        if not 0 <= censoring_threshold <= 1:
            raise ValueError(f"censoring_threshold must lie in [0, 1]; got "
                             f"{censoring_threshold!r}")
        censored = 1.0 - float(as_survival_target(y)["event"].mean())
        return C_INDEX_UNO if censored > censoring_threshold else C_INDEX

    def prediction_error(self, y: np.ndarray, risk: np.ndarray) -> float:
        """``1 −`` Harrell's C-index of the risk scores (NaN when no pair is comparable)."""
        time, event = y["time"], y["event"]
        try:
            return 1.0 - weighted_concordance(time, event, risk, np.ones(time.size), 1e-8)
        except ValueError:  # no comparable pair
            return float("nan")

    def data_problem(self, summary: Mapping[str, Any]) -> str | None:
        if int(summary["events"]) < MIN_EVENTS:
            return (f"{summary['events']} event(s) among {summary['n']} samples; a survival "
                    f"outcome needs at least {MIN_EVENTS} (an event in a training set and one "
                    "in a test set)")
        return None

    def data_warning(self, summary: Mapping[str, Any]) -> str | None:
        if int(summary["events"]) < SMALL_EVENTS:
            return (f"has {summary['events']} events among {int(summary['n'])} samples; with "
                    f"fewer than {SMALL_EVENTS} events the test sets hold a handful of them, so "
                    "the C-indexes and selection frequencies vary so much between resamples "
                    "that the estimates mean little")
        return None

    def parquet_columns(self, y: np.ndarray, class_labels: Sequence[str]) -> dict[str, pa.Array]:
        """``time`` (double) and ``event`` (bool)."""
        import pyarrow as pa

        return {"time": pa.array(np.asarray(y["time"], dtype=np.float64), type=pa.float64()),
                "event": pa.array(np.asarray(y["event"], dtype=bool), type=pa.bool_())}

    def read_parquet_target(self, table: pa.Table, path: Any) -> np.ndarray:
        self._check_parquet_columns(table, path)
        return survival_target(
            table.column("event").to_numpy(zero_copy_only=False).astype(bool),
            table.column("time").to_numpy().astype(np.float64),
        )
