"""Filter scores of the thesis (Bommert 2020, Ch. 3.1 and Table 3.1), vectorised over features.

Every univariate filter is a pure function ``score_<name>(X, y, ...) -> ndarray`` of length
``d`` (higher = more relevant). The iterative information-theoretic filters (MRMR, JMI, JMIM,
DISR, NJMIM, CMIM) select greedily and return a :class:`GreedySelection` (the selection order and
the criterion value of each feature at the iteration it was chosen), because their scores of
different iterations are not comparable (thesis §3.1). :data:`FILTERS` registers all of them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
from scipy.stats import rankdata

from fsstab.selectors._discretize import equal_width_codes, mdl_codes, thesis_n_bins
from fsstab.selectors._information import (
    PairTerms,
    contingency_tables,
    entropy_of_columns,
    entropy_of_counts,
    mutual_information,
    pair_terms,
)
from fsstab.selectors._moderated import score_limma, score_sam
from fsstab.selectors._univariate import sample_variance, welch_t_statistic


def encode_labels(y: Any) -> tuple[np.ndarray, int]:
    """Class labels as codes ``0 .. K-1`` and the number of classes ``K``."""
    classes, codes = np.unique(np.asarray(y), return_inverse=True)
    return codes.astype(np.int64), len(classes)


def _require_two_classes(n_classes: int, name: str) -> None:
    if n_classes != 2:
        raise ValueError(f"filter {name!r} is defined for two classes only; y has {n_classes}")


# --- univariate statistical tests (thesis §3.1.1) -------------------------------------------
def score_anova(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """One-way ANOVA F statistic of every feature (thesis §3.1.1, *anova.test*).

    ``F = [Σ_c n_c (x̄_c - x̄)² / (K - 1)] / [Σ_c Σ_i (x_i - x̄_c)² / (n - K)]``; a feature that is
    constant within every class scores ``inf`` if its class means differ and 0 otherwise.
    """
    X = np.asarray(X, dtype=np.float64)
    codes, n_classes = encode_labels(y)
    n = X.shape[0]
    if n <= n_classes:
        raise ValueError(f"anova needs more samples ({n}) than classes ({n_classes})")
    sizes = np.bincount(codes, minlength=n_classes).astype(np.float64)
    sums = np.zeros((n_classes, X.shape[1]))
    np.add.at(sums, codes, X)
    means = sums / sizes[:, None]
    between = (sizes[:, None] * (means - X.mean(axis=0)) ** 2).sum(axis=0) / (n_classes - 1)
    within = ((X - means[codes]) ** 2).sum(axis=0) / (n - n_classes)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(within > 0, between / within, np.where(between > 0, np.inf, 0.0))


def score_kruskal(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Kruskal-Wallis H statistic with the tie correction (thesis §3.1.1, *kruskal.test*).

    ``H = [12/(n(n+1)) Σ_c R_c²/n_c - 3(n+1)] / T`` with rank sums ``R_c`` of average ranks and
    ``T = 1 - Σ(t³ - t)/(n³ - n)``. ``T`` is computed from the ranks as
    ``12 Σ_i (r_i - (n+1)/2)² / (n³ - n)`` (a tie group of size t lowers ``Σ r²`` by
    ``(t³ - t)/12``). A constant feature scores 0.
    """
    X = np.asarray(X, dtype=np.float64)
    codes, n_classes = encode_labels(y)
    n = X.shape[0]
    ranks = rankdata(X, axis=0)
    sizes = np.bincount(codes, minlength=n_classes).astype(np.float64)
    rank_sums = np.zeros((n_classes, X.shape[1]))
    np.add.at(rank_sums, codes, ranks)
    h = 12.0 / (n * (n + 1)) * (rank_sums**2 / sizes[:, None]).sum(axis=0) - 3.0 * (n + 1)
    tie_correction = 12.0 * ((ranks - (n + 1) / 2.0) ** 2).sum(axis=0) / (n**3 - n)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(tie_correction > 1e-12, h / tie_correction, 0.0)


