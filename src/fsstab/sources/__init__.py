"""Fetch a dataset from a source spec: bundled, simulated, downloaded (verified) or local.

A *source spec* is a string ``"<kind>:<location>"`` or a mapping with the key ``source`` (that
string) plus options:

==================  =========================================  ===============================
kind                location                                   options (besides the common)
==================  =========================================  ===============================
``sklearn``         ``breast_cancer``, ``wine``, ``iris``,     --
                    ``digits``, ``diabetes`` (regression;
                    :mod:`fsstab.sources.outcomes`)
``synthetic``       a generator of :mod:`fsstab.synthetic`     the generator's parameters
``datamicroarray``  a data set of the R package                ``sha256``, ``allow_unpinned``
``rpackage``        ``<package>/<data file>`` of a CRAN        ``version``, ``sha256``,
                    package (``data/<file>.rda``)              ``allow_unpinned``, ``target``,
                                                               ``drop``
``openml``          an OpenML dataset id                       ``target``, ``sha256``,
                                                               ``allow_unpinned``
``url``             an http(s):// URL of a file of the format  ``sha256``, ``allow_unpinned``,
                    table (or a zip holding one)               ``format``, ``member``, and
                                                               those of the file's format
``file``            a local path (relative to the working      ``sha256``, ``format``,
                    directory)                                 ``member``, and those of the
                                                               file's format
==================  =========================================  ===============================

The files of ``url`` and ``file`` are read by their row of the format table
(:data:`FORMATS`, :mod:`fsstab.sources.formats`): ``format:`` or the file's suffix chooses the
row (``expr.csv.gz`` is a compressed ``csv`` file; ``member`` is the file to read inside a zip
archive), and the row lists the options that apply -- any other is refused when the spec is
parsed, before anything is read. The study options (a sample sheet, the target and groups
columns, the task, R/Excel layouts) are described in :mod:`fsstab.sources.sample_sheets`, the
layouts of delimited text in :mod:`fsstab.sources.delimited`. The classes of a local study
can be counted from its labels alone, without reading the features
(:func:`source_class_counts`, :mod:`fsstab.sources.study_labels`).

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
import os
from collections.abc import Mapping
from typing import Any

from fsstab.datasets import Dataset
from fsstab.sources.downloads import (
    ChecksumMismatchError,
    Downloader,
    DownloadError,
    Obtained,
    default_cache_dir,
    resolve_mirror,
    url_mirror_path,
)
from fsstab.sources.fetchers import FETCHERS
from fsstab.sources.files import fetch_file, fetch_url
from fsstab.sources.formats import FORMATS, FileFormat, format_of, read_table
from fsstab.sources.local import local_file, missing_file_message
from fsstab.sources.readers import (
    r_frame_features,
    read_mat,
    read_rdata,
    read_rdata_object,
)
from fsstab.sources.specs import (
    DATAMICROARRAY_SHA256,
    DATAMICROARRAY_URL,
    OPENML_DESCRIPTION_URL,
    RPACKAGE_DATA,
    RPACKAGE_URL,
    SKLEARN_DATASETS,
    SOURCE_KINDS,
    TABLE_FORMATS,
    RPackageData,
    SourceSpec,
    parse_source,
    rpackage_file,
)
from fsstab.sources.study_labels import source_class_counts

__all__ = [
    "DATAMICROARRAY_SHA256",
    "DATAMICROARRAY_URL",
    "FORMATS",
    "OPENML_DESCRIPTION_URL",
    "RPACKAGE_DATA",
    "RPACKAGE_URL",
    "SKLEARN_DATASETS",
    "SOURCE_KINDS",
    "TABLE_FORMATS",
    "ChecksumMismatchError",
    "DownloadError",
    "Downloader",
    "FileFormat",
    "Obtained",
    "RPackageData",
    "SourceSpec",
    "default_cache_dir",
    "fetch",
    "format_of",
    "local_file",
    "missing_file_message",
    "parse_source",
    "r_frame_features",
    "read_mat",
    "read_rdata",
    "read_rdata_object",
    "read_table",
    "resolve_mirror",
    "rpackage_file",
    "source_class_counts",
    "url_mirror_path",
]


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


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
    if src.kind in ("file", "url"):
        ds = (fetch_file if src.kind == "file" else fetch_url)(src, downloader, base_dir)
    else:
        ds = FETCHERS[src.kind](src, downloader)
    return dataclasses.replace(ds, provenance={**ds.provenance, "fetched_at": _now()})
