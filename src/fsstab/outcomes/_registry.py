"""The task registry: one :class:`Task` object per kind of outcome, and the one way into it,
:func:`register_task`.

A task is a class decorated where it is defined (one module per task: ``_classification``,
``_regression``, ``_survival``); the decorator registers one instance under its ``name`` in
:data:`TASKS`, and its scores in :data:`SCORES`. The package imports every one of its modules
(:mod:`fsstab.outcomes`), so that a new task is its module alone. The registry's order -- of
the documents' table of tasks, of the configuration schema's ``task`` values and of the score
columns -- is the alphabetical order of the modules, then that of the definitions within a
module.

Everything here is NumPy only (pyarrow and scikit-learn are imported by the methods that
need them), so that the measures, the resampling and the data stages can ask a task without
loading more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import numpy as np

if TYPE_CHECKING:
    import pyarrow as pa

    from fsstab.outcomes._scores import Score

__all__ = [
    "DEFAULT_TASK",
    "SCORES",
    "TASKS",
    "Task",
    "as_target",
    "check_task",
    "class_task",
    "describe_target",
    "get_task",
    "order_by_module",
    "register_task",
    "source_task_names",
    "stratification_labels",
]

#: The task of a source without ``task:``, of a dataset without a stored task and of a
#: selector without a ``task`` parameter (or left at its default): two-class classification.
DEFAULT_TASK: str = "classification"

#: The registered tasks by name, in registry order (:func:`register_task`).
TASKS: dict[str, Task] = {}

#: The scores of the registered tasks by name, in registry order (a score shared by two tasks,
#: the accuracy, is listed once).
SCORES: dict[str, Score] = {}


class Task:
    """What fsstab needs to know about one kind of outcome (a *task*).

    Stability does not depend on the outcome, but the form of the target, the score of the
    predictive model, the resampling strata, the stored columns of a dataset's target and the
    selectors that can serve it do. A task answers these questions; modules ask the task
    (``get_task(ds.task).stratification_labels(y)``) instead of comparing task names.

    A subclass sets the class attributes below, implements :meth:`as_target` (and the other
    methods where the defaults do not fit) and is decorated with :func:`register_task`.

    Examples
    --------
    >>> from fsstab.outcomes import get_task
    >>> task = get_task("regression")
    >>> task.name, task.primary_score().label, task.target_columns
    ('regression', 'R²', ('y',))
    >>> task.stratification_labels([5.0, 1.0, 3.0, 2.0, 4.0, 6.0], n_bins=2).tolist()
    [1, 0, 0, 0, 1, 1]
    """

    #: The task's name: the value of a source's ``task:`` and of ``Dataset.task``.
    name: ClassVar[str]
    #: The target as the selectors take it (the documents' table of tasks; Markdown).
    target_summary: ClassVar[str]
    #: How a source of the workflow declares the task (the documents' table; Markdown).
    declared_by: ClassVar[str]
    #: The target is class labels: ``Dataset.y`` holds codes into ``Dataset.class_labels``,
    #: the configuration's ``accuracy_model`` (a classifier) may score it, and a stored
    #: dataset's file names no task (classification files keep their bytes).
    has_classes: ClassVar[bool] = False
    #: The target is one real number per sample: resampling strata are bins of it (there are
    #: no classes or events to keep the shares of), and models of a continuous response (the
    #: Gaussian linear model of fixed-X knockoffs) apply.
    continuous: ClassVar[bool] = False
    #: Whether a source declares the task with ``task: <name>`` (the configuration schema's
    #: enum); a task of class labels is decided by the number of classes instead.
    source_option: ClassVar[bool] = True
    #: The value of a selector's ``task`` parameter that makes it serve this task.
    estimator_task: ClassVar[str]
    #: The task whose selectors serve this one as they are (built with ``task=``
    #: :attr:`estimator_task`, their ``tasks`` need not name this one), or None: the selectors
    #: naming this task in their ``tasks`` serve it (:attr:`selector_task`).
    served_as: ClassVar[str | None] = None
    #: scikit-learn's ``estimator_type`` of a selector serving the task ("classifier",
    #: "regressor", or None: scikit-survival's survival estimators have none).
    estimator_type: ClassVar[str | None] = None
    #: The scores of the task, the decision scores first (:class:`fsstab.outcomes.Score`).
    scores: ClassVar[tuple[Score, ...]]
    #: How the primary score is chosen among the decision scores, where there are several
    #: (the documents' table; Markdown).
    score_rule: ClassVar[str] = ""
    #: The score a fitted selector's ``score(X, y)`` returns.
    estimator_score: ClassVar[Score]
    #: How many column names a source's ``target:`` gives (survival: time and event).
    target_option_columns: ClassVar[int] = 1
    #: The Parquet columns holding a stored dataset's target.
    target_columns: ClassVar[tuple[str, ...]]
    #: Source options that do not apply to the task (refused by the configuration check).
    refused_options: ClassVar[frozenset[str]] = frozenset()

    def __repr__(self) -> str:
        return f"<Task {self.name!r}>"

    @property
    def selector_task(self) -> str:
        """The name a selector's ``tasks`` lists when it serves this task: :attr:`served_as`,
        or the task's own name."""
        return self.served_as or self.name

    # -- the target ---------------------------------------------------------------------------
    def admits_classes(self, n_classes: int) -> bool:
        """Whether class labels with ``n_classes`` classes have this task (False for a task
        without classes)."""
        return False

    def as_target(self, y: Any, *, name: str = "y") -> np.ndarray:
        """``y`` in the form the selectors take (class labels are returned as given: the
        classification selectors encode them themselves)."""
        raise NotImplementedError

    def target_option_problem(self, target: Any) -> str | None:
        """Why a source's ``target:`` option cannot name this task's target column(s) (None
        if it can): one column name, unless the task says otherwise."""
        if target is not None and not (isinstance(target, str) and target):
            return f"target must be a column name, got {target!r}"
        return None

    def parse_target_columns(self, values: Sequence[Sequence[Any]], columns: Sequence[str], *,
                             positive: Any = None, sample_ids: Sequence[Any] | None = None,
                             positions: Sequence[str] | None = None) -> np.ndarray:
        """The target from the columns a reader read (``values[k]`` of column
        ``columns[k]``, as text or numbers); errors name the column, the row and the sample.
        Tasks of class labels are encoded by :func:`fsstab.datasets.make_dataset` instead."""
        raise NotImplementedError(f"task {self.name!r} reads no target columns")

    def describe(self, y: Any) -> dict[str, Any]:
        """A JSON-compatible summary of a target for logs and provenance."""
        raise NotImplementedError

    def stratification_labels(self, y: Any, *, n_bins: int = 5) -> np.ndarray:
        """Labels to stratify resampling by (int64, one per sample)."""
        raise NotImplementedError

    def discrete_strata(self, y: Any) -> np.ndarray | None:
        """The labels whose shares a subsample keeps without binning the target: the class
        codes, the event indicator; None for a :attr:`continuous` target."""
        return None if self.continuous else self.stratification_labels(y)

    # -- scores -------------------------------------------------------------------------------
    def primary_score(self, y: Any = None, *, censoring_threshold: float = 0.5) -> Score:
        """The score a study of this task is decided on (the first of :attr:`scores`, unless
        the task chooses from the whole target ``y``)."""
        return self.scores[0]

    def run_scores(self, y: Any = None) -> tuple[Score, ...]:
        """The scores of each selection run: the primary score, then those reported beside
        it (the scores that take no decision, such as the RMSE)."""
        primary = self.primary_score(y)
        return (primary, *(s for s in self.scores if not s.decision))

    def prediction_error(self, y: np.ndarray, prediction: np.ndarray) -> float:
        """The error of ``prediction`` for the target ``y`` (in :meth:`as_target`'s form)
        that permutation importances measure (Breiman 2001); NaN where it is undefined.
        Tasks of class labels leave it to :mod:`fsstab.importance` (accuracy)."""
        raise ValueError(f"task {self.name!r}: its importances are fsstab.importance's")

    # -- checks of a dataset's outcome --------------------------------------------------------
    def data_problem(self, summary: Mapping[str, Any]) -> str | None:
        """Why a dataset with this target (``summary``: :meth:`describe`) cannot be analysed
        (None if it can)."""
        return None

    def data_warning(self, summary: Mapping[str, Any]) -> str | None:
        """Why its estimates would mean little (None: nothing to say)."""
        return None

    # -- a stored dataset's target ------------------------------------------------------------
    def parquet_columns(self, y: np.ndarray, class_labels: Sequence[str]) -> dict[str, pa.Array]:
        """The Parquet columns (:attr:`target_columns`) of a dataset's target ``y``."""
        raise NotImplementedError

    def read_parquet_target(self, table: pa.Table, path: Any) -> np.ndarray:
        """The target of a stored dataset from its Parquet table (``path`` names the file in
        errors)."""
        raise NotImplementedError

    def _check_parquet_columns(self, table: pa.Table, path: Any) -> None:
        missing = [c for c in self.target_columns if c not in table.column_names]
        if missing:
            raise ValueError(f"{path}: a {self.name} dataset needs the column(s) {missing}")


