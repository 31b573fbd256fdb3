"""The knockoff(+) threshold and Stabl's FDP+ against their definitions (Barber & Candès
2015, eqs. 1.8-1.9 and Thm. 2; Hédou et al. 2024, Methods, and the threshold rule of Stabl's
code), brute force, and the FDR guarantee of knockoff+ on statistics whose null signs are
fair coins."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fsstab.error_control import knockoff_fdp, knockoff_threshold, stabl_fdp_curve


def _brute_force_threshold(W, q, offset):
    """min{t > 0 among the |W_j| : (offset + #{W <= −t}) / max(1, #{W >= t}) <= q}."""
    best = np.inf
    for t in {abs(w) for w in W if w != 0}:
        negatives = sum(1 for w in W if w <= -t)
        positives = sum(1 for w in W if w >= t)
        if (offset + negatives) / max(1, positives) <= q and t < best:
            best = t
    return best


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-6, 6), min_size=1, max_size=25),
       st.sampled_from([0.05, 0.1, 0.2, 0.3, 0.5]), st.sampled_from([0, 1]))
def test_knockoff_threshold_is_the_smallest_qualifying_magnitude(values, q, offset):
    statistics = np.asarray(values, dtype=float)
    threshold = knockoff_threshold(statistics, q, offset=offset)
    assert threshold == _brute_force_threshold(statistics, q, offset)
    if np.isfinite(threshold):
        assert knockoff_fdp(statistics, threshold, offset=offset) <= q


def test_knockoff_plus_controls_the_fdr_when_null_signs_are_coin_flips():
    # Barber & Candès (2015), Thm. 2: with the signs of the null W_j i.i.d. fair coins
    # (independent of |W|), knockoff+ has FDR <= q. 4000 draws: mean FDP within 2 SE of q.
    rng = np.random.default_rng(0)
    q, d, signals = 0.2, 60, 10
    fdp = []
    for _ in range(4000):
        magnitude = np.abs(rng.normal(size=d))
        magnitude[:signals] += 1.5
        sign = np.where(rng.random(d) < 0.5, -1.0, 1.0)
        sign[:signals] = np.where(rng.random(signals) < 0.9, 1.0, -1.0)
        statistics = magnitude * sign
        selected = statistics >= knockoff_threshold(statistics, q)
        fdp.append(selected[signals:].sum() / max(1, selected.sum()))
    fdp = np.asarray(fdp)
    assert fdp.mean() <= q + 2 * fdp.std(ddof=1) / np.sqrt(fdp.size)
    assert fdp.mean() > 0.02  # not trivially empty


def test_knockoff_checks_its_arguments():
    with pytest.raises(ValueError, match=r"target false discovery rate in \(0, 1\)"):
        knockoff_threshold([1.0, 2.0], 1.0)
    with pytest.raises(ValueError, match="finite knockoff statistics"):
        knockoff_threshold([1.0, np.nan], 0.1)
    with pytest.raises(ValueError, match="offset"):
        knockoff_fdp([1.0], 1.0, offset=2)


def _stabl_code_selection(real_counts, artificial_counts, proportion):
    """The rule of Stabl's code (stabl/stabl.py, ``_compute_FDPplus`` and ``get_support``),
    re-derived on frequencies k/100 held as integers k: t = 0, 0.01, ..., 0.99 (j = 0 .. 99);
    FDP+(t) = (1 + #{f̃ > t}/proportion) / max(1, #{f > t}); the first t of the minimum;
    nothing if that minimum exceeds 1; keep f > t."""
    fdp = [(1 + np.sum(artificial_counts > j) / proportion) / max(1, np.sum(real_counts > j))
           for j in range(100)]
    best = int(np.argmin(fdp))
    if fdp[best] > 1:
        return np.zeros(real_counts.size, dtype=bool)
    return real_counts > best


@pytest.mark.parametrize("seed", range(30))
def test_fdp_plus_selects_what_stabls_code_selects_on_frequencies_of_100_half_samples(seed):
    # With 2B = 100 half-samples the frequencies are multiples of 0.01: every selection
    # {f > t} of the code's grid is a selection {f >= t'} at an observed frequency t', so
    # the exact minimum over (0, 1] and the code's grid minimum agree, and so do the
    # selections (the smallest minimiser: the largest selection, in both).
    rng = np.random.default_rng(seed)
    d, m = 40, int(rng.choice([20, 40]))
    real = rng.binomial(100, rng.beta(0.5, 3, size=d))
    real[: int(rng.integers(0, 6))] = rng.binomial(100, 0.95)
    artificial = rng.binomial(100, rng.beta(0.5, 3, size=m))
    curve = stabl_fdp_curve(real / 100, artificial / 100, proportion=m / d)
    np.testing.assert_array_equal(real / 100 >= curve.threshold,
                                  _stabl_code_selection(real, artificial, m / d))


def test_fdp_plus_by_hand_and_with_a_given_grid():
    # real (1, 0.9, 0.8, 0.3), synthetic (0.85, 0.2), proportion 0.5 (2 synthetic for 4):
    # at 0.3: (1 + 1/0.5)/4 = 0.75; 0.8: (1 + 2)/3 = 1; 0.9: (1 + 0)/2 = 0.5; 1.0: 1/1
    curve = stabl_fdp_curve([1.0, 0.9, 0.8, 0.3], [0.85, 0.2], proportion=0.5)
    np.testing.assert_allclose(curve.fdp_plus, [0.75, 1.0, 0.5, 1.0])
    assert (curve.threshold, curve.minimum) == (0.9, 0.5)
    curve = stabl_fdp_curve([1.0, 0.9, 0.8, 0.3], [0.85, 0.2], thresholds=[0.5, 0.95])
    np.testing.assert_allclose(curve.fdp_plus, [(1 + 1) / 3, 1 / 1])
    # every synthetic feature above every real one: FDP+ > 1 everywhere, nothing kept
    curve = stabl_fdp_curve([0.2, 0.1], [0.9, 0.8, 0.7])
    assert curve.threshold == np.inf
    assert curve.minimum > 1
    with pytest.raises(ValueError, match="proportion"):
        stabl_fdp_curve([0.5], [0.5], proportion=0)
    with pytest.raises(ValueError, match="frequencies in"):
        stabl_fdp_curve([1.5], [0.5])
