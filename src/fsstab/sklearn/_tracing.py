"""Tracing the selection of one fitted estimator back to its input features.

The rules (``get_support()``, selecting pipeline steps, ``coef_`` / ``feature_importances_``,
fitted searches) are described in :mod:`fsstab.sklearn`; :func:`selection_matrix` and
:func:`importance_matrix` stack the traces of several fitted estimators into Z and W.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
import scipy.sparse as sp
from sklearn.pipeline import Pipeline

from fsstab.importance import importances_on_support, linear_importance


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
