"""Atomic, deterministic file output: Parquet tables with key/value metadata and JSON.

Every writer here goes through :func:`atomic_path`: the content is written to a temporary file
in the destination directory and moved onto the final name with :func:`os.replace` only once it
is complete. A reader therefore sees either the previous finished file or the new finished file,
never a partial one, and a write that fails (an exception, a full disk, a killed process) leaves
an existing file untouched. This is what lets a workflow rerun a failed job without deleting
finished results.

Parquet output is deterministic: the same table and metadata give byte-identical files. The
writer fixes everything that could vary between runs -- compression codec and level, row-group
size, encodings, column order (the table's) and metadata (no timestamps; pandas metadata is never
attached because tables are built with pyarrow directly).

Key/value metadata
------------------
:func:`write_parquet` stores each metadata entry ``key -> value`` under the Parquet key
``"fsstab:" + key`` with the value encoded as canonical JSON (sorted keys, no whitespace).
:func:`read_parquet` decodes those entries back and ignores foreign keys (``ARROW:schema``...).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import re
import secrets
import socket
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

__all__ = [
    "METADATA_PREFIX",
    "PARQUET_OPTIONS",
    "atomic_path",
    "canonical_json",
    "file_digests",
    "parquet_column_names",
    "parquet_row_count",
    "read_json",
    "read_parquet",
    "read_parquet_metadata",
    "remove_stale_temporaries",
    "write_json",
    "write_parquet",
    "write_text",
]

#: Prefix of the Parquet key/value metadata keys written by fsstab.
METADATA_PREFIX = "fsstab:"

#: Fixed writer options (together with the per-column encodings chosen by
#: :func:`_column_encodings`) that make Parquet output byte-for-byte reproducible.
PARQUET_OPTIONS: dict[str, Any] = {
    "compression": "zstd",
    "compression_level": 3,
    "version": "2.6",
    "data_page_version": "1.0",
    "write_statistics": True,
    "store_schema": True,
}

#: Rows per row group: large enough that the tables fsstab writes fit in one group, fixed so that
#: the layout (and hence the bytes) never depends on pyarrow's defaults.
ROW_GROUP_SIZE = 1 << 20


# --------------------------------------------------------------------------------------------
# Atomic replacement
# --------------------------------------------------------------------------------------------


def _fsync_directory(directory: Path) -> None:
    """Persist a rename on POSIX file systems (a no-op where directories cannot be opened)."""
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path next to ``path``; move it onto ``path`` when the block succeeds.

    The temporary file is created (empty, with permissions ``0o666`` minus the umask, as a
    normal file would get) in the destination directory, so the final :func:`os.replace` is an
    atomic rename on the same file system. If the ``with`` block raises, the temporary file is
    removed and ``path`` is left exactly as it was (absent, or the previous finished file).

    Example
    -------
    >>> with atomic_path("table.csv") as tmp:          # doctest: +SKIP
    ...     tmp.write_text("a,b\\n1,2\\n")
    """
    final = Path(path)
    directory = final.parent
    directory.mkdir(parents=True, exist_ok=True)
    # host and process in the name: a process killed mid-write leaves its temporary file
    # behind, and remove_stale_temporaries can tell it from one still being written
    tmp = directory / f".{final.name}.{_owner()}.{secrets.token_hex(6)}.tmp"
    fd = os.open(tmp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666)
    os.close(fd)
    try:
        yield tmp
        # flush the data before the rename so a crash cannot expose an empty final file
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, final)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        raise
    _fsync_directory(directory)


def _owner() -> str:
    host = re.sub(r"[^A-Za-z0-9_-]", "_", socket.gethostname()) or "host"
    return f"{host}-{os.getpid()}"


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, owned by someone else
        return True
    return True


#: A temporary file not modified for this long is stale whatever wrote it (another machine).
STALE_TEMPORARY_SECONDS = 24 * 3600


