"""Mirror, cache and verified downloads: :class:`Downloader` streams a file to a temporary
name in the cache, verifies its checksum and only then gives it its final name (see
:mod:`fsstab.sources`, "Downloads" and "Cache and mirror")."""

from __future__ import annotations

import functools
import hashlib
import os
import re
import urllib.error
import urllib.parse
import urllib.request
import warnings
from dataclasses import dataclass
from pathlib import Path

from fsstab.io import atomic_path, file_digests, remove_stale_temporaries

__all__ = [
    "ChecksumMismatchError",
    "DownloadError",
    "Downloader",
    "Obtained",
    "default_cache_dir",
    "resolve_mirror",
    "url_mirror_path",
]

_CHUNK = 1 << 20
_TIMEOUT_SECONDS = 120


class DownloadError(OSError):
    """A download failed (network, HTTP status, missing mirror file)."""


class ChecksumMismatchError(ValueError):
    """A downloaded or local file does not have the expected checksum."""


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

