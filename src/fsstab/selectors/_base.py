"""The common interface of every fsstab feature selector.

A selector is a scikit-learn estimator that, once fitted, knows

- which features it selected (``support_``, ``get_support()``, ``transform``),
- how important each selected feature is in the predictive model built on them
  (``importances_``: length ``d``, zero exactly where a feature is not selected, computed by
  :mod:`fsstab.importance`; Hamer & Dupont 2021 §5.1),
- a ranking of the features where the method produces one (``ranking_``, 1 = best),
- and that predictive model itself (``estimator_``, fitted on the selected columns), exposed
  through ``predict`` / ``decision_function`` / ``predict_proba`` on the *full* feature space.

Subclasses implement :meth:`BaseSelector._fit`, which receives validated ``X`` (float64) and
``y`` encoded as 0/1 (or 0..K-1 for multi-class methods) and must set ``support_``,
``importances_`` and ``estimator_`` (and optionally ``ranking_``, ``scores_``).

What a runner of many fits (the workflow) may exploit is declared on the class, so that a new
selector needs no change of the code that runs it:

- :attr:`BaseSelector.calibrates_C` -- ``C`` can be calibrated to a target number of features
  (:func:`fsstab.selectors.calibrate_C`; configuration key ``calibrate_target_k``);
- :attr:`BaseSelector.refit_parameters` -- parameters ``refit_final`` changes without refitting
  the rest (variants that differ only in them share one fit);
- :attr:`BaseSelector.sweeps_any_parameter` -- every parameter may vary among the variants of
  one job, which share the work common to them;
- :attr:`BaseSelector.controls_error` -- a fitted selector states an error guarantee
  (``error_control_`` or ``pfer_``, :func:`fsstab.error_control.error_guarantee`), which the
  planted-null check of the workflow can test;
- :meth:`BaseSelector.uses_univariate_statistics` -- whether a fit reads per-feature univariate
  statistics, which are then computed once per training set and passed to
  ``fit(X, y, univariate_statistics=...)``;
- :meth:`BaseSelector.min_class_samples` -- the fewest samples of each class a training set
  needs (Welch's t needs two: a variance per class), which the workflow checks against the
  resampling before any selection job;
- :attr:`BaseSelector.tasks` -- the outcomes the selector serves (names of
  :data:`fsstab.outcomes.TASKS`; ``"multiclass"`` where it handles more than two classes),
  :meth:`BaseSelector.served_tasks` where they depend on the parameters (a meta-selector's
  follow its base selector's).

Tasks. A selector whose ``tasks`` holds a task without classes takes a ``task`` parameter
(default ``"classification"``: the :attr:`fsstab.outcomes.Task.estimator_task` of the task it
serves) and follows scikit-learn's conventions for it, as its task says
(:attr:`~fsstab.outcomes.Task.estimator_type`, :attr:`~fsstab.outcomes.Task.estimator_score`):
with ``task="regression"`` it is a regressor (``is_regressor``, a float ``y``, ``predict``
gives values, ``score`` is R²), with ``task="survival"`` a scikit-survival style estimator
(``y`` a survival target, :func:`fsstab.outcomes.as_survival_target`; ``predict`` gives risk
scores, higher = earlier event; ``score`` is Harrell's C-index). ``_fit`` then receives the
target as the task validates it (:meth:`fsstab.outcomes.Task.as_target`): float64 values, or
the structured survival array. Classification is unchanged: labels encoded as class codes.
"""

from __future__ import annotations

from abc import ABCMeta, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.feature_selection import SelectorMixin
from sklearn.utils import ClassifierTags, RegressorTags
from sklearn.utils.metaestimators import available_if
from sklearn.utils.validation import check_consistent_length, check_is_fitted, validate_data

from fsstab._forest import fit_forest
from fsstab._sklearn_compat import _fit_context
from fsstab.outcomes import DEFAULT_TASK, TASKS, Task, class_task, get_task
from fsstab.selectors._constraints import builds_selector


