"""``ipass_like``: a simulated stand-in for the IPASS trial (Sechidis et al. 2019, §4.2).

Part of :mod:`fsstab.synthetic` (import the generator from there): the 23 categorical
covariates of the paper's Table 5 with the biomarker groups A (EGFR), B (liver function) and
C (blood counts), missing-indicator categories and a Bernoulli progression endpoint.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from fsstab.datasets import Dataset
from fsstab.seeds import as_seed
from fsstab.synthetic._common import _dataset, _int, _logistic_labels, _real

# --------------------------------------------------------------------------------------------
# Sechidis et al. (2019) §4.2: a stand-in for the IPASS clinical trial
# --------------------------------------------------------------------------------------------

_LOW_MEDIUM_HIGH = ("Low", "Medium", "High")
_EGFR_STATUS = ("Negative", "Positive", "Unknown")

#: Sechidis et al. (2019), App. A, Table 5: the IPASS covariates X1..X23 (description, the
#: categories as printed) and App. A's missing rates (a missing value is a category of its own:
#: the missing-indicator method).
IPASS_COVARIATES: tuple[dict[str, Any], ...] = (
    {"name": "X1", "description": "WHO perform. status", "levels": ("0 or 1", "2")},
    {"name": "X2", "description": "EGFR mutation status", "levels": _EGFR_STATUS},
    {"name": "X3", "description": "EGFR FISH status", "levels": _EGFR_STATUS},
    {"name": "X4", "description": "EGFR expression status", "levels": _EGFR_STATUS},
    {"name": "X5", "description": "Weight",
     "levels": ("(0,50]", "(50,60]", "(60,70]", "(70,80]", "(80,+inf)"), "missing": 0.004},
    {"name": "X6", "description": "Race", "levels": ("Oriental", "Other")},
    {"name": "X7", "description": "Ethnicity",
     "levels": ("Chinese", "Japanese", "Other Asian", "Other not Asian")},
    {"name": "X8", "description": "Sex", "levels": ("Female", "Male")},
    {"name": "X9", "description": "Smoking status", "levels": ("Ex-Smoker", "Smoker")},
    {"name": "X10", "description": "Disease stage", "levels": ("Locally Advanced", "Metastatic")},
    {"name": "X11", "description": "Age",
     "levels": ("(0,44]", "[45,64]", "[65,74]", "[75,+inf)")},
    {"name": "X12", "description": "Serum ALT", "levels": _LOW_MEDIUM_HIGH, "missing": 0.002},
    {"name": "X13", "description": "Serum ALP", "levels": _LOW_MEDIUM_HIGH, "missing": 0.007},
    {"name": "X14", "description": "Serum AST", "levels": _LOW_MEDIUM_HIGH, "missing": 0.007},
    {"name": "X15", "description": "Bilirubin", "levels": _LOW_MEDIUM_HIGH},
    {"name": "X16", "description": "Calcium", "levels": _LOW_MEDIUM_HIGH, "missing": 0.02},
    {"name": "X17", "description": "Creatinine", "levels": _LOW_MEDIUM_HIGH, "missing": 0.003},
    {"name": "X18", "description": "Potassium", "levels": _LOW_MEDIUM_HIGH, "missing": 0.01},
    {"name": "X19", "description": "Sodium", "levels": _LOW_MEDIUM_HIGH, "missing": 0.01},
    {"name": "X20", "description": "Blood hemoglobin", "levels": _LOW_MEDIUM_HIGH,
     "missing": 0.003},
    {"name": "X21", "description": "Blood leukocytes", "levels": _LOW_MEDIUM_HIGH,
     "missing": 0.003},
    {"name": "X22", "description": "Blood neutrophils", "levels": _LOW_MEDIUM_HIGH,
     "missing": 0.003},
    {"name": "X23", "description": "Blood platelets", "levels": _LOW_MEDIUM_HIGH,
     "missing": 0.003},
)

#: Sechidis et al. (2019) §4.2: biologically related biomarkers (0-based columns): A the EGFR
#: receptor (X2-X4), B liver function (X12-X14), C blood cell counts (X20-X23).
IPASS_GROUPS: dict[str, tuple[int, ...]] = {
    "A": (1, 2, 3), "B": (11, 12, 13), "C": (19, 20, 21, 22),
}

#: Marginal probabilities of the observed (non-missing, known) categories of the stand-in, in
#: level order. The paper gives none; these are plausible values for East-Asian never- or
#: light ex-smokers with advanced NSCLC (IPASS: ~80 % female... see docs/paper-sechidis2019.md).
_IPASS_MARGINS: dict[str, tuple[float, ...]] = {
    "X1": (0.9, 0.1), "X2": (0.4, 0.6), "X3": (0.4, 0.6), "X4": (0.3, 0.7),
    "X5": (0.2, 0.35, 0.3, 0.1, 0.05), "X6": (0.99, 0.01), "X7": (0.5, 0.25, 0.24, 0.01),
    "X8": (0.8, 0.2), "X9": (0.85, 0.15), "X10": (0.25, 0.75), "X11": (0.25, 0.55, 0.15, 0.05),
}
_LOW_MEDIUM_HIGH_MARGINS = (0.25, 0.5, 0.25)


def _ipass_latent(
    rng: np.random.Generator, n: int, rho_a: float, rho_b: float, rho_c: float,
    rho_leukocytes_neutrophils: float,
) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """Standard normal latent scores of the 23 covariates: one shared factor per group with
    within-group correlation ρ_A, ρ_B, ρ_C; X21 and X22 (neutrophils are leukocytes) share a
    second factor, so their correlation is ``rho_leukocytes_neutrophils``; other covariates are
    independent. Returns the (n, 23) scores and the group factors."""
    Z = rng.standard_normal((n, len(IPASS_COVARIATES)))
    factors = {g: rng.standard_normal(n) for g in ("A", "B", "C", "C21_22")}
    for group, rho in (("A", rho_a), ("B", rho_b), ("C", rho_c)):
        for j in IPASS_GROUPS[group]:
            Z[:, j] = math.sqrt(rho) * factors[group] + math.sqrt(1 - rho) * Z[:, j]
    extra = rho_leukocytes_neutrophils - rho_c  # the sub-group's additional shared variance
    for j in (20, 21):
        Z[:, j] = (math.sqrt(rho_c) * factors["C"] + math.sqrt(extra) * factors["C21_22"]
                   + math.sqrt(1 - rho_c - extra) * rng.standard_normal(n))
    return Z, factors


def _categories(z: np.ndarray, margins: Sequence[float]) -> np.ndarray:
    """Codes 0..L-1 of a standard normal score cut at the quantiles of the margins."""
    from scipy.stats import norm

    cuts = norm.ppf(np.cumsum(margins)[:-1])
    return np.searchsorted(cuts, z, side="right")


def _intercept_for_rate(eta: np.ndarray, rate: float) -> float:
    """β0 with mean(logistic(β0 + η)) = rate (bisection; the mean is increasing in β0)."""
    lo, hi = -30.0, 30.0
    for _ in range(100):
        mid = 0.5 * (lo + hi)
        if np.mean(0.5 * (1.0 + np.tanh(0.5 * (mid + eta)))) < rate:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def ipass_like(
    *,
    n_samples: int = 1217,
    event_rate: float = 950 / 1217,
    rho_a: float = 0.7,
    rho_b: float = 0.6,
    rho_c: float = 0.3,
    rho_leukocytes_neutrophils: float = 0.85,
    egfr_unknown: float = 0.6,
    effects: dict[str, float] | None = None,
    random_state: Any = None,
) -> Dataset:
    """A simulated stand-in for the IPASS trial data of Sechidis et al. (2019), §4.2.

    The trial data are not public. This design keeps what the paper's analysis depends on: the
    23 categorical covariates of Table 5 (integer codes in level order, a missing-indicator
    category last where App. A reports missing values), the biomarker groups A (X2-X4), B
    (X12-X14) and C (X20-X23) with correlated members and the stronger X21-X22 pair, 1217
    patients and a Bernoulli progression endpoint with 78 % events (950 of 1217, App. A).

    Each covariate is a cut of a standard normal latent score (:func:`_ipass_latent`) at the
    quantiles of plausible margins; the three EGFR tests are "Unknown" together for the
    ``egfr_unknown`` fraction of patients without tissue (plus 5 % per test). The endpoint is
    logistic in the latent scores with ``effects`` (latent score name -> log-odds per standard
    deviation; default below: EGFR status protective, WHO status, stage, liver function and
    leukocytes harmful), the intercept set so that the expected event rate is ``event_rate``.

    ``feature_groups``: the groups A, B, C (other covariates singletons);
    ``relevant_features``: the covariates with an effect.
    """
    n = _int("n_samples", n_samples, 20)
    rate = _real("event_rate", event_rate, 0.01, 0.99)
    rhos = {name: _real(name, value, 0.0, 0.99) for name, value in (
        ("rho_a", rho_a), ("rho_b", rho_b), ("rho_c", rho_c),
        ("rho_leukocytes_neutrophils", rho_leukocytes_neutrophils))}
    if rhos["rho_leukocytes_neutrophils"] < rhos["rho_c"]:
        raise ValueError(
            f"rho_leukocytes_neutrophils={rho_leukocytes_neutrophils} must be at least "
            f"rho_c={rho_c} (the pair shares group C's factor)"
        )
    unknown = _real("egfr_unknown", egfr_unknown, 0.0, 0.95)
    names = [c["name"] for c in IPASS_COVARIATES]
    chosen = dict(_IPASS_DEFAULT_EFFECTS if effects is None else effects)
    bad = sorted(set(chosen) - set(names))
    if bad:
        raise ValueError(f"effects: unknown covariate(s) {bad}; covariates: X1..X23")
    seed = as_seed(random_state)
    rng = np.random.default_rng(seed)
    Z, _ = _ipass_latent(rng, n, rhos["rho_a"], rhos["rho_b"], rhos["rho_c"],
                         rhos["rho_leukocytes_neutrophils"])
    X = np.empty_like(Z)
    no_tissue = rng.random(n) < unknown
    for j, covariate in enumerate(IPASS_COVARIATES):
        name, levels = covariate["name"], covariate["levels"]
        if levels == _EGFR_STATUS:
            codes = _categories(Z[:, j], _IPASS_MARGINS[name])
            codes[no_tissue | (rng.random(n) < 0.05)] = 2
        else:
            codes = _categories(Z[:, j], _IPASS_MARGINS.get(name, _LOW_MEDIUM_HIGH_MARGINS))
        if covariate.get("missing"):
            codes[rng.random(n) < covariate["missing"]] = len(levels)
        X[:, j] = codes
    eta = sum(beta * Z[:, names.index(name)] for name, beta in chosen.items()) * np.ones(n)
    beta0 = _intercept_for_rate(eta, rate)
    y = _logistic_labels(rng, beta0 + eta)
    if y.min() == y.max():
        raise ValueError(f"ipass_like: {n} samples gave a single class; use more samples")
    groups = np.arange(len(names), dtype=np.int64) + 100
    for label, (_, members) in enumerate(sorted(IPASS_GROUPS.items())):
        groups[list(members)] = label
    params = {"n_samples": n, "event_rate": rate, **rhos, "egfr_unknown": unknown,
              "effects": chosen}
    return _dataset(
        "ipass_like", X, y, feature_names=names, params=params, seed=seed,
        reference="Sechidis et al. (2019) §4.2, App. A, Table 5 (simulated stand-in: the IPASS "
                  "data are not public)",
        class_labels=("no progression", "progression"), feature_groups=groups,
        relevant_features=sorted(names.index(name) for name, b in chosen.items() if b != 0),
    )


#: The stand-in's default log-odds of progression per standard deviation of a latent score
#: (positive scores = higher category codes: EGFR "Positive", WHO status 2, metastatic, high
#: values). Chosen so that EGFR status, performance status, stage, liver function and white
#: cells carry the signal, as the biomarkers of the paper's Table 3 suggest.
_IPASS_DEFAULT_EFFECTS: dict[str, float] = {
    "X2": -0.9, "X4": -0.5, "X1": 0.6, "X10": 0.5, "X12": 0.4, "X13": 0.3, "X21": 0.5,
}
