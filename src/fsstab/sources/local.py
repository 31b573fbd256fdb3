"""Local files of a source (``file:``, ``samples:``): where a relative path points, and what is
wrong when nothing readable is there."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["local_file", "missing_file_message"]


def local_file(location: str, base_dir: str | os.PathLike[str] | None = None) -> Path:
    """The file of a ``file:`` source: ``location`` (``~`` expanded) or, when relative, that
    path below ``base_dir`` (default: the working directory).

    Examples
    --------
    >>> local_file("data/expr.csv", "/study").as_posix(), local_file("/x.csv").as_posix()
    ('/study/data/expr.csv', '/x.csv')
    """
    path = Path(location).expanduser()
    if path.is_absolute():
        return path
    return Path(base_dir if base_dir is not None else Path.cwd()) / path


def missing_file_message(source: str, location: str, base_dir: str | os.PathLike[str] | None
                         = None) -> str | None:
    """None if the ``file:`` source's file exists, else a message saying what is there
    instead -- a folder, or nothing (naming the folder a relative path was resolved against).

    Examples
    --------
    >>> missing_file_message("file:/", "/")
    "'file:/': / is a folder, not a file; name a file in it"
    """
    path = local_file(location, base_dir)
    if path.is_file():
        return None
    if path.is_dir():
        return f"{source!r}: {path} is a folder, not a file; name a file in it"
    if Path(location).expanduser().is_absolute():
        return f"{source!r}: no such file {path}"
    base = Path(base_dir if base_dir is not None else Path.cwd()).resolve()
    return (
        f"{source!r}: no such file {location} in {base} (a relative path is resolved against "
        "the working directory -- Snakemake's --directory; give an absolute path to use a file "
        "elsewhere)"
    )
