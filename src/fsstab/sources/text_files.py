"""Files as the readers meet them: compressed (``.gz``, ``.bz2``, ``.xz``, ``.zip``) and text
that starts with a byte-order mark.

pandas reads a compressed CSV file by its suffix and skips the UTF-8 byte-order mark that
Excel writes at the start of a "CSV UTF-8" file. The readers of :mod:`fsstab.sources` that look
at a file themselves -- its header line, its first records, a line at a time -- open it through
:func:`open_text` (or :func:`open_binary`), which do the same, so that both see the same
fields; every ``pandas.read_csv`` of a source file is given :func:`compression_of` the path.
A zip archive read this way holds one file (``member:`` of a source names the file to read in
an archive of several).
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import IO

__all__ = ["COMPRESSIONS", "compression_of", "inner_name", "open_binary", "open_text"]

#: File name endings of the compressed files read transparently, with pandas' name of each.
COMPRESSIONS: dict[str, str] = {".gz": "gzip", ".bz2": "bz2", ".xz": "xz", ".zip": "zip"}


def compression_of(path: str | os.PathLike[str]) -> str | None:
    """pandas' name of the compression of ``path`` (by its last suffix), or None.

    Examples
    --------
    >>> compression_of("expression.csv.gz"), compression_of("expression.csv")
    ('gzip', None)
    """
    return COMPRESSIONS.get(Path(path).suffix.lower())


def inner_name(name: str) -> str:
    """The file name without its compression suffix: the name of the file inside.

    Examples
    --------
    >>> inner_name("expression.tsv.xz"), inner_name("expression.tsv")
    ('expression.tsv', 'expression.tsv')
    """
    suffix = Path(name).suffix
    return name[: -len(suffix)] if suffix.lower() in COMPRESSIONS else name


def _zip_member(path: Path) -> IO[bytes]:
    import zipfile

    try:
        archive = zipfile.ZipFile(path)
    except zipfile.BadZipFile as exc:
        raise ValueError(f"{path}: not a zip archive ({exc})") from exc
    with archive:
        files = [info.filename for info in archive.infolist() if not info.is_dir()]
        if len(files) != 1:
            shown = files if len(files) <= 10 else [*files[:10], "..."]
            raise ValueError(f"{path}: a zip archive read as one file holds exactly one file; "
                             f"it holds {len(files)}: {shown} (name the one to read with "
                             "member: <path inside the archive>)")
        return archive.open(files[0])  # keeps the archive's file open until it is closed


def open_binary(path: str | os.PathLike[str]) -> IO[bytes]:
    """``path`` opened for reading bytes, decompressed on the fly when its suffix says so.

    Raises ``ValueError`` naming the file for a zip archive that does not hold exactly one
    file. Decompression errors surface when the stream is read (``OSError``, ``EOFError``,
    ``lzma.LZMAError``).

    Examples
    --------
    >>> import gzip, os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "x.csv.gz")
    >>> with gzip.open(path, "wb") as out:
    ...     _ = out.write(b"a,b\\n1,2\\n")
    >>> with open_binary(path) as stream:
    ...     stream.read()
    b'a,b\\n1,2\\n'
    """
    path = Path(path)
    kind = compression_of(path)
    if kind == "gzip":
        import gzip

        return gzip.open(path, "rb")
    if kind == "bz2":
        import bz2

        return bz2.open(path, "rb")
    if kind == "xz":
        import lzma

        return lzma.open(path, "rb")
    if kind == "zip":
        return _zip_member(path)
    return path.open("rb")


def open_text(path: str | os.PathLike[str], *, errors: str = "strict") -> IO[str]:
    """``path`` opened as UTF-8 text for :mod:`csv` (``newline=""``), decompressed on the fly
    (:func:`open_binary`), a leading byte-order mark skipped as pandas skips it.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "excel.csv")
    >>> with open(path, "wb") as out:   # Excel's "CSV UTF-8": a byte-order mark, CRLF
    ...     _ = out.write(b"\\xef\\xbb\\xbfsample,TP53\\r\\nS1,5.1\\r\\n")
    >>> with open_text(path) as stream:
    ...     stream.readline()
    'sample,TP53\\r\\n'
    """
    return io.TextIOWrapper(open_binary(path), encoding="utf-8-sig", errors=errors, newline="")
