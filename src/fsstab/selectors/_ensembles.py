"""Resampling ensembles of a base selector: stability selection with complementary pairs or
subsamples (thesis §3.3.3; Meinshausen & Bühlmann 2010; Shah & Samworth 2013; the error bounds
in :mod:`fsstab.selectors._error_bounds`, the LASSO path in :mod:`fsstab.selectors._lasso_path`)
and the bagged mean-rank ensemble of Onda et al. (2022, §3.1)."""

from __future__ import annotations

from collections.abc import Mapping
from numbers import Real
from typing import Any, ClassVar

import numpy as np
from scipy.stats import rankdata
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted, validate_data

from fsstab._sklearn_compat import Interval, StrOptions, _fit_context
from fsstab.outcomes import get_task
from fsstab.selectors._common import (
    check_positive_int,
    descending_order,
    ranking_from_order,
    resolve_n_features,
    spawn_seeds,
    top_k_mask,
)
from fsstab.selectors._constraints import (
    BOOLEAN,
    ESTIMATOR,
    N_FEATURES,
    POSITIVE,
    RANDOM_STATE,
    TASK,
    Selector,
    integers,
)
from fsstab.selectors._error_bounds import (
    ASSUMPTIONS,
    SAMPLINGS,
    stability_selection_parameters,
)
from fsstab.selectors._filters import FilterSelector
from fsstab.selectors._penalized import _PenalizedSelector
from fsstab.selectors._registry import register_selector
from fsstab.selectors._specs import constructor_parameters, selector_class
from fsstab.selectors._stability_subsamples import (
    _configured_clone,
    checked_subsample_counts,
    stability_subsamples,
    subsample_selection_counts,
)
from fsstab.selectors._two_stage import TwoStageSelector, fit_selection
from fsstab.selectors._wrapping import base_for_task, paired_model


def stratified_bootstrap(y: np.ndarray, random_state: Any, stratify: bool = True) -> np.ndarray:
    """Indices of a bootstrap sample (size n, with replacement), drawn within each class when
    ``stratify`` so that every class keeps its size."""
    rng = check_random_state(random_state)
    if not stratify:
        return np.sort(rng.randint(y.size, size=y.size))
    parts = [rng.choice(np.flatnonzero(y == c), size=(y == c).sum(), replace=True)
             for c in np.unique(y)]
    return np.sort(np.concatenate(parts))


def _frequent(frequencies: np.ndarray, pi_thr: float) -> np.ndarray:
    """``frequencies >= pi_thr``; a tolerance guards π̂ = π_thr against rounding in
    counts / 2B."""
    return frequencies >= pi_thr - 1e-12


def _selector_parameters(selector: Any) -> tuple[type, list[str]] | None:
    """``(class, constructor parameters)`` of a base selector given as an object or as a
    specification of a registered class; None when neither (its constraint reports it)."""
    if isinstance(selector, Mapping):
        try:
            cls = selector_class(selector.get("class"))
        except ValueError:
            return None
        return cls, list(constructor_parameters(cls))
    if hasattr(selector, "get_params"):
        return type(selector), list(selector.get_params(deep=False))
    return None


