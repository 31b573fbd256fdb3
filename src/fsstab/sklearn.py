"""Stability inside scikit-learn work: measure any cross-validation, tune for accuracy *and*
stability.

Most feature selection in Python happens in a scikit-learn :class:`~sklearn.pipeline.Pipeline`
(``SelectKBest``, ``SelectFromModel``, ``RFE``/``RFECV``, an L1 model, any fsstab selector),
evaluated by ``cross_validate`` or tuned by ``GridSearchCV``. This module turns such work into
stability figures with confidence intervals, and tunes pipelines on (accuracy, stability):

- :func:`selection_matrix` / :func:`importance_matrix` -- the selection matrix Z and the
  importance matrix W (Hamer & Dupont 2021, §5) of fitted estimators or pipelines, one row per
  fitted estimator, one column per input feature (names kept);
- :func:`cross_validate_stability` -- one call that runs scikit-learn's ``cross_validate`` and
  returns the per-split scores plus any stability measure of :mod:`fsstab.measures`, with the
  confidence interval of Nogueira, Sechidis & Brown (2018) for φ (:class:`StabilityCVResult`);
- :func:`stability_from_cv_results` -- stability per number of features from the per-split
  supports that ``RFECV.cv_results_`` exposes (``split{k}_support``, scikit-learn >= 1.7);
- :class:`StabilitySearchCV` / :class:`RandomizedStabilitySearchCV` -- scikit-learn searches
  whose ``cv_results_`` also hold the stability of every candidate across the splits (with its
  interval), whose ``pareto_front_`` is the (accuracy, stability) Pareto front, and whose refit
  choice is the γ compromise of Hamer & Dupont (2021, §7.1) or the ε-constraint choice of
  Bommert (2020, Algorithm 3.2; used for tuning in Ch. 8) instead of the best accuracy alone.

Where a fitted estimator's selection comes from
-----------------------------------------------
A feature counts as *selected* in one fitted estimator when:

1. the estimator has ``get_support()`` (``SelectKBest``, ``RFE``, ``SelectFromModel``, every
   fsstab selector): its support;
2. it is a :class:`~sklearn.pipeline.Pipeline` (nested pipelines are flattened): the features
   that survive every step with ``get_support()``, traced back through the one-to-one steps
   before them (scalers, imputers, ``ColumnTransformer`` without new features; a step's
   ``get_feature_names_out`` tells which input feature each output is). A step that creates new
   features (``PCA``, ``PolynomialFeatures``, one-hot encoding) before the selection makes the
   selection untraceable, and raises a ``ValueError`` naming the step;
3. otherwise, or when a pipeline has no selecting step: the features with a non-zero ``coef_``
   (summed in absolute value over classes) or a positive ``feature_importances_`` of the final
   model (an L1 model, a tree ensemble);
4. a fitted search (``GridSearchCV``, :class:`StabilitySearchCV`) stands for its
   ``best_estimator_``.

The *importance* of a selected feature (for φ_iw and φ_pears, Hamer & Dupont 2021, §5.1) comes
from the model that uses it: an fsstab selector's ``importances_``; a selector's fitted
``estimator_`` (``RFE``, ``SelectFromModel``); in a pipeline, the final model after the
selection. ``coef_`` gives eq. 7 (``||w||_0 |w_f| / ||w||_1``), ``feature_importances_`` is used
as is. A selected feature the model does not use gets a tiny positive floor
(:func:`fsstab.importance.importances_on_support`), so that Z and W always agree.

Stability across cross-validation splits
----------------------------------------
The runs of a stability estimate are here the models fitted on the training parts of the
splits, as in Bommert (2020, Ch. 7: "the stability of the feature selection of the
configuration is evaluated based on the 10 features sets obtained from the 10 models" of 10-fold
cross-validation). k-fold training sets
overlap heavily, and the interval of Nogueira et al. (2018) treats the M runs as independent
draws; with k-fold cross-validation it is an asymptotic interval for the stability *under that
resampling*, and with M = 5 or 10 runs it is rough. Use ``RepeatedStratifiedKFold`` or
``ShuffleSplit`` to get more runs.
"""

from __future__ import annotations

import math
import numbers
import re
import time
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

import numpy as np
import pandas as pd
import scipy.sparse as sp
from scipy.stats import rankdata
from sklearn.base import clone, is_classifier
from sklearn.metrics import check_scoring
from sklearn.model_selection import ParameterGrid, ParameterSampler, check_cv, cross_validate
from sklearn.pipeline import Pipeline
from sklearn.utils.parallel import Parallel, delayed
from sklearn.utils.validation import check_is_fitted, indexable

from fsstab._refit_rules import choose_candidate, parse_refit
from fsstab._sklearn_compat import (
    BaseSearchCV,
    _check_method_params,
    _check_multimetric_scoring,
    _fit_and_score,
    _insert_error_scores,
    _MultimetricScorer,
    _warn_or_raise_about_fit_failures,
)
from fsstab.importance import importances_on_support, linear_importance
from fsstab.measures import MEASURES, compute, nogueira_confidence_interval
from fsstab.pareto import hull_gamma_intervals, pareto_front

__all__ = [
    "RandomizedStabilitySearchCV",
    "StabilityCVResult",
    "StabilitySearchCV",
    "cross_validate_stability",
    "importance_matrix",
    "selection_matrix",
    "stability_from_cv_results",
]

#: Measures that have a confidence interval (Nogueira, Sechidis & Brown 2018).
_MEASURES_WITH_INTERVAL = frozenset({"nogueira"})


# --------------------------------------------------------------------------------------------
# Tracing the selection of one fitted estimator back to its input features
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Trace:
    """Selection (and raw importance) of one fitted estimator over its input features."""

    support: np.ndarray  # bool, shape (d,)
    importance: np.ndarray | None  # float >= 0, shape (d,); may be 0 on selected features
    feature_names: np.ndarray | None  # object, shape (d,); None: unnamed (x0, x1, ...)


def _describe(name: str, step: Any) -> str:
    return f"step {name!r} ({type(step).__name__})"


def _flat_steps(pipeline: Pipeline) -> list[tuple[str, Any]]:
    """The steps of a pipeline, nested pipelines spliced in, ``None``/``"passthrough"`` dropped."""
    steps: list[tuple[str, Any]] = []
    for name, step in pipeline.steps:
        if step is None or (isinstance(step, str) and step == "passthrough"):
            continue
        if isinstance(step, Pipeline):
            steps.extend((f"{name}__{inner}", s) for inner, s in _flat_steps(step))
        else:
            steps.append((name, step))
    return steps


def _unwrap(estimator: Any) -> Any:
    """A fitted search stands for its refitted best estimator."""
    while (
        not hasattr(estimator, "get_support")
        and not isinstance(estimator, Pipeline)
        and hasattr(estimator, "best_estimator_")
    ):
        estimator = estimator.best_estimator_
    return estimator


def _model_importance(model: Any) -> np.ndarray | None:
    """Non-negative importance of each input feature of a fitted model, or None if it has none.

    fsstab's ``importances_``; Hamer & Dupont (2021) eq. 7 on ``coef_`` (absolute weights summed
    over classes / outputs); ``feature_importances_`` as is.
    """
    values = getattr(model, "importances_", None)
    if values is not None:
        return np.asarray(values, dtype=np.float64).ravel()
    coef = getattr(model, "coef_", None)
    if coef is not None:
        coef = coef.toarray() if sp.issparse(coef) else np.asarray(coef, dtype=np.float64)
        magnitude = np.abs(coef) if coef.ndim == 1 else np.abs(coef).sum(axis=0)
        return linear_importance(magnitude)
    values = getattr(model, "feature_importances_", None)
    if values is not None:
        return np.asarray(values, dtype=np.float64).ravel()
    return None


