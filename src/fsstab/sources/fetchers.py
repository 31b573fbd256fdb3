"""The fetchers of the kinds that are not a table file: ``sklearn``, ``synthetic``,
``datamicroarray``, ``openml`` and ``rpackage``; and what every fetcher shares (building the
:class:`~fsstab.datasets.Dataset` with its provenance, pinned checksums)."""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from fsstab.datasets import Dataset, make_dataset
from fsstab.io import read_json
from fsstab.sources.arff import read_arff
from fsstab.sources.downloads import Downloader, Obtained
from fsstab.sources.outcomes import SKLEARN_OUTCOMES, fetch_sklearn_outcome
from fsstab.sources.readers import _split_frame, r_frame_features, read_rdata, read_rdata_object
from fsstab.sources.specs import (
    _NAME,
    DATAMICROARRAY_SHA256,
    DATAMICROARRAY_URL,
    OPENML_DESCRIPTION_URL,
    RPACKAGE_DATA,
    RPACKAGE_URL,
    SourceSpec,
    rpackage_file,
)
from fsstab.synthetic import generate


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
