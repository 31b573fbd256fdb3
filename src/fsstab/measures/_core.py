"""Shared intermediate quantities and :func:`compute`, the evaluation of many measures at once.

Every stability measure is a small pure function over the quantities defined here. Validation
happens once, at the boundary (:func:`as_selection_matrix`, :func:`as_importance_matrix`,
:func:`as_similarity_matrix`, :func:`as_rank_matrix`, in :mod:`fsstab.measures._inputs`), so
measure code can assume well-formed inputs. :class:`SelectionStats` caches what many measures
share (set sizes, selection counts, the Gram matrix of pairwise intersections) so that
:func:`compute` evaluates many measures at the price of one. The measure modules import their
shared tools from here: the validators, the ``undefined`` policies
(:mod:`fsstab.measures._undefined`) and the registry.

Notation follows Bommert (2020, Ch. 3.3.2): ``m`` runs (``M`` in Hamer & Dupont), ``p``
features (``d``), ``V_i`` the set selected in run ``i``, ``h_j`` the number of runs selecting
feature ``j`` and ``q = Σ_j h_j = Σ_i |V_i|``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np
import scipy.sparse as sp

from fsstab.measures._inputs import (
    as_importance_matrix,
    as_rank_matrix,
    as_selection_matrix,
    as_similarity_matrix,
)
from fsstab.measures._registry import MEASURES, unknown_measure_error
from fsstab.measures._undefined import (
    UNDEFINED_POLICIES,
    Undefined,
    UndefinedMeasureError,
    average_pair_scores,
    check_undefined_policy,
    finite_or_policy,
)

# The names the measure modules take from here, wherever they are defined.
__all__ = [
    "MEASURES",
    "UNDEFINED_POLICIES",
    "MeasureInputs",
    "SelectionStats",
    "Undefined",
    "UndefinedMeasureError",
    "applicable_measures",
    "as_importance_matrix",
    "as_rank_matrix",
    "as_selection_matrix",
    "as_similarity_matrix",
    "average_pair_scores",
    "check_undefined_policy",
    "compute",
    "finite_or_policy",
    "unknown_measure_error",
]


# --------------------------------------------------------------------------------------------
# Shared intermediate quantities
# --------------------------------------------------------------------------------------------


class SelectionStats:
    """Quantities of a validated selection matrix shared by many measures (computed lazily).

    Attributes
    ----------
    Z : csr_array of bool, shape (M, d)
    M, d : int
    sizes : ndarray of int64, shape (M,)      -- |V_i|
    counts : ndarray of int64, shape (d,)     -- h_j, number of runs selecting feature j
    q : int                                   -- Σ_i |V_i|
    gram : ndarray of int64, shape (M, M)     -- |V_i ∩ V_j| (diagonal = sizes)
    pairs : tuple of two index arrays         -- i < j, in row-major order

    Examples
    --------
    >>> from fsstab.measures import SelectionStats
    >>> stats = SelectionStats([[0, 1, 2], [1, 2, 3]], d=6)
    >>> stats.sizes.tolist(), stats.counts.tolist(), stats.q, stats.gram.tolist()
    ([3, 3], [1, 2, 2, 1, 0, 0], 6, [[3, 2], [2, 3]])
    """

    def __init__(self, Z: Any, d: int | None = None) -> None:
        self.Z: sp.csr_array = (
            Z
            if isinstance(Z, sp.csr_array) and Z.dtype == bool and d is None
            else as_selection_matrix(Z, d)
        )
        self.M, self.d = (int(s) for s in self.Z.shape)

    @cached_property
    def sizes(self) -> np.ndarray:
        return np.diff(self.Z.indptr).astype(np.int64)

    @cached_property
    def counts(self) -> np.ndarray:
        return np.bincount(self.Z.indices, minlength=self.d).astype(np.int64)

    @cached_property
    def q(self) -> int:
        return int(self.sizes.sum())

    @cached_property
    def frequencies(self) -> np.ndarray:
        """Selection frequency p_f = h_f / M of every feature."""
        return self.counts / self.M

    @cached_property
    def gram(self) -> np.ndarray:
        Zi = self.Z.astype(np.int64)
        return np.asarray((Zi @ Zi.T).toarray(), dtype=np.int64)

    @cached_property
    def pairs(self) -> tuple[np.ndarray, np.ndarray]:
        return np.triu_indices(self.M, k=1)

    @cached_property
    def pair_intersections(self) -> np.ndarray:
        """|V_i ∩ V_j| for every pair i < j (row-major order of :attr:`pairs`)."""
        i, j = self.pairs
        return self.gram[i, j]

    @cached_property
    def pair_sizes(self) -> tuple[np.ndarray, np.ndarray]:
        """(|V_i|, |V_j|) for every pair i < j."""
        i, j = self.pairs
        return self.sizes[i], self.sizes[j]


# --------------------------------------------------------------------------------------------
# Registry
# --------------------------------------------------------------------------------------------


@dataclass
class MeasureInputs:
    """Everything a measure may need, validated once and shared by :func:`compute`."""

    stats: SelectionStats | None = None
    W: sp.csr_array | None = None
    C: np.ndarray | sp.csr_array | None = None
    threshold: float | None = None
    ranks: np.ndarray | None = None
    cache: dict[str, Any] = field(default_factory=dict)


def applicable_measures(
    names: Iterable[str], Z: Any, *, available: Iterable[str] = ("Z", "W", "C", "ranks"),
) -> tuple[str, ...]:
    """The measures of ``names`` that can be evaluated on the selection matrix ``Z``.

    A measure applies when each input it requires is among ``available`` and its
    precondition (:attr:`MeasureInfo.applicable`, e.g. the equal set sizes of Kuncheva's
    index) holds for ``Z``. Evaluating the others would raise, or they have no value here;
    callers usually report them as NaN.

    Parameters
    ----------
    names
        Measure names (keys of :data:`MEASURES`).
    Z
        Selection matrix, see :func:`as_selection_matrix`.
    available
        The kinds of input the caller has: ``"Z"``, ``"W"`` (importances), ``"C"`` (similarity
        matrix and threshold), ``"ranks"``.

    Returns
    -------
    tuple of str
        The applicable names, in the order of ``names``.

    Examples
    --------
    >>> from fsstab.measures import applicable_measures
    >>> Z = [[1, 1, 0, 0], [1, 0, 1, 1]]          # sets of sizes 2 and 3
    >>> applicable_measures(["jaccard", "kuncheva", "canberra"], Z, available=("Z",))
    ('jaccard',)
    >>> applicable_measures(["jaccard", "kuncheva"], [[1, 1, 0], [0, 1, 1]])
    ('jaccard', 'kuncheva')
    """
    names = list(names)
    unknown = [name for name in names if name not in MEASURES]
    if unknown:
        raise unknown_measure_error(unknown[0])
    given = set(available)
    kinds = {"Z", "W", "C", "ranks"}
    if not given <= kinds:
        raise ValueError(f"available: unknown input kind(s) {sorted(given - kinds)}; the kinds: "
                         f"{sorted(kinds)}")
    inputs = MeasureInputs(stats=SelectionStats(Z))
    return tuple(
        name for name in names
        if set(MEASURES[name].requires) <= given
        and (MEASURES[name].applicable is None or MEASURES[name].applicable(inputs))
    )


def compute(
    Z: Any = None,
    names: Iterable[str] | str | None = None,
    *,
    W: Any = None,
    C: Any = None,
    threshold: float | None = None,
    ranks: Any = None,
    d: int | None = None,
    params: Mapping[str, Mapping[str, Any]] | None = None,
    **shared_params: Any,
) -> dict[str, float]:
    """Evaluate several stability measures at once, sharing validation and intermediate work.

    Parameters
    ----------
    Z
        Selection matrix (see :func:`as_selection_matrix`). May be omitted when ``W`` is given:
        the selection is then ``W != 0``.
    names
        Measure names (keys of :data:`MEASURES`); ``None`` evaluates every measure whose
        inputs are available.
    W, C, threshold, ranks
        Importance matrix, similarity matrix and its threshold, rank matrix.
    params
        Per-measure keyword arguments, e.g. ``{"davis": {"penalty": 1}}``.
    **shared_params
        Keyword arguments passed to every measure that accepts them (e.g. ``undefined="zero"``,
        ``random_state=0``).

    Returns
    -------
    dict
        ``{name: value}`` in the order of ``names``.

    Examples
    --------
    >>> from fsstab.measures import compute
    >>> values = compute([[0, 1, 2], [1, 2, 3]], ["jaccard", "davis"], d=6,
    ...                  params={"davis": {"penalty": 1.0}})
    >>> values                       # 2 / 4; 3/4 - 3/6 (see jaccard, davis)
    {'jaccard': 0.5, 'davis': 0.25}
    """
    stats: SelectionStats | None = None
    if Z is not None:
        stats = SelectionStats(as_selection_matrix(Z, d))
    Wm = None
    if W is not None:
        Wm = as_importance_matrix(W, stats.Z if stats is not None else None)
        if stats is None:
            stats = SelectionStats(sp.csr_array(Wm.astype(bool)))
    Rm = as_rank_matrix(ranks) if ranks is not None else None
    if Rm is not None and stats is not None and Rm.shape != (stats.M, stats.d):
        raise ValueError(
            f"ranks has shape {Rm.shape} but the selection matrix has {(stats.M, stats.d)}; "
            "give one rank per (run, feature)"
        )
    if stats is None and Rm is None:
        raise ValueError("compute() needs at least one of Z, W or ranks")
    Cm = None
    if C is not None:
        if stats is None:
            raise ValueError("a similarity matrix C needs a selection matrix Z (or W)")
        Cm = as_similarity_matrix(C, stats.d)
        if threshold is None:
            raise ValueError(
                "a similarity matrix C needs a threshold θ (features are similar iff C >= θ)"
            )
    if threshold is not None and not (0.0 <= float(threshold) <= 1.0):
        raise ValueError(f"threshold must lie in [0, 1], got {threshold!r}")
    inputs = MeasureInputs(stats=stats, W=Wm, C=Cm, threshold=threshold, ranks=Rm)
    available = {
        "Z": stats is not None,
        "W": Wm is not None,
        "C": Cm is not None,
        "ranks": Rm is not None,
    }

    if names is None:
        selected = [
            n
            for n, info in MEASURES.items()
            if all(available[r] for r in info.requires)
            and (info.applicable is None or info.applicable(inputs))
        ]
    else:
        selected = [names] if isinstance(names, str) else list(names)
    params = dict(params or {})
    for key in params:
        if key not in MEASURES:
            raise unknown_measure_error(key)
    _check_shared_params(shared_params, selected)

    results: dict[str, float] = {}
    for name in selected:
        info = MEASURES.get(name)
        if info is None:
            raise unknown_measure_error(name)
        missing = [r for r in info.requires if not available[r]]
        if missing:
            raise ValueError(
                f"measure {name!r} needs {', '.join(missing)}, which compute() was not given"
            )
        kwargs = {k: v for k, v in shared_params.items() if k in info.params}
        specific = dict(params.get(name, {}))
        unknown = sorted(set(specific) - set(info.params))
        if unknown:
            raise ValueError(
                f"measure {name!r} does not accept parameter(s) {unknown}; "
                f"it accepts: {list(info.params) or 'none'}"
            )
        kwargs.update(specific)
        results[name] = float(info.evaluate(inputs, **kwargs))
    return results


#: Keyword arguments :func:`compute` passes on without requiring a taker: a seed for whichever
#: measures draw random numbers.
_OPTIONAL_SHARED_PARAMS = frozenset({"random_state"})


def _check_shared_params(shared: Mapping[str, Any], names: Sequence[str]) -> None:
    """Every shared keyword must be accepted by at least one of the measures evaluated: a
    misspelt keyword (``penalti=``, ``n_estmate=``) would otherwise be dropped silently."""
    infos = [MEASURES[n] for n in names if n in MEASURES]
    accepted = {p for info in infos for p in info.params}
    unused = sorted(set(shared) - accepted - _OPTIONAL_SHARED_PARAMS)
    if unused:
        takers = {
            info.name: list(info.params) for info in infos if info.params
        }
        raise ValueError(
            f"compute() got keyword argument(s) {unused} that none of the measures {list(names)} "
            f"accepts; their parameters: {takers or 'none'} (per-measure values go in "
            "params={name: {...}})"
        )
