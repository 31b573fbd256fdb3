"""The error-control stage (``rules/error_control.smk``; configuration key ``error_control``).

For every configuration of the selectors listed in ``error_control.selectors`` (classes that
state an error guarantee, :attr:`fsstab.selectors.BaseSelector.controls_error`) and every
dataset it runs on:

- **fit** (one job per configuration): each variant is fitted once on all samples of the
  dataset; its selected features, their discovery groups (with ``discovery_groups``: the
  connected components of the selected features under the dataset's similarity C >= θ,
  :func:`fsstab.error_control.discovery_groups`) and its promise (PFER bound, FDR target or
  Stabl's FDP+) are stored;
- **planted nulls** (``planted_nulls.n_repeats`` > 0; one job per chunk of reruns): the
  planted-null check's reruns (:func:`fsstab.error_control.planted_null_replications`) on
  the dataset's samples, their sample groups exchanged whole;
- **gather** (one job per dataset): the summary table (one row per configuration and variant:
  discoveries, promise, planted nulls selected with their interval, the verdict and a
  sentence), the discoveries table (one row per selected feature) and the report's page.

Strata. The resamples of the selection stage are stratified on the outcome (the classes, the
event indicator, quantile bins of a continuous target). The planted copies are *not* permuted
within those strata: a permutation within the classes keeps every copy's association with the
class, so the copies would not be null. Stratification by outcome is kept where the
error-controlled method uses it, in its own subsamples (stability selection's and Stabl's
complementary pairs are stratified by class or event), which the reruns draw as on the real
data. Sample groups (``source.groups``: a patient's samples) are kept by the permutation: whole
groups are exchanged among groups of their size (:func:`fsstab.error_control.null_permutation`),
so a copy varies between patients as its feature does and is independent of the outcome when
the patients are.

Seeds: the fit of variant ``v`` of configuration ``c`` on dataset ``D`` draws from
``derive_seed(seed, D, c, v, "error_control")``, rerun ``r`` of the check from stream ``r`` of
``derive_seed(seed, D, c, v, "planted_nulls")`` -- the chunking does not change a number.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from fsstab.outcomes import get_task

__all__ = [
    "COUNTS_FORMAT",
    "DISCOVERIES_FORMAT",
    "ERROR_CONTROL_FORMAT",
    "FIT_FORMAT",
    "PLANTED_FORMAT",
    "checked_configurations",
    "discoveries_frame",
    "error_control_html",
    "error_control_problems",
    "error_control_summary",
    "fit_discoveries",
    "n_planted_problems",
    "planted_chunk",
    "subsample_count_chunk",
    "subsample_fit_chunks",
]

#: Parquet ``format`` metadata of the stage's files.
FIT_FORMAT = "fsstab.error_control_fit/2"
COUNTS_FORMAT = "fsstab.error_control_counts/1"
PLANTED_FORMAT = "fsstab.planted_nulls/1"
ERROR_CONTROL_FORMAT = "fsstab.error_control/1"
DISCOVERIES_FORMAT = "fsstab.error_control_discoveries/1"


# -- configuration checks (run when the Snakefile is read) ------------------------------------


def error_control_problems(raw: Mapping[str, Any]) -> list[str]:
    """Problems of the ``error_control`` section against the ``selectors`` entries, each naming
    its key: an unknown label, a class that states no error guarantee, a calibrated ``C``, one
    rerun (no interval)."""
    from fsstab.selectors import SELECTORS

    section = raw.get("error_control") or {}
    labels = list(section.get("selectors") or [])
    entries = raw.get("selectors") or {}
    controlling = [name for name, cls in SELECTORS.items() if cls.controls_error]
    problems = []
    for index, label in enumerate(labels):
        key = f"error_control.selectors[{index}]"
        if label not in entries:
            known = ", ".join(map(repr, entries)) or "none"
            problems.append(f"{key}: {label!r} is not a selectors entry (entries: {known})")
            continue
        cls_name = entries[label].get("class")
        cls = SELECTORS.get(cls_name)
        if cls is None:
            continue  # check_config names the unknown class
        if not cls.controls_error:
            problems.append(
                f"{key}: selectors.{label} ({cls_name}) states no error guarantee; the classes "
                f"that do: {', '.join(controlling)} (e.g. selectors.{label}_stable: {{class: "
                f"{controlling[0]}, params: ...}})"
            )
        if entries[label].get("calibrate_target_k") is not None:
            problems.append(
                f"{key}: selectors.{label} calibrates C (calibrate_target_k); the error-control "
                "stage fits the configured parameters: set them in params instead"
            )
    repeats = (section.get("planted_nulls") or {}).get("n_repeats")
    if repeats == 1:
        problems.append(
            "error_control.planted_nulls.n_repeats: 1 rerun gives no interval; use 0 (no "
            "planted-null check) or at least 2 (e.g. 20)"
        )
    return problems


def n_planted_problems(raw: Mapping[str, Any], dataset: str, n_features: int,
                       selectors: Iterable[str]) -> list[str]:
    """``planted_nulls.n_planted`` above the features of a (prefiltered) dataset that one of
    the checked selectors runs on (``selectors``: the labels of the configurations on it)."""
    section = raw.get("error_control") or {}
    planted = section.get("planted_nulls") or {}
    m = planted.get("n_planted")
    checked = set(section.get("selectors") or []) & set(selectors)
    if not checked or not planted.get("n_repeats") or m is None:
        return []
    if m > n_features:
        return [f"error_control.planted_nulls.n_planted: {m} copies of real features, but "
                f"dataset {dataset!r} has {n_features} features; use at most {n_features} "
                "(or null: min(d, 1000))"]
    return []


def checked_configurations(configurations: Iterable[Any], labels: Sequence[str]) -> list[Any]:
    """The configurations (of one dataset) whose selector label is in ``labels``."""
    wanted = set(labels)
    return [c for c in configurations if c.selector in wanted]


# -- the jobs ---------------------------------------------------------------------------------


def _selector(spec: Mapping[str, Any], variant: Mapping[str, Any], task: str,
              random_state: int) -> Any:
    """The variant's selector, unfitted, as the selection stage builds it (nested selector
    specifications built, the dataset's task given outside classification)."""
    from fsstab.selectors import build_selector, constructor_parameters

    params = {**spec["params"], **variant["params"]}
    if "random_state" in constructor_parameters(spec["class"]):
        params["random_state"] = int(random_state)
    target = get_task(task)
    return build_selector({"class": spec["class"], "params": params},
                          task=None if target.has_classes else target.estimator_task)