@register_selector(
    method=("complementary pairs or subsamples, any two of `q`, `pi_thr`, `pfer` by the bound "
            "of Meinshausen & Bühlmann or Shah & Samworth; `selection=\"path\"` for LASSO bases"),
    model="configurable",
    reference="thesis §3.3.3",
)
class StabilitySelection(TwoStageSelector):
    """Stability selection (thesis §3.3.3; Meinshausen & Bühlmann 2010; Shah & Samworth 2013).

    With ``sampling="SS"`` (the default) ``n_pairs`` (B) random splits of the data into two
    disjoint halves of size ``⌊n/2⌋`` give ``2B`` subsamples (complementary pairs); with
    ``sampling="MB"`` B subsamples of size ``⌊n/2⌋`` are drawn (the first halves of B such
    splits). A copy of ``selector`` selects ``q`` features on each. ``frequencies_`` are the
    fractions of subsamples selecting each feature, and the features with
    ``frequency >= pi_thr`` are kept. Exactly two of ``q``, ``pi_thr``, ``pfer`` must be set;
    the third follows from the error bound chosen by ``sampling`` and ``assumption``
    (:func:`stability_selection_parameters`; without assumption
    ``PFER <= q² / ((2 π_thr - 1) p)``).

    Parameters
    ----------
    selector : fsstab selector
        The base selector (the thesis uses L0-regularised logistic regression).
    q, pi_thr, pfer : see above. Defaults ``pi_thr=0.75`` and ``pfer=1.0`` (the thesis tunes
        ``π_thr ∈ [0.6, 0.9]`` and ``PFER ∈ [0.1, 10]``); to fix ``q``, set one of them to None.
    n_pairs : int
        B, the number of complementary pairs (``"SS"``; the thesis uses stabs with B = 50) or of
        subsamples (``"MB"``).
    sampling : {"SS", "MB"}
        Complementary pairs (Shah & Samworth) or subsamples (Meinshausen & Bühlmann).
    assumption : {"none", "unimodal", "r-concave"}
        The shape assumption of the bound (Shah & Samworth 2013; the last two need ``"SS"``).
    selection : {"calibrated", "path"}
        How the base selector selects ``q`` features on a subsample. ``"calibrated"``: its
        ``size_parameter`` is set to ``q``. ``"path"`` (a LASSO-type base selector:
        :class:`LassoSelector`, :class:`ElasticNetSelector`, :class:`GroupLassoSelector`): the
        features non-zero at the end of its regularisation path truncated when at most ``q``
        features have ever entered, on glmnet's default grid (the R package stabs'
        ``glmnet.lasso``; :func:`fsstab.selectors._lasso_path.truncated_lasso_path`).
    size_parameter : str
        Name of the base selector's parameter that receives ``q`` (``"calibrated"``).
    estimator : estimator or None
        Model fitted on the kept features; ``None`` is unregularised logistic regression
        (thesis Ch. 8) for classification, the task's ridge model otherwise.
    stratify : bool
        Split every class evenly between the two halves of a pair (keeps both classes in every
        subsample).
    subsamples : array-like of int, shape (2B, m) or (B, m), or None
        Row indices of the subsamples to use instead of drawing them (``n_pairs`` is then
        ignored), e.g. ``complementary_pairs(y, B, seed)``; for ``"SS"`` rows 2b and 2b + 1
        should be a complementary pair. Like scikit-learn's ``cv`` given as splits: several
        fits on the same data share their subsamples, so that their frequencies differ only by
        ``q`` (Bommert 2020, §8.3.1, tunes ``q`` and ``π_thr`` on the same B pairs).
    task : {"classification", "regression", "survival"}
        The outcome (:data:`fsstab.outcomes.TASKS`), given to the base selector (which must
        serve it); outside classification the halves are stratified by the event indicator
        (survival) or not at all (regression), ``selection="path"`` runs the least-squares or
        Cox LASSO path, and the default paired model is the task's ridge model.
    random_state : int, RandomState or None

    Attributes
    ----------
    frequencies_ : ndarray (d,)
        Selection frequency π̂ of every feature over the subsamples (also ``scores_``).
    q_, pi_thr_, pfer_ : the completed parameters (``pfer_`` the bound they attain).
    subsamples_ : ndarray (2B or B, ⌊n/2⌋)
        Row indices of every subsample (for ``"SS"`` rows 2b, 2b + 1 are complementary).
    ranking_ : ndarray (d,)
        1 = most frequently selected.

    Examples
    --------
    A fit per ``q`` on shared pairs, then any threshold without refitting
    (:meth:`support_at`):

    >>> import numpy as np
    >>> from fsstab.selectors import FilterSelector, StabilitySelection, complementary_pairs
    >>> rng = np.random.default_rng(0)
    >>> y = np.repeat([0, 1], 20)
    >>> X = rng.normal(size=(40, 8)) + 2.0 * y[:, None] * (np.arange(8) < 2)
    >>> pairs = complementary_pairs(y, 5, random_state=0)
    >>> stabs = StabilitySelection(FilterSelector(method="anova"), q=2, pi_thr=0.9, pfer=None,
    ...                            subsamples=pairs).fit(X, y)
    >>> stabs.frequencies_[:3].tolist()
    [1.0, 1.0, 0.0]
    >>> np.flatnonzero(stabs.support_at(0.6)).tolist()
    [0, 1]

    The LASSO path with stabs' semantics and the r-concave bound:

    >>> from fsstab.selectors import LassoSelector
    >>> lasso = StabilitySelection(LassoSelector(), selection="path", q=3, pfer=1.0,
    ...                            pi_thr=None, assumption="r-concave", n_pairs=10,
    ...                            random_state=0).fit(X, y)
    >>> np.flatnonzero(lasso.get_support()).tolist(), lasso.q_
    ([0, 1], 3)
    """

    controls_error: ClassVar[bool] = True
    splits_subsample_fits: ClassVar[bool] = True
    tasks: ClassVar[frozenset[str]] = frozenset(
        {"classification", "multiclass", "regression", "survival"})

    _parameter_constraints: ClassVar[dict[str, Any]] = {
        "selector": [Selector()], "q": [integers(1), None],
        # pi_thr in (0, 1]: at most 1/2 only under the r-concave bound (joint_parameter_problems)
        "pi_thr": [Interval(Real, 0, 1, closed="right"), None], "pfer": [POSITIVE, None],
        "n_pairs": [integers(1)], "sampling": [StrOptions(set(SAMPLINGS))],
        "assumption": [StrOptions(set(ASSUMPTIONS))],
        "selection": [StrOptions({"calibrated", "path"})], "size_parameter": [str],
        "estimator": ESTIMATOR, "stratify": BOOLEAN, "subsamples": ["array-like", None],
        "task": TASK, "random_state": RANDOM_STATE,
    }

    @classmethod
    def min_class_samples(cls, params: Mapping[str, Any]) -> int:
        """2 for stratified subsamples (one sample of each class per half)."""
        stratified = params.get("stratify", True) and params.get("subsamples") is None
        return 2 if stratified else 1

    def __init__(
        self,
        selector: Any,
        *,
        q: int | None = None,
        pi_thr: float | None = 0.75,
        pfer: float | None = 1.0,
        n_pairs: int = 50,
        sampling: str = "SS",
        assumption: str = "none",
        selection: str = "calibrated",
        size_parameter: str = "n_features_to_select",
        estimator: Any = None,
        stratify: bool = True,
        subsamples: Any = None,
        task: str = "classification",
        random_state: Any = None,
    ) -> None:
        self.selector = selector
        self.q = q
        self.pi_thr = pi_thr
        self.pfer = pfer
        self.n_pairs = n_pairs
        self.sampling = sampling
        self.assumption = assumption
        self.selection = selection
        self.size_parameter = size_parameter
        self.estimator = estimator
        self.stratify = stratify
        self.subsamples = subsamples
        self.task = task
        self.random_state = random_state

    @classmethod
    def joint_parameter_problems(cls, params: Mapping[str, Any]) -> dict[str, str]:
        """What ``fit`` refuses of the parameters together, before any data: exactly two of
        ``q``, ``pi_thr``, ``pfer``; a bound's assumption with its sampling, ``pi_thr`` and
        ``n_pairs``; a ``size_parameter`` the base selector has (``"calibrated"``) or a
        LASSO-type base selector (``"path"``). The base selector may be an object or a
        specification ``{class, params}``."""
        problems = {}
        given = sorted(name for name in ("q", "pi_thr", "pfer") if params.get(name) is not None)
        if len(given) != 2:
            problems[""] = (
                "needs exactly two of q, pi_thr and pfer (the third follows from the error "
                f"bound), got {given or 'none'} (the defaults are pi_thr=0.75, pfer=1.0; set one "
                "of them to null to fix q)"
            )
        assumption, sampling = params.get("assumption", "none"), params.get("sampling", "SS")
        if assumption in ("unimodal", "r-concave") and sampling == "MB":
            problems["assumption"] = (
                f"{assumption!r} needs complementary pairs (sampling: SS; Shah & Samworth 2013); "
                "sampling MB has assumption none")
        pi_thr = params.get("pi_thr")
        if (isinstance(pi_thr, Real) and pi_thr <= 0.5 and assumption in ASSUMPTIONS
                and assumption != "r-concave"):
            problems["pi_thr"] = (f"must lie in (0.5, 1] with assumption {assumption!r} (below "
                                  f"only under r-concave), got {pi_thr!r}")
        n_pairs = params.get("n_pairs")
        if (assumption == "r-concave" and params.get("subsamples") is None
                and isinstance(n_pairs, int) and n_pairs < 2):
            problems["n_pairs"] = f"the r-concave bound needs n_pairs >= 2, got {n_pairs!r}"
        base = _selector_parameters(params.get("selector"))
        if base is not None and params.get("selection", "calibrated") == "path":
            if not issubclass(base[0], _PenalizedSelector):
                problems["selection"] = (
                    "'path' needs a LASSO-type base selector (LassoSelector, "
                    f"ElasticNetSelector or GroupLassoSelector), got {base[0].__name__}")
        elif base is not None:
            size = params.get("size_parameter", "n_features_to_select")
            if isinstance(size, str) and size not in base[1]:
                problems["size_parameter"] = (
                    f"{base[0].__name__} has no parameter {size!r} to receive q (the number of "
                    f"features of each subsample); its parameters: {', '.join(sorted(base[1]))}"
                )
        return problems

    @classmethod
    def data_problems(cls, params: Mapping[str, Any], *, n_samples: int,
                      n_features: int) -> dict[str, str]:
        """The error bound on ``n_features`` features: a ``(q, pi_thr, pfer)`` it cannot meet
        is refused with the values that would work (:func:`stability_selection_parameters`),
        e.g. a ``q`` too large for the PFER."""
        if cls.joint_parameter_problems(params) or params.get("subsamples") is not None:
            return {}
        try:
            stability_selection_parameters(
                int(n_features), q=params.get("q"), pi_thr=params.get("pi_thr"),
                pfer=params.get("pfer"), sampling=params.get("sampling", "SS"),
                assumption=params.get("assumption", "none"),
                n_pairs=params.get("n_pairs", 50))
        except ValueError as exc:
            return {"": str(exc)}
        return {}

    def _given_subsamples(self, n_samples: int) -> np.ndarray:
        rows = np.asarray(self.subsamples)
        if rows.ndim != 2 or rows.shape[0] < 1 or rows.shape[1] < 2 or (
            not np.issubdtype(rows.dtype, np.integer)
        ):
            raise ValueError(
                "subsamples must be a 2-d array of row indices (one subsample per row, at least "
                f"two rows each); got shape {rows.shape} and dtype {rows.dtype}"
            )
        if rows.min() < 0 or rows.max() >= n_samples:
            raise ValueError(
                f"subsamples hold row indices outside 0..{n_samples - 1} (the rows of X)"
            )
        return rows.astype(np.int64, copy=False)

    def _subsamples(self, y: np.ndarray, random_state: int, task: str
                    ) -> tuple[int, np.ndarray]:
        """Set ``subsamples_``; return B and the seeds of the subsample fits."""
        if self.subsamples is None:
            n_pairs = check_positive_int(self.n_pairs, "n_pairs")
            self.subsamples_, seeds = stability_subsamples(
                y, n_pairs, random_state, sampling=self.sampling, stratify=self.stratify,
                task=task)
            return n_pairs, seeds
        self.subsamples_ = self._given_subsamples(len(y))
        _, *fit_seeds = spawn_seeds(random_state, 1 + len(self.subsamples_))
        count = len(self.subsamples_)
        if self.sampling == "SS" and self.assumption != "none" and count % 2:
            raise ValueError(
                f"subsamples must hold complementary pairs (an even number of rows) for the "
                f"{self.assumption} bound; got {count} subsamples"
            )
        return (max(1, count // 2) if self.sampling == "SS" else count), np.asarray(fit_seeds)

    @classmethod
    def n_subsample_fits(cls, params: Mapping[str, Any]) -> int | None:
        """The subsample fits of one ``fit``: 2 n_pairs (SS), n_pairs (MB), None if given.

        Examples
        --------
        >>> from fsstab.selectors import StabilitySelection
        >>> [StabilitySelection.n_subsample_fits({"n_pairs": 25, "sampling": sampling})
        ...  for sampling in ("SS", "MB")]
        [50, 25]
        """
        if params.get("subsamples") is not None:
            return None
        n_pairs = int(params.get("n_pairs", 50))
        return 2 * n_pairs if params.get("sampling", "SS") == "SS" else n_pairs

    def _plan(self, X: np.ndarray, y: np.ndarray, random_state: int) -> tuple[Any, str, Any]:
        """Set ``subsamples_``, ``q_``, ``pi_thr_``, ``pfer_``; return the base selector, the
        task and the seeds of the subsample fits."""
        _check_option(self.selection, "selection", ("calibrated", "path"))
        _check_option(self.sampling, "sampling", ("SS", "MB"))
        task = self._task()
        base = base_for_task(self.selector, task, "StabilitySelection", _no_default)
        n_pairs, fit_seeds = self._subsamples(y, random_state, task)
        self.q_, self.pi_thr_, self.pfer_ = stability_selection_parameters(
            X.shape[1], q=self.q, pi_thr=self.pi_thr, pfer=self.pfer, sampling=self.sampling,
            assumption=self.assumption, n_pairs=n_pairs,
        )
        return base, task, fit_seeds

    def _validated(self, X: Any, y: Any) -> tuple[np.ndarray, np.ndarray]:
        """``X`` and the target as :meth:`fit` passes them to the selection (class codes)."""
        task = get_task(self._task())
        if not task.has_classes:
            return self._validated_outcome(X, y, task)
        X, y = validate_data(self, X, y, dtype=np.float64, ensure_min_samples=2)
        return X, np.unique(y, return_inverse=True)[1].astype(np.int64)

    @_fit_context(prefer_skip_nested_validation=False)
    def subsample_counts(self, X: Any, y: Any, fits: range) -> np.ndarray:
        """How many of the subsample fits ``fits`` (indices into ``subsamples_``) select each
        feature, each fit as :meth:`fit` runs it (same subsamples and seeds): the counts of
        disjoint ranges covering all fits add up exactly to one ``fit``'s, which
        ``fit(X, y, subsample_counts=total)`` then reads instead of fitting the subsamples.

        Examples
        --------
        >>> import numpy as np
        >>> from fsstab.selectors import FilterSelector, StabilitySelection
        >>> rng = np.random.default_rng(0)
        >>> y = np.repeat([0, 1], 20)
        >>> X = rng.normal(size=(40, 6)) + 1.5 * y[:, None] * (np.arange(6) < 2)
        >>> stabs = StabilitySelection(FilterSelector(method="anova"), q=2, pi_thr=0.9,
        ...                            pfer=None, n_pairs=3, random_state=0)
        >>> total = stabs.subsample_counts(X, y, range(4)) + stabs.subsample_counts(X, y,
        ...                                                                       range(4, 6))
        >>> total.tolist(), (stabs.fit(X, y).frequencies_ * 6).tolist()
        ([6.0, 6.0, 0.0, 0.0, 0.0, 0.0], [6.0, 6.0, 0.0, 0.0, 0.0, 0.0])
        """
        X, y = self._validated(X, y)
        base, task, fit_seeds = self._plan(X, y, int(self._seeds()[0]))
        fits = range(len(self.subsamples_))[fits.start:fits.stop:fits.step]
        if not fits:
            return np.zeros(X.shape[1])
        index = np.asarray(fits, dtype=np.int64)
        return subsample_selection_counts(
            base, X, y, self.subsamples_[index], np.asarray(fit_seeds)[index], q=self.q_,
            selection=self.selection, size_parameter=self.size_parameter, task=task)

    def fit(self, X: Any, y: Any, subsample_counts: Any = None) -> StabilitySelection:
        """Fit; with ``subsample_counts`` (:meth:`subsample_counts` summed over all fits) the
        selection reads them instead of fitting the base selector on every subsample."""
        self._given_counts = subsample_counts
        try:
            return super().fit(X, y)
        finally:
            del self._given_counts

    def _counts(self, base: Any, X: np.ndarray, y: np.ndarray, fit_seeds: Any,
                task: str) -> np.ndarray:
        given = getattr(self, "_given_counts", None)
        if given is None:
            return subsample_selection_counts(
                base, X, y, self.subsamples_, fit_seeds, q=self.q_, selection=self.selection,
                size_parameter=self.size_parameter, task=task)
        return checked_subsample_counts(given, X.shape[1], len(self.subsamples_))

    def _select(self, X: np.ndarray, y: np.ndarray, random_state: int) -> None:
        base, task, fit_seeds = self._plan(X, y, random_state)
        counts = self._counts(base, X, y, fit_seeds, task)
        self.frequencies_ = counts / len(self.subsamples_)
        self.scores_ = self.frequencies_
        self.ranking_ = ranking_from_order(descending_order(self.frequencies_))
        self.support_ = _frequent(self.frequencies_, self.pi_thr_)

    def support_at(self, pi_thr: float) -> np.ndarray:
        """The features kept at another threshold: selection frequency ``>= pi_thr``.

        The fitted frequencies do not depend on ``π_thr``, so a search over ``π_thr`` (the
        thesis' random search over (PFER, π_thr), §8.3.1) needs one fit per ``q`` only.

        Parameters
        ----------
        pi_thr : float
            The threshold, in (0.5, 1] (in (0, 1] under the r-concave bound).

        Returns
        -------
        ndarray of bool, shape (d,)
            ``support_`` had the model been fitted with this ``pi_thr`` (and the same ``q``).
        """
        check_is_fitted(self, "frequencies_")
        low = 0.0 if self.assumption == "r-concave" else 0.5
        if isinstance(pi_thr, bool) or not isinstance(pi_thr, Real) or not low < pi_thr <= 1:
            raise ValueError(f"pi_thr must lie in ({low:g}, 1]; got {pi_thr!r}")
        return _frequent(self.frequencies_, float(pi_thr))

    def _paired_model(self, X: np.ndarray, random_state: int) -> Any:
        if self.estimator is not None:
            return self.estimator
        if not get_task(self._task()).has_classes:
            return paired_model(self._task())
        return LogisticRegression(C=np.inf, max_iter=1000)  # unregularised, thesis Ch. 8


def _no_default() -> Any:
    raise ValueError("StabilitySelection needs a base selector (selector=...)")


def _check_option(value: Any, name: str, allowed: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"{name} must be one of {list(allowed)}, got {value!r}")


def tie_averaged_ranking(selector: Any) -> np.ndarray:
    """``ranking_`` of a fitted selector; features with equal ``scores_`` share their mean rank.

    A selector's ``ranking_`` orders tied scores by column index. In a mean-rank ensemble that
    arbitrary order would be repeated in every bootstrap copy and systematically favour
    low-index features -- with random-forest impurity on microarrays, thousands of genes tie at
    zero importance. Where ``ranking_`` is the descending order of ``scores_`` (not so for the
    greedy information-theoretic filters, whose scores are per-iteration), tied features get the
    average of the ranks they occupy (``scipy.stats.rankdata(method="average")``).
    """
    ranking = np.asarray(selector.ranking_, dtype=np.float64)
    scores = getattr(selector, "scores_", None)
    if scores is None or np.shape(scores) != ranking.shape:
        return ranking
    keys = np.nan_to_num(np.asarray(scores, dtype=np.float64), nan=-np.inf)
    if np.any(np.diff(keys[np.argsort(ranking, kind="stable")]) > 0):
        return ranking  # ranking_ does not follow scores_: keep the selector's own ranks
    return rankdata(-keys, method="average")


@register_selector(
    method="bagging `n_bootstrap` copies of a base selector, mean-rank aggregation",
    model="configurable",
    reference="Onda §3.1",
)
class EnsembleSelector(TwoStageSelector):
    """Bagged ensemble of a base selector aggregated by mean rank (Onda et al. 2022, §3.1).

    ``n_bootstrap`` (m_ensemble) copies of ``selector`` are fitted on bootstrap samples; every
    copy ranks all features (its ``ranking_``), the ranks are averaged, and the
    ``n_features_to_select`` features with the smallest mean rank are kept (ties: lower index).

    Parameters
    ----------
    selector : fsstab selector with ``ranking_`` or None
        ``None`` is Onda et al.'s weak selector: random-forest Gini importance
        (``FilterSelector(method="impurity")``).
    n_bootstrap : int
        m_ensemble, the number of weak selectors.
    n_features_to_select : int, float or None
        n_target; ``None`` is ``min(20, √d)``.
    estimator : classifier or None
        Model fitted on the kept features; ``None`` is a 500-tree random forest (Onda et al. use
        another random forest as predictor).
    stratify : bool
        Bootstrap within each class (every weak selector sees all classes).
    random_state : int, RandomState or None

    Attributes
    ----------
    samples_ : ndarray (n_bootstrap, n)
        Row indices of every bootstrap sample.
    rankings_ : ndarray (n_bootstrap, d)
        Ranking of every weak selector (tied scores share their average rank, see
        :func:`tie_averaged_ranking`).
    supports_ : ndarray (n_bootstrap, d) of bool
        Features selected by every weak selector.
    mean_rank_ : ndarray (d,)
    ranking_ : ndarray (d,)
        1 = smallest mean rank.

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.selectors import FilterSelector, EnsembleSelector
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(60, 20))
    >>> y = (X[:, 2] - X[:, 5] > 0).astype(int)   # features 2 and 5 decide the class
    >>> selector = EnsembleSelector(FilterSelector(method="anova"), n_bootstrap=10,
    ...                             n_features_to_select=2, random_state=0).fit(X, y)
    >>> np.flatnonzero(selector.get_support()).tolist()
    [2, 5]
    """

    tasks: ClassVar[frozenset[str]] = frozenset({"classification", "multiclass"})

    _parameter_constraints: ClassVar[dict[str, Any]] = {
        "selector": [Selector(), None], "n_bootstrap": [integers(1)],
        "n_features_to_select": N_FEATURES, "estimator": ESTIMATOR, "stratify": BOOLEAN,
        "random_state": RANDOM_STATE,
    }

    def __init__(
        self,
        selector: Any = None,
        *,
        n_bootstrap: int = 50,
        n_features_to_select: int | float | None = None,
        estimator: Any = None,
        stratify: bool = True,
        random_state: Any = None,
    ) -> None:
        self.selector = selector
        self.n_bootstrap = n_bootstrap
        self.n_features_to_select = n_features_to_select
        self.estimator = estimator
        self.stratify = stratify
        self.random_state = random_state

    def _select(self, X: np.ndarray, y: np.ndarray, random_state: int) -> None:
        n_bootstrap = check_positive_int(self.n_bootstrap, "n_bootstrap")
        k = resolve_n_features(self.n_features_to_select, X.shape[1])
        selector = FilterSelector(method="impurity") if self.selector is None else self.selector
        seeds = spawn_seeds(random_state, 2 * n_bootstrap)
        rankings, supports, samples = [], [], []
        for sample_seed, fit_seed in zip(seeds[0::2], seeds[1::2], strict=True):
            rows = stratified_bootstrap(y, sample_seed, self.stratify)
            samples.append(rows)
            base = fit_selection(_configured_clone(selector, fit_seed), X[rows], y[rows])
            if getattr(base, "ranking_", None) is None:
                raise ValueError(
                    f"{type(base).__name__} does not rank features (no ranking_); the mean-rank "
                    "ensemble needs a ranking selector"
                )
            rankings.append(tie_averaged_ranking(base))
            supports.append(base.get_support())
        self.samples_ = np.vstack(samples)
        self.rankings_ = np.vstack(rankings)
        self.supports_ = np.vstack(supports)
        self.mean_rank_ = self.rankings_.mean(axis=0)
        order = np.argsort(self.mean_rank_, kind="stable")
        self.ranking_ = ranking_from_order(order)
        self.support_ = top_k_mask(order, k)

    def _paired_model(self, X: np.ndarray, random_state: int) -> Any:
        if self.estimator is None:
            return RandomForestClassifier(n_estimators=500, random_state=random_state)
        return self.estimator