class _ConstantModel(ClassifierMixin, BaseEstimator):
    """Predicts the training majority class; the model of a selector that selected nothing."""

    def fit(self, X: np.ndarray, y: np.ndarray) -> _ConstantModel:
        self.classes_, counts = np.unique(y, return_counts=True)
        self.prior_ = counts / counts.sum()
        self.majority_ = self.classes_[int(np.argmax(counts))]
        return self

    def predict(self, X: np.ndarray) -> np.ndarray:
        return np.full(len(X), self.majority_)

    def predict_proba(self, X: np.ndarray) -> np.ndarray:
        return np.tile(self.prior_, (len(X), 1))

    def decision_function(self, X: np.ndarray) -> np.ndarray:
        # log-odds of the prior for binary problems: a constant score that ranks nothing
        if len(self.classes_) == 2:
            p = np.clip(self.prior_[1], 1e-12, 1 - 1e-12)
            return np.full(len(X), np.log(p / (1 - p)))
        return np.tile(np.log(np.clip(self.prior_, 1e-12, None)), (len(X), 1))


class _ConstantOutcomeModel(BaseEstimator):
    """The model of a selector that selected nothing for a regression (the training mean) or
    a survival outcome (one risk score for all: no ranking)."""

    def fit(self, X: np.ndarray, y: np.ndarray) -> _ConstantOutcomeModel:
        self.value_ = float(np.mean(y)) if y.dtype.names is None else 0.0
        return self

    def predict(self, X: np.ndarray) -> np.ndarray:
        return np.full(len(X), self.value_)


def _estimator_task(selector: Any) -> Task:
    """The task of a selector's ``task`` parameter (default classification)."""
    return get_task(getattr(selector, "task", DEFAULT_TASK))


def _classifying(selector: BaseSelector) -> bool:
    """``available_if`` check: the selector classifies (a regressor has no decision_function)."""
    task = getattr(selector, "task", DEFAULT_TASK)
    return task in TASKS and TASKS[task].has_classes


def _model_has(method: str):
    """``available_if`` check: a classifying selector whose fitted predictive model (if any)
    provides ``method`` (a regressor or survival selector has only ``predict``)."""

    def check(selector: BaseSelector) -> bool:
        if not _classifying(selector):
            return False
        model = getattr(selector, "estimator_", None)
        return model is None or hasattr(model, method)

    return check


