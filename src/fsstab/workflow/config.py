"""Loading, validating and expanding the workflow configuration.

Two layers of checks run before any job (the Snakefile calls both):

1. the JSON schema ``config/schemas/config.schema.yaml`` (types, allowed keys, ranges; defaults
   are filled in) -- :func:`validate_schema`;
2. the semantic checks of :func:`check_config`: source specs parse, selector classes exist and
   accept the given parameters, measures exist and accept theirs, sweep parameters are
   final-model parameters, Canberra's location fits under the stored rank cap, adjusted measures
   have a similarity matrix on every dataset, the output folders are folders of their own
   (:func:`fsstab.workflow.layout.folder_problems`)... Every problem is reported at once, each
   naming the key at fault and, for unknown names, listing the known ones.

:func:`check_config` returns a :class:`WorkflowConfig`: the datasets, the selector
configurations (grid expanded, ids assigned, variants listed) and the settings of the later
stages, as plain immutable objects the rules and scripts use.

The pieces live in their own modules and are importable from here as well:
:mod:`fsstab.workflow.schema` (the schema, :class:`ConfigError`),
:mod:`fsstab.workflow.config_objects` (the expanded objects) and
:mod:`fsstab.workflow.selector_checks` (the checks of one selector entry).
"""

from __future__ import annotations

import copy
import dataclasses
import fnmatch
import os
from collections.abc import Mapping, Sequence
from typing import Any

from fsstab.measures import MEASURES
from fsstab.measures import parameter_problems as measure_parameter_problems
from fsstab.resampling import SCHEMES
from fsstab.sources import parse_source
from fsstab.workflow.chunks import chunk_ids, chunk_range
from fsstab.workflow.config_files import read_config_file
from fsstab.workflow.config_objects import (
    DEFAULT_FIGURE_MEASURES,
    LOGS_DIR,
    Configuration,
    DatasetConfig,
    PaperConfig,
    Variant,
    WorkflowConfig,
    _known,
)
from fsstab.workflow.layout import folder_problems
from fsstab.workflow.schema import ConfigError, load_schema, validate_schema
from fsstab.workflow.selector_checks import RANDOM_VARIANT_PREFIX, _check_selector
from fsstab.workflow.sweeps import selector_parameters, sweep_parameters

__all__ = [
    "DEFAULT_FIGURE_MEASURES",
    "LOGS_DIR",
    "RANDOM_VARIANT_PREFIX",
    "ConfigError",
    "Configuration",
    "DatasetConfig",
    "PaperConfig",
    "Variant",
    "WorkflowConfig",
    "check_config",
    "chunk_ids",
    "chunk_range",
    "load_config",
    "load_schema",
    "selector_parameters",
    "sweep_parameters",
    "validate_schema",
]

#: Resampling parameters every scheme accepts (fsstab.resampling.make_resamples).
_COMMON_RESAMPLING_PARAMETERS: tuple[str, ...] = ("stratify", "max_redraws")


def load_config(
    path: str | os.PathLike[str], schema_path: str | os.PathLike[str]
) -> WorkflowConfig:
    """Read a YAML configuration, validate it against the schema and semantically.

    Raises :class:`ConfigError`: YAML problems with the file, line and column
    (:func:`fsstab.workflow.config_files.read_config_file`), then every schema and semantic
    problem."""
    raw = read_config_file(path)
    return check_config(validate_schema(raw, load_schema(schema_path)))


# --------------------------------------------------------------------------------------------
# Semantic checks
# --------------------------------------------------------------------------------------------


def _check_resampling(key: str, resampling: Mapping[str, Any], problems: list[str]) -> None:
    accepted = set(SCHEMES[resampling["scheme"]]) | set(_COMMON_RESAMPLING_PARAMETERS)
    unknown = sorted(set(resampling.get("params") or {}) - accepted)
    if unknown:
        problems.append(
            f"{key}.params: scheme {resampling['scheme']!r} has no parameter(s) {unknown}; "
            f"it accepts: {_known(accepted)}"
        )


def _dataset_resampling(raw: Mapping[str, Any], entry: Mapping[str, Any]) -> dict[str, Any]:
    """A dataset's resampling: its ``resampling`` keys over the global section. Scheme
    parameters are inherited only with the scheme (another scheme's parameters would not
    apply)."""
    own = dict(entry.get("resampling") or {})
    merged = {**copy.deepcopy(dict(raw["resampling"])), **copy.deepcopy(own)}
    if "scheme" in own and own["scheme"] != raw["resampling"]["scheme"] and "params" not in own:
        merged["params"] = {}
    merged.setdefault("params", {})
    return merged


