"""The regression task: one number per sample (age, a drug response, a clinical score).

The target is a float64 vector, finite and not constant (:func:`fsstab.outcomes.
as_regression_target`); the score is the out-of-sample R² with the RMSE reported beside it
(the RMSE has the outcome's units, so it takes no decision). Resamples are stratified by
quantile bins of the target, so that no training set misses a tail.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from fsstab.outcomes._registry import Task, register_task
from fsstab.outcomes._scores import Score
from fsstab.outcomes._targets import as_regression_target, parse_regression_column

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["R2", "RMSE", "RegressionTask"]

#: Below this many samples a warning says the estimates mean little.
SMALL_SAMPLES = 20


def _r2(y: Any, prediction: Any, y_train: Any = None) -> float:
    """``1 − Σ(y − ŷ)² / Σ(y − ȳ)²`` with ``ȳ`` the mean of the test targets (scikit-learn's
    ``r2_score``); NaN when the test targets are all equal (undefined)."""
    y = np.asarray(y, dtype=np.float64)
    residual = float(np.sum((y - np.asarray(prediction, dtype=np.float64)) ** 2))
    total = float(np.sum((y - y.mean()) ** 2))
    return 1.0 - residual / total if total > 0 else float("nan")


def _rmse(y: Any, prediction: Any, y_train: Any = None) -> float:
    y = np.asarray(y, dtype=np.float64)
    return float(np.sqrt(np.mean((y - np.asarray(prediction, dtype=np.float64)) ** 2)))


#: Out-of-sample R² (scikit-learn's ``r2_score`` on the test rows).
R2 = Score("r2", "R²", True, -np.inf, 1.0, True, _r2)
#: Root mean squared error, in the outcome's units.
RMSE = Score("rmse", "RMSE", False, 0.0, np.inf, False, _rmse)


@register_task
class RegressionTask(Task):
    """A continuous outcome.

    Examples
    --------
    >>> from fsstab.outcomes import get_task
    >>> task = get_task("regression")
    >>> [s.name for s in task.run_scores([1.0, 2.0, 4.0])]
    ['r2', 'rmse']
    >>> task.describe([1.0, 2.0, 6.0])
    {'task': 'regression', 'n': 3, 'mean': 3.0, 'sd': 2.6457513110645907, 'min': 1.0, 'max': 6.0}
    """

    name = "regression"
    target_summary = "one number per sample (age, a drug response, a clinical score)"
    declared_by = "`task: regression`, `target: COLUMN`"
    estimator_task = "regression"
    estimator_type = "regressor"
    continuous = True
    scores = (R2, RMSE)
    estimator_score = R2
    target_columns = ("y",)
    refused_options = frozenset({"classes", "multiclass", "positive"})

    def as_target(self, y: Any, *, name: str = "y") -> np.ndarray:
        return as_regression_target(y, name=name)

    def parse_target_columns(self, values: Sequence[Sequence[Any]], columns: Sequence[str], *,
                             positive: Any = None, sample_ids: Sequence[Any] | None = None,
                             positions: Sequence[str] | None = None) -> np.ndarray:
        """The numbers of the one target column (:func:`fsstab.outcomes.
        parse_regression_column`)."""
        return parse_regression_column(values[0], column=columns[0], sample_ids=sample_ids,
                                       positions=positions)

    def describe(self, y: Any) -> dict[str, Any]:
        values = as_regression_target(y)
        return {"task": self.name, "n": int(values.size), "mean": float(values.mean()),
                "sd": float(values.std(ddof=1)) if values.size > 1 else 0.0,
                "min": float(values.min()), "max": float(values.max())}

    def stratification_labels(self, y: Any, *, n_bins: int = 5) -> np.ndarray:
        """``n_bins`` quantile bins of ``y`` (equal counts, ties kept together)."""
        values = as_regression_target(y)
        if isinstance(n_bins, bool) or not isinstance(n_bins, int | np.integer) or n_bins < 1:
            raise ValueError(f"n_bins must be a positive integer; got {n_bins!r}")
        # rank / n in (0, 1], ties sharing their highest rank, cut into n_bins equal parts
        order = np.sort(values)
        upper_rank = np.searchsorted(order, values, side="right")
        return np.minimum((upper_rank - 1) * n_bins // values.size, n_bins - 1).astype(np.int64)

    def prediction_error(self, y: np.ndarray, prediction: np.ndarray) -> float:
        """The mean squared error."""
        return float(np.mean((y - prediction) ** 2))

    def data_warning(self, summary: Mapping[str, Any]) -> str | None:
        n = int(summary["n"])
        if n < SMALL_SAMPLES:
            return (f"has {n} samples; with fewer than {SMALL_SAMPLES} the test sets hold a "
                    "handful of samples, so R² and selection frequencies vary so much between "
                    "resamples that the estimates mean little")
        return None

    def parquet_columns(self, y: np.ndarray, class_labels: Sequence[str]) -> dict[str, pa.Array]:
        """``y`` (double)."""
        import pyarrow as pa

        return {"y": pa.array(np.asarray(y, dtype=np.float64), type=pa.float64())}

    def read_parquet_target(self, table: pa.Table, path: Any) -> np.ndarray:
        self._check_parquet_columns(table, path)
        return table.column("y").to_numpy().astype(np.float64)
