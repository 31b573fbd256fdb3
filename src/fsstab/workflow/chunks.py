"""Chunk ids: which items (resamples, replications, configurations) one job holds.

A chunk id ``<prefix><first>-<last>`` names its items, so that a chunk's file says what it
contains and results do not depend on the chunking. :func:`chunk_ids` writes them,
:func:`chunk_range` is the one parser, :func:`chunk_pattern` the Snakemake wildcard constraint
(``rules/common.smk``). No dependencies: the selection jobs import it without the
configuration module.
"""

from __future__ import annotations

import re

__all__ = ["chunk_ids", "chunk_pattern", "chunk_range"]


def chunk_ids(
    n_items: int, chunk_size: int | None = None, *, prefix: str = "r", width: int = 4
) -> tuple[str, ...]:
    """The workflow's chunk ids: ``<prefix><first>-<last>`` (inclusive, zero-padded to
    ``width`` digits) covering items 0 .. n - 1 in chunks of ``chunk_size`` (None: one chunk).

    A chunk id says which items (resamples, replications, configurations) its job holds, so
    that results do not depend on the chunking.

    Parameters
    ----------
    n_items
        The number of items, at least 1.
    chunk_size
        Items per chunk (the last chunk may hold fewer); None or a size >= n gives one chunk.
    prefix, width
        The letter(s) before the range and the digits of each bound.

    Examples
    --------
    >>> chunk_ids(5, 2)
    ('r0000-0001', 'r0002-0003', 'r0004-0004')
    >>> chunk_ids(120, 50, prefix="c", width=5)
    ('c00000-00049', 'c00050-00099', 'c00100-00119')
    """
    if isinstance(n_items, bool) or not isinstance(n_items, int) or n_items < 1:
        raise ValueError(f"n_items must be a positive integer, got {n_items!r}")
    if chunk_size is not None and (isinstance(chunk_size, bool) or int(chunk_size) < 1):
        raise ValueError(f"chunk_size must be a positive integer or None, got {chunk_size!r}")
    size = n_items if chunk_size is None else min(int(chunk_size), n_items)
    return tuple(
        f"{prefix}{start:0{width}d}-{min(start + size, n_items) - 1:0{width}d}"
        for start in range(0, n_items, size)
    )



def chunk_range(chunk: str) -> range:
    """The items of a chunk id of :func:`chunk_ids`, whatever its prefix and width.

    Parameters
    ----------
    chunk
        ``<letters><first>-<last>``, e.g. ``r0003-0005`` or ``c00000-00049``.

    Returns
    -------
    range
        ``first .. last`` (inclusive).

    Raises
    ------
    ValueError
        Naming the id, if it is not of that form or ``last < first``.

    Examples
    --------
    >>> chunk_range("r0003-0005")
    range(3, 6)
    >>> [list(chunk_range(c)) for c in chunk_ids(5, 2)]
    [[0, 1], [2, 3], [4]]
    """
    head, _, last = chunk.partition("-")
    first = head.lstrip("abcdefghijklmnopqrstuvwxyz")
    if not (first.isdigit() and last.isdigit() and first != head) or int(last) < int(first):
        raise ValueError(f"chunk {chunk!r} is not of the form <letters><first>-<last> with "
                         "first <= last (e.g. r0000-0009)")
    return range(int(first), int(last) + 1)


def chunk_pattern(prefix: str = "r", width: int = 4) -> str:
    """The regular expression of the ids :func:`chunk_ids` writes with ``prefix`` and ``width``
    (a bound with more digits, from more than 10**width items, still matches).

    Examples
    --------
    >>> import re
    >>> [bool(re.fullmatch(chunk_pattern(), c)) for c in ("r0000-0009", "r12-13", "c0000-0001")]
    [True, False, False]
    """
    # \d{4}\d* rather than \d{4,}: Snakemake's wildcard syntax takes {n} and {n,m} only
    return rf"{re.escape(prefix)}\d{{{width}}}\d*-\d{{{width}}}\d*"