def _similarity(similarity: tuple[Any, float] | None) -> tuple[Any, float] | None:
    return None if similarity is None else (similarity[0], float(similarity[1]))


def subsample_fit_chunks(spec: Mapping[str, Any], chunk_size: int | None) -> tuple[str, ...]:
    """The chunk ids (``s<first>-<last>``) of the subsample fits of a configuration whose
    class spreads them over jobs (``splits_subsample_fits``: stability selection), ``chunk_size``
    fits per job, up to the most fits of its variants; none for other classes, for given
    subsamples and with ``chunk_size`` None (the fit job fits them all).

    Examples
    --------
    >>> from fsstab.workflow.error_control import subsample_fit_chunks
    >>> spec = {"class": "StabilitySelection", "params": {"n_pairs": 30},
    ...         "variants": [{"id": "default", "params": {}}]}
    >>> subsample_fit_chunks(spec, 25)
    ('s0000-0024', 's0025-0049', 's0050-0059')
    >>> subsample_fit_chunks({**spec, "class": "Stabl"}, 25)
    ()
    """
    from fsstab.selectors import SELECTORS
    from fsstab.workflow.chunks import chunk_ids

    cls = SELECTORS[spec["class"]]
    if chunk_size is None or not cls.splits_subsample_fits:
        return ()
    fits = [cls.n_subsample_fits({**spec["params"], **v["params"]}) for v in spec["variants"]]
    if any(n is None for n in fits):
        return ()
    return chunk_ids(max(fits), chunk_size, prefix="s")


def _fit_state(seed: int, ds: Any, spec: Mapping[str, Any], variant: Mapping[str, Any]) -> int:
    from fsstab.seeds import derive_seed

    return derive_seed(seed, ds.name, spec["id"], variant["id"], "error_control")


def subsample_count_chunk(ds: Any, spec: Mapping[str, Any], fits: range, *, seed: int) -> Any:
    """The selection counts of the subsample fits ``fits`` of every variant, each fitted as
    the fit job's selector would (:meth:`fsstab.selectors.StabilitySelection.subsample_counts`):
    one row per variant, ``counts`` one whole number per feature."""
    import pandas as pd

    rows = []
    for variant in spec["variants"]:
        selector = _selector(spec, variant, ds.task, _fit_state(seed, ds, spec, variant))
        counts = selector.subsample_counts(ds.X, ds.y, fits)
        rows.append({"configuration": spec["id"], "variant": variant["id"],
                     "first": fits.start, "last": fits.stop - 1,
                     "counts": counts.astype(np.int64).tolist()})
    return pd.DataFrame(rows)


