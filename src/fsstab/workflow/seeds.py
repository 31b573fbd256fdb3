"""Seeds of the workflow, derived from the global seed and what they are for.

Every random step of the workflow gets its own integer seed, a function of the configured
global ``seed`` and a path of keys (dataset name, purpose, resample id) only. Results therefore
do not depend on how resamples are chunked into jobs, on the number of resamples M (resample r
keeps its seed when M grows), or on which other datasets and selectors are configured.
"""

from __future__ import annotations

import hashlib

import numpy as np

__all__ = ["derive_seed", "resample_seed"]


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
    """
    return derive_seed(seed, dataset, "select", resample)
