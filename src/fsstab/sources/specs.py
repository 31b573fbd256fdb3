"""Source specs: the kinds, their options and pinned checksums, and :func:`parse_source`,
which validates a spec before anything is fetched (see :mod:`fsstab.sources`): the options of a
table file are those its row of the format table lists (:mod:`fsstab.sources.formats`)."""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fsstab.sources.formats import FORMAT_OPTIONS, FORMATS, format_of, format_problems
from fsstab.sources.sample_sheets import check_study_options
from fsstab.synthetic import GENERATORS

__all__ = [
    "DATAMICROARRAY_SHA256",
    "DATAMICROARRAY_URL",
    "DATASET_NAME",
    "OPENML_DESCRIPTION_URL",
    "RPACKAGE_DATA",
    "RPACKAGE_URL",
    "SKLEARN_DATASETS",
    "SKLEARN_OUTCOMES",
    "SOURCE_KINDS",
    "TABLE_FORMATS",
    "RPackageData",
    "SourceSpec",
    "parse_source",
    "rpackage_file",
]

DATAMICROARRAY_URL = "https://github.com/ramhiser/datamicroarray/raw/master/data/{name}.RData"
OPENML_DESCRIPTION_URL = "https://www.openml.org/api/v1/json/data/{id}"

#: SHA-256 of the upstream RData files (identical to ``shared/datasets/datamicroarray``).
DATAMICROARRAY_SHA256: dict[str, str] = {
    "alon": "76ea2ffa6226e29237bbe3f41a68ec42ca9ec3bbdbf3f19613cd254fd5fcc1c7",
    "borovecki": "717835c9be3fb16b4b2bb0f6e82816fde6c3ad15111bda591651d8e6163c9fff",
    "christensen": "9cdb95961f9529014db156af5cba41c8da0d25e93318ceca69ae696caaacb532",
    "gravier": "6e84756200a8cc3032d18c7d60a60cf79b4236d5e19ac51413d15faf434d68ee",
    "singh": "5197cdae41c6e25b9a59cfda23fd9434c25b7406ed1942c5ca074e140e5c2cff",
}

#: A data file of a CRAN package at a release tag, on GitHub's read-only mirror of CRAN.
RPACKAGE_URL = "https://github.com/cran/{package}/raw/{version}/data/{file}"


@dataclass(frozen=True)
class RPackageData:
    """A pinned data file of an R package: release, SHA-256 of the file, label column."""

    version: str
    sha256: str
    target: str


#: Pinned ``rpackage:`` files, keyed ``<package>/<file>``: mlbench 2.1-8 (identical to
#: ``shared/datasets/mlbench``), the UCI data sets the papers use as sonar, ionosphere and
#: landsat (Statlog satellite image).
RPACKAGE_DATA: dict[str, RPackageData] = {
    "mlbench/Ionosphere.rda": RPackageData(
        "2.1-8", "e46479de509a8f5607fb7b2f9737626ecda53c1c52b44187b9fb6b56c7353ab6", "Class"
    ),
    "mlbench/Satellite.rda": RPackageData(
        "2.1-8", "7aef7a5a9409c8c5f0ca92547ff99867b1651607fbdef7f513292cbf6d7bead8", "classes"
    ),
    "mlbench/Sonar.rda": RPackageData(
        "2.1-8", "7383463bf798fe7cb99417db1ae54d0d82183c5a1f342a149a5e2699bf265940", "Class"
    ),
}

SKLEARN_DATASETS: tuple[str, ...] = ("breast_cancer", "wine", "iris", "digits", "diabetes")
#: scikit-learn's bundled data sets whose outcome is not a class, with their task
#: (:mod:`fsstab.sources.outcomes`).
SKLEARN_OUTCOMES: Mapping[str, str] = {"diabetes": "regression"}
#: Options of the sklearn sources that describe class labels.
_LABEL_OPTIONS = frozenset({"classes", "positive", "multiclass"})

_COMMON_OPTIONS = frozenset({"name", "classes", "positive", "multiclass"})
_TABLE_OPTIONS = FORMAT_OPTIONS | {"format", "member"}
_OPTIONS: dict[str, frozenset[str]] = {
    "sklearn": _COMMON_OPTIONS,
    "synthetic": frozenset({"name"}),  # plus the generator's parameters
    "datamicroarray": _COMMON_OPTIONS | {"sha256", "allow_unpinned"},
    "rpackage": _COMMON_OPTIONS | {"version", "sha256", "allow_unpinned", "target", "drop"},
    "openml": _COMMON_OPTIONS | {"target", "sha256", "allow_unpinned"},
    "url": _COMMON_OPTIONS | _TABLE_OPTIONS | {"sha256", "allow_unpinned"},
    "file": _COMMON_OPTIONS | _TABLE_OPTIONS | {"sha256"},
}
SOURCE_KINDS: tuple[str, ...] = tuple(_OPTIONS)

