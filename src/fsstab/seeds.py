"""Seeds and random generators shared by the synthetic data generators and the resampling.

fsstab follows scikit-learn's ``random_state`` convention at its public boundary (an int, a
``numpy.random.RandomState`` or ``None``; see :func:`sklearn.utils.check_random_state`) but
draws from NumPy's ``Generator`` internally. :func:`as_seed` turns any accepted
``random_state`` into one integer seed; :func:`substream` derives an independent generator per
unit of work (a resample, a repetition) keyed by its index, with the semantics of
``np.random.SeedSequence(seed).spawn`` -- the stream of unit ``r`` does not depend on how many
units are drawn, so growing the number of resamples reuses the earlier ones.

(The workflow's seeds per dataset and purpose are :mod:`fsstab.workflow.seeds`.)
"""

from __future__ import annotations

from numbers import Integral
from typing import Any

import numpy as np

__all__ = ["as_seed", "substream"]

_SEED_UPPER = 2**32


def check_random_state(seed: Any) -> np.random.RandomState:
    """:func:`sklearn.utils.check_random_state` without importing scikit-learn.

    ``None`` (or ``np.random``) gives NumPy's global ``RandomState``, an integer a new
    ``RandomState(seed)``, a ``RandomState`` itself; the same objects, hence the same draws, as
    scikit-learn's function. Modules that do not otherwise need scikit-learn (measures, Pareto
    analysis, resampling) use it so that their import stays cheap.
    """
    if seed is None or seed is np.random:
        return np.random.mtrand._rand
    if isinstance(seed, Integral):
        return np.random.RandomState(seed)
    if isinstance(seed, np.random.RandomState):
        return seed
    raise ValueError(f"{seed!r} cannot be used to seed a numpy.random.RandomState instance")


def as_seed(random_state: Any) -> int:
    """A non-negative integer seed from an sklearn-style ``random_state``.

    Parameters
    ----------
    random_state
        An integer is returned unchanged (it must be non-negative); ``None`` or a
        ``RandomState`` draws a seed from that state (``None`` uses NumPy's global
        ``RandomState``, so it is only as reproducible as the global seed). Anything else
        raises ``ValueError``.

    Returns
    -------
    int
        A seed in ``[0, 2**32)`` (or the given integer).

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.seeds import as_seed
    >>> as_seed(7)
    7
    >>> as_seed(np.random.RandomState(0)) == as_seed(np.random.RandomState(0))
    True
    """
    if isinstance(random_state, bool):
        raise ValueError(
            f"random_state must be an int, a RandomState or None, got {random_state!r}"
        )
    if isinstance(random_state, int | np.integer):
        if random_state < 0:
            raise ValueError(f"random_state must be non-negative, got {random_state}")
        return int(random_state)
    if random_state is None or isinstance(random_state, np.random.RandomState):
        return int(check_random_state(random_state).randint(_SEED_UPPER, dtype=np.int64))
    raise ValueError(
        "random_state must be an int, a numpy RandomState or None, got "
        f"{type(random_state).__name__}"
    )


def substream(seed: int, *key: int) -> np.random.Generator:
    """The generator of the unit ``key`` of the stream seeded by ``seed``.

    Parameters
    ----------
    seed
        The stream's seed (:func:`as_seed`).
    *key
        Non-negative integers naming the unit (a resample, a repetition, ...).

    Returns
    -------
    numpy.random.Generator
        Equal to ``np.random.default_rng(np.random.SeedSequence(seed).spawn(k + 1)[k])`` for
        ``key == (k,)``, without depending on how many units are spawned.

    Examples
    --------
    >>> import numpy as np
    >>> from fsstab.seeds import substream
    >>> spawned = np.random.SeedSequence(5).spawn(3)[2]
    >>> substream(5, 2).random() == np.random.default_rng(spawned).random()
    True
    """
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=tuple(int(k) for k in key)))
