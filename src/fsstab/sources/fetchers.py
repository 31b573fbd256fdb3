"""The fetchers of the kinds that are not a table file: ``sklearn``, ``synthetic``,
``datamicroarray``, ``openml`` and ``rpackage`` (:data:`FETCHERS`; the table files of ``file``
and ``url`` are read by :mod:`fsstab.sources.files`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from fsstab.datasets import Dataset
from fsstab.io import read_json
from fsstab.sources.arff import read_arff
from fsstab.sources.downloads import Downloader
from fsstab.sources.outcomes import SKLEARN_OUTCOMES, fetch_sklearn_outcome
from fsstab.sources.provenance import (
    build_dataset,
    download_provenance,
    library_versions,
    pinned_sha256,
    warn_unpinned,
)
from fsstab.sources.readers import r_frame_features, read_rdata, read_rdata_object, split_frame
from fsstab.sources.specs import (
    DATAMICROARRAY_SHA256,
    DATAMICROARRAY_URL,
    DATASET_NAME,
    OPENML_DESCRIPTION_URL,
    RPACKAGE_DATA,
    RPACKAGE_URL,
    SourceSpec,
    rpackage_file,
)
from fsstab.synthetic import generate

__all__ = [
    "FETCHERS",
    "fetch_datamicroarray",
    "fetch_openml",
    "fetch_rpackage",
    "fetch_sklearn",
    "fetch_synthetic",
]


def fetch_sklearn(src: SourceSpec, downloader: Downloader) -> Dataset:
    from sklearn import datasets as skd

    provenance = {"url": None, "sha256": None,
                  "library_versions": library_versions("scikit-learn")}
    if src.location in SKLEARN_OUTCOMES:
        return fetch_sklearn_outcome(src, provenance)
    bunch = getattr(skd, f"load_{src.location}")()
    labels = np.asarray(bunch.target_names)[bunch.target]
    return build_dataset(
        src,
        src.location,
        bunch.data,
        labels,
        provenance,
        feature_names=[str(f) for f in bunch.feature_names],
    )


def fetch_synthetic(src: SourceSpec, downloader: Downloader) -> Dataset:
    params = {k: v for k, v in src.options.items() if k != "name"}
    ds = generate(src.location, **params)
    provenance = {**ds.provenance, "spec": src.to_dict(), "library_versions": library_versions()}
    return dataclasses.replace(ds, name=src.options.get("name") or ds.name, provenance=provenance)


def fetch_datamicroarray(src: SourceSpec, downloader: Downloader) -> Dataset:
    name = src.location
    upstream = DATAMICROARRAY_URL.format(name=name)
    expected = pinned_sha256(src, DATAMICROARRAY_SHA256.get(name),
                             f"datamicroarray data set {name!r}")
    obtained = downloader.obtain(f"datamicroarray/{name}.RData", upstream, sha256=expected)
    if expected is None:
        warn_unpinned(src, obtained)
    X, labels, feature_names, sample_ids = read_rdata(obtained.path, name)
    provenance = {
        **download_provenance(obtained, upstream, expected),
        "library_versions": library_versions("rdata"),
    }
    return build_dataset(
        src, name, X, labels, provenance, feature_names=feature_names, sample_ids=sample_ids
    )


def _as_list(value: Any) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [v.strip() for v in value.split(",") if v.strip()]
    return [str(v) for v in value]


def fetch_openml(src: SourceSpec, downloader: Downloader) -> Dataset:
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
    expected = md5 or pinned_sha256(src, None, what)
    data_url = description["url"]
    obtained = downloader.obtain(
        f"openml/{data_id}.arff", data_url, md5=md5, sha256=src.options.get("sha256")
    )
    if expected is None:
        warn_unpinned(src, obtained)
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
    features, labels, sample_ids = split_frame(frame, options, src.options.get("name") or name)
    provenance = {
        **download_provenance(obtained, data_url, expected),
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
        "library_versions": library_versions(),
    }
    safe = name if DATASET_NAME.match(name) else f"openml-{data_id}"
    return build_dataset(src, safe, features, labels, provenance, sample_ids=sample_ids)


def fetch_rpackage(src: SourceSpec, downloader: Downloader) -> Dataset:
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
    expected = pinned_sha256(src, known, f"data/{file} of {package} {version}")
    upstream = RPACKAGE_URL.format(package=package, version=version, file=file)
    obtained = downloader.obtain(f"{package}/{file}", upstream, sha256=expected)
    if expected is None:
        warn_unpinned(src, obtained)
    object_name = Path(file).stem
    name = src.options.get("name") or object_name
    provenance: dict[str, Any] = {
        **download_provenance(obtained, upstream, expected),
        "rpackage": {"package": package, "version": version, "file": f"data/{file}"},
        "library_versions": library_versions("rdata"),
    }
    obj = read_rdata_object(obtained.path, object_name)
    if isinstance(obj, Mapping) and "x" in obj and "y" in obj:  # the datamicroarray layout
        misplaced = sorted(set(src.options) & {"target", "drop"})
        if misplaced:
            raise ValueError(f"{src.source!r}: option(s) {misplaced} do not apply to a list "
                             "with x and y")
        X, labels, feature_names, sample_ids = read_rdata(obtained.path, object_name)
        return build_dataset(src, object_name, X, labels, provenance, feature_names=feature_names,
                      sample_ids=sample_ids)
    if not isinstance(obj, pd.DataFrame):
        raise ValueError(
            f"{src.source!r}: {obtained.path} holds a {type(obj).__name__}, not a data.frame or "
            "a list with x and y"
        )
    target = src.options.get("target") or (pinned.target if pinned is not None else None)
    options = {"target": target, "drop": src.options.get("drop")}
    features, labels, _ = split_frame(obj, options, name)
    features, coding = r_frame_features(features, name)
    provenance["rpackage"].update(
        {"object": object_name, "target": str(labels.name), "factor_coding": coding}
    )
    return build_dataset(
        src, object_name, features, labels, provenance,
        feature_names=[str(c) for c in features.columns],
        sample_ids=[str(i) for i in obj.index],
    )


#: The fetcher of each kind that is not a table file (``spec, downloader -> Dataset``).
FETCHERS: dict[str, Callable[[SourceSpec, Downloader], Dataset]] = {
    "sklearn": fetch_sklearn,
    "synthetic": fetch_synthetic,
    "datamicroarray": fetch_datamicroarray,
    "rpackage": fetch_rpackage,
    "openml": fetch_openml,
}
