"""What of a dataset's source decides whether its fetch reruns.

Snakemake reruns a job when an input is *newer* than the outputs. A data file replaced by one
with an older modification time -- ``cp -p``, ``rsync -a``, ``tar x`` keep the time of the
copy's origin -- would therefore leave every result of the old file in place ("Nothing to be
done"). For a ``file:`` source the fetch's input is not the file but a record of its content,
``<data_dir>/<dataset>/source.sha256``, which :func:`source_checksum_file` rewrites (when the
Snakefile is read) exactly when the file's SHA-256 changes: a changed content reruns the
analysis whatever the file's time stamp says, a file merely touched or copied unchanged
reruns nothing. The file is hashed again only when its size, modification time, status-change
time or inode differ from the last time (``.source.stat.json`` next to the record), so reading
the Snakefile stays cheap.

:func:`normalised_source` gives the source spec as the fetch rule's parameter: mapping keys
sorted at every level, so that writing the keys of ``source:`` in another order reruns
nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fsstab.io import write_text

__all__ = ["normalised_source", "source_checksum_file"]

CHECKSUM_NAME = "source.sha256"
STAT_NAME = ".source.stat.json"


def normalised_source(source: Any) -> Any:
    """``source`` with the keys of every mapping in sorted order (lists keep their order).

    Examples
    --------
    >>> normalised_source({"target": "y", "source": "file:a.csv", "classes": {"b": 1, "a": 2}})
    {'classes': {'a': 2, 'b': 1}, 'source': 'file:a.csv', 'target': 'y'}
    >>> normalised_source("sklearn:breast_cancer")
    'sklearn:breast_cancer'
    """
    if isinstance(source, Mapping):
        return {str(k): normalised_source(source[k]) for k in sorted(source, key=str)}
    if isinstance(source, list | tuple):
        return [normalised_source(v) for v in source]
    return source


def _stat_key(path: Path) -> list[int]:
    stat = path.stat()
    return [stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino]


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def source_checksum_file(
    files: list[str | os.PathLike[str]], folder: str | os.PathLike[str],
    base_dir: str | os.PathLike[str] | None = None,
) -> str | None:
    """The content record of a dataset's local source ``files`` in ``folder`` (the dataset's
    folder under ``data_dir``), brought up to date; None if there is no local file (another
    kind of source) or one is missing (the configuration check reports it).

    The record lists ``<sha256>  <path>`` per file and is rewritten only when that text
    changes (see the module docstring).
    """
    base = Path(base_dir) if base_dir is not None else Path.cwd()
    paths = [Path(f) if Path(f).is_absolute() else base / f for f in files]
    if not paths or not all(p.is_file() for p in paths):
        return None
    folder = Path(folder)
    record, cache = folder / CHECKSUM_NAME, folder / STAT_NAME
    keys = {os.fspath(f): _stat_key(p) for f, p in zip(files, paths, strict=True)}
    try:
        cached = json.loads(cache.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        cached = {}
    if cached.get("stat") == keys and record.is_file():
        return record.as_posix()
    digests = {os.fspath(f): _sha256(p) for f, p in zip(files, paths, strict=True)}
    text = "".join(f"{digests[f]}  {f}\n" for f in sorted(digests))
    try:
        current = record.read_text(encoding="utf-8")
    except OSError:
        current = None
    if current != text:
        write_text(record, text)
    write_text(cache, json.dumps({"stat": keys}, sort_keys=True) + "\n")
    return record.as_posix()