def score_auc(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``|0.5 - AUC|`` of the rule ``ŷ = I[x >= c]`` for every feature (thesis §3.1.2, *auc*).

    The AUC is the Mann-Whitney statistic of the larger class label with average ranks for ties:
    ``AUC = (R_1 - n_1(n_1+1)/2) / (n_1 n_0)``.
    """
    X = np.asarray(X, dtype=np.float64)
    codes, n_classes = encode_labels(y)
    _require_two_classes(n_classes, "auc")
    positive = codes == 1
    n1 = positive.sum()
    n0 = codes.size - n1
    ranks = rankdata(X, axis=0)
    auc = (ranks[positive].sum(axis=0) - n1 * (n1 + 1) / 2.0) / (n1 * n0)
    return np.abs(0.5 - auc)


def score_variance(X: np.ndarray, y: np.ndarray | None = None) -> np.ndarray:
    """Sample variance of every feature (thesis §3.1.3, *variance*; the labels are ignored)."""
    return sample_variance(X)


def score_welch_t(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Absolute Welch t statistic (Hamer & Dupont 2021, Alg. 1's univariate criterion)."""
    codes, n_classes = encode_labels(y)
    _require_two_classes(n_classes, "welch_t")
    return welch_t_statistic(X, codes)


# --- filters on MDL-discretised features (thesis §3.1.1, 3.1.2, 3.1.5, 3.1.6) --------------
def _mdl_tables(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Contingency tables ``(d, L, K)`` of the MDL-discretised features with the class."""
    codes_y, n_classes = encode_labels(y)
    codes, n_levels = mdl_codes(np.asarray(X, dtype=np.float64), codes_y)
    return contingency_tables(codes, int(n_levels.max()), codes_y, n_classes)


def score_chi_squared(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Pearson's χ² statistic of independence between the MDL-discretised feature and the class
    (thesis §3.1.1, *chi.squared*): ``Σ (O - E)²/E`` over cells with ``E > 0``."""
    tables = _mdl_tables(X, y)
    n = tables.sum(axis=(1, 2), keepdims=True)
    expected = tables.sum(axis=2, keepdims=True) * tables.sum(axis=1, keepdims=True) / n
    with np.errstate(divide="ignore", invalid="ignore"):
        cells = np.where(expected > 0, (tables - expected) ** 2 / expected, 0.0)
    return cells.sum(axis=(1, 2))


def score_oner(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Training accuracy of the one-rule classifier on the MDL-discretised feature
    (thesis §3.1.2, *oneR*): ``(1/n) Σ_v max_i n_vi``."""
    tables = _mdl_tables(X, y)
    return tables.max(axis=2).sum(axis=1) / tables.sum(axis=(1, 2))


def _mdl_information(X: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``I(Y; X_f)``, ``H(X_f)`` and ``H(Y)`` on MDL-discretised features."""
    tables = _mdl_tables(X, y)
    h_x = entropy_of_counts(tables.sum(axis=2), axis=1)
    h_y = entropy_of_counts(tables.sum(axis=1), axis=1)
    information = np.maximum(h_x + h_y - entropy_of_counts(tables, axis=(1, 2)), 0.0)
    return information, h_x, h_y


def score_info_gain(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``I(Y; X_k)`` on MDL-discretised features (thesis §3.1.5, *info.gain*)."""
    return _mdl_information(X, y)[0]


def score_gain_ratio(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``I(Y; X_k) / H(X_k)`` on MDL-discretised features (thesis §3.1.5, *gain.ratio*); 0 for a
    feature discretised into a single interval (then ``I = H = 0``)."""
    information, h_x, _ = _mdl_information(X, y)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(h_x > 0, information / h_x, 0.0)


def score_sym_uncertainty(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``2 I(Y; X_k) / (H(X_k) + H(Y))`` on MDL-discretised features (thesis §3.1.5,
    *sym.uncert*)."""
    information, h_x, h_y = _mdl_information(X, y)
    denominator = h_x + h_y
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denominator > 0, 2.0 * information / denominator, 0.0)


# --- filters on equally spaced intervals (praznik; thesis §3.1.5) --------------------------
def _equal_width(X: np.ndarray, n_bins: int | None) -> tuple[np.ndarray, np.ndarray]:
    X = np.asarray(X, dtype=np.float64)
    return equal_width_codes(X, thesis_n_bins(X.shape[0]) if n_bins is None else n_bins)


def score_mim(X: np.ndarray, y: np.ndarray, *, n_bins: int | None = None) -> np.ndarray:
    """``I(Y; X_k)`` on equal-width bins (thesis §3.1.5, *MIM*; ``n_bins`` default
    ``max(min(n/3, 10), 2)``)."""
    codes, n_levels = _equal_width(X, n_bins)
    codes_y, n_classes = encode_labels(y)
    return mutual_information(codes, int(n_levels.max()), codes_y, n_classes)


class GreedySelection(NamedTuple):
    """The result of an iterative (greedy) filter such as MRMR, JMI or CMIM (Bommert 2020,
    §3.1.5), which returns it from :attr:`FilterInfo.score` instead of one score per feature.

    Attributes
    ----------
    order : ndarray of int
        The chosen features in the order they were chosen (possibly fewer than d).
    scores : ndarray of float, shape (d,)
        The criterion value each feature had when it was chosen, NaN for the features not
        chosen (not comparable across iterations).
    """

    order: np.ndarray
    scores: np.ndarray


@dataclass(frozen=True)
class _GreedyCriterion:
    """A greedy criterion ``J(X_k) = aggregate_{X_j in S} term(X_k, X_j)`` (thesis §3.1.5)."""

    term: Callable[[PairTerms, np.ndarray, int], np.ndarray]
    aggregate: str  # "sum" or "min"
    subtract_from_relevance: bool = False  # MRMR: J = I(Y; X_k) - mean_j term


def _ratio(terms: PairTerms) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(
            terms.joint_entropy > 0, terms.joint_relevance / terms.joint_entropy, 0.0
        )


GREEDY_CRITERIA: dict[str, _GreedyCriterion] = {
    # J = I(Y; X_k) - (1/|S|) Σ_j I(X_k; X_j)
    "mrmr": _GreedyCriterion(lambda t, rel, j: t.redundancy, "sum", True),
    # J = Σ_j I(Y; X_k, X_j)
    "jmi": _GreedyCriterion(lambda t, rel, j: t.joint_relevance, "sum"),
    # J = min_j I(Y; X_k, X_j)
    "jmim": _GreedyCriterion(lambda t, rel, j: t.joint_relevance, "min"),
    # J = Σ_j I(Y; X_k, X_j) / H(Y, X_k, X_j)
    "disr": _GreedyCriterion(lambda t, rel, j: _ratio(t), "sum"),
    # J = min_j I(Y; X_k, X_j) / H(Y, X_k, X_j)
    "njmim": _GreedyCriterion(lambda t, rel, j: _ratio(t), "min"),
    # J = min_j I(Y; X_k | X_j) = min_j [I(Y; X_k, X_j) - I(Y; X_j)]
    "cmim": _GreedyCriterion(lambda t, rel, j: t.joint_relevance - rel[j], "min"),
}


def greedy_information_selection(
    codes: np.ndarray, n_levels: np.ndarray, y: np.ndarray, n_to_select: int, criterion: str
) -> GreedySelection:
    """Greedy forward selection of thesis §3.1.5 on discrete codes.

    ``S`` starts with ``argmax_k I(Y; X_k)``; each iteration adds the unselected feature
    maximising the criterion (ties: lowest index). The aggregate over ``S`` is updated with the
    terms of the feature added last only, so one iteration costs one contingency table of all
    candidates with that feature: ``O(n d)``.
    """
    if criterion not in GREEDY_CRITERIA:
        raise ValueError(
            f"unknown greedy criterion {criterion!r}; known: {sorted(GREEDY_CRITERIA)}"
        )
    rule = GREEDY_CRITERIA[criterion]
    codes_y, n_classes = encode_labels(y)
    n_features = codes.shape[1]
    if not 1 <= n_to_select <= n_features:
        raise ValueError(
            f"n_features_to_select={n_to_select} must lie between 1 and {n_features}"
        )
    max_levels = int(n_levels.max())
    relevance = mutual_information(codes, max_levels, codes_y, n_classes)
    column_entropies = entropy_of_columns(codes, max_levels)
    class_entropy = float(entropy_of_counts(np.bincount(codes_y, minlength=n_classes)))
    selected = np.zeros(n_features, dtype=bool)
    aggregate = np.zeros(n_features) if rule.aggregate == "sum" else np.full(n_features, np.inf)
    order = [int(np.argmax(relevance))]
    scores = np.full(n_features, np.nan)
    scores[order[0]] = relevance[order[0]]
    selected[order[0]] = True
    while len(order) < n_to_select:
        last = order[-1]
        terms = pair_terms(
            codes, max_levels, codes[:, last], int(n_levels[last]), codes_y, n_classes,
            column_entropies, class_entropy,
        )
        term = rule.term(terms, relevance, last)
        aggregate = aggregate + term if rule.aggregate == "sum" else np.minimum(aggregate, term)
        criterion_values = (
            relevance - aggregate / len(order) if rule.subtract_from_relevance else aggregate
        )
        candidates = np.where(selected, -np.inf, criterion_values)
        best = int(np.argmax(candidates))
        order.append(best)
        scores[best] = criterion_values[best]
        selected[best] = True
    return GreedySelection(np.asarray(order, dtype=np.int64), scores)


def _greedy_filter(criterion: str) -> Callable[..., GreedySelection]:
    def score(
        X: np.ndarray, y: np.ndarray, *, n_features_to_select: int, n_bins: int | None = None
    ) -> GreedySelection:
        codes, n_levels = _equal_width(X, n_bins)
        return greedy_information_selection(codes, n_levels, y, n_features_to_select, criterion)

    score.__name__ = f"score_{criterion}"
    score.__doc__ = (
        f"Greedy {criterion.upper()} selection on equal-width bins (thesis §3.1.5; praznik)."
    )
    return score


score_mrmr = _greedy_filter("mrmr")
score_jmi = _greedy_filter("jmi")
score_jmim = _greedy_filter("jmim")
score_disr = _greedy_filter("disr")
score_njmim = _greedy_filter("njmim")
score_cmim = _greedy_filter("cmim")

__all__ = [
    "GREEDY_CRITERIA",
    "GreedySelection",
    "encode_labels",
    "greedy_information_selection",
    "score_anova",
    "score_auc",
    "score_chi_squared",
    "score_cmim",
    "score_disr",
    "score_gain_ratio",
    "score_info_gain",
    "score_jmi",
    "score_jmim",
    "score_kruskal",
    "score_limma",
    "score_mim",
    "score_mrmr",
    "score_njmim",
    "score_oner",
    "score_sam",
    "score_sym_uncertainty",
    "score_variance",
    "score_welch_t",
]
