"""Mistakes caught before any selection job runs.

The schema and :func:`fsstab.workflow.config.check_config` check each key on its own; the
checks here relate keys to each other and to the data:

- :func:`configuration_problems` -- what the configuration alone shows: forced features
  beyond the number of selected ones, sizes above a dataset's ``prefilter.n_features``, a
  binary-only selector on a dataset whose ``classes`` keep three or more classes, a missing
  ``file:`` source, a column its files do not have (target, groups, sample ids:
  :mod:`fsstab.workflow.column_checks`, reading only the headers), a selector that cannot
  serve a dataset's task (:mod:`fsstab.workflow.outcome_checks`), and every value no data
  set can accept (:func:`fsstab.workflow.value_checks.value_problems`);
- :func:`dataset_problems` -- what the data show as soon as a dataset is fetched and
  prefiltered (its ``n``, ``d`` and class counts): sizes above ``d``, binary-only selectors on
  multi-class data, classes too small to appear in a training and a test set, training sets
  with fewer samples of a class than a selector needs
  (:func:`fsstab.workflow.resampling_checks.resampling_class_problems`); and
  :func:`dataset_warnings` for data too small for meaningful estimates. Given the class
  counts alone (``n_features=None``), the problems that the labels show.

The workflow runs :func:`configuration_problems` when the Snakefile is read, and
:func:`dataset_problems` in the prefilter job (before the dataset's resampling and selection
jobs exist) and, by :func:`check_stored_datasets`, when the Snakefile is read: for every
dataset prefiltered or fetched earlier (a selector added later is checked against the stored
dataset), and, for a ``file:`` source not fetched yet, on the classes read from its labels
alone (:func:`fsstab.sources.study_labels.source_class_counts`: the target column or the
sample sheet, not the matrix) -- before the first job.
"""

from __future__ import annotations

import copy
import itertools
import os
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from fsstab.io import read_json
from fsstab.outcomes import describe_target
from fsstab.resampling import training_class_counts
from fsstab.selectors import SELECTORS, build_selector, data_problems
from fsstab.sources import missing_file_message, parse_source
from fsstab.sources.study_labels import source_class_counts
from fsstab.workflow.config import (
    ConfigError,
    Configuration,
    DatasetConfig,
    Variant,
    WorkflowConfig,
    check_config,
    validate_schema,
)
from fsstab.workflow.naming import DEFAULT_VARIANT, parameter_id
from fsstab.workflow.outcome_checks import (
    outcome_dataset_problems,
    outcome_warnings,
    task_problems,
)
from fsstab.workflow.repair import checkable_config, relevant_problems
from fsstab.workflow.resampling_checks import resampling_class_problems

__all__ = [
    "MIN_CLASS_SIZE",
    "SIZE_PARAMETERS",
    "SMALL_CLASS_SIZE",
    "check_prefiltered_dataset",
    "check_stored_datasets",
    "checked_workflow",
    "configuration_problems",
    "dataset_problems",
    "dataset_warnings",
    "fetched_dataset_summary",
    "label_class_counts",
    "raise_config_problems",
    "stored_dataset_summary",
]

#: Parameters that count features and so cannot exceed the number of features d.
SIZE_PARAMETERS: tuple[str, ...] = (
    "n_features_to_select", "target_k", "max_support_size", "n_forced",
)
#: A class needs a sample in the training set and one in the test set of some resamples.
MIN_CLASS_SIZE = 2
#: Below this many samples in a class, a warning says the estimates mean little.
SMALL_CLASS_SIZE = 10


def _source_key(config: Configuration, name: str, raw: Mapping[str, Any]) -> str:
    """``selectors.<label>.<params|grid|sweep|random_search>.<name>``: where a parameter is
    set."""
    entry = raw["selectors"][config.selector]
    for part in ("params", "grid", "sweep"):
        if name in (entry.get(part) or {}):
            return f"selectors.{config.selector}.{part}.{name}"
    if name == "calibrate_target_k":
        return f"selectors.{config.selector}.calibrate_target_k"
    return f"selectors.{config.selector}.random_search"