def summed_counts(chunks: Sequence[Any]) -> dict[str, np.ndarray]:
    """``{variant: counts}`` summed over the chunk tables of :func:`subsample_count_chunk`."""
    total: dict[str, np.ndarray] = {}
    for frame in chunks:
        for row in frame.to_dict("records"):
            counts = np.asarray(row["counts"], dtype=np.float64)
            total[row["variant"]] = total.get(row["variant"], 0) + counts
    return total


def fit_discoveries(ds: Any, spec: Mapping[str, Any], *, seed: int,
                    similarity: tuple[Any, float] | None = None,
                    counts: Mapping[str, Any] | None = None) -> Any:
    """Fit every variant of a configuration on all samples of ``ds``: one row per variant
    with its selected features (names, in column order), their discovery groups (``-1``
    without a similarity), its promise (:func:`fsstab.error_control.error_guarantee`) and
    per feature its selection probability under the method, whether it passes and its
    q-value where the method gives them (:func:`fsstab.workflow.error_outputs.fitted_curves`).
    ``counts`` (``{variant: counts}``, :func:`summed_counts`) are the subsample fits' counts
    computed by the chunk jobs; the fit then fits no subsample."""
    import pandas as pd

    from fsstab.error_control import discovery_groups, error_guarantee
    from fsstab.workflow.error_outputs import fitted_curves

    rows = []
    for variant in spec["variants"]:
        selector = _selector(spec, variant, ds.task, _fit_state(seed, ds, spec, variant))
        if counts is not None:
            fitted = selector.fit(ds.X, ds.y, subsample_counts=counts[variant["id"]])
        else:
            fitted = selector.fit(ds.X, ds.y)
        promise = error_guarantee(fitted)
        if promise is None:
            raise ValueError(f"selectors.{spec['selector']} ({spec['class']}) stated no error "
                             "guarantee after fitting")
        support = np.asarray(fitted.get_support(), dtype=bool)
        selected = np.flatnonzero(support)
        groups = np.full(selected.size, -1, dtype=np.int64)
        if similarity is not None:
            groups = discovery_groups(support, *_similarity(similarity))[selected]
        rows.append({
            "configuration": spec["id"], "variant": variant["id"],
            "selector": spec["selector"], "class": spec["class"],
            "n_features": ds.n_features, "n_selected": int(selected.size),
            "n_groups": int(groups.max()) + 1 if similarity is not None and selected.size
            else (0 if similarity is not None else None),
            "guarantee": promise.kind, "level": float(promise.level), "method": promise.method,
            "estimated": bool(promise.estimated),
            "features": [ds.feature_names[j] for j in selected],
            "groups": groups.tolist(),
            **fitted_curves(fitted),
        })
    return pd.DataFrame(rows)


def planted_chunk(ds: Any, spec: Mapping[str, Any], replications: Iterable[int], *, seed: int,
                  n_planted: int | None,
                  similarity: tuple[Any, float] | None = None) -> Any:
    """The planted-null reruns ``replications`` of every variant of a configuration on ``ds``
    (rows of :func:`fsstab.error_control.planted_null_replications` with ``configuration``
    and ``variant``)."""
    import pandas as pd

    from fsstab.error_control import planted_null_replications
    from fsstab.seeds import derive_seed

    if n_planted is not None and n_planted > ds.n_features:
        raise ValueError(f"error_control.planted_nulls.n_planted: {n_planted} copies, but "
                         f"dataset {ds.name!r} has {ds.n_features} features")
    frames = []
    for variant in spec["variants"]:
        selector = _selector(spec, variant, ds.task, 0)
        frame = planted_null_replications(
            ds.X, ds.y, selector, list(replications), n_planted=n_planted,
            sample_groups=ds.sample_groups, similarity=_similarity(similarity),
            random_state=derive_seed(seed, ds.name, spec["id"], variant["id"], "planted_nulls"))
        frame.insert(0, "variant", variant["id"])
        frame.insert(0, "configuration", spec["id"])
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


# -- the gathered tables ----------------------------------------------------------------------


def _n_planted(n_planted: int | None, d: int) -> int:
    from fsstab.error_control.planted import DEFAULT_PLANTED

    return min(d, DEFAULT_PLANTED) if n_planted is None else int(n_planted)