T = TypeVar("T", bound=type)


def register_task(cls: T) -> T:
    """Register one instance of the decorated :class:`Task` subclass in :data:`TASKS` under
    its ``name``, and its scores in :data:`SCORES`.

    Raises
    ------
    ValueError
        If a task of that name is registered already, or one of its scores has the name of
        another score.
    """
    task = cls()
    if task.name in TASKS:
        raise ValueError(f"task {task.name!r} is registered already")
    for score in task.scores:
        known = SCORES.get(score.name)
        if known is not None and known is not score:
            raise ValueError(f"task {task.name!r}: a score named {score.name!r} is registered "
                             "already")
    TASKS[task.name] = task
    for score in task.scores:
        SCORES.setdefault(score.name, score)
    return cls


def order_by_module() -> None:
    """Put :data:`TASKS` (and :data:`SCORES`) in registry order: the alphabetical order of
    the tasks' modules, then the order of registration within a module (the package calls it
    once it has imported its modules; a task subclassing another module's task imports that
    module first)."""
    tasks = sorted(TASKS.values(), key=lambda task: type(task).__module__)
    scores = {s.name: s for task in tasks for s in task.scores}
    scores.update(SCORES)        # any other score after them
    TASKS.clear()
    TASKS.update((task.name, task) for task in tasks)
    SCORES.clear()
    SCORES.update(scores)


