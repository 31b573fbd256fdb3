"""Stability of one cross-validation: :func:`cross_validate_stability` (and its
:class:`StabilityCVResult`), and :func:`stability_from_cv_results` on ``RFECV.cv_results_``."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from sklearn import get_config
from sklearn.model_selection import cross_validate

from fsstab.measures import compute
from fsstab.sklearn._measures import (
    _MEASURES_WITH_INTERVAL,
    _check_confidence_level,
    _interval,
    _measure_names,
    _needs,
)
from fsstab.sklearn._tracing import _importance_frame, _selection_frame, _traces


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
        needs every split's selection). With metadata routing enabled
        (``sklearn.set_config(enable_metadata_routing=True)``) ``groups`` is routed like any
        other metadata of ``params``: to the splitter, and to every step of ``estimator`` that
        requests it (an inner :class:`StabilitySearchCV`'s splitter included), as
        ``cross_validate(..., params={"groups": groups})`` does.
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
    params = None if params is None else dict(params)
    if groups is not None and get_config()["enable_metadata_routing"]:
        params, groups = _routed_groups(groups, params), None
    results = cross_validate(
        estimator, X, y, groups=groups, cv=cv, scoring=scoring, n_jobs=n_jobs, verbose=verbose,
        params=params, pre_dispatch=pre_dispatch,
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


def _routed_groups(groups: Any, params: dict[str, Any] | None) -> dict[str, Any]:
    """``params`` with ``groups`` added, for ``cross_validate`` under metadata routing (which
    takes ``groups`` only inside ``params`` then)."""
    params = {} if params is None else params
    if "groups" in params:
        raise ValueError("groups is given twice, as groups= and as params['groups']; give it "
                         "once")
    return {**params, "groups": groups}


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
