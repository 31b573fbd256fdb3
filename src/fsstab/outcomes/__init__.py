"""What a selection predicts: the outcome (task) of a study, the form of its target, and the
score of the predictive model built on the selected features.

Stability does not depend on the outcome -- a selection is a selection -- but the selectors'
penalties and importances, the score of the predictive model and the resampling strata do.
Each kind of outcome is a :class:`Task` of the registry :data:`TASKS` (one decorator,
:func:`register_task`); code asks the task (``get_task(ds.task).primary_score(ds.y)``)
instead of comparing names:

the registered tasks, their targets and scores are tabulated in ``docs/outcomes.md``, which
``tools/tasks_table.py`` writes from the registry.

Private modules, every name importable from here:

- ``_registry``: :class:`Task`, :data:`TASKS`, :data:`SCORES`, :func:`register_task`,
  :func:`get_task`, :func:`class_task` and the functions asking a task by name
  (:func:`as_target`, :func:`stratification_labels`, :func:`describe_target`);
- ``_classification``, ``_regression``, ``_survival``: one module per task, with its scores;
- ``_targets``: the forms of a continuous and of a survival target, and their reading from
  the columns of a file (:func:`parse_regression_column`, :func:`parse_survival_columns`);
- ``_scores``: :class:`Score`, intervals of a resampled score, and the Pareto, γ and ε
  decisions on any score; ``_concordance``: Harrell's and Uno's C-index;
- ``_one_se``: the one-standard-error choice between score and stability.

Adding an outcome type: ``docs/adding-an-outcome-type.md``. NumPy only at import (scipy,
pyarrow and scikit-learn load in the functions that use them).
"""

import importlib as _importlib
import pkgutil as _pkgutil

from fsstab.outcomes._concordance import (
    censoring_survival,
    concordance_index_harrell,
    concordance_index_uno,
)
from fsstab.outcomes._one_se import one_standard_error_choice, score_standard_errors
from fsstab.outcomes._registry import (
    DEFAULT_TASK,
    SCORES,
    TASKS,
    Task,
    as_target,
    check_task,
    class_task,
    describe_target,
    get_task,
    order_by_module,
    register_task,
    source_task_names,
    stratification_labels,
)
from fsstab.outcomes._scores import (
    Score,
    choose_by_gamma_score,
    epsilon_constraint_by_score,
    gamma_intervals_by_score,
    get_score,
    oriented,
    pareto_front_by_score,
    primary_score,
    score_interval,
    t_quantile,
    task_scores,
)
from fsstab.outcomes._targets import (
    SURVIVAL_DTYPE,
    as_regression_target,
    as_survival_target,
    censored_fraction,
    parse_regression_column,
    parse_survival_columns,
    survival_target,
)

# every module of the package is imported, in alphabetical order: the task modules register
# their tasks (register_task), so that a new task is its module alone
for _module in sorted(info.name for info in _pkgutil.iter_modules(__path__)):
    _importlib.import_module(f"{__name__}.{_module}")
order_by_module()      # a task module importing another's task does not change the order

#: The modules of the package that define registered tasks, in registry order.
TASK_MODULES: tuple[str, ...] = tuple(
    dict.fromkeys(type(task).__module__.rpartition(".")[2] for task in TASKS.values()))

__all__ = [
    "DEFAULT_TASK",
    "SCORES",
    "SURVIVAL_DTYPE",
    "TASKS",
    "TASK_MODULES",
    "Score",
    "Task",
    "as_regression_target",
    "as_survival_target",
    "as_target",
    "censored_fraction",
    "censoring_survival",
    "check_task",
    "choose_by_gamma_score",
    "class_task",
    "concordance_index_harrell",
    "concordance_index_uno",
    "describe_target",
    "epsilon_constraint_by_score",
    "gamma_intervals_by_score",
    "get_score",
    "get_task",
    "one_standard_error_choice",
    "oriented",
    "pareto_front_by_score",
    "parse_regression_column",
    "parse_survival_columns",
    "primary_score",
    "register_task",
    "score_interval",
    "score_standard_errors",
    "source_task_names",
    "stratification_labels",
    "survival_target",
    "t_quantile",
    "task_scores",
]
