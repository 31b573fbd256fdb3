"""Fetch a dataset from a source spec: bundled, simulated, downloaded (verified) or local.

A *source spec* is a string ``"<kind>:<location>"`` or a mapping with the key ``source`` (that
string) plus options:

==================  =========================================  ===============================
kind                location                                   options (besides the common)
==================  =========================================  ===============================
``sklearn``         ``breast_cancer``, ``wine``, ``iris``,     --
                    ``digits``, ``diabetes`` (regression;
                    :mod:`fsstab.outcome_sources`)
``synthetic``       a generator of :mod:`fsstab.synthetic`     the generator's parameters
``datamicroarray``  a data set of the R package                ``sha256``, ``allow_unpinned``
``rpackage``        ``<package>/<data file>`` of a CRAN        ``version``, ``sha256``,
                    package (``data/<file>.rda``)              ``allow_unpinned``, ``target``,
                                                               ``drop``
``openml``          an OpenML dataset id                       ``target``, ``sha256``,
                                                               ``allow_unpinned``
``url``             an http(s):// URL of a CSV/TSV/Parquet/    ``sha256``, ``allow_unpinned``,
                    ARFF/RData/MATLAB file (or a zip holding   ``format``, ``target``,
                    one)                                       ``id_column``, ``drop``,
                                                               ``member``, ``transpose``,
                                                               ``row_names``, ``where``
``file``            a local path (relative to the working      ``sha256``, ``format``,
                    directory)                                 ``target``, ``id_column``,
                                                               ``drop``, ``member``,
                                                               ``transpose``, ``row_names``,
                                                               ``where``
==================  =========================================  ===============================

Study options of ``url`` and ``file`` (a sample sheet, the target and groups columns, the
task, R/Excel layouts, AnnData ``.h5ad``): ``samples``, ``sample_id``, ``groups``, ``task``,
``sep``, ``decimal``, ``layer`` -- see :mod:`fsstab.sample_sheets`.

Table layouts: ``member`` is the file to read inside a zip archive, ``transpose: true`` reads
a CSV/TSV storing one sample per column (file row r becomes column ``"r"``; with
``row_names: true`` the file's first column names the rows, e.g. gene ids), ``where`` keeps
the samples with the given column values (see :func:`read_table`).

Common options: ``name`` (dataset name), ``classes`` (two labels to keep, or a mapping merging
labels into two classes), ``positive`` (the label of ``y = 1``; default the minority class,
see :func:`fsstab.datasets.binarize_labels`) and ``multiclass`` (``true`` keeps every class --
or the two or more that ``classes`` lists or merges into -- as codes 0 .. K-1, see
:func:`fsstab.datasets.encode_labels`). Unknown kinds and options raise ``ValueError`` listing
the known ones.

R package data (``rpackage``): ``rpackage:mlbench/Sonar`` is the file ``data/Sonar.rda`` of
the CRAN package mlbench, downloaded from GitHub's read-only CRAN mirror at a release tag
(:data:`RPACKAGE_URL`) and verified against :data:`RPACKAGE_DATA` (pinned version, SHA-256 and
label column), or against ``version:`` and ``sha256:`` in the spec. The file holds an R
data.frame (one label column, the rest features; factors become numbers, see
:func:`r_frame_features`) or a list with ``x`` and ``y`` (the datamicroarray layout).

Downloads
---------
Every download (datamicroarray, rpackage, openml, url) goes through :class:`Downloader`: the file is
streamed to a temporary name in the cache directory, its checksum verified, and only then
renamed to its final name, so a failed or mismatching download leaves no file behind; the error
names the URL and the expected and actual checksums. Checksums: the pinned SHA-256 table
:data:`DATAMICROARRAY_SHA256` (or ``sha256:`` in the spec) for datamicroarray, the MD5 that
OpenML's dataset description publishes (plus an optional ``sha256:``) for openml, ``sha256:``
for url. A datamicroarray or url source without a known checksum is refused unless the spec says
``allow_unpinned: true``; the computed SHA-256 is then recorded in the provenance and a warning
is issued so it can be pinned.

Cache and mirror
----------------
Downloads are cached under ``cache_dir`` (argument, else ``$FSSTAB_CACHE``, else
``$XDG_CACHE_HOME/fsstab`` or ``~/.cache/fsstab``) at their *mirror path*; a cached file is
re-verified and reused, so reruns work offline. A *mirror* (argument ``mirror``, else the
environment variable ``FSSTAB_MIRROR``; a local directory, a ``file://`` URL or an
``http(s)://`` base URL; ``mirror=""`` disables a mirror set in the environment) replaces the
upstream host of every download by ``<mirror>/<mirror path>``:

===================================================================  =======================
upstream URL                                                         mirror path
===================================================================  =======================
``https://github.com/ramhiser/datamicroarray/raw/master/data/N.RData``  ``datamicroarray/N.RData``
``https://github.com/cran/P/raw/V/data/F.rda`` (``rpackage:P/F``)      ``P/F.rda``
``https://www.openml.org/api/v1/json/data/ID`` (description)         ``openml/ID.json``
the ARFF ``url`` of that description                                 ``openml/ID.arff``
``url:`` ``scheme://host[:port]/a/b.csv``                            ``url/host[:port]/a/b.csv``
===================================================================  =======================

so the shared ``datasets/`` folder (``datasets/datamicroarray/alon.RData``,
``datasets/mlbench/Sonar.rda``...) is a mirror as it is, and so is any cache directory. (A
mirror holds one version of an R package's file; the checksum tells versions apart.)
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import functools
import hashlib
import os
import re
import urllib.error
import urllib.parse
import urllib.request
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from fsstab._arff import read_arff
from fsstab.datasets import Dataset, make_dataset
from fsstab.io import atomic_path, file_digests, read_json, remove_stale_temporaries
from fsstab.outcome_sources import SKLEARN_OUTCOMES, check_outcome_source, fetch_sklearn_outcome
from fsstab.sample_sheets import STUDY_OPTIONS, check_study_options
from fsstab.synthetic import GENERATORS, generate

__all__ = [
    "DATAMICROARRAY_SHA256",
    "DATAMICROARRAY_URL",
    "OPENML_DESCRIPTION_URL",
    "RPACKAGE_DATA",
    "RPACKAGE_URL",
    "SKLEARN_DATASETS",
    "SOURCE_KINDS",
    "ChecksumMismatchError",
    "DownloadError",
    "Downloader",
    "RPackageData",
    "SourceSpec",
    "default_cache_dir",
    "fetch",
    "local_file",
    "missing_file_message",
    "parse_source",
    "r_frame_features",
    "read_mat",
    "read_rdata",
    "read_rdata_object",
    "read_table",
    "resolve_mirror",
    "url_mirror_path",
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

_COMMON_OPTIONS = frozenset({"name", "classes", "positive", "multiclass"})
_TABLE_OPTIONS = frozenset(
    {"format", "target", "id_column", "drop", "member", "transpose", "row_names", "where"}
) | STUDY_OPTIONS
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

_FORMATS_BY_SUFFIX = {
    ".csv": "csv",
    ".tsv": "tsv",
    ".tab": "tsv",
    ".parquet": "parquet",
    ".pq": "parquet",
    ".arff": "arff",
    ".rdata": "rdata",
    ".rda": "rdata",
    ".mat": "mat",
    ".h5ad": "h5ad",
}
TABLE_FORMATS: tuple[str, ...] = ("csv", "tsv", "parquet", "arff", "rdata", "mat", "h5ad")

_HEX64 = re.compile(r"^[0-9a-f]{64}$")
_NAME = re.compile(r"^[A-Za-z0-9_.\-]+$")
_CHUNK = 1 << 20
_TIMEOUT_SECONDS = 120


class DownloadError(OSError):
    """A download failed (network, HTTP status, missing mirror file)."""


class ChecksumMismatchError(ValueError):
    """A downloaded or local file does not have the expected checksum."""


# --------------------------------------------------------------------------------------------
# Source specs
# --------------------------------------------------------------------------------------------


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
    check_outcome_source(kind, location, options, source)
    if kind == "datamicroarray":
        _check_datamicroarray_pin(location, options, source)
    sha = options.get("sha256")
    if sha is not None and (not isinstance(sha, str) or not _HEX64.match(sha.lower())):
        raise ValueError(f"source {source!r}: sha256 must be 64 hexadecimal digits, got {sha!r}")
    if sha is not None:
        options["sha256"] = sha.lower()
    name = options.get("name")
    if name is not None and (not isinstance(name, str) or not _NAME.match(name)):
        raise ValueError(
            f"source {source!r}: name must consist of letters, digits, '_', '.', '-'; got {name!r}"
        )
    for flag in ("allow_unpinned", "multiclass"):
        if flag in options and not isinstance(options[flag], bool):
            raise ValueError(f"source {source!r}: {flag} must be true or false")
    fmt = options.get("format")
    if fmt is not None and fmt not in TABLE_FORMATS:
        raise ValueError(f"source {source!r}: format must be one of {list(TABLE_FORMATS)}")
    _check_layout_options(options, source)
    if kind in ("file", "url"):
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
    if options.get("transpose") and options.get("format", "csv") not in ("csv", "tsv"):
        raise ValueError(f"source {source!r}: transpose applies to csv and tsv files only")
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
    if kind == "datamicroarray" and not _NAME.match(location):
        raise ValueError(f"{source!r}: not a datamicroarray data set name")
    if kind == "url" and urllib.parse.urlsplit(location).scheme not in ("http", "https"):
        raise ValueError(f"{source!r}: url sources need an http:// or https:// URL")
    if kind == "rpackage":
        rpackage_file(location, source)


# --------------------------------------------------------------------------------------------
# Mirror, cache, verified downloads
# --------------------------------------------------------------------------------------------


def default_cache_dir() -> Path:
    """``$FSSTAB_CACHE``, else ``$XDG_CACHE_HOME/fsstab``, else ``~/.cache/fsstab``."""
    if os.environ.get("FSSTAB_CACHE"):
        return Path(os.environ["FSSTAB_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "fsstab"


def resolve_mirror(mirror: str | os.PathLike[str] | None) -> str | None:
    """The mirror base URL (``file://`` or ``http(s)://``, no trailing slash) or None.

    ``None`` reads ``$FSSTAB_MIRROR``; an empty string means no mirror. A local path must be
    an existing directory.
    """
    if mirror is None:
        mirror = os.environ.get("FSSTAB_MIRROR", "")
    mirror = os.fspath(mirror)
    if mirror == "":
        return None
    if re.match(r"^(https?|file)://", mirror):
        return mirror.rstrip("/")
    path = Path(mirror).expanduser()
    if not path.is_dir():
        raise ValueError(
            f"mirror {mirror!r} is neither an existing directory nor an http(s):// or file:// URL"
        )
    return path.resolve().as_uri()


def url_mirror_path(url: str) -> str:
    """Mirror path of a ``url:`` source: ``url/<host[:port]>/<path>`` (query appended as-is)."""
    parts = urllib.parse.urlsplit(url)
    path = parts.path.lstrip("/")
    if not path or path.endswith("/"):
        raise ValueError(f"url {url!r} does not name a file")
    relative = f"url/{parts.netloc}/{path}"
    if parts.query:
        relative += "?" + parts.query
    if ".." in Path(relative).parts:
        raise ValueError(f"url {url!r}: '..' is not allowed in the path")
    return relative


@dataclass(frozen=True)
class Obtained:
    """A verified local copy of a download."""

    path: Path
    sha256: str
    md5: str
    url: str


def _digests(path: Path) -> tuple[str, str]:
    digests = file_digests(path, "sha256", "md5")
    return digests["sha256"], digests["md5"]


def _mismatch(sha: str, md5: str, expected_sha256: str | None, expected_md5: str | None):
    if expected_sha256 is not None and sha != expected_sha256:
        return "sha256", expected_sha256, sha
    if expected_md5 is not None and md5 != expected_md5.lower():
        return "md5", expected_md5.lower(), md5
    return None


class Downloader:
    """Verified, cached downloads with an optional mirror (see the module docstring)."""

    def __init__(
        self,
        *,
        mirror: str | os.PathLike[str] | None = None,
        cache_dir: str | os.PathLike[str] | None = None,
    ) -> None:
        self._mirror_setting = mirror
        self.cache_dir = Path(cache_dir) if cache_dir is not None else default_cache_dir()

    @functools.cached_property
    def mirror(self) -> str | None:
        """The resolved mirror base URL; resolved on first use so that sources that download
        nothing are not affected by the mirror setting."""
        return resolve_mirror(self._mirror_setting)

    def location(self, mirror_path: str, upstream_url: str) -> str:
        """The URL actually downloaded: the mirror's copy if a mirror is set."""
        if self.mirror is None:
            return upstream_url
        return f"{self.mirror}/{urllib.parse.quote(mirror_path, safe='/:?=&')}"

    def obtain(
        self,
        mirror_path: str,
        upstream_url: str,
        *,
        sha256: str | None = None,
        md5: str | None = None,
    ) -> Obtained:
        """A local, verified copy of ``upstream_url`` (cached at ``cache_dir/mirror_path``).

        A cached file with the expected checksums is reused without network access; a cached
        file with other checksums is discarded and downloaded again. The download goes to a
        temporary file that is renamed only after verification.

        Raises
        ------
        DownloadError
            The URL could not be read (the message names it and the upstream URL).
        ChecksumMismatchError
            The content does not match ``sha256``/``md5`` (message: URL, expected, actual).
        """
        target = self.cache_dir / mirror_path
        if target.is_file():
            sha, digest = _digests(target)
            if _mismatch(sha, digest, sha256, md5) is None:
                return Obtained(target, sha, digest, target.resolve().as_uri())
            warnings.warn(
                f"cached {target} does not match its checksum; downloading it again",
                UserWarning,
                stacklevel=3,
            )
            target.unlink()
        for leftover in remove_stale_temporaries(target):
            warnings.warn(
                f"removed {leftover}, a partial download left by a killed process",
                UserWarning,
                stacklevel=3,
            )
        url = self.location(mirror_path, upstream_url)
        via = f" (mirror of {upstream_url})" if url != upstream_url else ""
        with atomic_path(target) as tmp:
            sha, digest = _download(url, tmp, via)
            problem = _mismatch(sha, digest, sha256, md5)
            if problem is not None:
                algorithm, expected, actual = problem
                raise ChecksumMismatchError(
                    f"checksum mismatch for {url}{via}: expected {algorithm} {expected}, got "
                    f"{actual}; the download was discarded"
                )
        return Obtained(target, sha, digest, url)


def _download(url: str, destination: Path, via: str) -> tuple[str, str]:
    """Stream ``url`` into ``destination``; return its SHA-256 and MD5."""
    request = urllib.request.Request(url, headers={"User-Agent": "fsstab (dataset fetch)"})
    sha, md5 = hashlib.sha256(), hashlib.md5(usedforsecurity=False)
    try:
        with (
            urllib.request.urlopen(request, timeout=_TIMEOUT_SECONDS) as response,
            destination.open("wb") as out,
        ):
            for block in iter(lambda: response.read(_CHUNK), b""):
                out.write(block)
                sha.update(block)
                md5.update(block)
    except urllib.error.HTTPError as exc:
        raise DownloadError(f"download of {url}{via} failed: HTTP {exc.code} {exc.reason}") from exc
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise DownloadError(f"download of {url}{via} failed: {reason}") from exc
    return sha.hexdigest(), md5.hexdigest()


# --------------------------------------------------------------------------------------------
# Readers
# --------------------------------------------------------------------------------------------


def read_rdata(
    path: str | os.PathLike[str], object_name: str | None = None
) -> tuple[Any, np.ndarray, list[str] | None, list[str] | None]:
    """Read an RData file holding a list with ``x`` (samples x features) and ``y`` (labels).

    The layout of the datamicroarray package. ``object_name`` selects the object when the
    file holds several (default: the object of that name, else the only object). Returns
    ``(X, labels, feature_names, sample_ids)``; X is a DataFrame or an array.
    """
    path = Path(path)
    obj = read_rdata_object(path, object_name)
    if not isinstance(obj, Mapping) or "x" not in obj or "y" not in obj:
        raise ValueError(f"{path}: expected a list with elements 'x' and 'y'")
    x, labels = obj["x"], np.asarray(obj["y"], dtype=object)
    if isinstance(x, pd.DataFrame):
        return x, labels, [str(c) for c in x.columns], [str(i) for i in x.index]
    feature_names = sample_ids = None
    coords = getattr(x, "coords", None)
    if coords is not None:
        dims = list(getattr(x, "dims", ()))
        if len(dims) == 2 and dims[0] in coords:
            sample_ids = [str(v) for v in np.asarray(coords[dims[0]])]
        if len(dims) == 2 and dims[1] in coords:
            feature_names = [str(v) for v in np.asarray(coords[dims[1]])]
    return np.asarray(x), labels, feature_names, sample_ids


def read_mat(path: str | os.PathLike[str]) -> tuple[np.ndarray, np.ndarray]:
    """Read a MATLAB file holding ``X`` (samples x features) and ``Y`` (one label per sample).

    The layout of the scikit-feature repository (Li et al. 2018), where Onda et al. (2022)
    took Colon, Lymphoma and Prostate. Returns ``(X, labels)``.
    """
    from scipy.io import loadmat

    path = Path(path)
    try:
        contents = loadmat(path)
    except Exception as exc:  # scipy raises several types for corrupt or HDF5-based files
        raise ValueError(f"{path}: not a readable MATLAB (v4-v7.2) file ({exc})") from exc
    missing = [key for key in ("X", "Y") if key not in contents]
    if missing:
        variables = sorted(k for k in contents if not k.startswith("__"))
        raise ValueError(f"{path}: no variable(s) {missing}; it holds {variables}")
    X = np.asarray(contents["X"])
    labels = np.asarray(contents["Y"]).reshape(-1)
    if X.ndim != 2 or labels.size != X.shape[0]:
        raise ValueError(
            f"{path}: X has shape {X.shape} and Y {labels.size} entries; expected one label per "
            "row of X"
        )
    if np.issubdtype(labels.dtype, np.floating) and np.all(labels == np.round(labels)):
        labels = labels.astype(np.int64)  # MATLAB stores class numbers as doubles
    return X, labels


def _format_of(location: str, options: Mapping[str, Any], source: str) -> str:
    if options.get("format"):
        return options["format"]
    suffix = Path(urllib.parse.urlsplit(location).path).suffix.lower()
    if suffix not in _FORMATS_BY_SUFFIX:
        raise ValueError(
            f"{source!r}: cannot tell the format from the suffix {suffix!r}; set format: one of "
            f"{list(TABLE_FORMATS)}"
        )
    return _FORMATS_BY_SUFFIX[suffix]


def read_table(
    path: str | os.PathLike[str], fmt: str, *, transpose: bool = False, row_names: bool = False
) -> pd.DataFrame:
    """Read a CSV (header row), TSV, Parquet or ARFF file into a DataFrame.

    ``transpose=True`` (CSV / TSV only) reads a file that stores one sample per *column*, as
    expression matrices often do: row ``r`` of the file (1-based) becomes the column ``"r"``
    and every file column a sample. With ``row_names=True`` the file's first column names the
    rows instead (gene ids, and e.g. ``sample`` and ``status`` for the rows holding sample ids
    and labels): those names become the columns and the first column is not a sample.
    Columns whose values are all numbers become numeric.
    """
    path = Path(path)
    if transpose:
        if fmt not in ("csv", "tsv"):
            raise ValueError(f"{path}: transpose applies to csv and tsv files, not {fmt!r}")
        try:
            raw = pd.read_csv(path, sep="," if fmt == "csv" else "\t", header=None, dtype=str)
        except (ValueError, pd.errors.ParserError) as exc:
            raise ValueError(f"{path}: cannot parse as {fmt.upper()} ({exc})") from exc
        if row_names:
            names = [str(v).strip() for v in raw.iloc[:, 0]]
            _check_unique_names(path, names, "row")
            raw = raw.iloc[:, 1:]
        frame = raw.T.reset_index(drop=True)
        frame.columns = names if row_names else [str(r + 1) for r in range(frame.shape[1])]
        return frame.apply(_numeric_if_possible)
    if fmt in ("csv", "tsv"):
        sep = "," if fmt == "csv" else "\t"
        _check_unique_header(path, sep)
        try:
            return pd.read_csv(path, sep=sep)
        except (ValueError, pd.errors.ParserError) as exc:
            raise ValueError(f"{path}: cannot parse as {fmt.upper()} ({exc})") from exc
    if fmt == "parquet":
        import pyarrow.parquet as pq

        return pq.read_table(path).to_pandas()
    if fmt == "arff":
        return read_arff(path)[0]
    raise ValueError(f"{path}: unsupported table format {fmt!r}")


def _check_unique_header(path: Path, sep: str) -> None:
    """Repeated column names are an error: pandas would rename them (``g1``, ``g1.1``) and a
    feature would silently get a name that is not in the file."""
    import csv

    with path.open(newline="", encoding="utf-8", errors="replace") as stream:
        header = next(csv.reader(stream, delimiter=sep), [])
    _check_unique_names(path, [column.strip() for column in header], "column")


def _check_unique_names(path: Path, names: list[str], what: str) -> None:
    positions: dict[str, list[int]] = {}
    for number, name in enumerate(names, start=1):
        positions.setdefault(name, []).append(number)
    repeated = {name: at for name, at in positions.items() if len(at) > 1}
    if repeated:
        shown = "; ".join(
            f"{name!r} in {what}s {', '.join(map(str, at))}"
            for name, at in list(repeated.items())[:5]
        )
        more = f" and {len(repeated) - 5} more" if len(repeated) > 5 else ""
        raise ValueError(
            f"{path}: {len(repeated)} {what} name(s) appear more than once: {shown}{more} "
            f"({what}s counted from 1); {what} names must be unique"
        )


def _numeric_if_possible(column: pd.Series) -> pd.Series:
    try:
        return pd.to_numeric(column)
    except (ValueError, TypeError):
        return column


def _matches(column: pd.Series, value: str | int | float) -> np.ndarray:
    """Rows whose ``column`` equals ``value``: numerically when both are numbers (so that
    ``1`` matches ``1.0``), else as text."""
    if pd.api.types.is_numeric_dtype(column):
        try:
            return (column.to_numpy(dtype=np.float64) == float(value))
        except ValueError:
            pass
    return (column.astype(str) == str(value)).to_numpy()


def _id_strings(column: pd.Series) -> list[str]:
    """Sample ids as text; integral floats (ARFF INTEGER attributes) without a trailing .0."""
    values = column.to_numpy()
    integral = (
        np.issubdtype(values.dtype, np.floating)
        and np.all(np.isfinite(values))
        and np.all(values == np.round(values))
    )
    if integral:
        return [str(int(v)) for v in values]
    return [str(v) for v in values]


def _split_frame(
    frame: pd.DataFrame, options: Mapping[str, Any], name: str
) -> tuple[pd.DataFrame, pd.Series, list[str] | None]:
    """Separate the label column (``target``, default: the last), ids and dropped columns."""
    columns = [str(c) for c in frame.columns]
    frame = frame.set_axis(columns, axis=1)
    target = options.get("target") or columns[-1]
    id_column = options.get("id_column")
    drop = options.get("drop") or []
    if isinstance(drop, str):
        drop = [drop]
    wanted = [target] + ([id_column] if id_column else []) + list(drop)
    missing = [c for c in wanted if c not in columns]
    if missing:
        shown = columns if len(columns) <= 10 else [*columns[:5], "...", *columns[-3:]]
        raise ValueError(f"dataset {name!r}: no column(s) {missing}; the columns are {shown}")
    sample_ids = _id_strings(frame[id_column]) if id_column else None
    features = frame.drop(columns=list(dict.fromkeys(wanted)))
    if features.shape[1] == 0:
        raise ValueError(f"dataset {name!r}: no feature columns left besides {wanted}")
    return features, frame[target], sample_ids


# --------------------------------------------------------------------------------------------
# Fetchers, one per kind
# --------------------------------------------------------------------------------------------


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _versions(*modules: str) -> dict[str, str]:
    import importlib.metadata

    from fsstab import __version__

    out = {"fsstab": __version__}
    for module in modules:
        out[module] = importlib.metadata.version(module)
    return out


def _build(
    src: SourceSpec,
    default_name: str,
    X: Any,
    labels: Any,
    provenance: dict[str, Any],
    *,
    feature_names: list[str] | None = None,
    sample_ids: list[str] | None = None,
) -> Dataset:
    name = src.options.get("name") or default_name
    return make_dataset(
        name,
        X,
        labels,
        feature_names=feature_names,
        sample_ids=sample_ids,
        classes=src.options.get("classes"),
        positive=src.options.get("positive"),
        multiclass=bool(src.options.get("multiclass", False)),
        provenance={"source": src.source, "spec": src.to_dict(), **provenance},
    )


def _fetch_sklearn(src: SourceSpec, downloader: Downloader) -> Dataset:
    from sklearn import datasets as skd

    provenance = {"url": None, "sha256": None, "library_versions": _versions("scikit-learn")}
    if src.location in SKLEARN_OUTCOMES:
        return fetch_sklearn_outcome(src, provenance)
    bunch = getattr(skd, f"load_{src.location}")()
    labels = np.asarray(bunch.target_names)[bunch.target]
    return _build(
        src,
        src.location,
        bunch.data,
        labels,
        provenance,
        feature_names=[str(f) for f in bunch.feature_names],
    )


def _fetch_synthetic(src: SourceSpec, downloader: Downloader) -> Dataset:
    params = {k: v for k, v in src.options.items() if k != "name"}
    ds = generate(src.location, **params)
    provenance = {**ds.provenance, "spec": src.to_dict(), "library_versions": _versions()}
    return dataclasses.replace(ds, name=src.options.get("name") or ds.name, provenance=provenance)


def _pinned(src: SourceSpec, known: str | None, what: str) -> str | None:
    expected = src.options.get("sha256") or known
    if expected is None and not src.options.get("allow_unpinned", False):
        raise ValueError(
            f"{src.source!r}: no pinned sha256 for {what}; add 'sha256: <64 hex digits>' to the "
            "source spec, or 'allow_unpinned: true' to accept the file and record its hash"
        )
    return expected


def _warn_unpinned(src: SourceSpec, obtained: Obtained) -> None:
    warnings.warn(
        f"{src.source!r} was fetched without a pinned checksum; its sha256 is {obtained.sha256} "
        "(add it to the source spec as 'sha256:' to pin it)",
        UserWarning,
        stacklevel=4,
    )


def _download_provenance(obtained: Obtained, upstream: str, expected: str | None) -> dict:
    return {
        "url": upstream,
        "sha256": obtained.sha256,
        "checksum_verified": expected is not None,
        "downloaded_from": obtained.url,
    }


def _fetch_datamicroarray(src: SourceSpec, downloader: Downloader) -> Dataset:
    name = src.location
    upstream = DATAMICROARRAY_URL.format(name=name)
    expected = _pinned(src, DATAMICROARRAY_SHA256.get(name), f"datamicroarray data set {name!r}")
    obtained = downloader.obtain(f"datamicroarray/{name}.RData", upstream, sha256=expected)
    if expected is None:
        _warn_unpinned(src, obtained)
    X, labels, feature_names, sample_ids = read_rdata(obtained.path, name)
    provenance = {
        **_download_provenance(obtained, upstream, expected),
        "library_versions": _versions("rdata"),
    }
    return _build(
        src, name, X, labels, provenance, feature_names=feature_names, sample_ids=sample_ids
    )


def _as_list(value: Any) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [v.strip() for v in value.split(",") if v.strip()]
    return [str(v) for v in value]


def _fetch_openml(src: SourceSpec, downloader: Downloader) -> Dataset:
    data_id = int(src.location)
    description_url = OPENML_DESCRIPTION_URL.format(id=data_id)
    described = downloader.obtain(f"openml/{data_id}.json", description_url)
    try:
        description = read_json(described.path)["data_set_description"]
    except (KeyError, TypeError) as exc:
        raise ValueError(
            f"{description_url}: not an OpenML dataset description ({described.path})"
        ) from exc
    data_format = str(description.get("format", "")).lower()
    if data_format not in ("arff", "sparse_arff"):
        raise ValueError(f"openml:{data_id}: unsupported data format {description.get('format')!r}")
    md5 = description.get("md5_checksum") or None
    what = f"OpenML dataset {data_id} (its description has no md5_checksum)"
    expected = md5 or _pinned(src, None, what)
    data_url = description["url"]
    obtained = downloader.obtain(
        f"openml/{data_id}.arff", data_url, md5=md5, sha256=src.options.get("sha256")
    )
    if expected is None:
        _warn_unpinned(src, obtained)
    frame = read_arff(obtained.path)[0]
    targets = _as_list(src.options.get("target") or description.get("default_target_attribute"))
    if len(targets) != 1:
        raise ValueError(
            f"openml:{data_id} has target attribute(s) {targets}; set target: <attribute>"
        )
    row_id = description.get("row_id_attribute") or None
    ignore = [c for c in _as_list(description.get("ignore_attribute")) if c in frame.columns]
    options = {"target": targets[0], "id_column": row_id, "drop": ignore}
    name = str(description.get("name") or f"openml-{data_id}")
    features, labels, sample_ids = _split_frame(frame, options, src.options.get("name") or name)
    provenance = {
        **_download_provenance(obtained, data_url, expected),
        "md5": obtained.md5,
        "openml": {
            "id": data_id,
            "name": description.get("name"),
            "version": description.get("version"),
            "description_url": description_url,
            "target": targets[0],
            "ignored": ignore,
            "row_id_attribute": row_id,
        },
        "library_versions": _versions(),
    }
    safe = name if _NAME.match(name) else f"openml-{data_id}"
    return _build(src, safe, features, labels, provenance, sample_ids=sample_ids)


def _extract_member(archive: Path, member: str, destination: Path, source: str) -> Path:
    """Copy ``member`` of the zip ``archive`` to ``destination`` (a directory)."""
    import shutil
    import zipfile

    try:
        with zipfile.ZipFile(archive) as zipped:
            names = zipped.namelist()
            if member not in names:
                shown = names if len(names) <= 10 else [*names[:10], "..."]
                raise ValueError(f"{source!r}: the archive has no member {member!r}; its "
                                 f"members are {shown}")
            target = destination / Path(member).name
            with zipped.open(member) as stream, target.open("wb") as out:
                shutil.copyfileobj(stream, out)
    except zipfile.BadZipFile as exc:
        raise ValueError(f"{source!r}: {archive} is not a zip archive ({exc}); remove the "
                         "member option or fix the URL") from exc
    return target


def _dataset_from_file(src: SourceSpec, path: Path, provenance: dict[str, Any],
                       base_dir: str | os.PathLike[str] | None = None) -> Dataset:
    member = src.options.get("member")
    if member is not None:
        import tempfile

        with tempfile.TemporaryDirectory() as folder:
            extracted = _extract_member(path, member, Path(folder), src.source)
            return _dataset_from_table(src, extracted, member, {**provenance, "member": member},
                                       base_dir)
    return _dataset_from_table(src, path, src.location, provenance, base_dir)


def _dataset_from_table(
    src: SourceSpec, path: Path, location: str, provenance: dict[str, Any],
    base_dir: str | os.PathLike[str] | None = None,
) -> Dataset:
    fmt = _format_of(location, src.options, src.source)
    default_name = Path(urllib.parse.urlsplit(location).path).stem or "dataset"
    name = src.options.get("name") or default_name
    provenance = {**provenance, "format": fmt}
    if fmt in ("rdata", "mat"):
        misplaced = sorted(set(src.options) & ({"target", "id_column", "drop", "transpose",
                                                "where"} | STUDY_OPTIONS))
        if misplaced:
            raise ValueError(
                f"{src.source!r}: option(s) {misplaced} do not apply to {fmt} files"
            )
    if fmt == "mat":
        X, labels = read_mat(path)
        return _build(src, name, X, labels, provenance)
    if fmt == "rdata":
        X, labels, feature_names, sample_ids = read_rdata(path, default_name)
        return _build(
            src, name, X, labels, provenance, feature_names=feature_names, sample_ids=sample_ids
        )
    if _plain_wide_candidate(src.options):
        from fsstab.wide_tables import wide_source_table  # bounded memory beyond 10,000 columns

        wide = wide_source_table(path, fmt, src.options, name)
        if wide is not None:
            X, labels, sample_ids, feature_names = wide
            return _build(src, name, X, labels, provenance, feature_names=feature_names,
                          sample_ids=sample_ids)
    from fsstab.sample_sheets import dataset_from_study, read_study

    study = read_study(path, fmt, src.options, name, base_dir=base_dir)
    return dataset_from_study(
        study, name=name, options=src.options,
        provenance={"source": src.source, "spec": src.to_dict(), **provenance},
    )


#: Source options only the study reader (:mod:`fsstab.sample_sheets`) understands.
_STUDY_OPTIONS = ("samples", "sample_id", "groups", "sep", "decimal", "layer", "drop")


def _plain_wide_candidate(options: Mapping[str, Any]) -> bool:
    """Whether a file source may go through the bounded-memory reader of wide tables: a
    classification target in the matrix, none of the study reader's options."""
    return (options.get("task", "classification") == "classification"
            and not any(options.get(key) is not None for key in _STUDY_OPTIONS))


def _fetch_url(src: SourceSpec, downloader: Downloader) -> Dataset:
    expected = _pinned(src, None, "this URL")
    obtained = downloader.obtain(url_mirror_path(src.location), src.location, sha256=expected)
    if expected is None:
        _warn_unpinned(src, obtained)
    provenance = {**_download_provenance(obtained, src.location, expected)}
    provenance["library_versions"] = _versions()
    return _dataset_from_file(src, obtained.path, provenance)


def local_file(location: str, base_dir: str | os.PathLike[str] | None = None) -> Path:
    """The file of a ``file:`` source: ``location`` (``~`` expanded) or, when relative, that
    path below ``base_dir`` (default: the working directory)."""
    path = Path(location).expanduser()
    if path.is_absolute():
        return path
    return Path(base_dir if base_dir is not None else Path.cwd()) / path


def missing_file_message(source: str, location: str, base_dir: str | os.PathLike[str] | None
                         = None) -> str | None:
    """None if the ``file:`` source's file exists, else a message naming the folder a relative
    path was resolved against."""
    path = local_file(location, base_dir)
    if path.is_file():
        return None
    if Path(location).expanduser().is_absolute():
        return f"{source!r}: no such file {path}"
    base = Path(base_dir if base_dir is not None else Path.cwd()).resolve()
    return (
        f"{source!r}: no such file {location} in {base} (a relative path is resolved against "
        "the working directory -- Snakemake's --directory; give an absolute path to use a file "
        "elsewhere)"
    )


def _fetch_file(
    src: SourceSpec, downloader: Downloader, base_dir: str | os.PathLike[str] | None = None
) -> Dataset:
    problem = missing_file_message(src.source, src.location, base_dir)
    if problem is not None:
        raise ValueError(problem)
    path = Path(src.location).expanduser()
    resolved = local_file(src.location, base_dir)
    sha, _ = _digests(resolved)
    expected = src.options.get("sha256")
    if expected is not None and sha != expected:
        raise ChecksumMismatchError(
            f"checksum mismatch for {path}: expected sha256 {expected}, got {sha}"
        )
    provenance = {
        "url": None,
        "path": str(path),
        "sha256": sha,
        "checksum_verified": expected is not None,
        "library_versions": _versions(),
    }
    return _dataset_from_file(src, resolved, provenance, base_dir)


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
    if not _R_PACKAGE.match(package) or not _NAME.match(name) or name.startswith("."):
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


def read_rdata_object(path: str | os.PathLike[str], object_name: str | None = None) -> Any:
    """The object of an R data file as ``rdata`` converts it (data.frame -> DataFrame, factor
    columns -> ``Categorical``, list -> dict).

    ``object_name`` selects the object when the file holds several (default: the object of that
    name, else the only object); ``ValueError`` names the file and its objects otherwise.
    """
    import rdata

    path = Path(path)
    with warnings.catch_warnings():
        # R files without a declared string encoding are ASCII in practice
        warnings.filterwarnings("ignore", message="Unknown encoding", category=UserWarning)
        try:
            objects = rdata.read_rda(path)
        except Exception as exc:  # rdata raises many types for corrupt input
            raise ValueError(f"{path}: not a readable RData file ({exc})") from exc
    if object_name is not None and object_name in objects:
        return objects[object_name]
    if len(objects) == 1:
        return next(iter(objects.values()))
    raise ValueError(f"{path}: holds objects {list(objects)}; expected one named {object_name!r}")


def _is_number(text: str) -> bool:
    try:
        return bool(np.isfinite(float(text)))
    except ValueError:
        return False


def r_frame_features(frame: pd.DataFrame, name: str) -> tuple[pd.DataFrame, dict[str, str]]:
    """The feature columns of an R data.frame as float64 columns, and how factors were coded.

    - numeric columns stay as they are, logical ones become 0/1;
    - a factor whose levels all spell numbers becomes those numbers: mlbench's Ionosphere
      ``V1`` (levels ``"0"``, ``"1"``) becomes the 0/1 of the UCI file, ``V2`` (the single
      level ``"0"``) the constant 0 that prefiltering drops;
    - any other ordered factor becomes the position of its level, 1 .. L (R's ``as.integer``);
    - any other factor with two levels becomes 0 (first level) / 1 (second level);
    - other factors and text columns raise ``ValueError`` naming them: a coding of unordered
      categories is a modelling decision (``drop:`` them, or code them in a file of your own).

    Missing values stay NaN (:class:`~fsstab.datasets.Dataset` rejects them, naming the data).
    The returned mapping records the coding of every factor or logical column (provenance).
    """
    columns: dict[str, pd.Series] = {}
    coding: dict[str, str] = {}
    refused: list[str] = []
    for column in frame.columns:
        values = frame[column]
        if isinstance(values.dtype, pd.CategoricalDtype):
            levels = [str(level) for level in values.cat.categories]
            codes = values.cat.codes.to_numpy()
            if all(_is_number(level) for level in levels):
                table, coding[column] = np.array([float(v) for v in levels]), "level values"
            elif values.cat.ordered:
                table = np.arange(1.0, len(levels) + 1.0)
                coding[column] = "ordered level positions 1..L"
            elif len(levels) == 2:
                table = np.array([0.0, 1.0])
                coding[column] = f"{levels[0]!r} = 0, {levels[1]!r} = 1"
            else:
                more = " ..." if len(levels) > 5 else ""
                refused.append(f"{column!r} (levels {levels[:5]}{more})")
                continue
            numbers = np.full(codes.shape, np.nan)
            present = codes >= 0
            numbers[present] = table[codes[present]]
            columns[column] = pd.Series(numbers, index=frame.index)
        elif pd.api.types.is_bool_dtype(values.dtype):
            columns[column] = values.astype(np.float64)
            coding[column] = "FALSE = 0, TRUE = 1"
        elif pd.api.types.is_numeric_dtype(values.dtype) and not pd.api.types.is_complex_dtype(
            values.dtype
        ):
            columns[column] = values.astype(np.float64)
        else:
            refused.append(f"{column!r} (text)")
    if refused:
        raise ValueError(
            f"dataset {name!r}: column(s) {', '.join(refused)} have no numeric coding (an "
            "unordered factor with more than two levels, or text); drop them with drop: [...]"
        )
    return pd.DataFrame(columns, index=frame.index), coding


def _fetch_rpackage(src: SourceSpec, downloader: Downloader) -> Dataset:
    package, file = rpackage_file(src.location, src.source)
    pinned = RPACKAGE_DATA.get(f"{package}/{file}")
    version = src.options.get("version") or (pinned.version if pinned else None)
    if version is None:
        raise ValueError(
            f"{src.source!r}: fsstab pins no release of {package}'s data/{file}; set version: "
            "<a CRAN release of the package> and sha256: <64 hex digits> (or allow_unpinned: "
            "true)"
        )
    known = pinned.sha256 if pinned is not None and pinned.version == version else None
    expected = _pinned(src, known, f"data/{file} of {package} {version}")
    upstream = RPACKAGE_URL.format(package=package, version=version, file=file)
    obtained = downloader.obtain(f"{package}/{file}", upstream, sha256=expected)
    if expected is None:
        _warn_unpinned(src, obtained)
    object_name = Path(file).stem
    name = src.options.get("name") or object_name
    provenance: dict[str, Any] = {
        **_download_provenance(obtained, upstream, expected),
        "rpackage": {"package": package, "version": version, "file": f"data/{file}"},
        "library_versions": _versions("rdata"),
    }
    obj = read_rdata_object(obtained.path, object_name)
    if isinstance(obj, Mapping) and "x" in obj and "y" in obj:  # the datamicroarray layout
        misplaced = sorted(set(src.options) & {"target", "drop"})
        if misplaced:
            raise ValueError(f"{src.source!r}: option(s) {misplaced} do not apply to a list "
                             "with x and y")
        X, labels, feature_names, sample_ids = read_rdata(obtained.path, object_name)
        return _build(src, object_name, X, labels, provenance, feature_names=feature_names,
                      sample_ids=sample_ids)
    if not isinstance(obj, pd.DataFrame):
        raise ValueError(
            f"{src.source!r}: {obtained.path} holds a {type(obj).__name__}, not a data.frame or "
            "a list with x and y"
        )
    target = src.options.get("target") or (pinned.target if pinned is not None else None)
    options = {"target": target, "drop": src.options.get("drop")}
    features, labels, _ = _split_frame(obj, options, name)
    features, coding = r_frame_features(features, name)
    provenance["rpackage"].update(
        {"object": object_name, "target": str(labels.name), "factor_coding": coding}
    )
    return _build(
        src, object_name, features, labels, provenance,
        feature_names=[str(c) for c in features.columns],
        sample_ids=[str(i) for i in obj.index],
    )


_FETCHERS: dict[str, Callable[[SourceSpec, Downloader], Dataset]] = {
    "sklearn": _fetch_sklearn,
    "synthetic": _fetch_synthetic,
    "datamicroarray": _fetch_datamicroarray,
    "rpackage": _fetch_rpackage,
    "openml": _fetch_openml,
    "url": _fetch_url,
    "file": _fetch_file,
}


def fetch(
    spec: str | Mapping[str, Any],
    *,
    mirror: str | os.PathLike[str] | None = None,
    cache_dir: str | os.PathLike[str] | None = None,
    base_dir: str | os.PathLike[str] | None = None,
) -> Dataset:
    """Fetch the dataset described by ``spec`` (see the module docstring).

    Parameters
    ----------
    spec
        ``"<kind>:<location>"`` or a mapping with ``source`` and options.
    mirror
        Local directory or base URL replacing the upstream hosts; ``None`` reads
        ``$FSSTAB_MIRROR``; ``""`` disables the mirror.
    cache_dir
        Where downloads are kept (default :func:`default_cache_dir`).
    base_dir
        The folder relative ``file:`` paths are resolved against (default: the working
        directory); the provenance records the path as the spec gives it.

    Returns
    -------
    Dataset
        With provenance: ``source``, ``spec``, ``url``, ``sha256`` (of the downloaded or local
        file) and the class selection record; volatile ``fetched_at``, ``downloaded_from`` and
        ``library_versions`` are only written to ``provenance.json``.

    Raises
    ------
    ValueError
        Bad spec; data with NaN/inf, non-numeric features or not exactly two classes (after
        ``classes``; at least two with ``multiclass: true``), each naming the dataset;
        :class:`ChecksumMismatchError` (a ValueError).
    DownloadError
        A download failed.
    """
    src = parse_source(spec)
    downloader = Downloader(mirror=mirror, cache_dir=cache_dir)
    if src.kind == "file":
        ds = _fetch_file(src, downloader, base_dir)
    else:
        ds = _FETCHERS[src.kind](src, downloader)
    return dataclasses.replace(ds, provenance={**ds.provenance, "fetched_at": _now()})
