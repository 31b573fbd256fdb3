"""The table-file kinds, ``url`` and ``file``: locating a local file, taking a member out of a
zip archive, and routing the table to the reader that fits it -- a plain wide matrix to the
bounded-memory reader of :mod:`fsstab.sources.wide_tables`, anything else (a sample sheet, groups, a
regression or survival target, R/Excel layouts, AnnData) to :mod:`fsstab.sources.sample_sheets`."""

from __future__ import annotations

import os
import urllib.parse
from pathlib import Path
from typing import Any

from fsstab.datasets import Dataset
from fsstab.sources.downloads import ChecksumMismatchError, Downloader, _digests, url_mirror_path
from fsstab.sources.fetchers import _build, _download_provenance, _pinned, _versions, _warn_unpinned
from fsstab.sources.readers import _format_of, read_mat, read_rdata
from fsstab.sources.sample_sheets import STUDY_OPTIONS
from fsstab.sources.specs import SourceSpec

__all__ = ["local_file", "missing_file_message"]


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
    # every table goes through the study reader, which reads wide ones in bounded memory
    from fsstab.sources.sample_sheets import dataset_from_study, read_study

    study = read_study(path, fmt, src.options, name, base_dir=base_dir)
    return dataset_from_study(
        study, name=name, options=src.options,
        provenance={"source": src.source, "spec": src.to_dict(), **provenance},
    )


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
