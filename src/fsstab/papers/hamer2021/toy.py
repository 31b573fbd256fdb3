"""The toy feature stability maps of Hamer & Dupont (2021), §4, Figs. 3-6.

The paper describes these maps in words (and prints their stability values); it does not give
the importance matrices. Each function here builds an ``M x n_used`` importance matrix over the
features ever selected from the paper's description **only** -- never tuned towards the printed
values, which ``comparison.csv`` shows beside ours:

- Fig. 3 (:func:`equal_importances`, §4): "the same 20 variables in each run ... where each
  feature plays an approximately equal role"; "the ranking between the 20 selected features is
  (by design) random".
- Fig. 4 (:func:`frequent_unimportant_importances`, §4): "the 15 features that are selected the
  most (among the 20 selected features here) have a cumulative importance that is only around
  25 %".
- Fig. 5 (:func:`varying_importances`, §4): "the same subset is selected in each run, feature
  importance is highly varying across selection runs".
- Fig. 6 (:func:`half_stable_importances`, §6.3): 15 features always selected with importance
  ``δI₁ = 2/3``, 5 features never selected twice with ``δI₂ = 2`` -- fully specified; φ = 0.75,
  φ_pears = 0.25 and φ_iw = 0.5 follow exactly (eqs. 17, 18, Property 6) as d → ∞.

Where the text under-determines a map, the choice made here (and stated in
docs/paper-hamer2021.md) is:

- "approximately equal" importances are 1 times ``exp(σ ε)``, ε ~ N(0, 1), with
  :data:`APPROXIMATELY_EQUAL_SIGMA` = 0.1 (about ±10 %); "highly varying" importances are the
  same with :data:`HIGHLY_VARYING_SIGMA` = 1 (a factor e); the noise of different runs and
  features is independent, so the ranking within a run is random in both;
- Fig. 4: the 15 most frequent features are selected in *every* run and share 25 % of each
  run's importance equally (before the noise); the other 5 features of a run are new in every
  run (never selected twice) and share the other 75 % equally. The text says neither how often
  the 15 are selected (φ = 0.72 < 0.75 suggests not always) nor how the other 5 recur;
- Fig. 6: the features tied in importance are ranked in random order for φ_can.

The paper assumes d → ∞. Measures are evaluated with ``n_features`` columns (default 10⁶)
holding the ``n_used`` selected ones; the other columns are never selected. φ_can (eq. 5)
ranks each run's features by decreasing importance (ties broken at random), with location
parameter ``k`` = 20, the number of features selected per run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from fsstab.measures import compute
from fsstab.measures.ranking import canberra_chance_term, mean_canberra_distance
from fsstab.seeds import as_seed, substream

__all__ = [
    "APPROXIMATELY_EQUAL_SIGMA",
    "HIGHLY_VARYING_SIGMA",
    "TOY_DESCRIPTIONS",
    "ToyMap",
    "canberra_replicates",
    "canberra_stability",
    "equal_importances",
    "frequent_unimportant_importances",
    "half_stable_importances",
    "importance_ranks",
    "toy_maps",
    "toy_stability",
    "varying_importances",
]

#: "approximately equal" importances (Figs. 3, 4): multiplicative noise exp(σ ε), σ = 0.1.
APPROXIMATELY_EQUAL_SIGMA = 0.1
#: "highly varying" importances (Fig. 5): multiplicative noise exp(σ ε), σ = 1.
HIGHLY_VARYING_SIGMA = 1.0

#: Figure number -> (file-name stem, title) of the toy maps.
TOY_DESCRIPTIONS: dict[int, tuple[str, str]] = {
    3: ("equal_importance", "Same 20 features, about equal importances"),
    4: ("frequent_unimportant", "Frequent features with about 25 % of the importance"),
    5: ("varying_importance", "Same subset, highly varying importances"),
    6: ("half_stable", "15 stable features (δI = 2/3), 5 never-overlapping (δI = 2)"),
}


def _check_runs(n_runs: int) -> int:
    if isinstance(n_runs, bool) or not isinstance(n_runs, int | np.integer) or n_runs < 2:
        raise ValueError(f"n_runs must be an integer >= 2, got {n_runs!r}")
    return int(n_runs)


def _noise(rng: np.random.Generator, shape: tuple[int, ...], sigma: float) -> np.ndarray:
    if not sigma >= 0:
        raise ValueError(f"sigma must be >= 0, got {sigma!r}")
    return np.exp(sigma * rng.standard_normal(shape))


def equal_importances(
    n_runs: int, rng: np.random.Generator, *, n_selected: int = 20,
    sigma: float = APPROXIMATELY_EQUAL_SIGMA,
) -> np.ndarray:
    """Fig. 3: the same ``n_selected`` features in every run, each with importance
    ``exp(σ ε)``, ε ~ N(0, 1) independent over runs and features ("approximately equal";
    the ranking within a run is random)."""
    n_runs = _check_runs(n_runs)
    return _noise(rng, (n_runs, n_selected), sigma)


def frequent_unimportant_importances(
    n_runs: int,
    rng: np.random.Generator,
    *,
    n_frequent: int = 15,
    n_changing: int = 5,
    frequent_share: float = 0.25,
    sigma: float = APPROXIMATELY_EQUAL_SIGMA,
) -> np.ndarray:
    """Fig. 4: ``n_frequent`` features selected in every run, sharing ``frequent_share`` of a
    run's importance equally, and ``n_changing`` features new in every run sharing the rest
    equally; every importance is multiplied by ``exp(σ ε)``.

    Columns: the ``n_frequent`` frequent features, then ``n_changing`` per run.
    """
    n_runs = _check_runs(n_runs)
    if not 0 < frequent_share < 1:
        raise ValueError(f"frequent_share must lie in (0, 1), got {frequent_share!r}")
    k = n_frequent + n_changing
    W = np.zeros((n_runs, n_frequent + n_changing * n_runs))
    W[:, :n_frequent] = frequent_share * k / n_frequent
    for i in range(n_runs):
        W[i, n_frequent + n_changing * i: n_frequent + n_changing * (i + 1)] = (
            (1 - frequent_share) * k / n_changing)
    return W * np.where(W > 0, _noise(rng, W.shape, sigma), 0.0)


def varying_importances(
    n_runs: int, rng: np.random.Generator, *, n_selected: int = 20,
    sigma: float = HIGHLY_VARYING_SIGMA,
) -> np.ndarray:
    """Fig. 5: the same ``n_selected`` features in every run with importances ``exp(σ ε)``,
    independent over runs and features, σ = 1 ("highly varying across selection runs")."""
    n_runs = _check_runs(n_runs)
    return _noise(rng, (n_runs, n_selected), sigma)


def half_stable_importances(
    n_runs: int,
    *,
    n_stable: int = 15,
    n_changing: int = 5,
    stable_importance: float = 2 / 3,
    changing_importance: float = 2.0,
) -> np.ndarray:
    """Fig. 6 (§6.3): ``n_stable`` features in every run with importance δI₁ = 2/3 and
    ``n_changing`` features per run, never selected twice, with δI₂ = 2 (each run's
    importances then sum to k = 20, the normalisation of eq. 6)."""
    n_runs = _check_runs(n_runs)
    W = np.zeros((n_runs, n_stable + n_changing * n_runs))
    W[:, :n_stable] = stable_importance
    for i in range(n_runs):
        W[i, n_stable + n_changing * i: n_stable + n_changing * (i + 1)] = changing_importance
    return W


def importance_ranks(importances: np.ndarray, k: int, rng: np.random.Generator, *,
                     ties: str = "random") -> np.ndarray:
    """Each run's ranking by decreasing importance (1 = most important), truncated at ``k + 1``
    as in eq. 5; unselected features get ``k + 1``. ``ties``: features of equal importance in
    ``"random"`` order (our choice: the paper does not say), or in ``"index"`` (column) order,
    the same in every run."""
    if ties not in ("random", "index"):
        raise ValueError(f"ties must be 'random' or 'index', got {ties!r}")
    W = np.asarray(importances, dtype=np.float64)
    ranks = np.full(W.shape, float(k + 1))
    for i, row in enumerate(W):
        selected = np.flatnonzero(row > 0)
        second = rng.random(selected.size) if ties == "random" else selected
        order = selected[np.lexsort((second, -row[selected]))]
        ranks[i, order] = np.minimum(np.arange(1, order.size + 1), k + 1)
    return ranks


def canberra_stability(importances: np.ndarray, n_features: int, k: int,
                       rng: np.random.Generator, *, ties: str = "random") -> float:
    """φ_can^k (eq. 5) of an ``M x n_used`` importance matrix (ranks by
    :func:`importance_ranks`; features never ranked within k contribute nothing to the
    Canberra distance, so it is computed on the used columns; χ needs the full d)."""
    distance = mean_canberra_distance(importance_ranks(importances, k, rng, ties=ties), k)
    return 1.0 - distance / canberra_chance_term(k, n_features)


def toy_stability(
    importances: np.ndarray, n_features: int, k: int, rng: np.random.Generator
) -> dict[str, float]:
    """φ (eq. 1), φ_pears (eq. 4), φ_iw (eq. 6) and φ_can^k (eq. 5) of an ``M x n_used``
    importance matrix whose columns are ``n_used`` of ``n_features`` features (the others are
    never selected)."""
    W = np.asarray(importances, dtype=np.float64)
    if n_features < W.shape[1]:
        raise ValueError(
            f"n_features={n_features} is smaller than the {W.shape[1]} columns of importances"
        )
    full = sp.csr_array(W, shape=(W.shape[0], W.shape[1]))
    full.resize((W.shape[0], n_features))
    return {
        **compute(names=("nogueira", "pearson", "importance_weighted"), W=full),
        "canberra": canberra_stability(W, n_features, k, rng),
    }


@dataclass(frozen=True)
class ToyMap:
    """One toy map: its figure number, file stem, title, importances (runs x used features)
    and stability values."""

    figure: int
    stem: str
    title: str
    importances: np.ndarray
    values: dict[str, float]


def _builders(n_runs: int) -> dict[int, Callable[[np.random.Generator], np.ndarray]]:
    return {
        3: lambda rng: equal_importances(n_runs, rng),
        4: lambda rng: frequent_unimportant_importances(n_runs, rng),
        5: lambda rng: varying_importances(n_runs, rng),
        6: lambda rng: half_stable_importances(n_runs),
    }


def toy_maps(
    *, n_runs: int = 30, n_features: int = 10**6, canberra_k: int = 20, random_state: int = 0
) -> list[ToyMap]:
    """Figs. 3-6 with their stability values; figure f draws from ``substream(seed, f)``."""
    seed = as_seed(random_state)
    maps = []
    for figure, build in _builders(n_runs).items():
        rng = substream(seed, figure)
        W = build(rng)
        stem, title = TOY_DESCRIPTIONS[figure]
        values = toy_stability(W, n_features, canberra_k, rng)
        maps.append(ToyMap(figure, stem, title, W, values))
    return maps


def canberra_replicates(
    *, n_replicates: int = 200, n_runs: int = 30, n_features: int = 10**6,
    canberra_k: int = 20, random_state: int = 0,
) -> dict[int, np.ndarray]:
    """φ_can of ``n_replicates`` independent draws of each toy map (figure -> values).

    One draw of Fig. 3 and one of Fig. 5 cannot say which has the higher φ_can: both maps
    rank their 20 features at random in every run, so their φ_can are identically distributed
    by the description; the mean over many draws, with its standard error, can. Replicate r
    of figure f draws from ``substream(seed, f, r + 1)`` (the drawn maps use
    ``substream(seed, f)``).

    Examples
    --------
    >>> values = canberra_replicates(n_replicates=3, n_features=1000)
    >>> sorted(values), values[3].shape
    ([3, 4, 5, 6], (3,))
    """
    if isinstance(n_replicates, bool) or not isinstance(n_replicates, int) or n_replicates < 2:
        raise ValueError(f"n_replicates must be an integer >= 2, got {n_replicates!r}")
    seed = as_seed(random_state)
    out = {}
    for figure, build in _builders(_check_runs(n_runs)).items():
        values = []
        for r in range(n_replicates):
            rng = substream(seed, figure, r + 1)
            values.append(canberra_stability(build(rng), n_features, canberra_k, rng))
        out[figure] = np.array(values)
    return out