def _selector_importance(selector: Any, mask: np.ndarray) -> np.ndarray | None:
    """Importance of a selector's input features (zero where it does not select), or None."""
    values = getattr(selector, "importances_", None)
    if values is not None:
        values = np.asarray(values, dtype=np.float64).ravel()
        return values if values.size == mask.size else None
    inner = getattr(selector, "estimator_", None)
    values = _model_importance(inner) if inner is not None else None
    if values is None:
        return None
    if values.size == mask.sum():  # RFE, RFECV: the model is fitted on the selected features
        out = np.zeros(mask.size)
        out[mask] = values
        return out
    if values.size == mask.size:  # SelectFromModel: the model is fitted on all features
        return np.where(mask, values, 0.0)
    return None


def _default_names(n: int) -> np.ndarray:
    # scikit-learn's names for unnamed columns (get_feature_names_out)
    return np.array([f"x{j}" for j in range(n)], dtype=object)


class _NewFeatures(ValueError):
    """A transformer outputs features of its own (PCA, polynomial features)."""


def _selects_later(steps: list[tuple[str, Any]]) -> bool:
    return any(callable(getattr(step, "get_support", None)) for _, step in steps)


def _passed_on(step: Any, name: str, width: int) -> np.ndarray:
    """Positions (among the step's ``width`` inputs) of the features a transformer passes on.

    Read from ``get_feature_names_out``: each output must be one of the inputs (possibly with a
    ``ColumnTransformer`` prefix ``"<transformer>__"``), otherwise the step creates features and
    a selection after it cannot be traced back.
    """
    names_in = getattr(step, "feature_names_in_", None)
    names_in = _default_names(width) if names_in is None else np.asarray(names_in, dtype=object)
    if names_in.size != width:
        raise ValueError(
            f"{_describe(name, step)} was fitted on {names_in.size} features but receives "
            f"{width} from the steps before it"
        )
    try:
        names_out = step.get_feature_names_out()
    except Exception as exc:  # AttributeError, NotFittedError, transformer-specific errors
        raise ValueError(
            f"cannot tell which input features {_describe(name, step)} passes on to the "
            f"feature selection after it: get_feature_names_out() failed ({exc}). Give the "
            "transformer a get_feature_names_out (e.g. sklearn.base.OneToOneFeatureMixin) or "
            "select features before it."
        ) from None
    position = {str(n): j for j, n in enumerate(names_in)}
    passed = []
    for out in map(str, names_out):
        if out not in position and "__" in out:
            out = out.split("__", 1)[1]  # ColumnTransformer's verbose names: "<name>__<input>"
        if out not in position:
            raise _NewFeatures(
                f"{_describe(name, step)} outputs the new feature {out!r}; a selection made "
                "after it cannot be traced back to the input features. Select features before "
                "this step, or use one-to-one transformations only."
            )
        passed.append(position[out])
    return np.asarray(passed, dtype=np.int64)


def _trace(estimator: Any, *, importance: bool) -> _Trace:
    """Support (and, if asked, raw importance) of a fitted estimator over its input features."""
    estimator = _unwrap(estimator)
    steps = _flat_steps(estimator) if isinstance(estimator, Pipeline) else [
        (type(estimator).__name__, estimator)
    ]
    if not steps:
        raise ValueError("the pipeline has no step other than 'passthrough'")
    first = steps[0][1]
    d = getattr(first, "n_features_in_", None)
    if d is None:
        raise ValueError(
            f"{_describe(*steps[0])} has no n_features_in_: it is not fitted, or it does not "
            "record its number of input features, so its selection cannot be placed"
        )
    names = getattr(estimator, "feature_names_in_", None)
    if names is None:
        names = getattr(first, "feature_names_in_", None)
    if names is not None:
        names = np.asarray(names, dtype=object)

    columns = np.arange(int(d))  # original index of each feature entering the current step
    selected_by_step = False
    raw: np.ndarray | None = None
    for position, (name, step) in enumerate(steps):
        last = position == len(steps) - 1
        width = columns.size
        if callable(getattr(step, "get_support", None)):
            mask = np.asarray(step.get_support(), dtype=bool)
            if mask.shape != (width,):
                raise ValueError(
                    f"{_describe(name, step)} selects among {mask.size} features but receives "
                    f"{width}"
                )
            if last and importance:
                local = _selector_importance(step, mask)
                if local is not None:
                    raw = np.zeros(int(d))
                    raw[columns] = local
            columns = columns[mask]
            selected_by_step = True
        elif not last:
            try:
                columns = columns[_passed_on(step, name, width)]
            except _NewFeatures as exc:
                if not selected_by_step or _selects_later(steps[position + 1:]):
                    raise ValueError(str(exc)) from None
                raw = None  # the selection is made; what follows models derived features
                break
        else:
            local = _model_importance(step)
            if local is not None and local.size != width:
                raise ValueError(
                    f"{_describe(name, step)} reports {local.size} feature importances but "
                    f"receives {width} features"
                )
            if local is not None and importance:
                raw = np.zeros(int(d))
                raw[columns] = local
            if not selected_by_step:
                if local is None:
                    raise ValueError(
                        f"{type(estimator).__name__} selects no features: it has no "
                        "get_support(), no selecting pipeline step, and its final model has "
                        "neither coef_ nor feature_importances_"
                    )
                columns = columns[local > 0]
    support = np.zeros(int(d), dtype=bool)
    support[columns] = True
    return _Trace(support, raw, names)


def _as_estimator_list(estimators: Any) -> list[Any]:
    if isinstance(estimators, Mapping):
        if "estimator" not in estimators:
            raise ValueError(
                "estimators is a mapping without an 'estimator' key; pass a list of fitted "
                "estimators or the result of cross_validate(..., return_estimator=True)"
            )
        estimators = estimators["estimator"]
    if not isinstance(estimators, Iterable) or hasattr(estimators, "fit"):
        raise ValueError(
            "estimators must be a sequence of fitted estimators (one per selection run), got "
            f"{type(estimators).__name__}"
        )
    estimators = list(estimators)
    if not estimators:
        raise ValueError("estimators is empty; stability needs at least M = 2 fitted estimators")
    return estimators


def _traces(estimators: Any, *, importance: bool) -> list[_Trace]:
    traces = []
    for i, estimator in enumerate(_as_estimator_list(estimators)):
        try:
            traces.append(_trace(estimator, importance=importance))
        except ValueError as exc:
            raise ValueError(f"estimators[{i}]: {exc}") from None
    first = traces[0]
    for i, trace in enumerate(traces[1:], start=1):
        if trace.support.size != first.support.size:
            raise ValueError(
                f"estimators[{i}] was fitted on {trace.support.size} features but "
                f"estimators[0] on {first.support.size}; all runs must share the features"
            )
        if (trace.feature_names is None) != (first.feature_names is None) or (
            trace.feature_names is not None
            and not np.array_equal(trace.feature_names, first.feature_names)
        ):
            raise ValueError(
                f"estimators[{i}] was fitted on other feature names than estimators[0]"
            )
    return traces


def _feature_index(traces: Sequence[_Trace]) -> pd.Index:
    names = traces[0].feature_names
    if names is None:
        names = _default_names(traces[0].support.size)
    return pd.Index(names, name="feature")


def _selection_frame(traces: Sequence[_Trace]) -> pd.DataFrame:
    Z = np.vstack([t.support for t in traces])
    return pd.DataFrame(Z, columns=_feature_index(traces),
                        index=pd.RangeIndex(len(traces), name="run"))


def _importance_frame(traces: Sequence[_Trace]) -> pd.DataFrame:
    rows = []
    for i, trace in enumerate(traces):
        if trace.importance is None:
            raise ValueError(
                f"estimators[{i}]: no feature importance found -- the selecting step has no "
                "importances_ or fitted estimator_, and no model after it has coef_ or "
                "feature_importances_ (put the selector in a Pipeline before such a model)"
            )
        rows.append(importances_on_support(trace.importance, trace.support))
    return pd.DataFrame(np.vstack(rows), columns=_feature_index(traces),
                        index=pd.RangeIndex(len(traces), name="run"))


