"""Chunk ids of the workflow's jobs, their inverse and their pattern (fsstab.workflow.chunks)."""

from __future__ import annotations

import re

import pytest

from fsstab.workflow.chunks import chunk_pattern
from fsstab.workflow.config import chunk_ids, chunk_range


@pytest.mark.parametrize(("n", "size", "prefix", "width"),
                         [(1, None, "r", 4), (10, 3, "r", 4), (120, 50, "c", 5), (7, 7, "x", 2)])
def test_chunk_range_inverts_chunk_ids(n, size, prefix, width):
    items = [i for chunk in chunk_ids(n, size, prefix=prefix, width=width)
             for i in chunk_range(chunk)]
    assert items == list(range(n))


@pytest.mark.parametrize("chunk", ["r5-3", "0003-0005", "r3", "r-1-2", "rx-1"])
def test_chunk_range_names_a_bad_id(chunk):
    with pytest.raises(ValueError, match=f"chunk '{chunk}' is not of the form"):
        chunk_range(chunk)


@pytest.mark.parametrize(("n", "size"), [(5, 2), (30, None), (12000, 5000)])
def test_chunk_pattern_matches_every_chunk_id(n, size):
    assert all(re.fullmatch(chunk_pattern(), chunk) for chunk in chunk_ids(n, size))
    for other in ("r12-13", "c0000-0001", "r0000_0001", "r0000-0001x"):
        assert re.fullmatch(chunk_pattern(), other) is None, other
