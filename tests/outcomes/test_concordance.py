"""Harrell's and Uno's C-index (fsstab.outcomes) against pair-by-pair counts written here,
hand-made cases and scikit-survival's independent implementation."""

from __future__ import annotations

import doctest
import itertools

import numpy as np
import pytest

import fsstab.outcomes._concordance
from fsstab.outcomes import (
    censoring_survival,
    concordance_index_harrell,
    concordance_index_uno,
    survival_target,
)


def test_docstring_examples_run():
    result = doctest.testmod(fsstab.outcomes._concordance)
    assert result.failed == 0
    assert result.attempted >= 4


def pairwise_c(time, event, risk, weight_of=lambda i: 1.0, tau=np.inf):
    """Definition by enumeration: pair (i, j) comparable when i has an event and t_i < t_j, or
    t_i == t_j with j censored; concordant when risk_i > risk_j, a tie of risks counts ½."""
    numerator = denominator = 0.0
    for i, j in itertools.permutations(range(len(time)), 2):
        if not event[i] or time[i] >= tau:
            continue
        if time[i] < time[j] or (time[i] == time[j] and not event[j]):
            w = weight_of(i)
            denominator += w
            if risk[i] > risk[j]:
                numerator += w
            elif risk[i] == risk[j]:
                numerator += 0.5 * w
    return numerator / denominator


def test_hand_made_case():
    # times 1 (event), 2 (censored), 3 (event), 4 (event)
    y = survival_target([1, 0, 1, 1], [1.0, 2.0, 3.0, 4.0])
    # comparable pairs: (1,2), (1,3), (1,4), (3,4) -> 4 pairs; risks 4, 1, 2, 2:
    # (1,2) c, (1,3) c, (1,4) c, (3,4) tie -> (3 + 0.5) / 4
    assert concordance_index_harrell(y, [4.0, 1.0, 2.0, 2.0]) == 3.5 / 4
    # a reversed score is the complement
    assert concordance_index_harrell(y, [-4.0, -1.0, -2.0, -2.0]) == 0.5 / 4


def test_tied_times():
    # an event and a censoring at the same time: comparable (the censored one survived at
    # least as long); two events at the same time: not comparable
    y = survival_target([1, 0, 1, 1], [2.0, 2.0, 2.0, 5.0])
    risk = np.array([1.0, 3.0, 0.0, -1.0])
    expected = pairwise_c(y["time"], y["event"], risk)
    assert concordance_index_harrell(y, risk) == pytest.approx(expected)
    # pairs: (0,1) d, (0,3) c, (2,1) d, (2,3) c -> 2/4
    assert expected == 0.5


def test_agrees_with_enumeration_on_random_data_with_ties():
    rng = np.random.default_rng(7)
    for _ in range(20):
        n = int(rng.integers(5, 40))
        time = rng.integers(1, 8, size=n).astype(float)
        event = rng.random(n) < 0.6
        event[0] = True
        risk = rng.integers(0, 5, size=n).astype(float)
        y = survival_target(event, time)
        try:
            expected = pairwise_c(time, event, risk)
        except ZeroDivisionError:
            continue
        assert concordance_index_harrell(y, risk) == pytest.approx(expected, abs=1e-12)


def test_censoring_survival_is_the_reverse_kaplan_meier():
    y = survival_target([1, 0, 0, 1, 0], [1.0, 2.0, 2.0, 3.0, 5.0])
    times, g = censoring_survival(y)
    np.testing.assert_array_equal(times, [1.0, 2.0, 3.0, 5.0])
    # at t=2: 4 at risk, 2 censored -> 1/2; at t=3 the event leaves first, no censoring;
    # at t=5: 1 at risk, censored -> 0
    np.testing.assert_allclose(g, [1.0, 0.5, 0.5, 0.0])


def test_uno_weights_by_the_inverse_squared_censoring_survival():
    y = survival_target([1, 0, 1, 1, 0], [1.0, 2.0, 3.0, 4.0, 6.0])
    risk = np.array([0.5, 2.0, 1.0, 3.0, 0.0])
    _, g = censoring_survival(y)
    # Ĝ: 1 at t=1, 3/4 after t=2, 3/4 at t=3 and 4, 0 at 6
    g_at = {0: 1.0, 2: 0.75, 3: 0.75}
    expected = pairwise_c(y["time"], y["event"], risk, lambda i: 1.0 / g_at[i] ** 2, tau=6.0)
    assert concordance_index_uno(y, risk) == pytest.approx(expected)
    np.testing.assert_allclose(g, [1.0, 0.75, 0.75, 0.75, 0.0])


def test_uno_with_tau_beyond_the_support_is_an_error():
    y = survival_target([1, 0, 1, 0], [1.0, 2.0, 3.0, 4.0])
    train = survival_target([1, 0], [1.0, 2.0])  # Ĝ = 0 from t = 2 on
    with pytest.raises(ValueError, match="censoring survival estimate is 0"):
        concordance_index_uno(y, [4.0, 3.0, 2.0, 1.0], y_train=train, tau=3.5)


def test_no_comparable_pair_is_an_error():
    y = survival_target([1, 0], [5.0, 1.0])
    with pytest.raises(ValueError, match="no comparable pair"):
        concordance_index_harrell(y, [1.0, 2.0])


def test_agrees_with_scikit_survival():
    metrics = pytest.importorskip("sksurv.metrics")
    rng = np.random.default_rng(3)
    for _ in range(10):
        n = 60
        time = np.round(rng.exponential(5.0, size=n), 1)  # rounding makes ties
        event = rng.random(n) < 0.5
        risk = np.round(rng.normal(size=n) - 0.1 * time, 1)
        y = survival_target(event, time)
        harrell = metrics.concordance_index_censored(event, time, risk)[0]
        assert concordance_index_harrell(y, risk) == pytest.approx(harrell, abs=1e-12)
        train = survival_target(rng.random(n) < 0.5, np.round(rng.exponential(5.0, size=n), 1))
        # scikit-survival refuses times beyond the training times (and a zero Ĝ): truncate
        tau = float(min(np.quantile(time, 0.8), np.quantile(train["time"], 0.8)))
        uno = metrics.concordance_index_ipcw(train, y, risk, tau=tau)[0]
        assert concordance_index_uno(y, risk, y_train=train, tau=tau) == pytest.approx(
            uno, abs=1e-12)
        # Ĝ from the data scored, no truncation (the last time an event, so Ĝ > 0 throughout)
        last = int(np.argmax(time))
        event_last = event.copy()
        event_last[time == time[last]] = True
        y_last = survival_target(event_last, time)
        uno = metrics.concordance_index_ipcw(y_last, y_last, risk)[0]
        assert concordance_index_uno(y_last, risk) == pytest.approx(uno, abs=1e-12)