def selection_matrix(estimators: Any) -> pd.DataFrame:
    """The selection matrix Z of fitted estimators: one row per estimator, one column per feature.

    See the module docstring for where a selection comes from (``get_support()``, a selecting
    pipeline step, non-zero ``coef_`` or positive ``feature_importances_``).

    Parameters
    ----------
    estimators : sequence of fitted estimators, or the dict of ``cross_validate``
        One fitted estimator (or pipeline, or fitted search) per selection run, all fitted on
        the same features. The result of ``cross_validate(..., return_estimator=True)`` is
        accepted as is.

    Returns
    -------
    pandas.DataFrame of bool, shape (M, d)
        ``Z[i, f]`` is True when run ``i`` selects feature ``f``; columns are the feature names
        seen in ``fit`` (``x0``, ``x1``, ... for arrays). It can be passed to every function of
        :mod:`fsstab.measures`.

    Raises
    ------
    ValueError
        Naming the estimator (and pipeline step) whose selection cannot be found or traced back
        to the input features, or runs fitted on different features.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.feature_selection import SelectKBest
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.pipeline import make_pipeline
    >>> from fsstab.measures import nogueira
    >>> from fsstab.sklearn import selection_matrix
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(200, 6))
    >>> y = (X[:, 0] + X[:, 1] > 0).astype(int)  # only x0 and x1 are informative
    >>> runs = [make_pipeline(SelectKBest(k=2), LogisticRegression()).fit(X[i::3], y[i::3])
    ...         for i in range(3)]
    >>> Z = selection_matrix(runs)
    >>> Z
    feature    x0    x1     x2     x3     x4     x5
    run
    0        True  True  False  False  False  False
    1        True  True  False  False  False  False
    2        True  True  False  False  False  False
    >>> nogueira(Z)  # identical sets: perfectly stable
    1.0
    """
    return _selection_frame(_traces(estimators, importance=False))


def importance_matrix(estimators: Any) -> pd.DataFrame:
    """The importance matrix W of fitted estimators (Hamer & Dupont 2021, §5.1).

    ``W[i, f]`` is the importance of feature ``f`` in the model of run ``i`` when the run selects
    ``f``, and 0 otherwise, so that ``W != 0`` equals :func:`selection_matrix`. Linear models give
    eq. 7 of Hamer & Dupont (2021), ``||w||_0 |w_f| / ||w||_1``; tree ensembles their
    ``feature_importances_``; fsstab selectors their ``importances_``. A selected feature the
    model gives no weight gets a tiny positive floor
    (:func:`fsstab.importance.importances_on_support`).

    Parameters
    ----------
    estimators : sequence of fitted estimators, or the dict of ``cross_validate``
        As in :func:`selection_matrix`.

    Returns
    -------
    pandas.DataFrame of float, shape (M, d)
        Non-negative; feature names as columns. Pass it as ``W`` to
        :func:`fsstab.measures.compute` or :func:`fsstab.measures.importance_weighted`.

    Raises
    ------
    ValueError
        When a run has no model giving importances (e.g. ``SelectKBest`` on its own).

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.linear_model import LogisticRegression
    >>> from fsstab.sklearn import importance_matrix
    >>> X = np.array([[0., 1., 2.], [1., 0., 1.], [2., 1., 0.], [3., 0., 1.]])
    >>> model = LogisticRegression().fit(X, [0, 0, 1, 1])
    >>> model.coef_ = np.array([[2.0, 0.0, -1.0]])  # a sparse linear model, for illustration
    >>> importance_matrix([model, model])  # eq. 7: ||w||_0 |w_f| / ||w||_1 = 2 |w_f| / 3
    feature        x0   x1        x2
    run
    0        1.333333  0.0  0.666667
    1        1.333333  0.0  0.666667
    """
    return _importance_frame(_traces(estimators, importance=True))


# --------------------------------------------------------------------------------------------
# Measures over a selection (shared by the cross-validation functions and the searches)
# --------------------------------------------------------------------------------------------


def _check_confidence_level(confidence_level: Any) -> float:
    if (isinstance(confidence_level, bool) or not isinstance(confidence_level, numbers.Real)
            or not 0.0 < float(confidence_level) < 1.0):
        raise ValueError(f"confidence_level must lie in (0, 1), got {confidence_level!r}")
    return float(confidence_level)


def _measure_names(measures: Any, name: str = "measures") -> list[str] | None:
    if measures is None:
        return None
    names = [measures] if isinstance(measures, str) else list(measures)
    if not names:
        raise ValueError(f"{name} is empty; name at least one measure of fsstab.measures.MEASURES")
    unknown = [m for m in names if m not in MEASURES]
    if unknown:
        raise ValueError(
            f"unknown stability measure(s) {unknown} in {name}; known measures: "
            f"{', '.join(sorted(MEASURES))}"
        )
    return names


def _needs(names: list[str] | None, requirement: str) -> bool:
    return names is not None and any(requirement in MEASURES[n].requires for n in names)


def _interval(Z: np.ndarray, name: str, confidence_level: float) -> tuple[float, float]:
    if name not in _MEASURES_WITH_INTERVAL:
        return math.nan, math.nan
    return nogueira_confidence_interval(Z, alpha=1.0 - confidence_level, clip=True)


# --------------------------------------------------------------------------------------------
# cross_validate_stability and stability_from_cv_results
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class StabilityCVResult:
    """Scores and selection stability of one cross-validation (:func:`cross_validate_stability`).

    Attributes
    ----------
    scores : dict of str to ndarray
        What ``sklearn.model_selection.cross_validate`` returns, without the estimators:
        ``test_score`` (or ``test_<name>`` per metric), ``fit_time``, ``score_time``, and the
        train scores if asked for; one value per split.
    selection : pandas.DataFrame of bool, shape (M, d)
        The selection matrix Z (:func:`selection_matrix`), one row per split.
    importance : pandas.DataFrame or None
        The importance matrix W (:func:`importance_matrix`) when a measure needed it.
    stability : dict of str to float
        Value of each measure (NaN where undefined, e.g. φ when every split selects all
        features).
    intervals : dict of str to (float, float)
        Confidence interval of each measure at ``confidence_level``: the asymptotic interval of
        Nogueira, Sechidis & Brown (2018) for ``"nogueira"``, (NaN, NaN) for measures without
        known inference.
    confidence_level : float
    estimators : list or None
        The fitted estimators, with ``return_estimator=True``.
    """

    scores: dict[str, np.ndarray]
    selection: pd.DataFrame
    importance: pd.DataFrame | None
    stability: dict[str, float]
    intervals: dict[str, tuple[float, float]]
    confidence_level: float
    estimators: list[Any] | None = None

    @property
    def n_splits(self) -> int:
        return int(self.selection.shape[0])

    def to_frame(self) -> pd.DataFrame:
        """One row per measure: ``value``, ``ci_low``, ``ci_high``, ``confidence_level``,
        ``n_runs`` (M, the number of splits) and ``mean_n_features`` (mean |V_i|)."""
        names = list(self.stability)
        frame = pd.DataFrame(
            {
                "value": [self.stability[n] for n in names],
                "ci_low": [self.intervals[n][0] for n in names],
                "ci_high": [self.intervals[n][1] for n in names],
            },
            index=pd.Index(names, name="measure"),
        )
        frame["confidence_level"] = self.confidence_level
        frame["n_runs"] = self.n_splits
        frame["mean_n_features"] = float(self.selection.to_numpy().sum(axis=1).mean())
        return frame

    def splits_frame(self) -> pd.DataFrame:
        """One row per split: every score and time of ``cross_validate`` and ``n_features``,
        the number of features the split's model selected."""
        frame = pd.DataFrame({k: np.asarray(v) for k, v in self.scores.items()})
        frame["n_features"] = self.selection.to_numpy().sum(axis=1)
        frame.index.name = "split"
        return frame

    def __repr__(self) -> str:
        parts = []
        for name, value in self.stability.items():
            lo, hi = self.intervals[name]
            ci = f" [{lo:.3f}, {hi:.3f}]" if not math.isnan(lo) else ""
            parts.append(f"{name}={value:.3f}{ci}")
        return (f"StabilityCVResult(M={self.n_splits} splits, d={self.selection.shape[1]} "
                f"features, {'; '.join(parts)})")


