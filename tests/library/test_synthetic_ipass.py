"""The IPASS stand-in of Sechidis et al. (2019), §4.2 and App. A (fsstab.synthetic.ipass_like)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from fsstab.sources import fetch
from fsstab.synthetic import IPASS_COVARIATES, IPASS_GROUPS, generate, ipass_like


@pytest.fixture(scope="module")
def ipass():
    return ipass_like(random_state=2019)


def test_table5_covariates_and_codes(ipass):
    assert ipass.X.shape == (1217, 23)
    assert ipass.feature_names == tuple(f"X{j}" for j in range(1, 24))
    for j, covariate in enumerate(IPASS_COVARIATES):
        n_codes = len(covariate["levels"]) + (1 if covariate.get("missing") else 0)
        codes = np.unique(ipass.X[:, j])
        assert set(codes) <= set(range(n_codes)), covariate["name"]
        assert codes.size >= 2, covariate["name"]
    # App. A: X16 (calcium) is missing for 2 % of the patients -- the last code
    calcium_missing = np.mean(ipass.X[:, 15] == 3)
    assert abs(calcium_missing - 0.02) < 4 * math.sqrt(0.02 * 0.98 / 1217)


def test_groups_a_b_c_are_recorded(ipass):
    assert IPASS_GROUPS == {"A": (1, 2, 3), "B": (11, 12, 13), "C": (19, 20, 21, 22)}
    groups = ipass.feature_groups
    for members in IPASS_GROUPS.values():
        assert len({groups[j] for j in members}) == 1
    labels = [groups[m[0]] for m in IPASS_GROUPS.values()]
    assert len(set(labels)) == 3
    others = [j for j in range(23) if all(j not in m for m in IPASS_GROUPS.values())]
    assert len({groups[j] for j in others}) == len(others)  # singletons
    assert not set(groups[others]) & set(labels)


def test_correlation_structure(ipass):
    """Members of a group are correlated, covariates of different groups are not; X21 and X22
    (neutrophils are leukocytes) are the most correlated pair of group C (§4.2)."""
    R = np.corrcoef(ipass.X.T)
    for members in IPASS_GROUPS.values():
        for a in members:
            for b in members:
                if a < b:
                    assert R[a, b] > 0.15
    assert abs(R[1, 11]) < 0.1
    assert abs(R[12, 20]) < 0.1
    pairs_c = [(a, b) for a in IPASS_GROUPS["C"] for b in IPASS_GROUPS["C"] if a < b]
    assert max(pairs_c, key=lambda ab: R[ab]) == (20, 21)


def test_endpoint_rate_and_determinism(ipass):
    """App. A: 950 of 1217 patients with a progression event (78 %)."""
    rate = ipass.y.mean()
    assert abs(rate - 950 / 1217) < 4 * math.sqrt(0.78 * 0.22 / 1217)
    assert ipass.class_labels == ("no progression", "progression")
    again = generate("ipass_like", random_state=2019)
    np.testing.assert_array_equal(again.X, ipass.X)
    np.testing.assert_array_equal(again.y, ipass.y)
    assert set(ipass.relevant_features.tolist()) == {0, 1, 3, 9, 11, 12, 20}


def test_parameters_are_checked():
    with pytest.raises(ValueError, match=r"effects: unknown covariate\(s\) \['X24'\]"):
        ipass_like(effects={"X24": 1.0}, random_state=0)
    with pytest.raises(ValueError, match="must be at least rho_c"):
        ipass_like(rho_c=0.5, rho_leukocytes_neutrophils=0.4, random_state=0)
    with pytest.raises(ValueError, match="event_rate"):
        ipass_like(event_rate=1.5, random_state=0)
    small = fetch({"source": "synthetic:ipass_like", "n_samples": 200, "random_state": 1})
    assert small.X.shape == (200, 23)
