"""Random search spaces: hyperparameter distributions written in configurations.

Bommert (2020) tunes by random search (Bergstra & Bengio 2012; thesis §3.4.2): 100 random
configurations per filter in §5.3 (Table 5.2), 200 per combined method in §6.3 (Table 6.5).
A space maps each parameter to a distribution, written as a one-key mapping:

===============================  ===========================================================
spec                             draw
===============================  ===========================================================
``{uniform: [a, b]}``            x ~ U(a, b)
``{log2_uniform: [a, b]}``       2^x, x ~ U(a, b)  (Tables 5.2 / 6.5: C, σ, λ ∈ {2^x : x ∈
                                 [−15, 15]})
``{log2_uniform: [a, b],``       round(2^x) (Table 6.5: n.iter ∈ {[2^x] : x ∈ [0, 15]})
``  round: true}``
``{integers: [a, b]}``           an integer uniform on a..b (k ∈ {1, ..., 20})
``{choice: [v1, v2, ...]}``      one of the values, uniformly (ntree ∈ {100, ..., 5000})
``value`` (anything else)        the fixed value
===============================  ===========================================================

:func:`sample_space` draws ``n`` configurations; the same space, n and seed give the same
draws, and configuration i does not depend on n (each is drawn from its own stream), so growing
a search keeps the earlier configurations.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from numbers import Integral, Real
from typing import Any

import numpy as np

from fsstab.seeds import as_seed, substream

__all__ = ["DISTRIBUTIONS", "Distribution", "parse_space", "sample_space"]

#: The distribution kinds a space may use.
DISTRIBUTIONS: tuple[str, ...] = ("uniform", "log2_uniform", "integers", "choice")


@dataclass(frozen=True)
class Distribution:
    """One parameter's distribution (see the module docstring)."""

    kind: str
    args: tuple[Any, ...]
    round: bool = False

    def draw(self, rng: np.random.Generator) -> Any:
        if self.kind == "fixed":
            return self.args[0]
        if self.kind == "uniform":
            return float(rng.uniform(*self.args))
        if self.kind == "log2_uniform":
            value = 2.0 ** rng.uniform(*self.args)
            return round(value) if self.round else float(value)
        if self.kind == "integers":
            return int(rng.integers(self.args[0], self.args[1] + 1))
        return self.args[int(rng.integers(len(self.args)))]


def _bounds(name: str, kind: str, value: Any) -> tuple[float, float]:
    if (not isinstance(value, list | tuple) or len(value) != 2
            or not all(isinstance(v, Real) and not isinstance(v, bool) for v in value)
            or not value[0] <= value[1]):
        raise ValueError(f"{name}: {kind} needs two numbers [low, high] with low <= high, "
                         f"got {value!r}")
    return float(value[0]), float(value[1])


def _parse(name: str, spec: Any) -> Distribution:
    if not isinstance(spec, Mapping) or not (set(spec) & set(DISTRIBUTIONS)):
        return Distribution("fixed", (spec,))
    kinds = sorted(set(spec) & set(DISTRIBUTIONS))
    extra = sorted(set(spec) - set(DISTRIBUTIONS) - {"round"})
    if len(kinds) != 1 or extra:
        raise ValueError(
            f"{name}: a distribution is one of {list(DISTRIBUTIONS)} (plus 'round' for "
            f"log2_uniform); got keys {sorted(spec)}"
        )
    kind = kinds[0]
    value = spec[kind]
    rounded = spec.get("round", False)
    if "round" in spec and (kind != "log2_uniform" or not isinstance(rounded, bool)):
        raise ValueError(f"{name}: 'round: true/false' only applies to log2_uniform")
    if kind == "choice":
        if not isinstance(value, list | tuple) or not value:
            raise ValueError(f"{name}: choice needs a non-empty list of values, got {value!r}")
        return Distribution(kind, tuple(value))
    if kind == "integers":
        if (not isinstance(value, list | tuple) or len(value) != 2
                or not all(isinstance(v, Integral) and not isinstance(v, bool) for v in value)
                or value[0] > value[1]):
            raise ValueError(f"{name}: integers needs two integers [low, high], got {value!r}")
        return Distribution(kind, (int(value[0]), int(value[1])))
    return Distribution(kind, _bounds(name, kind, value), round=bool(rounded))


def parse_space(space: Mapping[str, Any]) -> dict[str, Distribution]:
    """Validate a space (parameter -> spec); raises ``ValueError`` naming the parameter."""
    if not isinstance(space, Mapping) or not space:
        raise ValueError(f"a search space is a non-empty mapping parameter -> distribution, "
                         f"got {space!r}")
    return {str(name): _parse(str(name), spec) for name, spec in space.items()}


def sample_space(space: Mapping[str, Any], n: int, random_state: Any) -> list[dict[str, Any]]:
    """``n`` configurations drawn from ``space`` (parameters in sorted order per draw).

    Configuration i is drawn from its own stream ``substream(seed, i)``, so the first
    configurations are the same for any ``n``.
    """
    if isinstance(n, bool) or not isinstance(n, Integral) or n < 1:
        raise ValueError(f"n must be a positive integer, got {n!r}")
    distributions = parse_space(space)
    seed = as_seed(random_state)
    draws = []
    for i in range(int(n)):
        rng = substream(seed, i)
        draws.append({name: distributions[name].draw(rng) for name in sorted(distributions)})
    return draws