def cross_validate_stability(
    estimator: Any,
    X: Any,
    y: Any = None,
    *,
    groups: Any = None,
    cv: Any = None,
    scoring: Any = None,
    measures: str | Sequence[str] | None = ("nogueira",),
    confidence_level: float = 0.95,
    similarity: Any = None,
    threshold: float | None = None,
    measure_params: Mapping[str, Mapping[str, Any]] | None = None,
    n_jobs: int | None = None,
    verbose: int = 0,
    params: Mapping[str, Any] | None = None,
    pre_dispatch: int | str = "2*n_jobs",
    return_train_score: bool = False,
    return_estimator: bool = False,
) -> StabilityCVResult:
    """Cross-validate an estimator and measure the stability of its feature selection.

    Runs ``sklearn.model_selection.cross_validate(..., return_estimator=True)``, reads the
    selection of every split's model (:func:`selection_matrix`) and evaluates the requested
    measures of :mod:`fsstab.measures` on them, with the confidence interval of Nogueira,
    Sechidis & Brown (2018) for φ (``"nogueira"``).

    Parameters
    ----------
    estimator : estimator
        Anything :func:`selection_matrix` understands once fitted: a selector, a pipeline with a
        selecting step, a sparse linear model, a tree ensemble, ...
    X, y, groups, cv, scoring, n_jobs, verbose, params, pre_dispatch, return_train_score
        As in ``sklearn.model_selection.cross_validate``. A failing fit raises (a stability
        needs every split's selection).
    measures : str, sequence of str or None, default=("nogueira",)
        Names in :data:`fsstab.measures.MEASURES`. ``None`` evaluates every measure whose inputs
        are available (importance-based ones when the models give importances, adjusted ones
        when ``similarity`` is given).
    confidence_level : float, default=0.95
        Level of the intervals.
    similarity, threshold
        Feature-similarity matrix C (d x d) and threshold θ for the adjusted measures
        (Bommert 2020, §3.3.2.3), e.g. absolute correlations and 0.9.
    measure_params : dict, optional
        Per-measure keyword arguments, e.g. ``{"davis": {"penalty": 1}}``.
    return_estimator : bool, default=False
        Keep the fitted estimators in the result.

    Returns
    -------
    StabilityCVResult
        ``scores`` (per split), ``selection`` (Z), ``stability`` and ``intervals`` per measure;
        ``to_frame()`` gives one row per measure, ``splits_frame()`` one row per split.

    See Also
    --------
    StabilitySearchCV : tune hyper-parameters on (accuracy, stability).
    fsstab.measures.nogueira_confidence_interval : the interval used for φ.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.feature_selection import SelectKBest
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.pipeline import make_pipeline
    >>> from fsstab.sklearn import cross_validate_stability
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(200, 6))
    >>> y = (X[:, 0] + X[:, 1] > 0).astype(int)  # only x0 and x1 are informative
    >>> result = cross_validate_stability(
    ...     make_pipeline(SelectKBest(k=2), LogisticRegression()), X, y, cv=5,
    ...     measures=["nogueira", "jaccard"])
    >>> result.stability  # every split selects {x0, x1}: both measures are 1
    {'nogueira': 1.0, 'jaccard': 1.0}
    >>> result.intervals["nogueira"]  # identical sets: zero variance
    (1.0, 1.0)
    >>> result.to_frame()[["value", "ci_low", "ci_high", "n_runs"]]
              value  ci_low  ci_high  n_runs
    measure
    nogueira    1.0     1.0      1.0       5
    jaccard     1.0     NaN      NaN       5
    >>> len(result.scores["test_score"])
    5
    """
    confidence_level = _check_confidence_level(confidence_level)
    names = _measure_names(measures)
    if _needs(names, "ranks"):
        raise ValueError(
            "rank-based measures (canberra) need a ranking per split, which a cross-validation "
            "does not keep; use stability_from_cv_results on RFECV.cv_results_ for rankings"
        )
    results = cross_validate(
        estimator, X, y, groups=groups, cv=cv, scoring=scoring, n_jobs=n_jobs, verbose=verbose,
        params=None if params is None else dict(params), pre_dispatch=pre_dispatch,
        return_train_score=return_train_score, return_estimator=True, error_score="raise",
    )
    estimators = results.pop("estimator")
    want_importance = names is None or _needs(names, "W")
    traces = _traces(estimators, importance=want_importance)
    selection = _selection_frame(traces)
    importance = None
    if want_importance:
        try:
            importance = _importance_frame(traces)
        except ValueError:
            if names is not None:  # a requested measure needs W
                raise
    Z = selection.to_numpy()
    values = compute(
        Z, names, W=None if importance is None else importance.to_numpy(), C=similarity,
        threshold=threshold, params=measure_params,
    )
    intervals = {name: _interval(Z, name, confidence_level) for name in values}
    return StabilityCVResult(
        scores=results, selection=selection, importance=importance, stability=values,
        intervals=intervals, confidence_level=confidence_level,
        estimators=list(estimators) if return_estimator else None,
    )


_SPLIT_SUPPORT = re.compile(r"^split(\d+)_support$")