def _settings(config: Configuration, *names: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(label, parameters)`` of every variant of ``config``; the label names the variant
    only where one of ``names`` is a variant parameter (else every variant is the same
    setting of these parameters, reported once)."""
    for variant in config.variants:
        varies = any(name in variant.params for name in names) or not names
        label = f"{config.id}:{variant.id}" if varies and len(config.variants) > 1 else config.id
        yield label, {**config.params, **variant.params}


def _count(value: Any) -> int | None:
    """A feature count (fractions and None are not counts)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value


def _size_problems(config: Configuration, raw: Mapping[str, Any], d: int,
                   what: str) -> list[str]:
    problems = []
    calibrate = _count(config.calibrate_target_k)
    if calibrate is not None and calibrate > d:
        problems.append(
            f"{_source_key(config, 'calibrate_target_k', raw)}: {calibrate} features exceed "
            f"{what} (d = {d})"
        )
    for label, params in _settings(config, *SIZE_PARAMETERS):
        for name in SIZE_PARAMETERS:
            value = _count(params.get(name))
            if value is not None and value > d:
                problems.append(
                    f"{_source_key(config, name, raw)}: {name}={value} exceeds {what} "
                    f"(d = {d}; configuration {label})"
                )
    return problems


def _forced_problems(config: Configuration, raw: Mapping[str, Any]) -> list[str]:
    problems = []
    for label, params in _settings(config, "n_forced", "n_features_to_select"):
        forced, selected = _count(params.get("n_forced")), _count(
            params.get("n_features_to_select"))
        if forced is not None and selected is not None and forced > selected:
            problems.append(
                f"{_source_key(config, 'n_forced', raw)}: n_forced={forced} exceeds "
                f"n_features_to_select={selected} (configuration {label}); at most the "
                "selected features can be forced in"
            )
    return problems


def _training_rows(workflow: WorkflowConfig, dataset: str, n_samples: int,
                   class_counts: Mapping[str, int]) -> int:
    """The rows of a training set of ``dataset`` (its resampling scheme on ``n_samples``
    rows; ``n_samples`` where the scheme's draws are not fixed)."""
    section = workflow.resampling_for(dataset)
    params = dict(section.get("params") or {})
    counts = list(class_counts.values()) if len(class_counts) >= 2 else \
        [n_samples - n_samples // 2, n_samples // 2]
    if len(class_counts) < 2:
        params["stratify"] = True  # a split of the rows in two, for the count only
    try:
        training = training_class_counts(section["scheme"], counts, **params)
    except (TypeError, ValueError):
        return n_samples
    return n_samples if training is None else int(training.sum())


def _data_problems(config: Configuration, raw: Mapping[str, Any], n_samples: int,
                   n_features: int, what: str) -> list[str]:
    """What a configuration cannot do on training sets of ``n_samples`` rows and
    ``n_features`` features (:func:`fsstab.selectors.data_problems`: an error bound that
    cannot be met, fixed-X knockoffs with n < 2d + 1), with the values that would work."""
    problems = []
    for label, params in _settings(config):
        try:
            found = data_problems(config.cls, params, n_samples=n_samples,
                                  n_features=n_features)
        except (TypeError, ValueError):
            continue  # check_config reports bad parameters
        for problem in found:
            key = f"selectors.{config.selector}.params"
            where = f"{key}.{problem.path}" if problem.path else key
            problems.append(f"{where}: {problem.problem} ({what}; configuration {label})")
    return problems


def _class_problems(config: Configuration, n_classes: int, dataset: str) -> list[str]:
    problems = []
    seen = set()
    for _, params in _settings(config):
        try:
            selector = build_selector({"class": config.cls, "params": params})
        except (TypeError, ValueError):
            continue  # check_config reports bad parameters
        problem = selector._class_count_problem(n_classes)
        if problem is not None and problem not in seen:
            seen.add(problem)
            problems.append(
                f"selectors.{config.selector}: {problem}, but dataset {dataset!r} has "
                f"{n_classes} classes (configuration {config.id}); restrict the selector with "
                f"'datasets:', or keep two classes with 'classes: [a, b]' in the source"
            )
    return problems


def _classes_kept(source: Any) -> int | None:
    """The number of classes a source keeps when its spec says so (``multiclass`` with a
    ``classes`` list or mapping), else None (known only once the data are read)."""
    try:
        spec = parse_source(source)
    except ValueError:
        return None
    if not spec.options.get("multiclass"):
        return 2
    classes = spec.options.get("classes")
    if classes is None:
        return None
    return len(classes)


def _grid(values: Mapping[str, Sequence[Any]]) -> list[dict[str, Any]]:
    names = sorted(values)
    return [dict(zip(names, combo, strict=True))
            for combo in itertools.product(*(values[n] for n in names))]


def _raw_configurations(raw: Mapping[str, Any]) -> list[Configuration]:
    """The selector configurations of a schema-valid configuration, expanded as
    :func:`fsstab.workflow.config.check_config` names them -- but without its checks, so
    that these problems are reported together with the ones it finds."""
    configurations = []
    for label, entry in raw["selectors"].items():
        if entry["class"] not in SELECTORS:
            continue
        sweep = dict(entry.get("sweep") or {})
        variants = tuple(
            Variant(parameter_id(None, combo, empty=DEFAULT_VARIANT), combo)
            for combo in _grid(sweep)
        ) if sweep else (Variant(DEFAULT_VARIANT, {}),)
        names = entry.get("datasets") or list(raw["datasets"])
        for combo in _grid(dict(entry.get("grid") or {})):
            configurations.append(Configuration(
                id=parameter_id(label, combo), selector=label, cls=entry["class"],
                params={**(entry.get("params") or {}), **combo}, grid=combo,
                variants=variants, calibrate_target_k=entry.get("calibrate_target_k"),
                datasets=tuple(n for n in names if n in raw["datasets"]),
            ))
    return configurations


def configuration_problems(
    raw: Mapping[str, Any], *, base_dir: str | os.PathLike[str] | None = None
) -> list[str]:
    """Problems the configuration alone shows (see the module docstring), each naming its key.

    ``raw``: the schema-valid configuration (defaults filled in); its other problems are
    :func:`fsstab.workflow.config.check_config`'s. ``base_dir``: the folder relative
    ``file:`` paths are resolved against (the working directory).
    """
    problems: list[str] = []
    for name, entry in raw["datasets"].items():
        try:
            parsed = parse_source(copy.deepcopy(entry["source"]))
        except ValueError:
            continue  # reported by check_config
        if parsed.kind == "file":
            missing = missing_file_message(parsed.source, parsed.location, base_dir)
            if missing is not None:
                problems.append(f"datasets.{name}.source: {missing}")
        sheet = parsed.options.get("samples")
        if isinstance(sheet, str):
            missing = missing_file_message(f"samples: {sheet}", sheet, base_dir)
            if missing is not None:
                problems.append(f"datasets.{name}.source.samples: {missing}")
    from fsstab.workflow.column_checks import column_problems
    from fsstab.workflow.value_checks import value_problems

    problems += column_problems(raw, base_dir=base_dir)
    problems += value_problems(raw)
    for config in _raw_configurations(raw):
        problems += _forced_problems(config, raw)
        for name in config.datasets:
            entry = raw["datasets"][name]
            n_features = (entry.get("prefilter") or {}).get("n_features")
            if _count(n_features) is not None:
                problems += _size_problems(
                    config, raw, n_features,
                    f"the {n_features} features datasets.{name}.prefilter.n_features keeps",
                )
            kept = _classes_kept(entry["source"])
            if kept is not None and kept > 2:
                problems += _class_problems(config, kept, name)
    problems += task_problems(raw, _raw_configurations(raw))
    from fsstab.workflow.error_control import error_control_problems

    problems += error_control_problems(raw)
    return list(dict.fromkeys(problems))


def dataset_problems(
    workflow: WorkflowConfig, dataset: str, *, n_features: int | None,
    class_counts: Mapping[str, int], target: Mapping[str, Any] | None = None,
) -> list[str]:
    """Problems of the configurations running on ``dataset`` given its prefiltered size and
    class counts (see the module docstring); ``n_features`` None: the size is not known yet
    (the labels were read without the matrix); ``target``: the description of a regression
    or survival outcome (:func:`fsstab.outcomes.describe_target`), whose class counts are
    empty."""
    raw = workflow.raw
    problems: list[str] = [] if target is None else outcome_dataset_problems(dataset, target)
    small = {label: count for label, count in class_counts.items() if count < MIN_CLASS_SIZE}
    if small:
        shown = ", ".join(f"{label!r}: {count}" for label, count in small.items())
        problems.append(
            f"datasets.{dataset}: class(es) with fewer than {MIN_CLASS_SIZE} samples ({shown}); "
            "a class must be able to appear in a training set and in a test set. Drop it with "
            "'classes:' or merge it into another class"
        )
    what = f"the features of dataset {dataset!r} after prefiltering"
    n_samples = int(target["n"]) if target is not None and "n" in target else \
        sum(int(c) for c in class_counts.values())
    n_train = _training_rows(workflow, dataset, n_samples, class_counts)
    for config in workflow.configurations_for(dataset):
        if n_features is not None:
            problems += _size_problems(config, raw, n_features, what)
        if n_features is not None and n_train > 0:
            problems += _data_problems(
                config, raw, n_train, n_features,
                f"dataset {dataset!r}: training sets of {n_train} rows, {n_features} features")
        if len(class_counts) > 2:
            problems += _class_problems(config, len(class_counts), dataset)
    if not small and len(class_counts) >= 2:
        problems += resampling_class_problems(workflow, dataset, class_counts)
    from fsstab.workflow.error_control import n_planted_problems

    problems += n_planted_problems(raw, dataset, n_features,
                                   [c.selector for c in workflow.configurations_for(dataset)])
    return list(dict.fromkeys(problems))


def dataset_warnings(dataset: str, *, n_samples: int, class_counts: Mapping[str, int],
                     target: Mapping[str, Any] | None = None) -> list[str]:
    """Warnings for data too small for meaningful estimates (nothing is stopped)."""
    if target is not None:
        return outcome_warnings(dataset, target)
    smallest = min(class_counts.values()) if class_counts else 0
    if smallest >= SMALL_CLASS_SIZE:
        return []
    counts = ", ".join(f"{label}: {count}" for label, count in class_counts.items())
    return [
        f"dataset {dataset!r} has {n_samples} samples ({counts}); with fewer than "
        f"{SMALL_CLASS_SIZE} samples in a class the test sets hold a handful of samples, so "
        "accuracies and selection frequencies vary so much between resamples that the "
        "estimates mean little"
    ]


def stored_dataset_summary(
    folder: str | os.PathLike[str], dataset: DatasetConfig | None = None
) -> dict[str, Any] | None:
    """``{"n": ..., "d": ..., "class_counts": {...}}`` of a prefiltered dataset stored in
    ``folder`` (its ``provenance.json``), or None if there is none yet -- or, given the
    dataset's configuration, if the stored one was made from another source spec or other
    prefilter settings (the prefilter job will then remake and check it)."""
    path = Path(folder) / "provenance.json"
    if not path.is_file():
        return None
    provenance = read_json(path)
    if not {"n", "d", "class_counts"} <= set(provenance):
        return None
    if dataset is not None and not _made_from(provenance, dataset):
        return None
    return {"n": int(provenance["n"]), "d": int(provenance["d"]),
            "class_counts": dict(provenance["class_counts"]),
            "target": provenance.get("target")}


def fetched_dataset_summary(folder: str | os.PathLike[str], dataset: DatasetConfig
                            ) -> dict[str, Any] | None:
    """:func:`stored_dataset_summary` of the dataset as fetched (``<folder>/raw``), made
    from the dataset's current source spec, when no holdout split changes its samples;
    else None."""
    path = Path(folder) / "raw" / "provenance.json"
    if dataset.holdout is not None or not path.is_file():
        return None
    provenance = read_json(path)
    if not {"n", "d", "class_counts"} <= set(provenance) or not _made_from(
            provenance, dataset, prefiltered=False):
        return None
    return {"n": int(provenance["n"]), "d": int(provenance["d"]),
            "class_counts": dict(provenance["class_counts"]),
            "target": provenance.get("target")}


def _made_from(provenance: Mapping[str, Any], dataset: DatasetConfig, *,
               prefiltered: bool = True) -> bool:
    source = dataset.source
    named = {"source": source} if isinstance(source, str) else dict(source)
    named["name"] = dataset.name
    try:
        spec = parse_source(named).to_dict()
    except ValueError:
        return False
    stored = provenance.get("prefilter") or {}
    return provenance.get("spec") == spec and (not prefiltered or (
        stored.get("n_features") == dataset.n_features
        and stored.get("log_transform") == dataset.log_transform
    ))


def check_prefiltered_dataset(config: Mapping[str, Any], ds: Any) -> list[str]:
    """The prefilter job's check of its result against the configuration (``snakemake.config``,
    defaults filled in): raises :class:`ConfigError` with :func:`dataset_problems`, returns
    :func:`dataset_warnings`. Read from the configuration rather than the rule's params, so
    that adding a selector does not rerun the prefilter of finished datasets."""
    workflow = check_config(config)
    counts = ds.class_counts
    target = None if ds.task == "classification" else describe_target(ds.task, ds.y)
    problems = dataset_problems(workflow, ds.name, n_features=ds.n_features,
                                class_counts=counts, target=target)
    if problems:
        raise ConfigError(problems)
    return dataset_warnings(ds.name, n_samples=ds.n_samples, class_counts=counts,
                            target=target)


def label_class_counts(dataset: DatasetConfig,
                       base_dir: str | os.PathLike[str] | None = None
                       ) -> dict[str, int] | None:
    """The classes of a dataset not fetched yet, read from its labels alone
    (:func:`fsstab.sources.study_labels.source_class_counts`), when the fetch and the
    prefilter keep every sample (no holdout split); None when they cannot be read so. A file
    that cannot be read gives None too: the fetch job names what is wrong with it."""
    if dataset.holdout is not None:
        return None
    try:
        return source_class_counts(dataset.source, base_dir=base_dir)
    except (ValueError, OSError, EOFError):
        return None


def check_stored_datasets(workflow: WorkflowConfig, data_dir: str | os.PathLike[str],
                          base_dir: str | os.PathLike[str] | None = None) -> list[str]:
    """:func:`dataset_problems` of every dataset already prefiltered (or fetched) under
    ``data_dir``, and of every ``file:`` dataset not fetched yet on the classes its labels
    give (:func:`label_class_counts`; relative paths below ``base_dir``, default the working
    directory). Run when the Snakefile is read: a selector added later meets a stored
    dataset, a resampling that leaves too few samples of a class is refused before the first
    job. Raises :class:`ConfigError`, returns the warnings."""
    problems: list[str] = []
    warnings: list[str] = []
    for name in workflow.selected_datasets:
        stored = stored_dataset_summary(Path(data_dir) / name, workflow.datasets[name])
        if stored is None:
            # fetched but not prefiltered (its prefilter job failed, or has not run): the
            # fetched data have the same samples unless a holdout split keeps a part, and at
            # least as many features, so every problem they show is one of the prefiltered
            stored = fetched_dataset_summary(Path(data_dir) / name, workflow.datasets[name])
            if stored is not None:
                problems += dataset_problems(workflow, name, n_features=stored["d"],
                                             class_counts=stored["class_counts"],
                                             target=stored["target"])
                continue
            counts = label_class_counts(workflow.datasets[name], base_dir)
            if counts is not None:
                problems += dataset_problems(workflow, name, n_features=None,
                                             class_counts=counts)
            continue
        problems += dataset_problems(workflow, name, n_features=stored["d"],
                                     class_counts=stored["class_counts"],
                                     target=stored["target"])
        warnings += dataset_warnings(name, n_samples=stored["n"],
                                     class_counts=stored["class_counts"],
                                     target=stored["target"])
    if problems:
        raise ConfigError(problems)
    return warnings


def raise_config_problems(problems: list[str]) -> None:
    """Raise :class:`ConfigError` listing ``problems`` (if any)."""
    if problems:
        raise ConfigError(problems)


def checked_workflow(
    config: Mapping[str, Any], schema: Mapping[str, Any], *, problems: Sequence[str] = (),
    base_dir: str | os.PathLike[str] | None = None,
) -> WorkflowConfig:
    """The schema, :func:`check_config` and :func:`configuration_problems` in one go, every
    problem reported at once (``problems``: those found earlier, e.g. keys defined twice in a
    configuration file).

    When the schema refuses something, the later layers still check the rest of the
    configuration (:func:`fsstab.workflow.repair.checkable_config`) and add the problems that
    are not an effect of what the schema refused.
    """
    found = list(problems)
    try:
        raw = validate_schema(config, schema)
    except ConfigError as exc:
        found += exc.problems
        checkable = checkable_config(config, schema)
        if checkable is not None:
            repaired, taken_out, dropped = checkable
            found += relevant_problems(_later_problems(repaired, base_dir), taken_out, dropped)
        raise ConfigError(list(dict.fromkeys(found))) from None
    later = configuration_problems(raw, base_dir=base_dir)
    try:
        workflow = check_config(raw)
    except ConfigError as exc:
        raise ConfigError(list(dict.fromkeys(found + exc.problems + later))) from None
    raise_config_problems(list(dict.fromkeys(found + later)))
    return workflow


def _later_problems(raw: Mapping[str, Any],
                    base_dir: str | os.PathLike[str] | None) -> list[str]:
    """The problems :func:`check_config` and :func:`configuration_problems` find in a
    schema-valid ``raw``."""
    found = configuration_problems(raw, base_dir=base_dir)
    try:
        check_config(raw)
    except ConfigError as exc:
        return exc.problems + found
    return found
