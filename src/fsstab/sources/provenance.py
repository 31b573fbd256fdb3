"""What the fetchers share: the :class:`~fsstab.datasets.Dataset` built with its provenance,
pinned checksums and the record of a download."""

from __future__ import annotations

import warnings
from typing import Any

from fsstab.datasets import Dataset, make_dataset
from fsstab.sources.downloads import Obtained
from fsstab.sources.specs import SourceSpec

__all__ = [
    "build_dataset",
    "download_provenance",
    "library_versions",
    "pinned_sha256",
    "warn_unpinned",
]


def library_versions(*modules: str) -> dict[str, str]:
    """The versions of fsstab and of ``modules`` (distribution names), for the provenance.

    Examples
    --------
    >>> sorted(library_versions("numpy"))
    ['fsstab', 'numpy']
    """
    import importlib.metadata

    from fsstab import __version__

    out = {"fsstab": __version__}
    for module in modules:
        out[module] = importlib.metadata.version(module)
    return out


def build_dataset(
    src: SourceSpec,
    default_name: str,
    X: Any,
    labels: Any,
    provenance: dict[str, Any],
    *,
    feature_names: list[str] | None = None,
    sample_ids: list[str] | None = None,
) -> Dataset:
    """The classification dataset of a source (:func:`fsstab.datasets.make_dataset`): the
    spec's name (else ``default_name``), ``classes``, ``positive``, ``multiclass``, and the
    provenance with the source and the spec."""
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


def pinned_sha256(src: SourceSpec, known: str | None, what: str) -> str | None:
    """The SHA-256 a download must have: the spec's ``sha256``, else ``known`` (a pinned
    one); with neither, None if the spec says ``allow_unpinned: true``, else ``ValueError``."""
    expected = src.options.get("sha256") or known
    if expected is None and not src.options.get("allow_unpinned", False):
        raise ValueError(
            f"{src.source!r}: no pinned sha256 for {what}; add 'sha256: <64 hex digits>' to the "
            "source spec, or 'allow_unpinned: true' to accept the file and record its hash"
        )
    return expected


def warn_unpinned(src: SourceSpec, obtained: Obtained) -> None:
    """Warn that a file was accepted without a pinned checksum, showing its SHA-256."""
    warnings.warn(
        f"{src.source!r} was fetched without a pinned checksum; its sha256 is {obtained.sha256} "
        "(add it to the source spec as 'sha256:' to pin it)",
        UserWarning,
        stacklevel=4,
    )


def download_provenance(obtained: Obtained, upstream: str, expected: str | None) -> dict:
    """The provenance of a download: the upstream URL, the file's SHA-256, whether it was
    checked against a pinned one, and where it actually came from (volatile)."""
    return {
        "url": upstream,
        "sha256": obtained.sha256,
        "checksum_verified": expected is not None,
        "downloaded_from": obtained.url,
    }
