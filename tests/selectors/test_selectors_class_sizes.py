"""BaseSelector.min_class_samples: the fewest samples of each class a fit needs, held to fit
on training sets with one and with two samples of a class."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from test_selectors_sklearn_checks import FAST

from fsstab.selectors import SELECTORS, FilterClassifier, FilterSelector, HybridRFE

SETTINGS = [(name, dict(FAST.get(name, {}))) for name, cls in SELECTORS.items()
            if "classification" in cls.tasks]
SETTINGS += [("HybridRFE", {"n_forced": 2, "n_features_to_select": 3}),
             ("FilterSelector", {"method": "welch_t", "n_features_to_select": 3}),
             ("FilterClassifier", {"filter": "welch_t", "fraction": 0.5})]


def data(smallest: int):
    rng = np.random.default_rng(0)
    y = np.array([0] * smallest + [1] * (24 - smallest))
    X = rng.normal(size=(24, 10))
    X[y == 1, :3] += 1.0
    return X, y


@pytest.mark.parametrize(("name", "params"), SETTINGS, ids=lambda v: str(v)[:40])
def test_min_class_samples_says_when_fit_needs_two_samples_of_a_class(name, params):
    cls = SELECTORS[name]
    need = cls.min_class_samples(params)
    assert need in (1, 2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cls(**params).fit(*data(2))  # two of the smaller class: every selector fits
        if need == 1:
            cls(**params).fit(*data(1))
        else:
            with pytest.raises(ValueError, match=r"at least (two|2) samples"):
                cls(**params).fit(*data(1))


def test_the_declarations_read_the_parameters():
    assert HybridRFE.min_class_samples({"n_forced": 0}) == 1
    assert FilterSelector.min_class_samples({"method": "anova"}) == 1
    assert FilterClassifier.min_class_samples({"filter": "none"}) == 1
    assert FilterSelector.min_class_samples({"method": "no such filter"}) == 1
