"""Chunk ids of the workflow's jobs and their inverse (fsstab.workflow.config)."""

from __future__ import annotations

import pytest

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