def _discovery_sentence(row: Mapping[str, Any]) -> str:
    from fsstab.error_control import ErrorGuarantee

    promise = ErrorGuarantee(row["guarantee"], row["level"], row["method"], row["estimated"])
    k = int(row["n_selected"])
    counted = f"{k} feature{'s' if k != 1 else ''} selected"
    if row["n_groups"] is not None and not _missing(row["n_groups"]):
        g = int(row["n_groups"])
        counted += f" ({g} discover{'ies' if g != 1 else 'y'} counting similar features once)"
    return f"{counted}; {promise.sentence()}."


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and np.isnan(value))


def error_control_summary(fits: Sequence[Any], planted: Sequence[Any], *, dataset: str,
                          n_planted: int | None, confidence_level: float) -> Any:
    """One row per configuration and variant: the fit's discoveries and promise, and (with
    planted reruns) the planted nulls selected -- mean, Student-t interval, the promise they
    are compared with (the mean of the reruns' bounds, computed on the augmented data), the
    verdict and the report's sentence (:meth:`fsstab.error_control.PlantedNullCheck.sentence`).
    """
    import pandas as pd

    from fsstab.error_control import planted_null_summary
    from fsstab.workflow.error_outputs import CURVE_FIELDS

    fit = pd.concat(list(fits), ignore_index=True)
    reruns = pd.concat(list(planted), ignore_index=True) if planted else None
    rows = []
    for record in fit.to_dict("records"):
        row = {"dataset": dataset, **{k: v for k, v in record.items()
                                      if k not in ("features", "groups", *CURVE_FIELDS)}}
        sentence = _discovery_sentence(record)
        row["discovery_sentence"] = sentence
        if reruns is not None:
            mine = reruns[(reruns["configuration"] == record["configuration"])
                          & (reruns["variant"] == record["variant"])]
            check = planted_null_summary(
                mine.drop(columns=["configuration", "variant"]),
                n_planted=_n_planted(n_planted, int(record["n_features"])),
                confidence_level=confidence_level)
            summary = check.summary.iloc[0].to_dict()
            row.update({"planted_" + k if k in ("guarantee", "level", "method", "estimated")
                        else k: v for k, v in summary.items()})
            sentence += " Planted-null check: " + check.sentence()
        row["sentence"] = sentence
        rows.append(row)
    return pd.DataFrame(rows)


def discoveries_frame(fits: Sequence[Any], *, dataset: str) -> Any:
    """One row per selected feature of every fitted variant: its name, its discovery (group
    number, -1 without a similarity) and the size of that group among the selected."""
    import pandas as pd

    rows = []
    for fit in fits:
        for record in fit.to_dict("records"):
            groups = list(record["groups"])
            sizes = {g: groups.count(g) for g in set(groups)}
            for name, group in zip(record["features"], groups, strict=True):
                rows.append({"dataset": dataset, "configuration": record["configuration"],
                             "variant": record["variant"], "feature_name": name,
                             "discovery": int(group),
                             "discovery_size": sizes[group] if group >= 0 else 1})
    columns = ["dataset", "configuration", "variant", "feature_name", "discovery",
               "discovery_size"]
    return pd.DataFrame(rows, columns=columns)


def error_control_html(summary: Any, discoveries: Any, *, dataset: str) -> str:
    """The report's page: the sentence of every configuration (marked when the planted nulls
    exceed the promise), then its features grouped by discovery."""
    import html

    from fsstab.workflow.answers import _page

    parts = []
    for row in summary.to_dict("records"):
        label = row["configuration"] + ("" if row["variant"] == "default"
                                        else f":{row['variant']}")
        exceeds = row.get("verdict") == "exceeds"
        flag = " <strong>(promise exceeded on these data)</strong>" if exceeds else ""
        parts.append(f"<h3>{html.escape(label)}{flag}</h3><p>{html.escape(row['sentence'])}</p>")
        mine = discoveries[(discoveries["configuration"] == row["configuration"])
                           & (discoveries["variant"] == row["variant"])]
        if mine.empty:
            continue
        if (mine["discovery"] < 0).all():  # no similarity: one item per feature
            items = [html.escape(str(n)) for n in mine["feature_name"]]
        else:  # one item per discovery, its similar features together
            items = [", ".join(html.escape(str(n)) for n in members["feature_name"])
                     for _, members in mine.groupby("discovery", sort=True)]
        parts.append("<ul>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>")
    note = ("<p class=\"note\">Each configuration is fitted once on all samples. The "
            "planted-null check appends row-permuted copies of real features (null by "
            "construction), reruns the selection and compares the copies it selects with the "
            "promise: a promise whose interval lies wholly below the observed mean is "
            "exceeded on these data; a mean within the promise shows no violation at the "
            "check's resolution, not that the promise holds.</p>")
    return _page(f"Error control: {dataset}", "\n".join(parts) + note)
