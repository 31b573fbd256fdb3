"""A reader for ARFF files (Weka's format; OpenML's dataset downloads), dense and sparse.

Supports NUMERIC/REAL/INTEGER, nominal ``{a, b, ...}``, STRING and DATE attributes (dates are
kept as strings), ``?`` for missing values, single- or double-quoted names and values, ``%``
comments, and sparse rows ``{index value, ...}`` in which omitted values are 0 (the first
declared value for nominal attributes). RELATIONAL attributes are rejected.

Dense data go through pandas' C parser, so wide files (10,000+ attributes) read quickly;
:func:`scipy.io.arff.loadarff` handles neither sparse rows nor string attributes.
"""

from __future__ import annotations

import io
import os
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from fsstab.sources.text_files import open_binary

__all__ = ["ArffAttribute", "read_arff"]

_ATTRIBUTE = re.compile(
    r"""^@attribute\s+('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|[^\s{]+)\s*(.*)$""",
    re.IGNORECASE,
)
_NUMERIC_TYPES = {"numeric", "real", "integer"}


@dataclass(frozen=True)
class ArffAttribute:
    name: str
    kind: str  # "numeric", "nominal", "string" or "date"
    values: tuple[str, ...] = ()  # declared values of a nominal attribute


def _unquote(token: str) -> str:
    token = token.strip()
    if len(token) >= 2 and token[0] == token[-1] and token[0] in "'\"":
        inner = token[1:-1]
        return re.sub(r"\\(.)", r"\1", inner)
    return token


def _split_values(text: str) -> list[str]:
    """Split a comma-separated ARFF value list, honouring '...' and "..." quoting."""
    values, current, quote, escaped = [], [], "", False
    for ch in text:
        if escaped:
            current.append(ch)
            escaped = False
        elif ch == "\\" and quote:
            current.append(ch)
            escaped = True
        elif quote:
            current.append(ch)
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            current.append(ch)
            quote = ch
        elif ch == ",":
            values.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    values.append("".join(current).strip())
    return values


def _parse_attribute(line: str, path: Path, lineno: int) -> ArffAttribute:
    match = _ATTRIBUTE.match(line)
    if match is None:
        raise ValueError(f"{path}:{lineno}: malformed @attribute line: {line!r}")
    name, spec = _unquote(match.group(1)), match.group(2).strip()
    lowered = spec.lower()
    if spec.startswith("{"):
        if not spec.endswith("}"):
            raise ValueError(f"{path}:{lineno}: unterminated nominal specification {spec!r}")
        values = tuple(_unquote(v) for v in _split_values(spec[1:-1]) if v != "")
        return ArffAttribute(name, "nominal", values)
    if lowered in _NUMERIC_TYPES:
        return ArffAttribute(name, "numeric")
    if lowered == "string":
        return ArffAttribute(name, "string")
    if lowered.startswith("date"):
        return ArffAttribute(name, "date")
    raise ValueError(f"{path}:{lineno}: unsupported attribute type {spec!r} of {name!r}")