#: The ``format:`` values of table files (the rows of the format table).
TABLE_FORMATS: tuple[str, ...] = tuple(FORMATS)

_HEX64 = re.compile(r"^[0-9a-f]{64}$")
#: What a dataset name (``name:``) may consist of.
DATASET_NAME = re.compile(r"^[A-Za-z0-9_.\-]+$")


@dataclass(frozen=True)
class SourceSpec:
    """A parsed source spec: ``kind``, ``location`` and validated ``options``."""

    kind: str
    location: str
    options: Mapping[str, Any]

    @property
    def source(self) -> str:
        return f"{self.kind}:{self.location}"

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, **self.options}


def parse_source(spec: str | Mapping[str, Any]) -> SourceSpec:
    """Parse and validate a source spec (see the module docstring).

    A source without a kind that names a file (a folder or a suffix in it: ``data/expr.csv``)
    is a ``file:`` source, and the sample sheet may be written ``file:sheet.tsv`` as well:
    wherever a path is expected, ``file:`` is optional.

    Raises ``ValueError`` naming the spec for an unknown kind or option, an empty location,
    a malformed OpenML id, SHA-256 or dataset name.
    """
    if isinstance(spec, str):
        source, options = spec, {}
    elif isinstance(spec, Mapping):
        if "source" not in spec:
            raise ValueError(f"source spec {dict(spec)!r} has no 'source' key")
        source = spec["source"]
        options = {k: v for k, v in spec.items() if k != "source"}
    else:
        raise ValueError(f"a source spec is a string or a mapping, got {type(spec).__name__}")
    if isinstance(source, str) and ":" not in source and (
            "/" in source or Path(source.strip()).suffix):
        source = f"file:{source.strip()}"  # a path: ``file:`` may be left out
    if not isinstance(source, str) or ":" not in source:
        raise ValueError(
            f"source {source!r} must look like '<kind>:<location>' with kind one of "
            f"{list(SOURCE_KINDS)}"
        )
    kind, location = source.split(":", 1)
    kind, location = kind.strip(), location.strip()
    if kind not in _OPTIONS:
        raise ValueError(f"unknown source kind {kind!r} in {source!r}; known: {list(SOURCE_KINDS)}")
    if not location:
        raise ValueError(f"source {source!r} has an empty location")
    if kind != "synthetic":
        unknown = sorted(set(options) - _OPTIONS[kind])
        if unknown:
            raise ValueError(
                f"source {source!r}: unknown option(s) {unknown}; allowed: {sorted(_OPTIONS[kind])}"
            )
    _check_location(kind, location, source)
    if kind == "sklearn" and location in SKLEARN_OUTCOMES:
        misplaced = sorted(_LABEL_OPTIONS & set(options))
        if misplaced:
            raise ValueError(f"source {source!r}: {misplaced} apply to class labels; "
                             f"{location} is a {SKLEARN_OUTCOMES[location]} data set")
    if kind == "datamicroarray":
        _check_datamicroarray_pin(location, options, source)
    sha = options.get("sha256")
    if sha is not None and (not isinstance(sha, str) or not _HEX64.match(sha.lower())):
        raise ValueError(f"source {source!r}: sha256 must be 64 hexadecimal digits, got {sha!r}")
    if sha is not None:
        options["sha256"] = sha.lower()
    name = options.get("name")
    if name is not None and (not isinstance(name, str) or not DATASET_NAME.match(name)):
        raise ValueError(
            f"source {source!r}: name must consist of letters, digits, '_', '.', '-'; got {name!r}"
        )
    for flag in ("allow_unpinned", "multiclass"):
        if flag in options and not isinstance(options[flag], bool):
            raise ValueError(f"source {source!r}: {flag} must be true or false")
    _check_layout_options(options, source)
    if kind in ("file", "url"):
        sheet = options.get("samples")
        if isinstance(sheet, str) and sheet.strip().startswith("file:"):
            options["samples"] = sheet.strip()[len("file:"):]  # a path, as in source: file:
        problems = format_problems(format_of(location, options, source), location, options)
        if problems:
            raise ValueError(f"source {source!r}: {'; '.join(problems)}")
        check_study_options(options, source)
    if kind == "rpackage":
        _check_rpackage_options(options, source)
    return SourceSpec(kind, location, options)