def stability_from_cv_results(
    cv_results: Any,
    *,
    measures: str | Sequence[str] = ("nogueira",),
    confidence_level: float = 0.95,
    similarity: Any = None,
    threshold: float | None = None,
    measure_params: Mapping[str, Mapping[str, Any]] | None = None,
) -> pd.DataFrame:
    """Stability of RFECV's per-split supports, for every number of features it scored.

    ``RFECV.cv_results_`` holds, since scikit-learn 1.7, ``split{k}_support`` and
    ``split{k}_ranking``: for split ``k``, one row per number of features (ascending, as in
    ``n_features``), the support and ranking that the elimination on that split's training part
    reached at that size. The runs of the stability estimate are the splits.

    Parameters
    ----------
    cv_results : dict or fitted RFECV
        ``RFECV.cv_results_`` (or the fitted ``RFECV`` itself).
    measures : str or sequence of str, default=("nogueira",)
        Names in :data:`fsstab.measures.MEASURES`. Rank-based measures (``"canberra"``) use the
        ``split{k}_ranking`` entries.
    confidence_level : float, default=0.95
        Level of the interval of Nogueira, Sechidis & Brown (2018) for ``"nogueira"``.
    similarity, threshold, measure_params
        As in :func:`cross_validate_stability`.

    Returns
    -------
    pandas.DataFrame
        Indexed by ``n_features`` (the row number when absent), with ``mean_test_score`` and
        ``std_test_score`` when present, one column per measure, and ``nogueira_ci_low`` /
        ``nogueira_ci_high`` for φ. The row with every feature is undefined for φ (NaN): all
        sets are full.

    Raises
    ------
    ValueError
        If there are no ``split{k}_support`` entries (RFECV before scikit-learn 1.7), fewer than
        two splits, or supports of inconsistent shapes.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.feature_selection import RFECV
    >>> from sklearn.linear_model import LogisticRegression
    >>> from fsstab.sklearn import stability_from_cv_results
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(200, 6))
    >>> y = (X[:, 0] + X[:, 1] > 0).astype(int)
    >>> rfecv = RFECV(LogisticRegression(), cv=4).fit(X, y)
    >>> table = stability_from_cv_results(rfecv)
    >>> table.index.tolist()
    [1, 2, 3, 4, 5, 6]
    >>> table.loc[2, "nogueira"]  # every split keeps {x0, x1} at two features
    np.float64(1.0)
    >>> bool(np.isnan(table.loc[6, "nogueira"]))  # all features: φ is undefined
    True
    """
    if hasattr(cv_results, "cv_results_"):
        cv_results = cv_results.cv_results_
    if not isinstance(cv_results, Mapping):
        raise ValueError(f"cv_results must be a dict (RFECV.cv_results_), got "
                         f"{type(cv_results).__name__}")
    confidence_level = _check_confidence_level(confidence_level)
    names = _measure_names(measures)
    splits = sorted(int(m.group(1)) for key in cv_results if (m := _SPLIT_SUPPORT.match(key)))
    if not splits:
        import sklearn

        raise ValueError(
            "cv_results has no 'split<k>_support' entries; RFECV records per-split supports "
            f"from scikit-learn 1.7 on (installed: {sklearn.__version__})"
        )
    if len(splits) < 2:
        raise ValueError("cv_results has supports of one split; stability needs at least two")
    supports = []
    for k in splits:
        support = np.asarray(cv_results[f"split{k}_support"])
        if support.ndim == 1:  # a single number of features
            support = support[None, :]
        supports.append(support.astype(bool))
    shape = supports[0].shape
    for k, support in zip(splits, supports, strict=True):
        if support.shape != shape:
            raise ValueError(f"split{k}_support has shape {support.shape}, split{splits[0]}"
                             f"_support has {shape}")
    rankings = None
    if _needs(names, "ranks"):
        missing = [k for k in splits if f"split{k}_ranking" not in cv_results]
        if missing:
            raise ValueError(f"rank-based measures need split<k>_ranking; missing for splits "
                             f"{missing}")
        rankings = [np.asarray(cv_results[f"split{k}_ranking"], dtype=np.float64).reshape(shape)
                    for k in splits]
    stacked = np.stack(supports)  # (splits, rows, d)
    n_rows = shape[0]
    index = (pd.Index(np.asarray(cv_results["n_features"]), name="n_features")
             if "n_features" in cv_results and len(cv_results["n_features"]) == n_rows
             else pd.RangeIndex(n_rows, name="row"))
    table = pd.DataFrame(index=index)
    for key in ("mean_test_score", "std_test_score"):
        if key in cv_results and len(cv_results[key]) == n_rows:
            table[key] = np.asarray(cv_results[key], dtype=np.float64)
    columns: dict[str, list[float]] = {}
    for row in range(n_rows):
        Z = stacked[:, row, :]
        ranks = None if rankings is None else np.stack([r[row] for r in rankings])
        values = compute(Z, names, ranks=ranks, C=similarity, threshold=threshold,
                         params=measure_params)
        for name, value in values.items():
            columns.setdefault(name, []).append(value)
            if name in _MEASURES_WITH_INTERVAL:
                lo, hi = _interval(Z, name, confidence_level)
                columns.setdefault(f"{name}_ci_low", []).append(lo)
                columns.setdefault(f"{name}_ci_high", []).append(hi)
    for name, values in columns.items():
        table[name] = values
    return table


# --------------------------------------------------------------------------------------------
# The searches
# --------------------------------------------------------------------------------------------


def _fit_score_select(estimator: Any, X: Any, y: Any, *, importance: bool,
                      **fit_and_score_kwargs: Any) -> dict[str, Any]:
    """scikit-learn's own fit-and-score of one (candidate, split), plus the model's selection.

    Runs in the worker: the fitted model is reduced to its support (and importances) there, so
    that only a few bytes travel back, as with GridSearchCV.
    """
    result = _fit_and_score(estimator, X, y, return_estimator=True, **fit_and_score_kwargs)
    fitted = result.pop("estimator")
    result["selection"] = None
    result["importance"] = None
    if result.get("fit_error") is None:
        try:
            trace = _trace(fitted, importance=importance)
        except ValueError as exc:
            raise ValueError(
                f"candidate {fit_and_score_kwargs.get('parameters')}: {exc}"
            ) from None
        result["selection"] = trace.support
        result["importance"] = trace.importance
    return result




def _rank_descending(values: np.ndarray) -> np.ndarray:
    """Rank 1 = largest; NaN ties with the worst (scikit-learn's rank_test_score convention)."""
    if np.isnan(values).all():
        return np.ones(values.size, dtype=np.int32)
    filled = np.where(np.isnan(values), np.nanmin(values) - 1, values)
    return rankdata(-filled, method="min").astype(np.int32)