def _read_text(path: Path) -> str:
    """The file as text (decompressed by its suffix): UTF-8 (a byte-order mark skipped), else
    Latin-1."""
    with open_binary(path) as stream:
        raw = stream.read()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _split_header(text: str, path: Path) -> tuple[str, list[ArffAttribute], str]:
    relation, attributes = "", []
    lines = text.splitlines()
    for lineno, line in enumerate(lines, start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("%"):
            continue
        keyword = stripped.split(None, 1)[0].lower()
        if keyword == "@relation":
            relation = _unquote(stripped.split(None, 1)[1]) if " " in stripped else ""
        elif keyword == "@attribute":
            attributes.append(_parse_attribute(stripped, path, lineno))
        elif keyword == "@data":
            if not attributes:
                raise ValueError(f"{path}: no @attribute declarations before @data")
            return relation, attributes, "\n".join(lines[lineno:])
        else:
            raise ValueError(f"{path}:{lineno}: unexpected header line {stripped!r}")
    raise ValueError(f"{path}: no @data section (is this an ARFF file?)")


def _is_sparse(data: str) -> bool:
    for line in data.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("%"):
            return stripped.startswith("{")
    return False


def _strip_quotes(column: pd.Series) -> pd.Series:
    values = [_unquote(v) if isinstance(v, str) else None for v in column]
    return pd.Series(values, dtype=object, index=column.index)


def _dense_frame(data: str, attributes: list[ArffAttribute], path: Path) -> pd.DataFrame:
    names = [f"c{i}" for i in range(len(attributes))]  # positional: ARFF names may repeat
    has_single, has_double = "'" in data, '"' in data
    if has_single and has_double:
        return _python_frame(data, attributes, path)
    dtypes = {
        n: (np.float64 if a.kind == "numeric" else object)
        for n, a in zip(names, attributes, strict=True)
    }
    try:
        frame = pd.read_csv(
            io.StringIO(data),
            header=None,
            names=names,
            sep=",",
            quotechar='"' if has_double else "'",
            escapechar="\\",
            skipinitialspace=True,
            na_values=["?"],
            keep_default_na=False,
            comment="%",
            dtype=dtypes,
            skip_blank_lines=True,
        )
    except (ValueError, pd.errors.ParserError) as exc:
        raise ValueError(f"{path}: cannot parse the @data section ({exc})") from exc
    for name, attribute in zip(names, attributes, strict=True):
        if attribute.kind != "numeric":
            frame[name] = _strip_quotes(frame[name])
    return frame


def _python_frame(data: str, attributes: list[ArffAttribute], path: Path) -> pd.DataFrame:
    """Slow but general dense parser (files mixing both quote characters)."""
    rows = []
    for lineno, line in enumerate(data.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("%"):
            continue
        values = _split_values(stripped)
        if len(values) != len(attributes):
            raise ValueError(
                f"{path}: data row {lineno} has {len(values)} values for {len(attributes)} "
                "attributes"
            )
        rows.append([None if v == "?" else _unquote(v) for v in values])
    columns = {}
    for i, attribute in enumerate(attributes):
        column = [row[i] for row in rows]
        if attribute.kind == "numeric":
            columns[f"c{i}"] = _to_float(column, attribute, path)
        else:
            columns[f"c{i}"] = pd.Series(column, dtype=object)
    return pd.DataFrame(columns)


def _to_float(column: list[str | None], attribute: ArffAttribute, path: Path) -> np.ndarray:
    try:
        return np.array([np.nan if v is None else float(v) for v in column], dtype=np.float64)
    except ValueError as exc:
        raise ValueError(f"{path}: numeric attribute {attribute.name!r}: {exc}") from exc


def _sparse_frame(data: str, attributes: list[ArffAttribute], path: Path) -> pd.DataFrame:
    lines = [ln.strip() for ln in data.splitlines()]
    lines = [ln for ln in lines if ln and not ln.startswith("%")]
    n, d = len(lines), len(attributes)
    numeric = np.array([a.kind == "numeric" for a in attributes])
    dense = np.zeros((n, d), dtype=np.float64)
    other: dict[int, list[str | None]] = {
        j: [a.values[0] if a.kind == "nominal" and a.values else ""] * n
        for j, a in enumerate(attributes)
        if not numeric[j]
    }
    for i, line in enumerate(lines):
        if not (line.startswith("{") and line.endswith("}")):
            raise ValueError(f"{path}: sparse data row {i + 1} is not of the form {{i v, ...}}")
        body = line[1:-1].strip()
        if not body:
            continue
        for entry in _split_values(body):
            parts = entry.split(None, 1)
            if len(parts) != 2 or not parts[0].isdigit() or int(parts[0]) >= d:
                raise ValueError(f"{path}: sparse data row {i + 1}: bad entry {entry!r}")
            j, value = int(parts[0]), parts[1].strip()
            if numeric[j]:
                dense[i, j] = np.nan if value == "?" else float(value)
            else:
                other[j][i] = None if value == "?" else _unquote(value)
    columns = {
        f"c{j}": (dense[:, j] if numeric[j] else pd.Series(other[j], dtype=object))
        for j in range(d)
    }
    return pd.DataFrame(columns)


def read_arff(path: str | os.PathLike[str]) -> tuple[pd.DataFrame, list[ArffAttribute], str]:
    """Read an ARFF file.

    Returns
    -------
    frame, attributes, relation
        A DataFrame with one column per attribute, named by the attribute (numeric columns
        float64 with NaN for ``?``; nominal, string and date columns as Python strings with
        None for ``?``), the attribute declarations and the relation name.

    Raises ``ValueError`` naming the file (and line) for malformed content, values not
    declared for a nominal attribute, or duplicate attribute names.
    """
    path = Path(path)
    relation, attributes, data = _split_header(_read_text(path), path)
    names = [a.name for a in attributes]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise ValueError(f"{path}: duplicate attribute names {duplicates}")
    if _is_sparse(data):
        frame = _sparse_frame(data, attributes, path)
    else:
        frame = _dense_frame(data, attributes, path)
    if frame.shape[1] != len(attributes):
        raise ValueError(f"{path}: {frame.shape[1]} data columns for {len(attributes)} attributes")
    for column, attribute in zip(frame.columns, attributes, strict=True):
        if attribute.kind == "nominal" and attribute.values:
            present = frame[column].dropna()
            unknown = sorted(set(present) - set(attribute.values))
            if unknown:
                raise ValueError(
                    f"{path}: nominal attribute {attribute.name!r} has undeclared value(s) "
                    f"{unknown[:5]}"
                )
    frame.columns = names
    return frame, attributes, relation