def remove_stale_temporaries(path: str | os.PathLike[str]) -> list[Path]:
    """Remove the temporary files :func:`atomic_path` left next to ``path`` when the process
    writing them was killed (SIGKILL, power loss); return the removed paths.

    A temporary file is stale when the process named in it (on this host) no longer runs, or
    when it has not been modified for :data:`STALE_TEMPORARY_SECONDS`. Files another live
    process is writing are kept.
    """
    final = Path(path)
    if not final.parent.is_dir():
        return []
    prefix = f".{final.name}."
    host = _owner().rsplit("-", 1)[0]
    removed = []
    now = time.time()
    for candidate in final.parent.iterdir():
        name = candidate.name
        if not (name.startswith(prefix) and name.endswith(".tmp")):
            continue
        owner = name[len(prefix):-len(".tmp")].rsplit(".", 1)[0]
        owner_host, _, pid = owner.rpartition("-")
        try:
            age = now - candidate.stat().st_mtime
        except FileNotFoundError:
            continue
        dead = owner_host == host and pid.isdigit() and not _process_alive(int(pid))
        if dead or age > STALE_TEMPORARY_SECONDS:
            with contextlib.suppress(FileNotFoundError):
                candidate.unlink()
                removed.append(candidate)
    return removed


def file_digests(path: str | os.PathLike[str], *algorithms: str) -> dict[str, str]:
    """Hex digests of a file for each hashlib algorithm (default ``"sha256"``), in one pass."""
    hashes = {name: hashlib.new(name) for name in (algorithms or ("sha256",))}
    with Path(path).open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            for digest in hashes.values():
                digest.update(block)
    return {name: digest.hexdigest() for name, digest in hashes.items()}


def write_bytes(path: str | os.PathLike[str], content: bytes) -> Path:
    """Atomically write ``content`` to ``path``."""
    with atomic_path(path) as tmp:
        tmp.write_bytes(content)
    return Path(path)


def write_text(path: str | os.PathLike[str], text: str) -> Path:
    """Atomically write ``text`` (UTF-8) to ``path``."""
    with atomic_path(path) as tmp:
        tmp.write_text(text, encoding="utf-8")
    return Path(path)


# --------------------------------------------------------------------------------------------
# JSON
# --------------------------------------------------------------------------------------------


def _to_jsonable(value: Any) -> Any:
    """Convert NumPy scalars/arrays, paths, tuples and sets to plain JSON types."""
    if isinstance(value, Mapping):
        out = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise ValueError(f"JSON object keys must be strings; got the key {key!r}")
            out[key] = _to_jsonable(item)
        return out
    if isinstance(value, list | tuple):
        return [_to_jsonable(item) for item in value]
    if isinstance(value, set | frozenset):
        return sorted(_to_jsonable(item) for item in value)
    if isinstance(value, np.ndarray):
        return _to_jsonable(value.tolist())
    if isinstance(value, np.generic):
        return _to_jsonable(value.item())
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"JSON cannot represent the non-finite number {value!r}")
    if value is None or isinstance(value, str | bool | int | float):
        return value
    raise ValueError(f"cannot encode a value of type {type(value).__name__} as JSON: {value!r}")


def canonical_json(value: Any, *, indent: int | None = None) -> str:
    """Encode ``value`` as JSON with sorted keys: equal values give identical strings.

    NumPy scalars and arrays, tuples, sets and paths are converted; NaN/inf are rejected
    (``ValueError``) because JSON has no representation for them.
    """
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(
        _to_jsonable(value),
        sort_keys=True,
        indent=indent,
        separators=separators,
        ensure_ascii=False,
        allow_nan=False,
    )


def write_json(path: str | os.PathLike[str], value: Any) -> Path:
    """Atomically write ``value`` as indented canonical JSON (sorted keys, trailing newline)."""
    return write_text(path, canonical_json(value, indent=2) + "\n")


def read_json(path: str | os.PathLike[str]) -> Any:
    """Read a JSON file, naming the file in the error if it is not valid JSON."""
    path = Path(path)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}: not valid JSON ({exc})") from exc


# --------------------------------------------------------------------------------------------
# Parquet
# --------------------------------------------------------------------------------------------


def _leaf_paths(field: pa.Field, prefix: str = "") -> Iterator[tuple[str, pa.DataType]]:
    """Yield ``(column path, leaf type)`` for a field, descending into lists and structs."""
    name = prefix + field.name
    typ = field.type
    if pa.types.is_list(typ) or pa.types.is_large_list(typ) or pa.types.is_fixed_size_list(typ):
        yield from _leaf_paths(pa.field("element", typ.value_type), name + ".list.")
    elif pa.types.is_struct(typ):
        for child in typ:
            yield from _leaf_paths(child, name + ".")
    else:
        yield name, typ