class _BaseStabilitySearch(BaseSearchCV):
    """Shared machinery of :class:`StabilitySearchCV` and :class:`RandomizedStabilitySearchCV`.

    The evaluation of each (candidate, split) is scikit-learn's own ``_fit_and_score`` --
    GridSearchCV's -- so scores, times, error handling and the ``cv_results_`` layout are
    GridSearchCV's; the selection of every fitted model is read in the worker and the stability
    of each candidate across the splits is added to ``cv_results_``.
    """

    def __init__(
        self,
        estimator: Any,
        *,
        scoring: Any = None,
        stability: str | Callable[[np.ndarray], float] = "nogueira",
        stability_params: Mapping[str, Any] | None = None,
        confidence_level: float = 0.95,
        refit: str | bool | Callable[[dict], int] = "gamma=0.5",
        acc_const: float = 0.025,
        stab_const: float = 0.1,
        metric: str | None = None,
        cv: Any = None,
        n_jobs: int | None = None,
        verbose: int = 0,
        pre_dispatch: int | str = "2*n_jobs",
        error_score: Any = np.nan,
        return_train_score: bool = False,
        random_state: Any = None,
    ) -> None:
        self.estimator = estimator
        self.scoring = scoring
        self.stability = stability
        self.stability_params = stability_params
        self.confidence_level = confidence_level
        self.refit = refit
        self.acc_const = acc_const
        self.stab_const = stab_const
        self.metric = metric
        self.cv = cv
        self.n_jobs = n_jobs
        self.verbose = verbose
        self.pre_dispatch = pre_dispatch
        self.error_score = error_score
        self.return_train_score = return_train_score
        self.random_state = random_state

    # -- validation ------------------------------------------------------------------------

    def _refit_rule(self) -> tuple[str, Any]:
        return parse_refit(self.refit, self.acc_const, self.stab_const)

    def _stability_name(self) -> str | None:
        """The measure's name (validated), or None for a callable."""
        if callable(self.stability):
            return None
        if not isinstance(self.stability, str) or self.stability not in MEASURES:
            raise ValueError(
                f"stability={self.stability!r} is not a measure of fsstab.measures.MEASURES "
                f"(known: {', '.join(sorted(MEASURES))}) nor a callable Z -> float"
            )
        info = MEASURES[self.stability]
        if "ranks" in info.requires:
            raise ValueError(f"stability={self.stability!r} needs rankings, which a search does "
                             "not collect; choose a subset or importance measure")
        params = dict(self.stability_params or {})
        if "C" in info.requires and ("C" not in params or "threshold" not in params):
            raise ValueError(
                f"stability={self.stability!r} is an adjusted measure: pass "
                "stability_params={'C': <d x d similarity>, 'threshold': <θ>}"
            )
        return self.stability

    def _objective_metric(self, scorers: Mapping[str, Any]) -> str:
        if self.metric is None or self.metric not in scorers:
            raise ValueError(
                f"scoring names several metrics ({', '.join(map(str, scorers))}); set metric= to "
                f"the one that is the accuracy objective of the trade-off (got {self.metric!r})"
            )
        return str(self.metric)

    def _get_scorers(self) -> tuple[Any, str]:
        if callable(self.scoring):
            return self.scoring, "score"
        if self.scoring is None or isinstance(self.scoring, str):
            return check_scoring(self.estimator, self.scoring), "score"
        scorers = _check_multimetric_scoring(self.estimator, self.scoring)
        metric = self._objective_metric(scorers)
        return _MultimetricScorer(scorers=scorers, raise_exc=(self.error_score == "raise")), metric

    def _candidate_params(self) -> list[dict[str, Any]]:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- fit ---------------------------------------------------------------------------------

    def fit(self, X: Any, y: Any = None, **params: Any) -> _BaseStabilitySearch:
        """Evaluate every candidate on every split, measure its stability, choose and refit.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Training data; a DataFrame's column names name the features of ``selections_``.
        y : array-like of shape (n_samples,), default=None
            Target.
        **params : dict
            Passed to the estimator's ``fit`` (and ``groups`` to the splitter), as in
            ``GridSearchCV.fit``.

        Returns
        -------
        self : object
        """
        rule, rule_arg = self._refit_rule()
        measure = self._stability_name()
        confidence_level = _check_confidence_level(self.confidence_level)
        scorers, metric = self._get_scorers()

        X, y = indexable(X, y)
        params = _check_method_params(X, params=params)
        routed_params = self._get_routed_params_for_fit(params)
        cv = check_cv(self.cv, y, classifier=is_classifier(self.estimator))
        splits = list(cv.split(X, y, **routed_params.splitter.split))
        n_splits = len(splits)
        if n_splits < 2:
            raise ValueError(f"cv gives {n_splits} split(s); stability needs at least two")
        self.n_splits_ = n_splits
        candidates = list(self._candidate_params())
        if not candidates:
            raise ValueError("there is no candidate to evaluate (empty parameter grid)")
        n_candidates = len(candidates)
        if self.verbose > 0:
            print(f"Fitting {n_splits} folds for each of {n_candidates} candidates, totalling "
                  f"{n_splits * n_candidates} fits")

        base_estimator = clone(self.estimator)
        want_importance = measure is not None and "W" in MEASURES[measure].requires
        parallel = Parallel(n_jobs=self.n_jobs, pre_dispatch=self.pre_dispatch)
        out = parallel(
            delayed(_fit_score_select)(
                clone(base_estimator), X, y, train=train, test=test, parameters=parameters,
                split_progress=(split_idx, n_splits),
                candidate_progress=(cand_idx, n_candidates),
                importance=want_importance, scorer=scorers,
                fit_params=routed_params.estimator.fit,
                score_params=routed_params.scorer.score,
                return_train_score=self.return_train_score, return_n_test_samples=True,
                return_times=True, return_parameters=False, error_score=self.error_score,
                verbose=self.verbose,
            )
            for (cand_idx, parameters), (split_idx, (train, test)) in product(
                enumerate(candidates), enumerate(splits)
            )
        )
        _warn_or_raise_about_fit_failures(out, self.error_score)
        if callable(self.scoring):
            _insert_error_scores(out, self.error_score)
        supports = [o.pop("selection") for o in out]
        importances = [o.pop("importance") for o in out]
        results = self._format_results(candidates, n_splits, out)
        self.multimetric_ = isinstance(out[0]["test_scores"], dict)
        if callable(self.scoring) and self.multimetric_:
            metric = self._objective_metric(out[0]["test_scores"])
        self.metric_ = metric

        self._add_stability(results, supports, importances, n_candidates, n_splits, measure,
                            confidence_level, X)
        accuracy = np.asarray(results[f"mean_test_{metric}"], dtype=np.float64)
        stability = results["mean_stability"]
        eligible = np.isfinite(accuracy) & np.isfinite(stability)
        if not eligible.all() and eligible.any():
            left_out = np.flatnonzero(~eligible)
            warnings.warn(
                f"{left_out.size} of {n_candidates} candidates have an undefined stability or "
                f"score (candidates {left_out.tolist()}; e.g. every split selected all or no "
                "features, or a fit failed); they are left out of the Pareto front and of the "
                "refit choice",
                UserWarning, stacklevel=2,
            )
        self._set_pareto_front(results, accuracy, stability, eligible, metric)
        self.cv_results_ = results

        if rule != "none":
            self.best_index_ = self._choose(rule, rule_arg, results, accuracy, stability,
                                            eligible, metric)
            self.best_params_ = results["params"][self.best_index_]
            self.best_score_ = float(accuracy[self.best_index_])
            self.best_stability_ = float(stability[self.best_index_])
            self.best_estimator_ = clone(base_estimator).set_params(
                **clone(self.best_params_, safe=False)
            )
            start = time.time()
            if y is not None:
                self.best_estimator_.fit(X, y, **routed_params.estimator.fit)
            else:
                self.best_estimator_.fit(X, **routed_params.estimator.fit)
            self.refit_time_ = time.time() - start
            if hasattr(self.best_estimator_, "feature_names_in_"):
                self.feature_names_in_ = self.best_estimator_.feature_names_in_
        self.scorer_ = scorers._scorers if isinstance(scorers, _MultimetricScorer) else scorers
        return self

    def _add_stability(self, results: dict, supports: list, importances: list,
                       n_candidates: int, n_splits: int, measure: str | None,
                       confidence_level: float, X: Any) -> None:
        d = next((s.size for s in supports if s is not None), None)
        if d is None:  # every fit failed (error_score was a number)
            d = int(np.shape(X)[1]) if len(np.shape(X)) == 2 else 0
        selections = np.zeros((n_candidates, n_splits, d), dtype=bool)
        complete = np.ones(n_candidates, dtype=bool)
        for k, support in enumerate(supports):
            cand, split = divmod(k, n_splits)
            if support is None:
                complete[cand] = False
            else:
                selections[cand, split] = support
        stability = np.full(n_candidates, np.nan)
        ci_low = np.full(n_candidates, np.nan)
        ci_high = np.full(n_candidates, np.nan)
        params = dict(self.stability_params or {})
        for cand in np.flatnonzero(complete):
            Z = selections[cand]
            if measure is None:
                stability[cand] = float(self.stability(Z))
                continue
            W = None
            if "W" in MEASURES[measure].requires:
                rows = importances[cand * n_splits:(cand + 1) * n_splits]
                if any(r is None for r in rows):
                    raise ValueError(
                        f"stability={measure!r} needs feature importances, but the models of "
                        f"candidate {results['params'][cand]} give none (no coef_, "
                        "feature_importances_ or importances_ after the selection)"
                    )
                W = np.vstack([importances_on_support(r, z) for r, z in zip(rows, Z,
                                                                            strict=True)])
            stability[cand] = compute(Z, [measure], W=W, **params)[measure]
            if measure in _MEASURES_WITH_INTERVAL:
                ci_low[cand], ci_high[cand] = _interval(Z, measure, confidence_level)
        sizes = selections.sum(axis=2).astype(np.float64)
        sizes[~complete] = np.nan
        results["mean_stability"] = stability
        results["stability_ci_low"] = ci_low
        results["stability_ci_high"] = ci_high
        results["rank_stability"] = _rank_descending(stability)
        results["mean_n_features"] = sizes.mean(axis=1)
        results["std_n_features"] = sizes.std(axis=1)
        self.selections_ = selections
        names = getattr(X, "columns", None)
        self.selection_features_ = (
            np.asarray([str(c) for c in names], dtype=object) if names is not None
            and len(names) == d else np.array([f"x{j}" for j in range(d)], dtype=object)
        )

    def _set_pareto_front(self, results: dict, accuracy: np.ndarray, stability: np.ndarray,
                          eligible: np.ndarray, metric: str) -> None:
        rows = np.flatnonzero(eligible)
        optimal = np.zeros(accuracy.size, dtype=bool)
        score_column = f"mean_test_{metric}"
        columns = ["params", score_column, "mean_stability", "stability_ci_low",
                   "stability_ci_high", "mean_n_features"]
        if rows.size == 0:
            results["pareto_optimal"] = optimal
            self.pareto_front_ = pd.DataFrame(
                columns=[*columns, "on_hull", "gamma_lo", "gamma_hi"],
                index=pd.Index([], name="candidate"))
            return
        front = rows[pareto_front(accuracy[rows], stability[rows])]
        optimal[front] = True
        results["pareto_optimal"] = optimal
        hull = hull_gamma_intervals(accuracy[rows], stability[rows])
        gamma_lo = dict(zip(rows[hull.index].tolist(), hull.gamma_lo.tolist(), strict=True))
        gamma_hi = dict(zip(rows[hull.index].tolist(), hull.gamma_hi.tolist(), strict=True))
        frame = pd.DataFrame(
            {
                "params": [results["params"][i] for i in front],
                score_column: accuracy[front],
                "mean_stability": stability[front],
                "stability_ci_low": results["stability_ci_low"][front],
                "stability_ci_high": results["stability_ci_high"][front],
                "mean_n_features": results["mean_n_features"][front],
                "on_hull": [i in gamma_lo for i in front.tolist()],
                "gamma_lo": [gamma_lo.get(i, np.nan) for i in front.tolist()],
                "gamma_hi": [gamma_hi.get(i, np.nan) for i in front.tolist()],
            },
            index=pd.Index(front, name="candidate"),
        )
        self.pareto_front_ = frame

    def _choose(self, rule: str, rule_arg: Any, results: dict, accuracy: np.ndarray,
                stability: np.ndarray, eligible: np.ndarray, metric: str) -> int:
        if rule == "callable":
            best = rule_arg(results)
            if isinstance(best, bool) or not isinstance(best, numbers.Integral):
                raise TypeError(f"refit callable returned {best!r}, not an integer index")
            if not 0 <= best < len(results["params"]):
                raise IndexError(f"refit callable returned {best}, out of range for "
                                 f"{len(results['params'])} candidates")
            return int(best)
        if rule == "accuracy":
            return int(np.asarray(results[f"rank_test_{metric}"]).argmin())
        rows = np.flatnonzero(eligible)
        if rows.size == 0:
            sizes = np.round(np.asarray(results["mean_n_features"], dtype=np.float64), 2)
            raise ValueError(
                "no candidate has both a finite score and a defined stability, so there is no "
                "trade-off to choose from (n_features = "
                f"{self.selections_.shape[2]}; mean number of selected features per candidate: "
                f"{sizes.tolist()}; φ is undefined when every split selects all or no "
                "features, a score is NaN when a fit failed); use refit='accuracy' or check "
                "the selection step"
            )
        return choose_candidate(rule, rule_arg, rows, accuracy, stability, results=results,
                                metric=metric, n_splits=self.n_splits_,
                                acc_const=self.acc_const, stab_const=self.stab_const,
                                random_state=self.random_state)

    def score(self, X: Any, y: Any = None, **params: Any) -> float:
        """Score of the refitted best estimator on ``X``, ``y`` with the objective's scorer.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,), default=None
        **params : dict
            Passed to the scorer (e.g. ``sample_weight``).

        Returns
        -------
        float
        """
        if self.refit is False:
            raise AttributeError(f"This {type(self).__name__} was initialized with refit=False; "
                                 "score is available only after refitting the chosen candidate")
        check_is_fitted(self, "best_estimator_")
        scorer = self.scorer_[self.metric_] if isinstance(self.scorer_, dict) else self.scorer_
        score = scorer(self.best_estimator_, X, y, **params)
        return score[self.metric_] if isinstance(score, dict) else score


