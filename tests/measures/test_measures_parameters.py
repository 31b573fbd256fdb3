"""fsstab.measures.parameter_problems: the checks of measure parameters without data are the
measures' own (a value they accept is never refused, one they refuse is refused early)."""

from __future__ import annotations

import inspect
import math

import numpy as np
import pytest

from fsstab.measures import MEASURES, compute, parameter_problems
from fsstab.measures._parameters import SHARED_CHECKS

#: Values no input can accept, per parameter.
BAD = {
    "undefined": ["nope", 0],
    "correction": ["nope", None],
    "n_estimate": [0, -3, 2.5, True],
    "random_state": ["seven", -1, 1.5],
    "penalty": [-1, "x", math.inf],
    "k": [0, 2.5, "3"],
}
Z = np.array([[1, 1, 0, 0, 1, 0], [1, 0, 1, 0, 1, 0], [0, 1, 1, 0, 0, 1]], dtype=bool)
W = Z * np.arange(1.0, 7.0)
RANKS = np.array([[1, 2, 3, 4, 5, 6], [2, 1, 3, 4, 6, 5], [1, 3, 2, 5, 4, 6]])


def checked(name):
    info = MEASURES[name]
    return sorted({k for k in SHARED_CHECKS if k in info.params} | set(info.checks))


CASES = [(name, key) for name in MEASURES for key in checked(name)]


def test_every_parameter_of_every_measure_has_a_check():
    for name, info in MEASURES.items():
        assert set(checked(name)) == set(info.params), name
        assert set(BAD) >= set(info.params), name


@pytest.mark.parametrize(("name", "key"), CASES)
def test_the_defaults_pass(name, key):
    default = inspect.signature(MEASURES[name].function).parameters[key].default
    assert parameter_problems(name, {key: default}) == {}


@pytest.mark.parametrize(("name", "key"), CASES)
def test_a_value_refused_early_is_refused_by_the_measure(name, key):
    info = MEASURES[name]
    # the Monte-Carlo estimate reads n_estimate and random_state
    forced = {"correction": "estimate"} if key in ("n_estimate", "random_state") else {}
    for value in BAD[key]:
        assert key in parameter_problems(name, {key: value}), (name, key, value)
        with pytest.raises((ValueError, TypeError)):
            compute(Z, [name], W=W, C=np.eye(6), ranks=RANKS,
                    params={name: {**forced, key: value}})
    assert info.params  # (every measure has at least `undefined`)


def test_unknown_measures_are_refused():
    with pytest.raises(ValueError, match="unknown stability measure 'nogeira'"):
        parameter_problems("nogeira", {})