def _check_datasets(raw: Mapping[str, Any], problems: list[str]) -> dict[str, DatasetConfig]:
    datasets = {}
    for name, entry in raw["datasets"].items():
        key = f"datasets.{name}"
        resampling = _dataset_resampling(raw, entry)
        if entry.get("resampling"):
            _check_resampling(f"{key}.resampling", resampling, problems)
        try:
            parse_source(copy.deepcopy(entry["source"]))
        except ValueError as exc:
            problems.append(f"{key}.source: {exc}")
        prefilter = entry.get("prefilter", {})
        n_features = prefilter.get("n_features")
        if isinstance(n_features, float) and not 0 < n_features <= 1:
            problems.append(
                f"{key}.prefilter.n_features: a fraction must lie in (0, 1], got {n_features}"
            )
        if isinstance(n_features, int) and n_features < 1:
            problems.append(f"{key}.prefilter.n_features: must be >= 1, got {n_features}")
        similarity = entry.get("similarity")
        datasets[name] = DatasetConfig(
            name=name,
            source=entry["source"],
            n_features=n_features,
            log_transform=prefilter.get("log_transform"),
            similarity_method=None if similarity is None else similarity.get("method", "pearson"),
            similarity_threshold=(
                None if similarity is None else float(similarity.get("threshold", 0.9))
            ),
            similarity_binary=bool((similarity or {}).get("binary", False)),
            holdout=prefilter.get("holdout"),
            resampling=resampling,
        )
    return datasets


def _check_measures(
    raw: Mapping[str, Any], datasets: Mapping[str, DatasetConfig], problems: list[str],
    selected: Sequence[str] | None = None,
) -> tuple[tuple[str, ...], dict[str, dict[str, Any]]]:
    """Measures and their parameters; ``selected``: the datasets selectors run on (None: all),
    which need a similarity matrix when an adjusted measure is computed."""
    section = raw["measures"]
    names = section["names"]
    measures = tuple(MEASURES) if names == "all" else tuple(names)
    unknown = [m for m in measures if m not in MEASURES]
    if unknown:
        problems.append(
            f"measures.names: unknown measure(s) {unknown}; known measures: {_known(MEASURES)}"
        )
    params = {name: dict(values) for name, values in section["params"].items()}
    for name, values in params.items():
        if name not in MEASURES:
            problems.append(
                f"measures.params.{name}: unknown measure; known measures: {_known(MEASURES)}"
            )
            continue
        extra = sorted(set(values) - set(MEASURES[name].params))
        if extra:
            problems.append(
                f"measures.params.{name}: {name} has no parameter(s) {extra}; it accepts: "
                f"{list(MEASURES[name].params) or 'none'}"
            )
        for key, problem in measure_parameter_problems(name, values).items():
            if key != MEASURES[name].rank_depth:  # checked against rank_cap below
                problems.append(f"measures.params.{name}.{key}: {problem}")
    cap = int(section["rank_cap"])
    for name in measures:
        depth = MEASURES[name].rank_depth if name in MEASURES else None
        if depth is None:
            continue
        k = params.get(name, {}).get(depth)
        if k is None or not isinstance(k, int) or not 1 <= k <= cap:
            problems.append(
                f"measures.params.{name}.{depth}: the rank down to which {name} tells rankings "
                f"apart must be an integer in 1..rank_cap={cap} (ranks above rank_cap are not "
                f"stored), got {k!r}"
            )
    needs_c = [m for m in measures if m in MEASURES and "C" in MEASURES[m].requires]
    without = [n for n, d in datasets.items() if d.similarity_method is None
               and (selected is None or n in selected)]
    if needs_c and without:
        problems.append(
            f"measures.names: {needs_c} need a similarity matrix; add 'similarity' to "
            f"dataset(s) {without} or leave these measures out"
        )
    return measures, params


def _check_dataset_list(key: str, chosen: Sequence[str] | None,
                        datasets: Mapping[str, DatasetConfig], problems: list[str]) -> None:
    if chosen is None:
        return
    unknown = sorted(set(chosen) - set(datasets))
    if unknown:
        problems.append(
            f"{key}: unknown dataset(s) {unknown}; known datasets: {_known(datasets)}"
        )


