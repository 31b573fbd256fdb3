"""The table-file kinds, ``url`` and ``file``: locating the file (a download, a local path, a
member of a zip archive) and reading it by its row of the format table
(:mod:`fsstab.sources.formats`) -- a file holding its labels (R data, MATLAB) straight into a
dataset, any other through the study of :mod:`fsstab.sources.sample_sheets` (a sample sheet,
groups, the target of any task)."""

from __future__ import annotations

import os
import urllib.parse
from pathlib import Path
from typing import Any

from fsstab.datasets import Dataset
from fsstab.io import file_digests
from fsstab.sources.downloads import ChecksumMismatchError, Downloader, url_mirror_path
from fsstab.sources.formats import format_of, read_source_file
from fsstab.sources.local import local_file, missing_file_message
from fsstab.sources.provenance import (
    build_dataset,
    download_provenance,
    library_versions,
    pinned_sha256,
    warn_unpinned,
)
from fsstab.sources.reading import LabelledData
from fsstab.sources.sample_sheets import dataset_from_study, read_study
from fsstab.sources.specs import SourceSpec
from fsstab.sources.text_files import inner_name

__all__ = ["fetch_file", "fetch_url"]


def _extract_member(archive: Path, member: str, destination: Path, source: str) -> Path:
    """Copy ``member`` of the zip ``archive`` to ``destination`` (a directory)."""
    import shutil
    import zipfile

    try:
        with zipfile.ZipFile(archive) as zipped:
            names = zipped.namelist()
            if member not in names:
                shown = names if len(names) <= 10 else [*names[:10], "..."]
                raise ValueError(f"{source!r}: {archive} has no member {member!r}; its "
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
    fmt = format_of(location, src.options, src.source)
    default_name = Path(inner_name(Path(urllib.parse.urlsplit(location).path).name)).stem
    name = src.options.get("name") or default_name or "dataset"
    provenance = {**provenance, "format": fmt.name}
    data = read_source_file(path, fmt, src.options, name)
    if isinstance(data, LabelledData):
        return build_dataset(src, name, data.X, data.labels, provenance,
                             feature_names=data.feature_names, sample_ids=data.sample_ids)
    study = read_study(data, src.options, name, base_dir=base_dir)
    return dataset_from_study(
        study, name=name, options=src.options,
        provenance={"source": src.source, "spec": src.to_dict(), **provenance},
    )


def fetch_url(src: SourceSpec, downloader: Downloader,
              base_dir: str | os.PathLike[str] | None = None) -> Dataset:
    """The dataset of a ``url:`` source: the file downloaded (verified, cached) and read."""
    expected = pinned_sha256(src, None, "this URL")
    obtained = downloader.obtain(url_mirror_path(src.location), src.location, sha256=expected)
    if expected is None:
        warn_unpinned(src, obtained)
    provenance = {**download_provenance(obtained, src.location, expected)}
    provenance["library_versions"] = library_versions()
    return _dataset_from_file(src, obtained.path, provenance, base_dir)


def fetch_file(src: SourceSpec, downloader: Downloader,
               base_dir: str | os.PathLike[str] | None = None) -> Dataset:
    """The dataset of a ``file:`` source (a path relative to ``base_dir``, default the
    working directory), checked against ``sha256`` when the spec gives one."""
    problem = missing_file_message(src.source, src.location, base_dir)
    if problem is not None:
        raise ValueError(problem)
    path = Path(src.location).expanduser()
    resolved = local_file(src.location, base_dir)
    sha = file_digests(resolved)["sha256"]
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
        "library_versions": library_versions(),
    }
    return _dataset_from_file(src, resolved, provenance, base_dir)
