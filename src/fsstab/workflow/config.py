"""Loading, validating and expanding the workflow configuration.

Two layers of checks run before any job (the Snakefile calls both):

1. the JSON schema ``config/schema/config.schema.yaml`` (types, allowed keys, ranges; defaults
   are filled in) -- :func:`validate_schema`;
2. the semantic checks of :func:`check_config`: source specs parse, selector classes exist and
   accept the given parameters, measures exist and accept theirs, sweep parameters are
   final-model parameters, Canberra's location fits under the stored rank cap, adjusted measures
   have a similarity matrix on every dataset... Every problem is reported at once, each naming
   the key at fault and, for unknown names, listing the known ones.

:func:`check_config` returns a :class:`WorkflowConfig`: the datasets, the selector
configurations (grid expanded, ids assigned, variants listed) and the settings of the later
stages, as plain immutable objects the rules and scripts use.
"""

from __future__ import annotations

import copy
import dataclasses
import fnmatch
import itertools
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from fsstab.measures import MEASURES
from fsstab.resampling import SCHEMES
from fsstab.search import sample_space
from fsstab.selectors import SELECTORS
from fsstab.sources import parse_source
from fsstab.workflow.chunks import chunk_ids, chunk_range
from fsstab.workflow.naming import DEFAULT_VARIANT, parameter_id
from fsstab.workflow.seeds import derive_seed
from fsstab.workflow.sweeps import (
    calibrated_selectors,
    required_parameters,
    selector_parameters,
    sweep_parameters,
)

