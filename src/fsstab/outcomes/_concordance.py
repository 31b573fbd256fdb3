"""Concordance of risk scores with censored survival times (Harrell's and Uno's C-index).

A risk score ranks samples: a higher score should go with an earlier event. Of two samples
the pair is *comparable* when the earlier time is an observed event (and, for equal times,
when the event is paired with a censored sample, which is known to have survived at least as
long); it is *concordant* when the earlier event has the higher score, and a tie of scores
counts one half. Harrell's C (Harrell et al. 1982, JAMA 247:2543) is the concordant fraction
of the comparable pairs. Its expectation depends on the censoring distribution of the study:
pairs of early times are over-represented when censoring is heavy. Uno's C (Uno et al. 2011,
Stat. Med. 30:1105) weights each comparable pair by ``Ĝ(T_i)^-2``, the squared inverse
probability of remaining uncensored at the earlier event time (``Ĝ``: Kaplan-Meier estimate
of the censoring distribution, usually from the training data), which makes it consistent for
a concordance that does not depend on censoring, up to a truncation time ``tau``.

The definitions (comparable pairs, ties of scores within ``tied_tol``, ``Ĝ`` evaluated at the
event time as a right-continuous step function with censoring after events at tied times)
follow scikit-survival's ``concordance_index_censored`` / ``concordance_index_ipcw``, against
which ``tests/outcomes/test_concordance.py`` checks them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fsstab.outcomes._targets import as_survival_target

__all__ = ["censoring_survival", "concordance_index_harrell", "concordance_index_uno",
           "weighted_concordance"]

#: Pairs evaluated per block of the vectorised pair loop (memory ~ 3 bytes each).
_BLOCK_PAIRS = 4_000_000


def _risk_vector(risk: Any, n: int) -> np.ndarray:
    values = np.asarray(risk, dtype=np.float64)
    if values.shape != (n,):
        raise ValueError(f"risk must hold one score per sample ({n}); got shape {values.shape}")
    if not np.all(np.isfinite(values)):
        raise ValueError("risk scores must be finite")
    return values


def weighted_concordance(time: np.ndarray, event: np.ndarray, risk: np.ndarray,
                         weights: np.ndarray, tied_tol: float) -> float:
    """Σ_i w_i (concordant_i + ½ tied_i) / Σ_i w_i comparable_i over events ``i``, on
    validated arrays (``ValueError`` when no pair is comparable).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.outcomes._concordance import weighted_concordance
    >>> time, event = np.array([1.0, 2.0, 3.0]), np.array([True, True, False])
    >>> weighted_concordance(time, event, np.array([3.0, 2.0, 1.0]), np.ones(3), 1e-8)
    1.0
    """
    events = np.flatnonzero(event & (weights > 0))
    numerator = denominator = 0.0
    block = max(1, _BLOCK_PAIRS // max(1, time.size))
    for start in range(0, events.size, block):
        rows = events[start:start + block]
        t_i = time[rows, None]
        comparable = (time[None, :] > t_i) | ((time[None, :] == t_i) & ~event[None, :])
        difference = risk[rows, None] - risk[None, :]
        tied = np.abs(difference) <= tied_tol
        concordant = (difference > 0) & ~tied
        w = weights[rows]
        numerator += float(w @ (comparable & concordant).sum(axis=1)
                           + 0.5 * (w @ (comparable & tied).sum(axis=1)))
        denominator += float(w @ comparable.sum(axis=1))
    if denominator == 0:
        raise ValueError("no comparable pair of samples (every earlier time is censored): the "
                         "concordance index is undefined")
    return numerator / denominator


def concordance_index_harrell(y: Any, risk: Any, *, tied_tol: float = 1e-8) -> float:
    """Harrell's concordance index of ``risk`` with the survival target ``y``.

    Parameters
    ----------
    y
        Survival target (:func:`fsstab.outcomes.as_survival_target`: scikit-survival's
        structured array or columns ``(time, event)``).
    risk
        One score per sample, higher = earlier event expected (a Cox model's linear
        predictor; scikit-survival's ``predict``).
    tied_tol
        Scores closer than this are a tie (counted ½).

    Returns
    -------
    float
        In [0, 1]; 0.5 for a score that ranks at random, 1 for a perfect ranking.

    Examples
    --------
    >>> from fsstab.outcomes import concordance_index_harrell
    >>> from fsstab.outcomes import survival_target
    >>> y = survival_target([True, True, False], [1.0, 2.0, 3.0])
    >>> concordance_index_harrell(y, [3.0, 2.0, 1.0])
    1.0
    >>> concordance_index_harrell(y, [1.0, 3.0, 2.0])  # pairs (1,2), (1,3) discordant, (2,3) not
    0.3333333333333333
    """
    target = as_survival_target(y)
    risk = _risk_vector(risk, target.size)
    return weighted_concordance(target["time"], target["event"], risk,
                                 np.ones(target.size), tied_tol)


def censoring_survival(y: Any) -> tuple[np.ndarray, np.ndarray]:
    """Kaplan-Meier estimate ``Ĝ`` of the probability of remaining uncensored.

    Censoring is the "event" of this estimate; at a time with both events and censorings the
    events leave the risk set first (a sample with an event at ``t`` was not at risk of being
    censored after it), as in scikit-survival's ``CensoringDistributionEstimator``.

    Returns
    -------
    times, probabilities
        The distinct times and ``Ĝ`` just after each (a right-continuous step function, 1
        before the first time).

    Examples
    --------
    >>> from fsstab.outcomes import censoring_survival
    >>> from fsstab.outcomes import survival_target
    >>> times, g = censoring_survival(survival_target([1, 0, 1, 0], [1.0, 2.0, 3.0, 4.0]))
    >>> g.tolist()  # 3 at risk of censoring at t=2, one censored; at t=4 the last one
    [1.0, 0.6666666666666667, 0.6666666666666667, 0.0]
    """
    target = as_survival_target(y)
    time, event = target["time"], target["event"]
    times, inverse = np.unique(time, return_inverse=True)
    n_events = np.bincount(inverse, weights=event.astype(np.float64), minlength=times.size)
    n_censored = np.bincount(inverse, weights=(~event).astype(np.float64), minlength=times.size)
    n_total = np.bincount(inverse, minlength=times.size).astype(np.float64)
    at_risk = n_total[::-1].cumsum()[::-1] - n_events
    factors = np.ones(times.size)
    positive = at_risk > 0
    factors[positive] = 1.0 - n_censored[positive] / at_risk[positive]
    return times, np.cumprod(factors)


def concordance_index_uno(y: Any, risk: Any, *, y_train: Any = None, tau: float | None = None,
                          tied_tol: float = 1e-8) -> float:
    """Uno's inverse-probability-of-censoring weighted concordance index.

    Each comparable pair with the earlier event ``i`` at ``T_i < tau`` has the weight
    ``Ĝ(T_i)^-2``, ``Ĝ`` estimated by :func:`censoring_survival` on ``y_train`` (default: on
    ``y`` itself).

    Parameters
    ----------
    y, risk, tied_tol
        As for :func:`concordance_index_harrell`.
    y_train
        The survival target ``Ĝ`` is estimated on (the training data of the model).
    tau
        Truncation time: only events before ``tau`` count. Default: the first time at which
        ``Ĝ`` reaches 0 (the last training time, when it is censored), else every event; a
        ``tau`` beyond that time is an error (an event there would have infinite weight).

    Examples
    --------
    >>> from fsstab.outcomes import concordance_index_uno
    >>> from fsstab.outcomes import survival_target
    >>> y = survival_target([True, True, False], [1.0, 2.0, 3.0])
    >>> concordance_index_uno(y, [3.0, 2.0, 1.0])
    1.0
    """
    target = as_survival_target(y)
    risk = _risk_vector(risk, target.size)
    train = target if y_train is None else as_survival_target(y_train, name="y_train")
    times, g = censoring_survival(train)
    time, event = target["time"], target["event"]
    if tau is None and np.any(g <= 0):
        tau = float(times[np.flatnonzero(g <= 0)[0]])
    if tau is not None:
        if not np.isfinite(tau):
            raise ValueError(f"tau must be a finite time; got {tau!r}")
        counted = event & (time < tau)
    else:
        counted = event.copy()
    position = np.searchsorted(times, time[counted], side="right") - 1
    g_at = np.where(position >= 0, g[np.maximum(position, 0)], 1.0)
    if np.any(g_at <= 0):
        first_zero = float(times[np.flatnonzero(g <= 0)[0]])
        raise ValueError(
            f"the censoring survival estimate is 0 at some event time before tau={tau:g}; set "
            f"tau at most {first_zero:g} or leave it unset"
        )
    weights = np.zeros(target.size)
    weights[counted] = 1.0 / g_at**2
    return weighted_concordance(time, event, risk, weights, tied_tol)
