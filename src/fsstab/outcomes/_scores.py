"""The score of a selection's predictive model and the decisions taken on it.

Every trade-off of fsstab is between a *score* of the predictive model built on the selected
features and the stability of the selection. For classification the score is the accuracy;
for a continuous outcome the out-of-sample R² (with the RMSE reported beside it); for a time
to event the concordance index. Each task owns its scores (:attr:`fsstab.outcomes.Task.
scores`); :data:`fsstab.outcomes.SCORES` lists them all by name. A :class:`Score` says its
name (the stem of table columns: ``r2_mean``, ``r2_low``, ...), its label for figures and
reports, its direction and its range, and how it is computed from the test targets and the
model's predictions.

The Pareto analysis (:mod:`fsstab.pareto`) maximises its objectives; the functions here turn a
score into the maximised objective (:func:`oriented`) and take the decisions of the papers on
any score: the (score, stability) Pareto front, Hamer & Dupont's (2021, §7.1) γ compromises
and Bommert's (2020, Alg. 3.2) ε-constraint selection. With the accuracy they return exactly
what the functions of :mod:`fsstab.pareto` return on it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from fsstab.outcomes._registry import SCORES, get_task

__all__ = [
    "Score",
    "choose_by_gamma_score",
    "epsilon_constraint_by_score",
    "gamma_intervals_by_score",
    "get_score",
    "oriented",
    "pareto_front_by_score",
    "primary_score",
    "score_interval",
    "t_quantile",
    "task_scores",
]


@dataclass(frozen=True)
class Score:
    """A score of a predictive model.

    Attributes
    ----------
    name
        Identifier and stem of table columns (``accuracy``, ``r2``, ``rmse``, ``c_index``,
        ``c_index_uno``).
    label
        How figures and reports name it.
    greater_is_better
        Its direction.
    lower, upper
        Its range; intervals are clipped to it.
    decision
        Whether it may be the objective of the Pareto, γ and ε decisions: a score without units
        (RMSE has the outcome's units, so γA + (1 − γ)S would depend on them; it is reported
        beside R²).
    compute
        ``compute(y_test, prediction, y_train)``: ``prediction`` is the model's ``predict``
        (class labels, values, risk scores); ``y_train`` is read by Uno's C only.

    Examples
    --------
    >>> from fsstab.outcomes import SCORES
    >>> r2 = SCORES["r2"]
    >>> r2.label, r2([1.0, 2.0, 3.0], [1.0, 2.0, 4.0])   # 1 - 1/2
    ('R²', 0.5)
    """

    name: str
    label: str
    greater_is_better: bool
    lower: float
    upper: float
    decision: bool
    compute: Callable[[Any, Any, Any], float]

    def __call__(self, y: Any, prediction: Any, *, y_train: Any = None) -> float:
        """The score of ``prediction`` against the targets ``y``."""
        return float(self.compute(y, prediction, y_train))


def get_score(score: str | Score) -> Score:
    """A :class:`Score` by name (a :class:`Score` is returned as it is).

    Examples
    --------
    >>> from fsstab.outcomes import get_score
    >>> get_score("c_index_uno").label
    'C-index (Uno)'
    """
    if isinstance(score, Score):
        return score
    if isinstance(score, str) and score in SCORES:
        return SCORES[score]
    raise ValueError(f"unknown score {score!r}; known: {', '.join(SCORES)}")


def task_scores(task: str) -> tuple[Score, ...]:
    """The scores of ``task`` (:attr:`fsstab.outcomes.Task.scores`), the decision scores
    first.

    Examples
    --------
    >>> from fsstab.outcomes import task_scores
    >>> [s.name for s in task_scores("regression")]
    ['r2', 'rmse']
    """
    return get_task(task).scores


def primary_score(task: str, y: Any = None, *, censoring_threshold: float = 0.5) -> Score:
    """The score a study of ``task`` is decided on: accuracy, R², or a C-index
    (:meth:`fsstab.outcomes.Task.primary_score`).

    Survival: Uno's C-index when the fraction of censored samples of ``y`` (the whole data
    set) exceeds ``censoring_threshold``, Harrell's otherwise (:mod:`fsstab.outcomes._survival`).

    Examples
    --------
    >>> from fsstab.outcomes import primary_score, survival_target
    >>> primary_score("regression").label
    'R²'
    >>> primary_score("survival", survival_target([1, 0, 0], [1.0, 2.0, 3.0])).name
    'c_index_uno'
    """
    return get_task(task).primary_score(y, censoring_threshold=censoring_threshold)


def t_quantile(q: float, df: Any) -> np.ndarray:
    """``scipy.stats.t.ppf(q, df)`` (which computes ``scipy.special.stdtrit(df, q)``, NaN for
    df <= 0), without importing scipy.stats: the summary jobs need nothing else from it."""
    from scipy.special import stdtrit

    return stdtrit(np.asarray(df, dtype=np.float64), q)


def score_interval(mean: Any, se: Any, n_runs: Any, score: str | Score, *,
                   confidence_level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """The interval ``mean ± t_{M−1} · se`` of a score over ``M = n_runs`` resamples, clipped
    to the score's range (an accuracy or a C-index to [0, 1], R² to (−∞, 1], RMSE to
    [0, ∞)): the interval the summary tables report beside each mean score.

    ``t_{M−1}`` is the ``(1 + confidence_level)/2`` quantile of Student's t (NaN for
    ``M < 2``, which gives a NaN interval).

    Examples
    --------
    >>> from fsstab.outcomes import score_interval
    >>> low, high = score_interval([0.9], [0.1], [3], "accuracy")
    >>> round(float(low[0]), 4), float(high[0])  # t_2 = 4.303: 0.9 ± 0.43, clipped at 1
    (0.4697, 1.0)
    """
    score = get_score(score)
    if not 0 < confidence_level < 1:
        raise ValueError(f"confidence_level must lie in (0, 1); got {confidence_level!r}")
    mean = np.asarray(mean, dtype=np.float64)
    se = np.asarray(se, dtype=np.float64)
    quantile = t_quantile(0.5 + confidence_level / 2.0, np.asarray(n_runs) - 1)
    low = np.clip(mean - quantile * se, score.lower, score.upper)
    high = np.clip(mean + quantile * se, score.lower, score.upper)
    return low, high


# --------------------------------------------------------------------------------------------
# Decisions on (score, stability)
# --------------------------------------------------------------------------------------------


def oriented(values: Any, score: str | Score) -> np.ndarray:
    """The score as the objective to maximise: itself, or its negative where lower is better."""
    score = get_score(score)
    values = np.asarray(values, dtype=np.float64)
    return values if score.greater_is_better else -values


def _decision_score(score: str | Score, what: str) -> Score:
    score = get_score(score)
    if not score.decision:
        decision = ", ".join(s.name for s in SCORES.values() if s.decision)
        raise ValueError(f"{what} needs a score without units; {score.name!r} has the outcome's "
                         f"units (use one of: {decision})")
    return score


def pareto_front_by_score(values: Any, stability: Any, score: str | Score) -> np.ndarray:
    """Indices of the (score, stability) Pareto front, from the most stable to the best score
    (:func:`fsstab.pareto.pareto_front` on the oriented score)."""
    from fsstab.pareto import pareto_front

    return pareto_front(oriented(values, score), stability)


def gamma_intervals_by_score(values: Any, stability: Any, score: str | Score, *,
                             include_collinear: bool = True) -> Any:
    """Hamer & Dupont's (2021, §7.1) compromises maximising ``γ·score + (1 − γ)·stability``
    and their γ intervals (:func:`fsstab.pareto.hull_gamma_intervals`), for a decision score."""
    from fsstab.pareto import hull_gamma_intervals

    score = _decision_score(score, "a γ compromise")
    return hull_gamma_intervals(oriented(values, score), stability,
                                include_collinear=include_collinear)


def choose_by_gamma_score(values: Any, stability: Any, gamma: Any,
                          score: str | Score) -> int | np.ndarray:
    """The configuration maximising ``γ·score + (1 − γ)·stability``
    (:func:`fsstab.pareto.choose_by_gamma`), for a decision score."""
    from fsstab.pareto import choose_by_gamma

    score = _decision_score(score, "a γ compromise")
    return choose_by_gamma(oriented(values, score), stability, gamma)


def epsilon_constraint_by_score(values: Any, stability: Any, score: str | Score, *,
                                score_const: float, stab_const: float,
                                random_state: Any = None) -> int:
    """Bommert's (2020) Algorithm 3.2 with the score in place of the accuracy: keep the
    configurations within ``score_const`` of the best score, then within ``stab_const`` of the
    best stability among them, then the best score (:func:`fsstab.pareto.
    epsilon_constraint_selection`, whose ``acc_const`` is ``score_const``)."""
    from fsstab.pareto import epsilon_constraint_selection

    score = _decision_score(score, "ε-constraint selection")
    return epsilon_constraint_selection(oriented(values, score), stability,
                                        acc_const=score_const, stab_const=stab_const,
                                        random_state=random_state)
