"""The tasks of class labels: two classes (classification) or more (multiclass).

The target is one class label per sample, any values: the selectors encode them themselves
(``classes_``, codes ``0 .. K-1``), a :class:`fsstab.datasets.Dataset` stores the codes (int8)
beside its ``class_labels``. The score is the accuracy. Which of the two tasks a data set has
is decided by its number of classes (:func:`fsstab.outcomes.class_task`): a source keeps two
classes (``classes:``, ``positive:``) unless it says ``multiclass: true``; the selectors that
handle more than two classes list ``"multiclass"`` in their ``tasks``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from fsstab.outcomes._registry import Task, register_task
from fsstab.outcomes._scores import Score

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["ACCURACY", "ClassificationTask", "MulticlassTask"]


def _accuracy(y: Any, prediction: Any, y_train: Any = None) -> float:
    return float(np.mean(np.asarray(prediction) == np.asarray(y)))


#: The fraction of test samples whose class the model predicts.
ACCURACY = Score("accuracy", "accuracy", True, 0.0, 1.0, True, _accuracy)


@register_task
class ClassificationTask(Task):
    """Two classes: the default task.

    Examples
    --------
    >>> from fsstab.outcomes import get_task
    >>> task = get_task("classification")
    >>> task.describe(["a", "b", "a"])
    {'task': 'classification', 'n': 3, 'class_counts': {'a': 2, 'b': 1}}
    >>> task.stratification_labels(["b", "a", "b"]).tolist()
    [1, 0, 1]
    """

    name = "classification"
    target_summary = "class labels"
    declared_by = ("the default (`task: classification`); two classes, chosen with `classes:` "
                   "and `positive:`")
    has_classes = True
    estimator_task = "classification"
    scores = (ACCURACY,)
    estimator_score = ACCURACY
    target_columns = ("label", "y")

    def admits_classes(self, n_classes: int) -> bool:
        """Whether data with ``n_classes`` classes have this task (two)."""
        return n_classes == 2

    def as_target(self, y: Any, *, name: str = "y") -> np.ndarray:
        values = np.asarray(y)
        if values.ndim != 1:
            raise ValueError(f"{name} must be one class label per sample; got shape "
                             f"{values.shape}")
        return values

    def describe(self, y: Any) -> dict[str, Any]:
        labels, counts = np.unique(np.asarray(y), return_counts=True)
        return {"task": self.name, "n": int(counts.sum()),
                "class_counts": {str(label): int(c)
                                 for label, c in zip(labels, counts, strict=True)}}

    def stratification_labels(self, y: Any, *, n_bins: int = 5) -> np.ndarray:
        """The class codes (``n_bins`` does not apply)."""
        return np.unique(np.asarray(y), return_inverse=True)[1].astype(np.int64)

    def parquet_columns(self, y: np.ndarray, class_labels: Sequence[str]) -> dict[str, pa.Array]:
        """``label`` (the class label, text) and ``y`` (the code, int8)."""
        import pyarrow as pa

        return {"label": pa.array([class_labels[v] for v in y], type=pa.string()),
                "y": pa.array(y, type=pa.int8())}

    def read_parquet_target(self, table: pa.Table, path: Any) -> np.ndarray:
        """The codes of column ``y`` (the labels come from the file's ``class_labels``)."""
        if "y" not in table.column_names:
            raise ValueError(f"{path}: missing column 'y'")
        return table.column("y").to_numpy()


@register_task
class MulticlassTask(ClassificationTask):
    """More than two classes (a source with ``multiclass: true``).

    Examples
    --------
    >>> from fsstab.outcomes import get_task
    >>> get_task("multiclass").admits_classes(3), get_task("multiclass").estimator_task
    (True, 'classification')
    """

    name = "multiclass"
    target_summary = "class labels, more than two classes"
    declared_by = "`multiclass: true` (every class kept, or those of `classes:`)"
    source_option = False

    def admits_classes(self, n_classes: int) -> bool:
        """Whether data with ``n_classes`` classes have this task (more than two)."""
        return n_classes > 2