_SEARCH_PARAMETERS_DOC = """
    scoring : str, callable, list, tuple, dict or None, default=None
        As in ``GridSearchCV``: the predictive objective (``None`` uses the estimator's
        ``score``). With several metrics, ``metric`` names the one traded off against
        stability.
    stability : str or callable, default="nogueira"
        A measure of :data:`fsstab.measures.MEASURES` computed over the splits' selections
        (Z, one row per split), or a callable ``Z -> float`` (Z a boolean ndarray). Measures on
        importances (``"importance_weighted"``, ``"pearson"``) use :func:`importance_matrix`'s
        rules; adjusted measures need ``stability_params={"C": ..., "threshold": ...}``.
    stability_params : dict, optional
        Keyword arguments of :func:`fsstab.measures.compute` (``C``, ``threshold``,
        ``undefined``, ``random_state``, ...).
    confidence_level : float, default=0.95
        Level of the interval of Nogueira, Sechidis & Brown (2018) in ``cv_results_``
        (``stability_ci_low`` / ``stability_ci_high``; NaN for other measures).
    refit : str, callable or False, default="gamma=0.5"
        Which candidate is refitted on the whole data:

        - ``"gamma=<γ>"``: the compromise maximising ``γA + (1 − γ)S`` over the convex hull of
          the (accuracy, stability) Pareto front (Hamer & Dupont 2021, §7.1;
          :func:`fsstab.pareto.choose_by_gamma`). ``γ = 1`` is the most accurate candidate
          (ties: the most stable); at a breakpoint the more accurate compromise wins.
        - ``"epsilon"``: ε-constraint selection (Bommert 2020, Algorithm 3.2, thresholds
          ``acc.max − acc_const`` and ``stab.max − stab_const``;
          :func:`fsstab.pareto.epsilon_constraint_selection`), ties broken with
          ``random_state``.
        - ``"one_se"``: the most stable candidate whose mean score is at least the best mean
          score minus its standard error over the splits (the one-standard-error rule of
          Breiman et al. 1984 and Hastie et al. 2009, §7.10, with stability as the property
          bought; :func:`fsstab.one_se.one_standard_error_choice`).
        - ``"accuracy"``: the best mean score, exactly as ``GridSearchCV`` chooses.
        - a callable ``cv_results_ -> int``, as in ``GridSearchCV``.
        - ``False``: no choice and no refit (``cv_results_`` and ``pareto_front_`` only).

        Candidates with an undefined stability or score are left out of the γ and ε choices
        (with a warning). ``True`` is refused: with two objectives it names no rule.
    acc_const, stab_const : float, default=0.025, 0.1
        Constants of ε-constraint selection; the defaults are the thesis' (§8.2).
    metric : str, optional
        With several metrics in ``scoring``, the one used as the accuracy objective.
    cv : int, cross-validation generator or iterable, default=None
        As in ``GridSearchCV`` (5-fold, stratified for classifiers). The same splits are used
        for every candidate; they are the runs of the stability estimate.
    n_jobs : int, default=None
        Number of (candidate, split) fits run in parallel by joblib (``-1`` = all cores).
    verbose : int, default=0
    pre_dispatch : int or str, default="2*n_jobs"
    error_score : "raise" or float, default=np.nan
        As in ``GridSearchCV``; a candidate with a failed fit has an undefined stability.
    return_train_score : bool, default=False
"""

_SEARCH_ATTRIBUTES_DOC = """
    Attributes
    ----------
    cv_results_ : dict of ndarrays
        GridSearchCV's keys (``params``, ``param_*``, ``split{k}_test_score``,
        ``mean_test_score``, ``rank_test_score``, times, ...) plus ``mean_stability`` (the
        measure over the splits' selections), ``stability_ci_low``, ``stability_ci_high``,
        ``rank_stability``, ``mean_n_features``, ``std_n_features`` (selection sizes) and
        ``pareto_optimal`` (bool).
    pareto_front_ : pandas.DataFrame
        The Pareto-optimal candidates in (mean score, stability), by increasing score, indexed
        by candidate, with ``params``, the score, the stability and its interval,
        ``mean_n_features``, and ``on_hull``, ``gamma_lo``, ``gamma_hi`` (the closed γ interval
        on which a hull point maximises ``γA + (1 − γ)S``; NaN off the hull).
    best_index_, best_params_, best_estimator_ : int, dict, estimator
        The chosen candidate, its parameters, and the estimator refitted on the whole data.
    best_score_, best_stability_ : float
        Its mean score and stability.
    selections_ : ndarray of bool, shape (n_candidates, n_splits, n_features)
        The selection of every fitted model; ``selection_features_`` names the features.
    scorer_, metric_, multimetric_, n_splits_, refit_time_ :
        As in ``GridSearchCV`` (``metric_`` is the objective's name, ``"score"`` for a
        single metric).
"""


