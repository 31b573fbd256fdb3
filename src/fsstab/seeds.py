"""Seeds and random generators of the synthetic data, the resampling and the workflow's steps.

fsstab follows scikit-learn's ``random_state`` convention at its public boundary (an int, a
``numpy.random.RandomState`` or ``None``; see :func:`sklearn.utils.check_random_state`) but
draws from NumPy's ``Generator`` internally. :func:`as_seed` turns any accepted
``random_state`` into one integer seed; :func:`substream` derives an independent generator per
unit of work (a resample, a repetition) keyed by its index, with the semantics of
``np.random.SeedSequence(seed).spawn`` -- the stream of unit ``r`` does not depend on how many
units are drawn, so growing the number of resamples reuses the earlier ones.

Every random step of a study (the workflow's stages, a paper's experiments) gets its own
integer seed, :func:`derive_seed`: a function of the configured global ``seed`` and a path of
keys (dataset name, purpose, resample id) only. Results therefore do not depend on how
resamples are chunked into jobs, on the number of resamples M (resample r keeps its seed when
M grows), or on which other datasets and selectors are configured; :func:`resample_seed` is the
``random_state`` of every selector fitted on one resample.
"""

from __future__ import annotations

import hashlib
from numbers import Integral
from typing import Any

import numpy as np

__all__ = ["as_seed", "derive_seed", "resample_seed", "substream"]

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


def _key_words(key: int | str) -> list[int]:
    """Integers fed to :class:`numpy.random.SeedSequence` for one key (strings are hashed)."""
    if isinstance(key, bool):
        raise ValueError(f"seed keys must be integers or strings, got {key!r}")
    if isinstance(key, int | np.integer):
        if key < 0:
            raise ValueError(f"integer seed keys must be non-negative, got {key}")
        return [0, int(key)]
    if isinstance(key, str):
        digest = hashlib.sha256(key.encode()).digest()
        return [1, *np.frombuffer(digest, dtype="<u4").tolist()]
    raise ValueError(f"seed keys must be integers or strings, got {type(key).__name__}")


def derive_seed(seed: int, *keys: int | str) -> int:
    """A seed in ``[0, 2**32)`` for the random step named by ``keys`` under the global ``seed``.

    ``SeedSequence`` mixes the global seed with a tagged encoding of every key (integers as
    themselves, strings by their SHA-256), so distinct key paths give independent streams and
    the same path always gives the same seed.

    Parameters
    ----------
    seed
        The global seed (a non-negative integer).
    *keys
        Non-negative integers or strings naming the step (``"breast_cancer", "resample"``).

    Returns
    -------
    int
        A seed in ``[0, 2**32)``.

    Examples
    --------
    >>> from fsstab.seeds import derive_seed
    >>> derive_seed(1, "colon", 3) == derive_seed(1, "colon", 3)
    True
    >>> len({derive_seed(1, "colon", r) for r in range(100)})    # one seed per resample
    100
    >>> derive_seed(1, "1") == derive_seed(1, 1)                 # a string is not its number
    False
    """
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    entropy = [int(seed)]
    for key in keys:
        words = _key_words(key)
        entropy += [len(words), *words]
    return int(np.random.SeedSequence(entropy).generate_state(1, dtype=np.uint32)[0])


def resample_seed(seed: int, dataset: str, resample: int) -> int:
    """``random_state`` of every selector fitted on resample ``resample`` of ``dataset``.

    The same for every selector configuration (common random numbers make configurations
    comparable run by run) and independent of chunking and of M.

    Examples
    --------
    >>> from fsstab.seeds import derive_seed, resample_seed
    >>> resample_seed(5, "colon", 2) == derive_seed(5, "colon", "select", 2)
    True
    """
    return derive_seed(seed, dataset, "select", resample)
