"""Which score the workflow's tables carry, per task: accuracy, R² (with RMSE), a C-index.

The selection stage scores every run with the primary score of the dataset's task
(:func:`fsstab.outcomes.primary_score`, decided once per dataset from all its samples: for
survival, Harrell's C-index unless more than half of the samples are censored, then Uno's),
plus the RMSE beside R² for a continuous outcome (:func:`run_scores`). Each score is a column
named after it: ``accuracy`` (classification, as ever), ``r2`` and ``rmse``, ``c_index`` or
``c_index_uno`` in the runs table; ``<name>_mean`` and ``<name>_se`` in the stability
summary; the Pareto table has a column ``<name>`` for the score its decisions were taken on.
The later stages read which score a table holds from its columns (:func:`table_scores`,
:func:`decision_score`), so a table always says what it contains and no stage needs to know
the task.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from fsstab.outcomes import SCORES, Score, get_task

__all__ = ["decision_score", "frame_decision_score", "run_scores", "table_scores"]


def run_scores(task: str, y: Any) -> tuple[Score, ...]:
    """The scores of each selection run of a ``task`` dataset with target ``y``
    (:meth:`fsstab.outcomes.Task.run_scores`): the primary score (the decision score) first,
    then those reported beside it (RMSE for a regression).

    Examples
    --------
    >>> from fsstab.workflow.scoring import run_scores
    >>> [s.name for s in run_scores("regression", [1.0, 2.0, 4.0])]
    ['r2', 'rmse']
    """
    return get_task(task).run_scores(y)


def table_scores(columns: Iterable[str], *, suffix: str = "") -> list[Score]:
    """The scores whose columns ``<name><suffix>`` are among ``columns``: the decision scores
    first, each group in the order of :data:`fsstab.outcomes.SCORES`."""
    present = set(columns)
    found = [s for s in SCORES.values() if f"{s.name}{suffix}" in present]
    return sorted(found, key=lambda s: not s.decision)


def decision_score(columns: Iterable[str], *, suffix: str = "", what: str = "the table"
                   ) -> Score:
    """The one decision score (:attr:`fsstab.outcomes.Score.decision`) with a column
    ``<name><suffix>`` among ``columns`` (``ValueError`` naming ``what`` if there is none or
    more than one)."""
    columns = list(columns)
    found = [s for s in table_scores(columns, suffix=suffix) if s.decision]
    if len(found) != 1:
        names = [f"{s.name}{suffix}" for s in SCORES.values() if s.decision]
        raise ValueError(f"{what} must have exactly one score column of {names}; it has "
                         f"{[f'{s.name}{suffix}' for s in found]}")
    return found[0]


def frame_decision_score(frame: Any, *, suffix: str = "_mean", what: str = "the summary"
                         ) -> Score:
    """:func:`decision_score` of a DataFrame whose rows may come from datasets of different
    tasks (a concatenation leaves another task's score columns empty): the decision score
    whose column holds a value in some row, else -- no row has any -- the one present."""
    present = [s for s in table_scores(frame.columns, suffix=suffix) if s.decision]
    filled = [s for s in present if frame[f"{s.name}{suffix}"].notna().any()]
    return decision_score([f"{s.name}{suffix}" for s in (filled or present)], suffix=suffix,
                          what=what)