def _check_subset(key: str, chosen: Sequence[str] | None, available: Sequence[str],
                  problems: list[str]) -> None:
    if chosen is None:
        return
    unknown = [m for m in chosen if m not in available]
    if unknown:
        problems.append(
            f"{key}: {unknown} are not computed; computed measures: {', '.join(available)}"
        )


def check_config(config: Mapping[str, Any]) -> WorkflowConfig:
    """Semantic validation and expansion of a schema-valid configuration (defaults filled in).

    Raises :class:`ConfigError` listing every problem, each naming its key.
    """
    raw = copy.deepcopy(dict(config))
    problems: list[str] = folder_problems(raw)
    _check_resampling("resampling", raw["resampling"], problems)
    datasets = _check_datasets(raw, problems)
    _check_dataset_list("pareto.rank_datasets", raw["pareto"].get("rank_datasets"), datasets,
                        problems)
    from fsstab.workflow.evaluation import accuracy_model_problems

    problems += accuracy_model_problems(raw.get("accuracy_model"))
    if not raw["selectors"] and raw.get("paper") is None:
        problems.append(
            "selectors: no selector configured (an empty 'selectors' needs a 'paper' whose "
            "rules do the work)"
        )
    configurations: list[Configuration] = []
    for label, entry in raw["selectors"].items():
        configurations += _check_selector(label, entry, datasets, problems, int(raw["seed"]))
    seen: dict[str, str] = {}
    for c in configurations:
        if c.id in seen:
            problems.append(
                f"selectors.{c.selector}: configuration id {c.id!r} is also produced by "
                f"selectors.{seen[c.id]}; use distinct labels or grid values"
            )
        seen[c.id] = c.selector
    # (a paper configuration may keep datasets for its own rules only; its rules check them)
    for name in datasets:
        if not raw.get("paper") and configurations and not any(
            name in c.datasets for c in configurations
        ):
            problems.append(
                f"datasets.{name}: no selector runs on this dataset (every selector's "
                "'datasets' list leaves it out)"
            )
    selected = sorted({name for c in configurations for name in c.datasets})
    measures, measure_params = _check_measures(raw, datasets, problems, selected)
    _check_subset("pareto.measures", raw["pareto"].get("measures"), measures, problems)
    _check_subset("figures.measures", raw["figures"].get("measures"), measures, problems)
    only = _selected_datasets(raw.get("only_datasets"), datasets, problems)
    paper = _paper_config(raw)
    if problems:
        raise ConfigError(problems)
    if only is not None:
        # the whole configuration was checked above; the run is restricted afterwards
        datasets = {name: entry for name, entry in datasets.items() if name in only}
        configurations = [
            dataclasses.replace(c, datasets=tuple(n for n in c.datasets if n in only))
            for c in configurations
        ]
        configurations = [c for c in configurations if c.datasets]
    workflow = WorkflowConfig(
        raw=raw,
        datasets=datasets,
        configurations=tuple(configurations),
        measures=measures,
        measure_params=measure_params,
        paper=paper,
    )
    return workflow


def _selected_datasets(
    patterns: Sequence[str] | str | None, datasets: Mapping[str, DatasetConfig],
    problems: list[str],
) -> set[str] | None:
    """The datasets named by ``only_datasets``: a list or a comma-separated string of names or
    shell-style patterns such as ``*_singh``; each entry must match at least one dataset."""
    if patterns is None:
        return None
    if isinstance(patterns, str):
        patterns = [p.strip() for p in patterns.split(",") if p.strip()]
    chosen: set[str] = set()
    for pattern in patterns:
        matched = fnmatch.filter(datasets, pattern)
        if not matched:
            problems.append(
                f"only_datasets: {pattern!r} matches no dataset; known datasets: "
                f"{_known(datasets)}"
            )
        chosen.update(matched)
    return chosen


def _paper_config(raw: Mapping[str, Any]) -> PaperConfig | None:
    section = raw.get("paper")
    if section is None:
        return None
    name = section["name"]
    output_dir = section.get("output_dir") or f"{raw['results_dir']}/paper/{name}"
    return PaperConfig(name=name, output_dir=output_dir, settings=section.get("settings") or {},
                       benchmarks_dir=f"{raw['results_dir']}/benchmarks")
