"""fsstab.seeds: sklearn-style random_state to a seed, and per-unit streams whose values do not
depend on how many units are drawn."""

from __future__ import annotations

import numpy as np
import pytest

from fsstab.seeds import as_seed, substream


def test_as_seed():
    assert as_seed(0) == 0
    assert as_seed(np.int64(12)) == 12
    first = as_seed(np.random.RandomState(3))
    assert first == as_seed(np.random.RandomState(3))
    assert 0 <= first < 2**32
    for bad in (-1, True, 1.5, "7"):
        with pytest.raises(ValueError, match="random_state"):
            as_seed(bad)


def test_substream_equals_spawned_children_whatever_their_number():
    for k in range(4):
        spawned = np.random.SeedSequence(11).spawn(k + 1)[k]
        expected = np.random.default_rng(spawned).integers(0, 1000, size=5)
        np.testing.assert_array_equal(substream(11, k).integers(0, 1000, size=5), expected)
    # units are independent streams
    assert substream(11, 0).random() != substream(11, 1).random()
