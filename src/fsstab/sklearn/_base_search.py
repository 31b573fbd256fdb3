"""The machinery shared by the searches of :mod:`fsstab.sklearn`: scikit-learn's fit-and-score
of every (candidate, split) with the model's selection read in the worker, the stability columns
of ``cv_results_``, the Pareto front, and the refit choice."""

from __future__ import annotations

import numbers
import time
import warnings
from collections.abc import Callable, Mapping
from itertools import product
from numbers import Integral, Real
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy.stats import rankdata
from sklearn.base import clone, is_classifier
from sklearn.metrics import check_scoring, get_scorer_names
from sklearn.model_selection import check_cv
from sklearn.utils.parallel import Parallel, delayed
from sklearn.utils.validation import check_is_fitted, indexable

from fsstab._sklearn_compat import (
    BaseSearchCV,
    HasMethods,
    Interval,
    StrOptions,
    _check_method_params,
    _check_multimetric_scoring,
    _fit_and_score,
    _fit_context,
    _insert_error_scores,
    _MultimetricScorer,
    _warn_or_raise_about_fit_failures,
)
from fsstab.importance import importances_on_support
from fsstab.measures import MEASURES, compute
from fsstab.pareto import hull_gamma_intervals, pareto_front
from fsstab.sklearn._measures import _MEASURES_WITH_INTERVAL, _check_confidence_level, _interval
from fsstab.sklearn._refit_rules import choose_candidate, parse_refit
from fsstab.sklearn._tracing import _trace


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

    #: The constraints of the parameters shared by both searches: GridSearchCV's for the
    #: parameters it has; the measure (``stability``) and the refit rule are checked by ``fit``
    #: with messages naming what a search accepts.
    _parameter_constraints: ClassVar[dict[str, Any]] = {
        "estimator": [HasMethods(["fit"])],
        "scoring": [StrOptions(set(get_scorer_names())), callable, list, tuple, dict, None],
        "stability": [str, callable], "stability_params": [Mapping, None],
        "confidence_level": [Interval(Real, 0, 1, closed="neither")],
        "refit": ["boolean", str, callable], "acc_const": [Real], "stab_const": [Real],
        "metric": [str, None], "cv": ["cv_object"], "n_jobs": [Integral, None],
        "verbose": ["verbose"], "pre_dispatch": [Integral, str],
        "error_score": [StrOptions({"raise"}), Real], "return_train_score": ["boolean"],
        "random_state": ["random_state"],
    }

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

    @_fit_context(prefer_skip_nested_validation=False)  # the estimator is not validated yet
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
        if rule == "one_se":
            self.test_fraction_ = _split_test_fraction(
                splits, X.shape[0] if hasattr(X, "shape") else len(X),
                routed_params.splitter.split.get("groups"))
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
                                random_state=self.random_state,
                                test_fraction=getattr(self, "test_fraction_", None))

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


def _split_test_fraction(splits: list[tuple[np.ndarray, np.ndarray]], n_samples: int,
                         groups: Any = None) -> float:
    """ρ₀ of the CV splits (:func:`fsstab.resampling.held_out_fraction`): the mean
    test size over the samples, or over the groups when the splitter was given ``groups``."""
    from fsstab.resampling import held_out_fraction

    if groups is None:
        return held_out_fraction([len(test) for _, test in splits], n_samples)
    codes = np.unique(np.asarray(groups), return_inverse=True)[1].reshape(-1)
    return held_out_fraction([np.unique(codes[test]).size for _, test in splits],
                             int(codes.max()) + 1)