def get_task(task: str | Task, *, name: str = "task") -> Task:
    """The registered :class:`Task` of that name (a :class:`Task` is returned as it is); a
    ``ValueError`` naming ``name`` and the allowed values otherwise.

    Examples
    --------
    >>> from fsstab.outcomes import get_task
    >>> get_task("survival").target_columns
    ('time', 'event')
    """
    if isinstance(task, Task):
        return task
    if not isinstance(task, str) or task not in TASKS:
        raise ValueError(f"{name} must be one of {', '.join(TASKS)}; got {task!r}")
    return TASKS[task]


def check_task(task: Any, *, name: str = "task") -> str:
    """``task`` if it names a registered task, else a ``ValueError`` naming the allowed values.

    Examples
    --------
    >>> from fsstab.outcomes import check_task
    >>> check_task("survival")
    'survival'
    """
    return get_task(task, name=name).name


def class_task(n_classes: int) -> Task:
    """The task of class labels with ``n_classes`` classes: classification for two, multiclass
    for more.

    Examples
    --------
    >>> from fsstab.outcomes import class_task
    >>> class_task(2).name, class_task(3).name
    ('classification', 'multiclass')
    """
    tasks = [t for t in TASKS.values() if t.has_classes and t.admits_classes(n_classes)]
    if len(tasks) != 1:
        raise ValueError(f"no one task of class labels has {n_classes} classes")
    return tasks[0]


def source_task_names() -> tuple[str, ...]:
    """The tasks a source declares with ``task:`` (the configuration schema's enum), in
    registry order: the tasks of class labels but the default are decided by their number of
    classes instead (:attr:`Task.source_option`).

    Examples
    --------
    >>> from fsstab.outcomes import source_task_names
    >>> source_task_names()
    ('classification', 'regression', 'survival')
    """
    return tuple(name for name, task in TASKS.items() if task.source_option)


def as_target(task: str | Task, y: Any, *, name: str = "y") -> np.ndarray:
    """``y`` in the form the selectors take for ``task`` (:meth:`Task.as_target`).

    Examples
    --------
    >>> from fsstab.outcomes import as_target
    >>> as_target("regression", [[1], [2.5]]).tolist()
    [1.0, 2.5]
    """
    return get_task(task).as_target(y, name=name)


def stratification_labels(task: str | Task, y: Any, *, n_bins: int = 5) -> np.ndarray:
    """Labels to stratify resampling by (:meth:`Task.stratification_labels`): the class
    codes, the event indicator (survival: each training set keeps the share of events) or, for
    regression, ``n_bins`` quantile bins of ``y`` (equal counts, ties kept together), so that
    no training set misses a tail.

    Examples
    --------
    >>> from fsstab.outcomes import stratification_labels
    >>> stratification_labels("regression", [5.0, 1.0, 3.0, 2.0, 4.0, 6.0], n_bins=2).tolist()
    [1, 0, 0, 0, 1, 1]
    """
    return get_task(task).stratification_labels(y, n_bins=n_bins)


def describe_target(task: str | Task, y: Any) -> dict[str, Any]:
    """A JSON-compatible summary of a target for logs and provenance (:meth:`Task.describe`).

    Examples
    --------
    >>> from fsstab.outcomes import describe_target, survival_target
    >>> describe_target("survival", survival_target([1, 0, 1, 0], [1.0, 2.0, 3.0, 4.0]))
    {'task': 'survival', 'n': 4, 'events': 2, 'censored_fraction': 0.5, 'median_time': 2.5}
    """
    return get_task(task).describe(y)
