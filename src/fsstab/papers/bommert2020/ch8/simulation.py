"""Thesis §8.3 (the simulation study of Table 8.1: the four approaches on data whose
response depends on five features, some with similar partners; test accuracy, false positives
and false negatives) and §8.4 (nested cross-validation on real data)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
import scipy.sparse as sp

from fsstab.papers.bommert2020.ch8.approaches import (
    ApproachOutcome,
    ApproachSettings,
    glm_accuracy,
    outcome_row,
    run_approaches,
)
from fsstab.papers.bommert2020.ch8.reference import (
    SIMULATION_DESIGNS,
    SIMULATION_SIMILAR,
    SIMULATION_SIZES,
)
from fsstab.papers.bommert2020.common import SIMILARITY_THRESHOLD
from fsstab.seeds import derive_seed
from fsstab.similarity import correlation_similarity
from fsstab.synthetic import GENERATORS

__all__ = [
    "Scenario",
    "adjusted_overlap",
    "false_features",
    "real_data_outer_fold",
    "scenarios",
    "simulate_split",
    "simulation_replication",
]


def _similar_block(similarity: Any, rows: Sequence[int], cols: Sequence[int],
                   threshold: float) -> np.ndarray:
    """``similarity[rows][:, cols] >= threshold`` as a dense boolean block."""
    rows, cols = np.asarray(rows, dtype=np.int64), np.asarray(cols, dtype=np.int64)
    if sp.issparse(similarity):
        block = similarity[rows][:, cols].toarray()
    else:
        block = np.asarray(similarity)[np.ix_(rows, cols)]
    return block >= threshold


def adjusted_overlap(
    selected: Sequence[int], reference: Sequence[int], similarity: Any,
    threshold: float = SIMILARITY_THRESHOLD,
) -> int:
    """``a = |V ∩ C| + min{A(V, C), A(C, V)}`` (thesis §8.3.1; the SMA-Count adjustment of
    Table 3.2): the overlap of two feature sets where a feature with a similar (≥ θ) partner in
    the other set's private part also counts.

    ``A(V_i, V_j) = |{x ∈ V_i \\ V_j : ∃ y ∈ V_j \\ V_i with similarity(x, y) ≥ θ}|``.
    """
    v, c = set(map(int, selected)), set(map(int, reference))
    only_v, only_c = sorted(v - c), sorted(c - v)
    adjustment = 0
    if only_v and only_c:
        block = _similar_block(similarity, only_v, only_c, threshold)
        adjustment = min(int(block.any(axis=1).sum()), int(block.any(axis=0).sum()))
    return len(v & c) + adjustment


def false_features(
    selected: Sequence[int], relevant: Sequence[int], similarity: Any,
    threshold: float = SIMILARITY_THRESHOLD,
) -> tuple[int, int]:
    """False positives and false negatives of a selected set (thesis §8.3.1).

    With ``a`` from :func:`adjusted_overlap` (a selected feature similar to a relevant one that
    was not selected stands in for it): false positives = |V| − a, false negatives = |C| − a.
    """
    a = adjusted_overlap(selected, relevant, similarity, threshold)
    return len(set(map(int, selected))) - a, len(set(map(int, relevant))) - a


@dataclass(frozen=True)
class Scenario:
    """One simulation scenario of Table 8.1."""

    design: str
    n: int
    p: int
    n_similar: int

    def __post_init__(self) -> None:
        if self.design not in SIMULATION_DESIGNS:
            raise ValueError(f"design must be one of {SIMULATION_DESIGNS}, got {self.design!r}")
        for name in ("n", "p", "n_similar"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"scenario {name} must be a non-negative integer, got {value!r}")

    @property
    def id(self) -> str:
        return f"{self.design}_n{self.n}_p{self.p}_s{self.n_similar}"

    @classmethod
    def from_id(cls, scenario_id: str) -> Scenario:
        """Inverse of :attr:`id` (``blocks_n100_p200_s4``)."""
        try:
            design, n, p, s = scenario_id.split("_")
            return cls(design, int(n[1:]), int(p[1:]), int(s[1:]))
        except (ValueError, IndexError):
            raise ValueError(
                f"scenario id {scenario_id!r} is not of the form <design>_n<n>_p<p>_s<similar>"
            ) from None


def scenarios(
    sizes: Sequence[Sequence[int]] = SIMULATION_SIZES,
    designs: Sequence[str] = SIMULATION_DESIGNS,
    similar: Sequence[int] = SIMULATION_SIMILAR,
) -> list[Scenario]:
    """All combinations of Table 8.1 (4 · 2 · 4 = 32 by default)."""
    return [Scenario(design, int(n), int(p), int(s))
            for (n, p) in sizes for design in designs for s in similar]


def simulate_split(scenario: Scenario, replication: int, seed: int):
    """Training and test data of one replication: 2n rows of the scenario's design, the first
    n for training and the last n for testing (the authors' ``dataGen``), and the indices of
    the five features the response was generated from."""
    data = GENERATORS[scenario.design](
        n_samples=2 * scenario.n, n_features=scenario.p, n_similar=scenario.n_similar,
        random_state=derive_seed(seed, scenario.id, replication),
    )
    n = scenario.n
    X, y = data.X, data.y.astype(np.int64)
    return X[:n], y[:n], X[n:], y[n:], np.asarray(data.relevant_features, dtype=np.int64)


def simulation_replication(
    scenario: Scenario, replication: int, settings: ApproachSettings, seed: int,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """One replication of §8.3: results per approach (test accuracy, false positives and
    negatives, selected features, chosen parameters), the L0 tuning table, and the timings."""
    X_train, y_train, X_test, y_test, relevant = simulate_split(scenario, replication, seed)
    similarity = correlation_similarity(X_train, threshold=settings.threshold)
    run_seed = derive_seed(seed, scenario.id, replication, "approaches")
    outcomes, table = run_approaches(
        X_train, y_train, X_test, y_test, similarity, settings, run_seed
    )
    truth_support = np.zeros(scenario.p, dtype=bool)
    truth_support[relevant] = True
    outcomes.append(ApproachOutcome(
        "truth", truth_support,
        glm_accuracy(X_train, y_train, X_test, y_test, truth_support),
    ))
    rows, timings = [], []
    for outcome in outcomes:
        row = outcome_row(outcome)
        fp, fn = false_features(row["selected"], relevant, similarity, settings.threshold)
        rows.append({"scenario": scenario.id, "design": scenario.design, "n": scenario.n,
                     "p": scenario.p, "n_similar": scenario.n_similar,
                     "replication": replication, **row, "false_positive": fp,
                     "false_negative": fn})
        if outcome.approach != "truth":
            timings.append({"scenario": scenario.id, "replication": replication,
                            "approach": outcome.approach,
                            "tuning_seconds": outcome.tuning_seconds})
    table.insert(0, "replication", replication)
    table.insert(0, "scenario", scenario.id)
    return pd.DataFrame(rows), table, pd.DataFrame(timings)


def real_data_outer_fold(
    X: np.ndarray, y: np.ndarray, outer_train: np.ndarray, outer_test: np.ndarray,
    settings: ApproachSettings, seed: int,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """One outer iteration of §8.4's nested CV: the approaches tuned by inner 10-fold CV on the
    outer training rows, evaluated on the outer test rows (accuracy, number of features)."""
    X_train, y_train = X[outer_train], y[outer_train]
    similarity = correlation_similarity(X_train, threshold=settings.threshold)
    outcomes, _ = run_approaches(
        X_train, y_train, X[outer_test], y[outer_test], similarity, settings, seed
    )
    rows = [outcome_row(o) for o in outcomes]
    timings = [{"approach": o.approach, "tuning_seconds": o.tuning_seconds} for o in outcomes]
    return pd.DataFrame(rows), pd.DataFrame(timings)
