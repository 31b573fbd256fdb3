"""The public searches of :mod:`fsstab.sklearn`: :class:`StabilitySearchCV` over a parameter
grid and :class:`RandomizedStabilitySearchCV` over sampled candidates."""

from __future__ import annotations

import numbers
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import numpy as np
from sklearn.model_selection import ParameterGrid, ParameterSampler

from fsstab._sklearn_compat import Interval
from fsstab.sklearn._base_search import _BaseStabilitySearch

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
          bought; :func:`fsstab.outcomes.one_standard_error_choice`). The standard error is
          corrected for the overlap of the splits, s·√(1/m + ρ₀/(1 − ρ₀)) with ρ₀ the mean
          test share of the splits (``test_fraction_``; in groups when the splitter is given
          ``groups``): Nadeau & Bengio (2003), Bouckaert & Frank (2004) for repeated k-fold
          (:func:`fsstab.outcomes.score_standard_errors`).
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
    test_fraction_ : float
        With ``refit="one_se"``: ρ₀, the splits' mean test size over the samples (over the
        groups when the splitter is given ``groups``), which corrects the standard error.
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

    _parameter_constraints: ClassVar[dict[str, Any]] = {
        **_BaseStabilitySearch._parameter_constraints, "param_grid": [Mapping, list, tuple],
    }

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

    _parameter_constraints: ClassVar[dict[str, Any]] = {
        **_BaseStabilitySearch._parameter_constraints,
        "param_distributions": [Mapping, list, tuple],
        "n_iter": [Interval(numbers.Integral, 1, None, closed="left")],
    }

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
