"""The registry of :mod:`fsstab.synthetic`: every generator by name, and :func:`generate`.

Part of :mod:`fsstab.synthetic` (import the names from there). A configuration's
``synthetic:<name>`` source runs ``GENERATORS[<name>]``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from fsstab.datasets import Dataset
from fsstab.synthetic._correlated import blocks, correlated_groups, similar_features_toy, toeplitz
from fsstab.synthetic._informative import informative
from fsstab.synthetic._ipass import ipass_like
from fsstab.synthetic._outcomes import cox, linear
from fsstab.synthetic._waveform import waveform

__all__ = ["GENERATORS", "generate"]

GENERATORS: dict[str, Callable[..., Dataset]] = {
    "correlated_groups": correlated_groups,
    "blocks": blocks,
    "toeplitz": toeplitz,
    "similar_features_toy": similar_features_toy,
    "informative": informative,
    "ipass_like": ipass_like,
    "waveform": waveform,
    "linear": linear,  # a continuous and a survival outcome
    "cox": cox,
}


def generate(generator: str, **params: Any) -> Dataset:
    """Run the generator named ``generator`` with ``params``.

    Unknown generators and parameters raise ``ValueError`` listing the known ones.
    """
    if generator not in GENERATORS:
        raise ValueError(f"unknown synthetic generator {generator!r}; known: {list(GENERATORS)}")
    function = GENERATORS[generator]
    allowed = list(inspect.signature(function).parameters)
    unknown = sorted(set(params) - set(allowed))
    if unknown:
        raise ValueError(
            f"synthetic generator {generator!r} has no parameter(s) {unknown}; allowed: {allowed}"
        )
    return function(**params)