def _column_encodings(schema: pa.Schema) -> dict[str, list[str]]:
    """Dictionary-encode strings only; byte-stream-split floats (it helps zstd on real data)."""
    dictionary, split = [], []
    for field in schema:
        for path, typ in _leaf_paths(field):
            if (
                pa.types.is_string(typ)
                or pa.types.is_large_string(typ)
                or pa.types.is_dictionary(typ)
            ):
                dictionary.append(path)
            elif pa.types.is_floating(typ):
                split.append(path)
    return {"use_dictionary": dictionary, "use_byte_stream_split": split}


def _encode_metadata(metadata: Mapping[str, Any] | None) -> dict[bytes, bytes]:
    encoded: dict[bytes, bytes] = {}
    for key, value in (metadata or {}).items():
        if not isinstance(key, str) or not key:
            raise ValueError(f"Parquet metadata keys must be non-empty strings; got {key!r}")
        try:
            text = canonical_json(value)
        except ValueError as exc:
            raise ValueError(f"Parquet metadata key {key!r}: {exc}") from exc
        encoded[(METADATA_PREFIX + key).encode()] = text.encode()
    return encoded


def _decode_metadata(raw: Mapping[bytes, bytes] | None, path: Path) -> dict[str, Any]:
    decoded: dict[str, Any] = {}
    for key_bytes, value_bytes in (raw or {}).items():
        key = key_bytes.decode()
        if not key.startswith(METADATA_PREFIX):
            continue
        try:
            decoded[key[len(METADATA_PREFIX) :]] = json.loads(value_bytes.decode())
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}: metadata key {key!r} is not valid JSON ({exc})") from exc
    return decoded


def write_parquet(
    table: pa.Table | Mapping[str, Any],
    path: str | os.PathLike[str],
    *,
    metadata: Mapping[str, Any] | None = None,
) -> Path:
    """Atomically write a table to ``path`` as deterministic Parquet.

    Parameters
    ----------
    table
        A :class:`pyarrow.Table`, or a mapping ``column name -> array`` (column order is the
        mapping's order). Existing schema metadata of a ``pa.Table`` is replaced.
    metadata
        Key/value metadata, each value any JSON-encodable object (see the module docstring).

    The same table and metadata always produce byte-identical files (fixed codec zstd level 3,
    one row group up to 2^20 rows, dictionary encoding for strings only, byte-stream-split for
    floating-point columns, no timestamps).
    """
    if not isinstance(table, pa.Table):
        table = pa.table(dict(table))
    table = table.replace_schema_metadata(_encode_metadata(metadata) or None)
    options = {**PARQUET_OPTIONS, **_column_encodings(table.schema)}
    with atomic_path(path) as tmp:
        pq.write_table(table, tmp, row_group_size=ROW_GROUP_SIZE, **options)
    return Path(path)


def _read_schema(path: Path) -> pa.Schema:
    if not path.is_file():
        raise ValueError(f"{path}: no such file")
    try:
        return pq.read_schema(path)
    except pa.ArrowInvalid as exc:
        raise ValueError(f"{path}: not a readable Parquet file ({exc})") from exc


def parquet_column_names(path: str | os.PathLike[str]) -> list[str]:
    """The column names of a Parquet file, without reading its data."""
    return list(_read_schema(Path(path)).names)


def parquet_row_count(path: str | os.PathLike[str]) -> int:
    """The number of rows of a Parquet file, from its footer (no data is read)."""
    path = Path(path)
    _read_schema(path)  # a clear error for a missing or unreadable file
    return int(pq.ParquetFile(path).metadata.num_rows)


def read_parquet_metadata(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The decoded fsstab key/value metadata of a Parquet file, without reading its data."""
    path = Path(path)
    return _decode_metadata(_read_schema(path).metadata, path)


def read_parquet(
    path: str | os.PathLike[str], *, columns: list[str] | None = None
) -> tuple[pa.Table, dict[str, Any]]:
    """Read a Parquet file; return the table (without schema metadata) and decoded metadata.

    ``columns`` restricts the columns read; an unknown column name raises ``ValueError``
    naming the file and the available columns.
    """
    path = Path(path)
    schema = _read_schema(path)
    if columns is not None:
        missing = [c for c in columns if c not in schema.names]
        if missing:
            raise ValueError(f"{path}: no column(s) {missing}; the file has {schema.names}")
    table = pq.read_table(path, columns=columns)
    return table.replace_schema_metadata(None), _decode_metadata(schema.metadata, path)