class StabilitySearchCV(_BaseStabilitySearch):
    """Exhaustive search over a parameter grid on (accuracy, stability of feature selection).

    Like :class:`~sklearn.model_selection.GridSearchCV` -- same parameter grid, same
    evaluation of every (candidate, split), same ``cv_results_`` keys -- but every fitted model's
    feature selection is recorded, each candidate's stability across the splits is measured
    (with its confidence interval), and the candidate refitted on the whole data is a Pareto
    compromise between accuracy and stability: Hamer & Dupont's (2021, §7.1) γ compromise or
    Bommert's (2020, Algorithm 3.2) ε-constraint choice, as in the multi-criteria tuning of
    Bommert (2020, Ch. 7-8). The selection of a fitted model is read as described in
    :mod:`fsstab.sklearn`.

    Parameters
    ----------
    estimator : estimator
        Any estimator scikit-learn's searches accept whose fitted models have a selection
        (a selector, a pipeline with a selecting step, a sparse linear model, a tree ensemble).
    param_grid : dict or list of dicts
        As in ``GridSearchCV``.
    {parameters}
    random_state : int, RandomState or None, default=None
        Seeds the random tie-break of ε-constraint selection.
    {attributes}
    See Also
    --------
    RandomizedStabilitySearchCV : the same with sampled candidates.
    cross_validate_stability : stability of one configuration, with intervals.
    fsstab.plots.pareto_plot : draw ``cv_results_`` in (accuracy, stability).

    Notes
    -----
    Cost: exactly GridSearchCV's fits; reading a selection and computing φ and its interval
    for each candidate takes well under a millisecond (``benchmarks/bench_search.py``).

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.feature_selection import SelectKBest
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.pipeline import make_pipeline
    >>> from fsstab.pareto import choose_by_gamma
    >>> from fsstab.sklearn import StabilitySearchCV
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(200, 8))
    >>> y = (X[:, 0] + X[:, 1] > 0).astype(int)  # only x0 and x1 are informative
    >>> search = StabilitySearchCV(
    ...     make_pipeline(SelectKBest(), LogisticRegression()),
    ...     {{"selectkbest__k": [1, 2, 4, 6]}}, cv=5, refit="gamma=0.5").fit(X, y)
    >>> search.best_params_  # the two informative features, in every split
    {{'selectkbest__k': 2}}
    >>> float(search.best_stability_)
    1.0
    >>> res = search.cv_results_
    >>> search.best_index_ == choose_by_gamma(res["mean_test_score"], res["mean_stability"], 0.5)
    True
    >>> search.selections_.shape  # (candidates, splits, features)
    (4, 5, 8)
    """

    def __init__(
        self,
        estimator: Any,
        param_grid: Mapping[str, Any] | Sequence[Mapping[str, Any]],
        *,
        scoring: Any = None,
        stability: str | Callable[[np.ndarray], float] = "nogueira",
        stability_params: Mapping[str, Any] | None = None,
        confidence_level: float = 0.95,
        refit: str | bool | Callable[[dict], int] = "gamma=0.5",
        acc_const: float = 0.025,
        stab_const: float = 0.1,
        metric: str | None = None,
        cv: Any = None,
        n_jobs: int | None = None,
        verbose: int = 0,
        pre_dispatch: int | str = "2*n_jobs",
        error_score: Any = np.nan,
        return_train_score: bool = False,
        random_state: Any = None,
    ) -> None:
        super().__init__(
            estimator, scoring=scoring, stability=stability, stability_params=stability_params,
            confidence_level=confidence_level, refit=refit, acc_const=acc_const,
            stab_const=stab_const, metric=metric, cv=cv, n_jobs=n_jobs, verbose=verbose,
            pre_dispatch=pre_dispatch, error_score=error_score,
            return_train_score=return_train_score, random_state=random_state,
        )
        self.param_grid = param_grid

    def _candidate_params(self) -> list[dict[str, Any]]:
        return list(ParameterGrid(self.param_grid))


class RandomizedStabilitySearchCV(_BaseStabilitySearch):
    """Randomized search on (accuracy, stability of feature selection).

    :class:`StabilitySearchCV` with ``n_iter`` candidates drawn from ``param_distributions`` by
    :class:`~sklearn.model_selection.ParameterSampler` (lists are sampled uniformly, scipy
    distributions with their ``rvs``), the random search that Bommert (2020, §3.4.2, Ch. 7)
    uses for multi-criteria tuning.

    Parameters
    ----------
    estimator : estimator
        As in :class:`StabilitySearchCV`.
    param_distributions : dict or list of dicts
        As in ``RandomizedSearchCV``.
    n_iter : int, default=10
        Number of candidates drawn.
    {parameters}
    random_state : int, RandomState or None, default=None
        Seeds the sampling of candidates and the random tie-break of ε-constraint selection:
        the same seed gives the same candidates and the same choice.
    {attributes}
    Examples
    --------
    >>> import numpy as np
    >>> from scipy.stats import loguniform
    >>> from sklearn.linear_model import LogisticRegression
    >>> from fsstab.pareto import epsilon_constraint_selection
    >>> from fsstab.sklearn import RandomizedStabilitySearchCV
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(200, 8))
    >>> y = (X[:, 0] + X[:, 1] > 0).astype(int)
    >>> l1 = LogisticRegression(l1_ratio=1.0, solver="liblinear")  # the L1 penalty
    >>> search = RandomizedStabilitySearchCV(
    ...     l1, {{"C": loguniform(0.01, 10)}}, n_iter=6, cv=5, refit="epsilon",
    ...     random_state=0).fit(X, y)
    >>> res = search.cv_results_
    >>> search.best_index_ == epsilon_constraint_selection(
    ...     res["mean_test_score"], res["mean_stability"], acc_const=0.025, stab_const=0.1,
    ...     random_state=0)
    True
    """

    def __init__(
        self,
        estimator: Any,
        param_distributions: Mapping[str, Any] | Sequence[Mapping[str, Any]],
        *,
        n_iter: int = 10,
        scoring: Any = None,
        stability: str | Callable[[np.ndarray], float] = "nogueira",
        stability_params: Mapping[str, Any] | None = None,
        confidence_level: float = 0.95,
        refit: str | bool | Callable[[dict], int] = "gamma=0.5",
        acc_const: float = 0.025,
        stab_const: float = 0.1,
        metric: str | None = None,
        cv: Any = None,
        n_jobs: int | None = None,
        verbose: int = 0,
        pre_dispatch: int | str = "2*n_jobs",
        error_score: Any = np.nan,
        return_train_score: bool = False,
        random_state: Any = None,
    ) -> None:
        super().__init__(
            estimator, scoring=scoring, stability=stability, stability_params=stability_params,
            confidence_level=confidence_level, refit=refit, acc_const=acc_const,
            stab_const=stab_const, metric=metric, cv=cv, n_jobs=n_jobs, verbose=verbose,
            pre_dispatch=pre_dispatch, error_score=error_score,
            return_train_score=return_train_score, random_state=random_state,
        )
        self.param_distributions = param_distributions
        self.n_iter = n_iter

    def _candidate_params(self) -> list[dict[str, Any]]:
        if isinstance(self.n_iter, bool) or not isinstance(self.n_iter, numbers.Integral) or (
            self.n_iter < 1
        ):
            raise ValueError(f"n_iter must be a positive integer, got {self.n_iter!r}")
        return list(ParameterSampler(self.param_distributions, self.n_iter,
                                     random_state=self.random_state))


for _cls in (StabilitySearchCV, RandomizedStabilitySearchCV):
    if _cls.__doc__:  # None under python -OO
        _cls.__doc__ = _cls.__doc__.format(parameters=_SEARCH_PARAMETERS_DOC.strip("\n").lstrip(),
                                           attributes=_SEARCH_ATTRIBUTES_DOC.strip("\n").lstrip())
del _cls