def _check_layout_options(options: Mapping[str, Any], source: str) -> None:
    """``member`` (a file inside a zip archive), ``transpose`` and ``where`` of table sources."""
    member = options.get("member")
    if member is not None and (
        not isinstance(member, str) or not member or ".." in Path(member).parts
        or member.startswith("/")
    ):
        raise ValueError(
            f"source {source!r}: member must be a relative path inside the zip archive, got "
            f"{member!r}"
        )
    if "transpose" in options and not isinstance(options["transpose"], bool):
        raise ValueError(f"source {source!r}: transpose must be true or false")
    if "row_names" in options and not isinstance(options["row_names"], bool):
        raise ValueError(f"source {source!r}: row_names must be true or false")
    if options.get("row_names") and not options.get("transpose"):
        raise ValueError(
            f"source {source!r}: row_names applies with transpose: true (a file with one "
            "sample per column whose first column names the rows)"
        )
    where = options.get("where")
    if where is not None and (
        not isinstance(where, Mapping) or not where
        or not all(isinstance(v, str | int | float) and not isinstance(v, bool)
                   for v in where.values())
    ):
        raise ValueError(
            f"source {source!r}: where must map column names to the values samples must have "
            f"(e.g. {{light: 1}}), got {where!r}"
        )


def _check_datamicroarray_pin(name: str, options: Mapping[str, Any], source: str) -> None:
    """A datamicroarray name outside the pinned table needs ``sha256`` or ``allow_unpinned``:
    checked when the spec is parsed (the workflow's configuration check), not after a
    download, so that a misspelt name (``alonn``) is reported before anything runs."""
    if name in DATAMICROARRAY_SHA256 or "sha256" in options or options.get("allow_unpinned"):
        return
    import difflib

    close = difflib.get_close_matches(name, DATAMICROARRAY_SHA256, n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    raise ValueError(
        f"{source!r}: no pinned sha256 for datamicroarray data set {name!r}; {hint}pinned "
        f"names: {', '.join(sorted(DATAMICROARRAY_SHA256))}. For another data set of the "
        "package add 'sha256: <64 hex digits>' to the source spec, or 'allow_unpinned: true' "
        "to accept the file and record its hash"
    )


def _check_location(kind: str, location: str, source: str) -> None:
    if kind == "sklearn" and location not in SKLEARN_DATASETS:
        raise ValueError(
            f"unknown scikit-learn dataset in {source!r}; known: {list(SKLEARN_DATASETS)}"
        )
    if kind == "synthetic" and location not in GENERATORS:
        raise ValueError(f"unknown synthetic generator in {source!r}; known: {list(GENERATORS)}")
    if kind == "openml" and not (location.isdigit() and int(location) > 0):
        raise ValueError(f"{source!r}: an OpenML id is a positive integer")
    if kind == "datamicroarray" and not DATASET_NAME.match(location):
        raise ValueError(f"{source!r}: not a datamicroarray data set name")
    if kind == "url" and urllib.parse.urlsplit(location).scheme not in ("http", "https"):
        raise ValueError(f"{source!r}: url sources need an http:// or https:// URL")
    if kind == "rpackage":
        rpackage_file(location, source)


# --------------------------------------------------------------------------------------------
# R package data (rpackage:)
# --------------------------------------------------------------------------------------------

_R_PACKAGE = re.compile(r"^[A-Za-z][A-Za-z0-9.]*[A-Za-z0-9]$")
_R_DATA_SUFFIXES = (".rda", ".rdata")
_RELEASE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._\-]*$")


def rpackage_file(location: str, source: str | None = None) -> tuple[str, str]:
    """``(package, file)`` of an ``rpackage:`` location ``<package>/<name>``.

    ``name`` is a file of the package's ``data/`` folder; without a ``.rda`` / ``.RData``
    suffix, ``.rda`` is appended: ``"mlbench/Sonar"`` -> ``("mlbench", "Sonar.rda")``.
    Raises ``ValueError`` naming the spec for anything else.
    """
    shown = source or f"rpackage:{location}"
    package, _, name = location.partition("/")
    if not _R_PACKAGE.match(package) or not DATASET_NAME.match(name) or name.startswith("."):
        raise ValueError(
            f"{shown!r}: an rpackage location is <package>/<data file>, e.g. "
            "'rpackage:mlbench/Sonar' (the file data/Sonar.rda of the CRAN package mlbench)"
        )
    if Path(name).suffix.lower() not in _R_DATA_SUFFIXES:
        if Path(name).suffix.lower() in (".r", ".csv", ".tab", ".txt", ".rdb"):
            raise ValueError(
                f"{shown!r}: only R data files (.rda, .RData) can be read, not {name!r}"
            )
        name = f"{name}.rda"
    return package, name


def _check_rpackage_options(options: Mapping[str, Any], source: str) -> None:
    version = options.get("version")
    if version is not None and (not isinstance(version, str) or not _RELEASE.match(version)):
        raise ValueError(
            f"{source!r}: version must be a release of the package as a string (e.g. "
            f"'2.1-8'), got {version!r}"
        )
    target = options.get("target")
    if target is not None and (not isinstance(target, str) or not target):
        raise ValueError(f"{source!r}: target must be a column name, got {target!r}")
    drop = options.get("drop")
    if drop is not None and not (
        isinstance(drop, str) or (
            isinstance(drop, list) and all(isinstance(c, str) and c for c in drop))
    ):
        raise ValueError(f"{source!r}: drop must be a column name or a list of them, got {drop!r}")