__all__ = [
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

#: Parameters the workflow sets itself (per resample / per dataset).
_WORKFLOW_SET_PARAMETERS: tuple[str, ...] = ("random_state",)
#: Resampling parameters every scheme accepts (fsstab.resampling.make_resamples).
_COMMON_RESAMPLING_PARAMETERS: tuple[str, ...] = ("stratify", "max_redraws")
#: The measures shown by default in trajectories and summary tables.
DEFAULT_FIGURE_MEASURES: tuple[str, ...] = (
    "nogueira", "pearson", "importance_weighted", "canberra", "sechidis", "intersection_count",
)


class ConfigError(ValueError):
    """The configuration is invalid; the message lists every problem found, one per line."""

    def __init__(self, problems: Sequence[str]):
        self.problems = list(problems)
        super().__init__(
            "invalid workflow configuration:\n" + "\n".join(f"  - {p}" for p in self.problems)
        )


# --------------------------------------------------------------------------------------------
# Schema
# --------------------------------------------------------------------------------------------


def load_schema(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read the JSON schema (YAML) of the configuration."""
    path = Path(path)
    if not path.is_file():
        raise ValueError(f"schema file {path} does not exist")
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _with_defaults(validator_class: type) -> type:
    """A validator class that also fills in the schema's ``default`` values (in place)."""
    validate_properties = validator_class.VALIDATORS["properties"]

    def properties(validator, properties, instance, schema):
        if isinstance(instance, dict):
            for name, subschema in properties.items():
                if "default" in subschema and name not in instance:
                    instance[name] = copy.deepcopy(subschema["default"])
        yield from validate_properties(validator, properties, instance, schema)

    return jsonschema.validators.extend(validator_class, {"properties": properties})


_DefaultFillingValidator = _with_defaults(jsonschema.Draft202012Validator)


def validate_schema(config: Mapping[str, Any], schema: Mapping[str, Any]) -> dict[str, Any]:
    """Check ``config`` against ``schema``; return a copy with the defaults filled in.

    Raises :class:`ConfigError` listing every violation with the dotted key at fault, e.g.
    ``resampling.n_resamples: 'thirty' has the wrong type; expected an integer`` (messages of
    :func:`fsstab.workflow.validation.describe_schema_error`).
    """
    filled = copy.deepcopy(dict(config))
    validator = _DefaultFillingValidator(schema)
    errors = sorted(validator.iter_errors(filled), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        from fsstab.workflow.validation import schema_error_messages

        raise ConfigError(schema_error_messages(errors, schema))
    return filled


def load_config(
    path: str | os.PathLike[str], schema_path: str | os.PathLike[str]
) -> WorkflowConfig:
    """Read a YAML configuration, validate it against the schema and semantically."""
    path = Path(path)
    if not path.is_file():
        raise ValueError(f"configuration file {path} does not exist")
    raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: a configuration is a mapping, got {type(raw).__name__}")
    return check_config(validate_schema(raw, load_schema(schema_path)))


# --------------------------------------------------------------------------------------------
# Expanded configuration objects
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DatasetConfig:
    """One dataset: source spec, prefilter settings and similarity matrix settings."""

    name: str
    source: Any
    n_features: int | float | None = None
    log_transform: str | None = None
    similarity_method: str | None = None
    similarity_threshold: float | None = None
    similarity_binary: bool = False
    holdout: Mapping[str, Any] | None = None
    resampling: Mapping[str, Any] = field(default_factory=dict)

    @property
    def n_resamples(self) -> int:
        """M of this dataset (its ``resampling`` override, else the global setting)."""
        return int(self.resampling["n_resamples"])

    @property
    def chunks(self) -> tuple[str, ...]:
        """Chunk ids ``r<first>-<last>`` (inclusive, zero-padded) covering 0 .. M - 1."""
        return chunk_ids(self.n_resamples, self.resampling.get("chunk_size"))

    @property
    def prefilter_params(self) -> dict[str, Any]:
        return {"n_features": self.n_features, "log_transform": self.log_transform,
                "holdout": None if self.holdout is None else dict(self.holdout)}

    @property
    def similarity_params(self) -> dict[str, Any] | None:
        if self.similarity_method is None:
            return None
        params = {"method": self.similarity_method, "threshold": self.similarity_threshold}
        # only when set: the similarity rule's params of every other configuration stay as
        # they were (no reruns)
        return {**params, "binary": True} if self.similarity_binary else params


@dataclass(frozen=True)
class Variant:
    """Final-model parameters computed from one elimination path (a ``variant`` of a job)."""

    id: str
    params: Mapping[str, Any]


@dataclass(frozen=True)
class Configuration:
    """One selector configuration: a selection job (per dataset) and an output folder.

    ``params`` are the constructor parameters (fixed ones and this configuration's grid
    values, without the sweep parameters and without ``random_state``, which the workflow sets
    per resample); ``grid`` the grid values alone (they name the configuration).
    """

    id: str
    selector: str
    cls: str
    params: Mapping[str, Any]
    grid: Mapping[str, Any]
    variants: tuple[Variant, ...]
    calibrate_target_k: int | str | None
    datasets: tuple[str, ...]
    resources: Mapping[str, int] = field(default_factory=dict)
    calibrate_resamples: int | None = None
    calibrate_unreachable: str = "raise"

    @property
    def spec(self) -> dict[str, Any]:
        """Everything a selection job needs to know about this configuration (rule params)."""
        return {
            "id": self.id,
            "selector": self.selector,
            "class": self.cls,
            "params": dict(self.params),
            "grid": dict(self.grid),
            "variants": [{"id": v.id, "params": dict(v.params)} for v in self.variants],
            "calibrate_target_k": self.calibrate_target_k,
            "calibrate_resamples": self.calibrate_resamples,
            "calibrate_unreachable": self.calibrate_unreachable,
        }

    @property
    def uses_univariate_scores(self) -> bool:
        """Some variant's fit reads the per-resample univariate statistics (the class says
        which: :meth:`fsstab.selectors.BaseSelector.uses_univariate_statistics`)."""
        cls = SELECTORS[self.cls]
        return any(
            cls.uses_univariate_statistics({**self.params, **v.params}) for v in self.variants
        )


#: Where the jobs' logs go (relative to the working directory).
LOGS_DIR = "logs"


@dataclass(frozen=True)
class PaperConfig:
    """A paper-regeneration run, and where its files go (the one output-path helper of the
    papers; the rules reach it through the ``get_paper_*`` functions of ``rules/common.smk``).

    ``rules/paper_<name>.smk`` writes the paper's figures and tables under ``output_dir`` from
    the generic stages' results, after checking ``settings`` with the paper's
    :class:`fsstab.papers.settings.PaperSettings` (the workflow itself does not know papers).
    File names start with the paper's numbering (``fig01_...``, ``table2_...``).
    """

    name: str
    output_dir: str
    settings: Mapping[str, Any]
    benchmarks_dir: str = "results/benchmarks"

    def file(self, stem: str, extension: str) -> str:
        """``<output_dir>/<stem>.<extension>``: a final output."""
        return f"{self.output_dir}/{stem}.{extension}"

    def table(self, stem: str) -> list[str]:
        """A table: ``[<stem>.csv, <stem>.parquet]`` (written by
        :func:`fsstab.papers.outputs.write_table`)."""
        return [self.file(stem, "csv"), self.file(stem, "parquet")]

    def figure(self, stem: str) -> list[str]:
        """A figure: ``[<stem>.pdf, <stem>.png]`` (written by
        :func:`fsstab.plots.save_figure`)."""
        return [self.file(stem, "pdf"), self.file(stem, "png")]

    def work(self, path: str) -> str:
        """``<output_dir>/work/<path>``: an intermediate file (per-job tables)."""
        return f"{self.output_dir}/work/{path}"

    def log(self, step: str) -> str:
        """The log file of the paper's rule ``step``."""
        return f"{LOGS_DIR}/paper/{self.name}/{step}.log"

    def benchmark(self, step: str) -> str:
        """The benchmark file (Snakemake's ``benchmark:``) of the paper's rule ``step``."""
        return f"{self.benchmarks_dir}/paper/{self.name}/{step}.tsv"


@dataclass(frozen=True)
class WorkflowConfig:
    """The validated, expanded configuration (see the module docstring)."""

    raw: Mapping[str, Any]
    datasets: Mapping[str, DatasetConfig]
    configurations: tuple[Configuration, ...]
    measures: tuple[str, ...]
    measure_params: Mapping[str, Mapping[str, Any]]
    paper: PaperConfig | None = None

    @property
    def seed(self) -> int:
        return int(self.raw["seed"])

    @property
    def selected_datasets(self) -> tuple[str, ...]:
        """Datasets that are run and that some selector runs on (a paper configuration may keep
        other datasets for its own rules only)."""
        return tuple(d for d in self.datasets if self.configurations_for(d))

    @property
    def rank_datasets(self) -> tuple[str, ...]:
        """Datasets of the non-dominated rank: those of ``pareto.rank_datasets`` among
        :attr:`selected_datasets`, or all of these."""
        chosen = self.raw["pareto"].get("rank_datasets")
        return tuple(d for d in self.selected_datasets if chosen is None or d in chosen)

    @property
    def resampling(self) -> Mapping[str, Any]:
        return self.raw["resampling"]

    @property
    def n_resamples(self) -> int:
        return int(self.resampling["n_resamples"])

    @property
    def chunk_size(self) -> int:
        size = self.resampling.get("chunk_size")
        return self.n_resamples if size is None else min(int(size), self.n_resamples)

    @property
    def chunks(self) -> tuple[str, ...]:
        """Chunk ids of the global setting (see :meth:`chunks_for` for a dataset's)."""
        return chunk_ids(self.n_resamples, self.resampling.get("chunk_size"))

    def resampling_for(self, dataset: str) -> Mapping[str, Any]:
        """The resampling of ``dataset``: its own ``resampling`` keys over the global ones."""
        return self._dataset(dataset).resampling

    def n_resamples_for(self, dataset: str) -> int:
        return self._dataset(dataset).n_resamples

    def chunks_for(self, dataset: str) -> tuple[str, ...]:
        return self._dataset(dataset).chunks

    def _dataset(self, name: str) -> DatasetConfig:
        if name not in self.datasets:
            raise ValueError(f"unknown dataset {name!r}; known datasets: {_known(self.datasets)}")
        return self.datasets[name]

    def configurations_for(self, dataset: str) -> tuple[Configuration, ...]:
        return tuple(c for c in self.configurations if dataset in c.datasets)

    def configuration(self, config_id: str) -> Configuration:
        for c in self.configurations:
            if c.id == config_id:
                return c
        raise ValueError(f"unknown configuration id {config_id!r}")

    def trajectory_selectors(self, dataset: str) -> tuple[str, ...]:
        """Selectors with a numeric parameter taking several values on ``dataset`` (through
        grid or sweep): each gets a stability-versus-parameter figure."""
        settings: dict[str, list[dict[str, Any]]] = {}
        for c in self.configurations_for(dataset):
            for v in c.variants:
                settings.setdefault(c.selector, []).append({**c.params, **v.params})
        chosen = []
        for selector, rows in settings.items():
            names = set().union(*rows)
            for name in sorted(names):
                values = [row.get(name) for row in rows]
                numeric = all(
                    isinstance(v, int | float) and not isinstance(v, bool) for v in values
                )
                if numeric and len({float(v) for v in values}) > 1:
                    chosen.append(selector)
                    break
        return tuple(chosen)

    @property
    def pareto_measures(self) -> tuple[str, ...]:
        chosen = self.raw["pareto"].get("measures")
        return self.measures if chosen is None else tuple(chosen)

    @property
    def figure_measures(self) -> tuple[str, ...]:
        chosen = self.raw["figures"].get("measures")
        if chosen is not None:
            return tuple(chosen)
        return tuple(m for m in DEFAULT_FIGURE_MEASURES if m in self.measures)

    @property
    def rank_cap(self) -> int:
        return int(self.raw["measures"]["rank_cap"])


# --------------------------------------------------------------------------------------------
# Semantic checks
# --------------------------------------------------------------------------------------------


#: Variant ids of random-search draws: ``draw-0000``, ``draw-0001``, ...
RANDOM_VARIANT_PREFIX = "draw"


def _searches(entry: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    """``(key suffix, search)`` of a selector's ``random_search``: one search, or a list of
    searches (e.g. one per classifier of a hierarchical space) whose draws are concatenated."""
    search = entry["random_search"]
    if isinstance(search, Mapping):
        return [("", search)]
    return [(f"[{i}]", s) for i, s in enumerate(search)]


def _random_variants(
    key: str, entry: Mapping[str, Any], allowed: Sequence[str], seed: int, label: str,
    problems: list[str],
) -> tuple[Variant, ...] | None:
    """The variants of ``random_search``: n draws of each space, seeded by (seed, label, index
    of the search), numbered ``draw-0000``, ``draw-0001``, ... across the searches."""
    draws: list[dict[str, Any]] = []
    for index, (suffix, search) in enumerate(_searches(entry)):
        where = f"{key}.random_search{suffix}.space"
        not_sweepable = sorted(set(search["space"]) - set(allowed))
        if not_sweepable:
            problems.append(
                f"{where}: {not_sweepable} cannot vary inside a job for {entry['class']} "
                f"(variant parameters: {list(allowed) or 'none for this class'})"
            )
            return None
        keys = (label, "random_search") if not suffix else (label, "random_search", index)
        try:
            draws += sample_space(search["space"], search["n"], derive_seed(seed, *keys))
        except ValueError as exc:
            problems.append(f"{where}.{exc}")
            return None
    width = max(4, len(str(len(draws) - 1)))
    return tuple(
        Variant(f"{RANDOM_VARIANT_PREFIX}-{i:0{width}d}", draw) for i, draw in enumerate(draws)
    )


def _known(names: Sequence[str]) -> str:
    return ", ".join(sorted(names))


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


def _grid_combinations(grid: Mapping[str, Sequence[Any]]) -> list[dict[str, Any]]:
    names = sorted(grid)
    return [dict(zip(names, values, strict=True)) for values in
            itertools.product(*(grid[n] for n in names))]


def _check_selector(
    label: str, entry: Mapping[str, Any], datasets: Mapping[str, DatasetConfig],
    problems: list[str], seed: int = 0,
) -> list[Configuration]:
    key = f"selectors.{label}"
    cls_name = entry["class"]
    if cls_name not in SELECTORS:
        problems.append(
            f"{key}.class: unknown selector {cls_name!r}; known selectors: {_known(SELECTORS)}"
        )
        return []
    accepted = selector_parameters(cls_name)
    params = dict(entry.get("params") or {})
    grid = dict(entry.get("grid") or {})
    sweep = dict(entry.get("sweep") or {})
    ok = True
    # a selector's parameters without a default hold Python objects (StabilitySelection's base
    # selector; tests/test_workflow_config.py pins it), which YAML cannot give
    objects = required_parameters(cls_name)
    if objects:
        configurable = [name for name in SELECTORS if not required_parameters(name)]
        problems.append(
            f"{key}.class: {cls_name} needs a Python object for {list(objects)}, which a "
            "configuration cannot give (use the class from Python); selectors a configuration "
            f"can build: {_known(configurable)}"
        )
        ok = False
    for part, values in (("params", params), ("grid", grid), ("sweep", sweep)):
        unknown = sorted(set(values) - set(accepted))
        if unknown:
            problems.append(
                f"{key}.{part}: {cls_name} has no parameter(s) {unknown}; its parameters: "
                f"{_known(accepted)}"
            )
            ok = False
        fixed_by_workflow = sorted(set(values) & set(_WORKFLOW_SET_PARAMETERS))
        if fixed_by_workflow:
            problems.append(
                f"{key}.{part}: {fixed_by_workflow} is set by the workflow per resample from "
                "the global seed; remove it"
            )
            ok = False
    for a, b in (("params", "grid"), ("params", "sweep"), ("grid", "sweep")):
        both = sorted(set(entry.get(a) or {}) & set(entry.get(b) or {}))
        if both:
            problems.append(f"{key}: parameter(s) {both} appear in both {a} and {b}")
            ok = False
    if SELECTORS[cls_name].sweeps_any_parameter:
        allowed_sweep = tuple(p for p in accepted if p not in _WORKFLOW_SET_PARAMETERS)
    else:
        allowed_sweep = sweep_parameters(cls_name)
    not_sweepable = sorted(set(sweep) - set(allowed_sweep))
    if sweep and not_sweepable:
        problems.append(
            f"{key}.sweep: {not_sweepable} cannot be swept inside a job for {cls_name} (sweep "
            "parameters only change the final model: "
            f"{list(allowed_sweep) or 'none for this class'}); put them in grid"
        )
        ok = False
    calibrate = entry.get("calibrate_target_k")
    calibration_options = sorted({"calibrate_resamples", "calibrate_unreachable"} & set(entry))
    if calibrate is None and calibration_options:
        problems.append(
            f"{key}: {calibration_options} only apply with calibrate_target_k; set it or remove "
            "them"
        )
        ok = False
    if calibrate is not None:
        if not SELECTORS[cls_name].calibrates_C:
            problems.append(
                f"{key}.calibrate_target_k: only for {list(calibrated_selectors())}, not "
                f"{cls_name}"
            )
            ok = False
        clash = sorted({"C", "target_k"} & (set(params) | set(grid)))
        if clash:
            problems.append(
                f"{key}.calibrate_target_k: calibration chooses C itself; remove {clash}"
            )
            ok = False
    names = entry.get("datasets") or list(datasets)
    missing = sorted(set(names) - set(datasets))
    if missing:
        problems.append(
            f"{key}.datasets: unknown dataset(s) {missing}; known datasets: {_known(datasets)}"
        )
        ok = False
    if "random_search" in entry:
        if sweep:
            problems.append(f"{key}: give either sweep or random_search, not both")
            ok = False
        for suffix, search in _searches(entry):
            where = f"{key}.random_search{suffix}.space"
            clash = sorted(set(search["space"]) & (set(params) | set(grid)))
            if clash:
                problems.append(
                    f"{where}: parameter(s) {clash} also appear in params or grid"
                )
                ok = False
            unknown = sorted(set(search["space"]) - set(accepted))
            if unknown:
                problems.append(
                    f"{where}: {cls_name} has no parameter(s) {unknown}; its parameters: "
                    f"{_known(accepted)}"
                )
                ok = False
    if not ok:
        return []
    if "random_search" in entry:
        variants = _random_variants(key, entry, allowed_sweep, seed, label, problems)
        if variants is None:
            return []
    elif sweep:
        variants = tuple(
            Variant(parameter_id(None, combo, empty=DEFAULT_VARIANT), combo)
            for combo in _grid_combinations(sweep)
        )
    else:
        variants = (Variant(DEFAULT_VARIANT, {}),)
    resources = dict(entry.get("resources") or {})
    configurations = []
    for combo in _grid_combinations(grid) if grid else [{}]:
        configurations.append(
            Configuration(
                id=parameter_id(label, combo),
                selector=label,
                cls=cls_name,
                params={**params, **combo},
                grid=combo,
                variants=variants,
                calibrate_target_k=calibrate,
                datasets=tuple(n for n in datasets if n in names),
                resources=resources,
                calibrate_resamples=entry.get("calibrate_resamples"),
                calibrate_unreachable=entry.get("calibrate_unreachable", "raise"),
            )
        )
    return configurations


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
    problems: list[str] = []
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
