"""Readable, path-safe identifiers of selector configurations and their variants.

A *configuration* is one selector with fixed values of every parameter that changes what it
selects; it is one selection job per dataset and one output folder. Its id is the selector's
label followed by its grid parameters, ``<label>_<name>-<value>_...`` (names sorted), e.g.
``hybrid_C-1_n_forced-5``. The same parameters always give the same id, hence the same output
path, so adding a grid value creates only new ids (new jobs). Ids longer than
:data:`MAX_ID_LENGTH` keep a readable prefix and end in a stable hash of the full parameters.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Mapping
from typing import Any

from fsstab.io import canonical_json

__all__ = ["DEFAULT_VARIANT", "ID_PATTERN", "MAX_ID_LENGTH", "format_value", "parameter_id"]

#: Longest id written as it is; longer ones are shortened with a hash.
MAX_ID_LENGTH = 80
#: Characters of the readable prefix kept in a shortened id.
_PREFIX_LENGTH = 64
#: Regular expression every id matches (Snakemake wildcard constraint).
ID_PATTERN = r"[A-Za-z0-9][A-Za-z0-9_.+=-]*"
#: Variant id of a configuration without sweep parameters.
DEFAULT_VARIANT = "default"

_UNSAFE = re.compile(r"[^A-Za-z0-9.]+")


def format_value(value: Any) -> str:
    """A short path-safe rendering of a parameter value (``1e-05``, ``true``, ``none``, ``a+b``).

    Numbers use the shortest round-trip form (``repr``; an integral float keeps ``.0`` so that
    ``1`` and ``1.0`` stay distinct), strings have every run of characters other than letters,
    digits and ``.`` replaced by ``.``, lists are joined with ``+``.
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"parameter values must be finite, got {value!r}")
        return repr(value)
    if isinstance(value, str):
        return _UNSAFE.sub(".", value).strip(".") or "empty"
    if isinstance(value, list | tuple):
        return "+".join(format_value(v) for v in value) or "empty"
    if isinstance(value, Mapping):
        return "+".join(f"{k}={format_value(v)}" for k, v in sorted(value.items())) or "empty"
    raise ValueError(f"cannot name a parameter value of type {type(value).__name__}: {value!r}")


def parameter_id(prefix: str | None, params: Mapping[str, Any], *, empty: str | None = None) -> str:
    """``<prefix>_<name>-<value>_...`` over ``params`` sorted by name (see the module docstring).

    Without parameters the id is ``prefix`` (or ``empty`` when there is no prefix). An id longer
    than :data:`MAX_ID_LENGTH` is cut to a readable prefix followed by ``-h`` and 12 hex digits
    of the SHA-256 of the canonical JSON of ``(prefix, params)``: stable across runs and
    machines, different for different parameters.
    """
    parts = [prefix] if prefix else []
    parts += [f"{name}-{format_value(params[name])}" for name in sorted(params)]
    text = "_".join(parts) if parts else (empty or DEFAULT_VARIANT)
    if len(text) <= MAX_ID_LENGTH:
        return text
    digest = hashlib.sha256(canonical_json([prefix, dict(params)]).encode()).hexdigest()[:12]
    return f"{text[:_PREFIX_LENGTH].rstrip('_-.')}-h{digest}"