class BaseSelector(SelectorMixin, BaseEstimator, metaclass=ABCMeta):
    """Base class of fsstab selectors (see the module docstring for the fitted contract)."""

    #: True where :func:`fsstab.selectors.calibrate_C` can choose ``C`` so that the selector
    #: keeps a target number of features on average (the constructor takes ``C`` and
    #: ``target_k``).
    calibrates_C: ClassVar[bool] = False
    #: Parameters that ``refit_final(X, y, **params)`` changes without refitting what they do
    #: not affect (empty: the class has no ``refit_final``).
    refit_parameters: ClassVar[tuple[str, ...]] = ()
    #: True where any constructor parameter may vary among the variants of one job, because
    #: the variants share work beyond the final model (standardised data, univariate
    #: statistics, elimination paths).
    sweeps_any_parameter: ClassVar[bool] = False
    #: True where a fitted selector states an error guarantee (a PFER bound or an FDR target:
    #: ``error_control_``, or ``pfer_`` for stability selection).
    controls_error: ClassVar[bool] = False
    #: True where the fits on subsamples inside one ``fit`` can be spread over jobs: the class
    #: has ``n_subsample_fits(params)``, ``subsample_counts(X, y, fits)`` and
    #: ``fit(X, y, subsample_counts=...)`` (:class:`~fsstab.selectors.StabilitySelection`).
    splits_subsample_fits: ClassVar[bool] = False
    #: The tasks (names of :data:`fsstab.outcomes.TASKS`) the selector serves: a method that
    #: handles more than two classes lists ``"multiclass"``; a class serving a task without
    #: classes takes the constructor parameter ``task``.
    tasks: ClassVar[frozenset[str]] = frozenset({"classification"})
    #: The values each constructor parameter accepts, in scikit-learn's format (parameter ->
    #: list of constraints; :mod:`fsstab.selectors._constraints`): ``fit`` validates them
    #: (``_fit_context``), the workflow's configuration check applies them before any job
    #: (:func:`~fsstab.selectors.parameter_problems`). Every class declares its own.
    _parameter_constraints: ClassVar[dict[str, Any]] = {}

    @classmethod
    def joint_parameter_problems(cls, params: Mapping[str, Any]) -> dict[str, str]:
        """Problems of the constructor parameters ``params`` taken together (each value
        satisfies its constraint) that no data set can fix; ``{parameter: problem}``, ``""``
        naming the parameters as a whole. ``params`` holds every parameter (defaults filled
        in). ``fit`` raises each of them; the workflow reports them before any job.

        Examples
        --------
        >>> from fsstab.selectors import LassoSelector, StabilitySelection
        >>> LassoSelector.joint_parameter_problems({"C": 1.0})
        {}
        >>> StabilitySelection.joint_parameter_problems(
        ...     {"selector": LassoSelector(), "size_parameter": "target_k", "q": 5,
        ...      "pi_thr": 0.75, "pfer": 1.0})[""][:58]
        'needs exactly two of q, pi_thr and pfer (the third follows'
        """
        return {}

    @classmethod
    def data_problems(cls, params: Mapping[str, Any], *, n_samples: int,
                      n_features: int) -> dict[str, str]:
        """Problems of the constructor parameters ``params`` (defaults filled in) with training
        sets of ``n_samples`` rows and ``n_features`` features, each with the values that would
        work; ``{parameter: problem}``, ``""`` naming the parameters as a whole. What ``fit``
        would refuse once it sees such data; the workflow reports them as soon as the
        dataset's size is known.

        Examples
        --------
        >>> from fsstab.selectors import FilterSelector, LassoSelector, StabilitySelection
        >>> LassoSelector.data_problems({}, n_samples=50, n_features=10)
        {}
        >>> StabilitySelection.data_problems(
        ...     {"selector": FilterSelector(), "q": 20, "pfer": 1.0, "pi_thr": None},
        ...     n_samples=50, n_features=100)[""][:60]
        'q=20 cannot guarantee PFER <= 1.0 with p=100 features: it wo'
        """
        return {}

    def _nested_selectors(self) -> list[tuple[str, Any]]:
        """``(parameter, selector)`` of the selector objects among the parameters (those a
        :class:`~fsstab.selectors._constraints.Selector` constrains)."""
        return [(name, getattr(self, name)) for name, entry in self._parameter_constraints.items()
                if builds_selector(entry) and isinstance(getattr(self, name, None), BaseSelector)]

    @classmethod
    def uses_univariate_statistics(cls, params: Mapping[str, Any]) -> bool:
        """Whether a fit with the constructor parameters ``params`` reads the univariate
        statistics of the features.

        A class that returns True accepts ``fit(X, y, univariate_statistics=(welch_t,
        variance))``: the Welch t statistic and the sample variance of every feature of ``X``
        for ``y``, computed once per training set and shared by several fits (the workflow's
        per-resample table, :func:`fsstab.workflow.data.univariate_statistics`).

        Parameters
        ----------
        params
            Constructor parameters; those not given take their defaults.

        Returns
        -------
        bool
            False for the base class.

        Examples
        --------
        >>> from fsstab.selectors import HybridRFE, LassoSelector
        >>> HybridRFE.uses_univariate_statistics({"n_forced": 3})
        True
        >>> HybridRFE.uses_univariate_statistics({"n_forced": 0})
        False
        >>> LassoSelector.uses_univariate_statistics({})
        False
        """
        return False

    @classmethod
    def min_class_samples(cls, params: Mapping[str, Any]) -> int:
        """The fewest samples of each class a training set needs for a fit with the
        constructor parameters ``params`` (the univariate statistics it reads included).

        Examples
        --------
        >>> from fsstab.selectors import FilterSelector, HybridRFE, LassoSelector
        >>> LassoSelector.min_class_samples({})
        1
        >>> HybridRFE.min_class_samples({"n_forced": 2})      # Welch's t: a variance per class
        2
        >>> FilterSelector.min_class_samples({"method": "welch_t"})
        2
        """
        return 1

    @classmethod
    def served_tasks(cls, params: Mapping[str, Any]) -> frozenset[str]:
        """The tasks this class serves with the constructor parameters ``params``:
        :attr:`tasks`, unless a subclass narrows them by its parameters (a meta-selector by
        those of its base selector).

        Examples
        --------
        >>> from fsstab.selectors import HybridRFE, LassoSelector
        >>> sorted(HybridRFE.served_tasks({}))
        ['classification']
        >>> sorted(LassoSelector.served_tasks({}))
        ['classification', 'multiclass', 'regression', 'survival']
        """
        return cls.tasks

    @classmethod
    def task_problem(cls, task: str, params: Mapping[str, Any]) -> str | None:
        """Why this class with the constructor parameters ``params`` cannot serve ``task``
        (None if it can): what a configuration check reports before any job runs.

        Examples
        --------
        >>> from fsstab.selectors import FilterSelector, HybridRFE
        >>> HybridRFE.task_problem("regression", {})
        'HybridRFE serves classification, not regression'
        >>> FilterSelector.task_problem("regression", {"method": "welch_t"}) is not None
        True
        """
        served = cls.served_tasks(params)
        if get_task(task).selector_task not in served:
            return f"{cls.__name__} serves {_listed(served)}, not {task}"
        return None

    def _served_tasks(self) -> frozenset[str]:
        return type(self).served_tasks(self.get_params(deep=False))

    def _task(self) -> str:
        """The task of this selector (``task`` parameter, default classification), checked
        against the tasks it serves; class labels of more than two classes are checked once
        they are known (:meth:`_class_count_problem`)."""
        task = _estimator_task(self)
        if task.estimator_task != task.name:
            raise ValueError(f"{type(self).__name__}: task {task.name!r} is served with "
                             f"task={task.estimator_task!r}")
        served = self._served_tasks()
        if task.name not in served:
            raise ValueError(
                f"{type(self).__name__} cannot serve task {task.name!r}; it serves "
                f"{_listed(served)}"
            )
        return task.name

    def _validated_outcome(self, X: Any, y: Any, task: Task) -> tuple[np.ndarray, np.ndarray]:
        """``X`` (float64) and the target of a ``fit`` of a task without classes."""
        if task.estimator_type == "regressor":
            X, y = validate_data(self, X, y, dtype=np.float64, ensure_min_samples=2,
                                 y_numeric=True)
            return X, task.as_target(y)
        X = validate_data(self, X, dtype=np.float64, ensure_min_samples=2)
        target = task.as_target(y)
        check_consistent_length(X, target)
        return X, target

    @_fit_context(prefer_skip_nested_validation=False)
    def fit(self, X: Any, y: Any) -> BaseSelector:
        """Select features on ``(X, y)`` and fit the paired predictive model on them (after
        validating the parameters against ``_parameter_constraints``)."""
        task = get_task(self._task())
        if not task.has_classes:
            X, target = self._validated_outcome(X, y, task)
            self.__dict__.pop("classes_", None)
            self._fit(X, target)
            self._check_fit_contract()
            return self
        X, y = validate_data(self, X, y, dtype=np.float64, ensure_min_samples=2)
        self.classes_, y_enc = np.unique(y, return_inverse=True)
        n_classes = len(self.classes_)
        if n_classes < 2:
            raise ValueError(
                f"{type(self).__name__}: y contains a single class ({self.classes_[0]!r}); "
                "feature selection for classification needs at least two classes"
            )
        problem = self._class_count_problem(n_classes)
        if problem is not None:
            raise ValueError(f"{problem}; y has {n_classes} classes: {self.classes_.tolist()}")
        self._fit(X, y_enc.astype(np.int64))
        self._check_fit_contract()
        return self

    def _class_count_problem(self, n_classes: int) -> str | None:
        """Why this selector, as configured, cannot fit data with ``n_classes`` classes (None
        if it can). ``fit`` raises it; the workflow asks it before any selection job runs."""
        if class_task(n_classes).name not in self._served_tasks():
            return f"{type(self).__name__} supports binary classification only"
        for _, nested in self._nested_selectors():
            problem = nested._class_count_problem(n_classes)
            if problem is not None:
                return problem
        return None

    @abstractmethod
    def _fit(self, X: np.ndarray, y: np.ndarray) -> None:
        """Set ``support_``, ``importances_``, ``estimator_`` (and ``ranking_`` if ranked)."""

    # -- fitted contract ----------------------------------------------------------------------
    def _check_fit_contract(self) -> None:
        d = self.n_features_in_
        support = np.asarray(self.support_, dtype=bool)
        if support.shape != (d,):
            raise RuntimeError(f"{type(self).__name__}: support_ must have shape ({d},)")
        imp = np.asarray(self.importances_, dtype=np.float64)
        if imp.shape != (d,):
            raise RuntimeError(f"{type(self).__name__}: importances_ must have shape ({d},)")
        if np.any(imp[~support] != 0) or np.any(imp < 0) or not np.all(np.isfinite(imp)):
            raise RuntimeError(
                f"{type(self).__name__}: importances_ must be finite, non-negative and zero "
                "where a feature is not selected"
            )
        self.support_ = support
        self.importances_ = imp

    def _get_support_mask(self) -> np.ndarray:
        check_is_fitted(self, "support_")
        return self.support_

    @property
    def n_features_selected_(self) -> int:
        check_is_fitted(self, "support_")
        return int(self.support_.sum())

    # -- predictive model on the selected features --------------------------------------------
    def _fit_model(self, model: Any, X: np.ndarray, y: np.ndarray) -> Any:
        """Fit ``clone(model)`` on the selected columns, or a constant model if none is selected."""
        if not np.any(self.support_):
            if not _classifying(self):
                return _ConstantOutcomeModel().fit(X[:, :0], y)
            return _ConstantModel().fit(X[:, :0], y)
        # a random forest grows the trees of its fit() faster (fsstab._forest)
        return fit_forest(clone(model), X[:, self.support_], y)

    def _model_input(self, X: Any) -> np.ndarray:
        check_is_fitted(self, "estimator_")
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return X[:, self.support_]

    def predict(self, X: Any) -> np.ndarray:
        """Predictions of the predictive model built on the selected features: class labels,
        values (regression) or risk scores (survival, higher = earlier event)."""
        Xs = self._model_input(X)  # first: raises NotFittedError before estimator_ is touched
        pred = self.estimator_.predict(Xs)
        if not _classifying(self):
            return np.asarray(pred, dtype=np.float64)
        return self.classes_[np.asarray(pred, dtype=np.int64)]

    @available_if(_classifying)
    def decision_function(self, X: Any) -> np.ndarray:
        """Decision scores of the predictive model (positive favours ``classes_[1]``)."""
        Xs = self._model_input(X)
        if hasattr(self.estimator_, "decision_function"):
            return self.estimator_.decision_function(Xs)
        proba = self.estimator_.predict_proba(Xs)
        return proba[:, 1] - 0.5 if proba.shape[1] == 2 else proba

    @available_if(_model_has("predict_proba"))
    def predict_proba(self, X: Any) -> np.ndarray:
        """Class probabilities of the predictive model, where it provides them."""
        Xs = self._model_input(X)
        return self.estimator_.predict_proba(Xs)

    def score(self, X: Any, y: Any) -> float:
        """The task's :attr:`~fsstab.outcomes.Task.estimator_score` of the predictive model on
        ``(X, y)``: accuracy, R² for a regression, Harrell's C-index for a survival outcome."""
        return _estimator_task(self).estimator_score(y, self.predict(X))

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.target_tags.required = True
        task = _estimator_task(self)
        if task.estimator_type == "regressor":
            tags.estimator_type = "regressor"
            tags.regressor_tags = RegressorTags()
        if not task.has_classes:
            tags.classifier_tags = None
            return tags
        # not a classifier (no classifier checks), but scikit-learn's estimator checks read the
        # label set the estimator accepts from these tags
        served = self._served_tasks()
        tags.classifier_tags = ClassifierTags(multi_class=any(
            TASKS[t].has_classes and TASKS[t].admits_classes(3) for t in served))
        return tags


def _listed(tasks: frozenset[str]) -> str:
    """The names of ``tasks`` in registry order, comma-separated."""
    return ", ".join(name for name in TASKS if name in tasks)
