"""Settings of Bommert (2020) Chapters 7 and 8: the sections ``paper.settings.ch7`` and
``paper.settings.ch8`` of ``config/paper/bommert2020.yaml``.

The hook :mod:`fsstab.papers.bommert2020` dispatches both sections here (through
:mod:`fsstab.papers.bommert2020_ch78`): :func:`check_section` returns the problems of one
section, keys relative to it (the hook prefixes ``paper.settings.<name>.``), and
:func:`resolve_section` fills in the defaults (the thesis' values) that the rules of
``rules/paper_bommert2020_ch78.smk`` read. Absent parts of ``ch8`` (``toy``, ``simulation``,
``real_data``) are not run. This module is light to import: the workflow loads it before any job.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fsstab.papers.settings import configured_problems

__all__ = [
    "CH7_CLASSIFIER_NAMES",
    "CH7_FILTER_NAMES",
    "L0_SUPPORT_SIZES",
    "NTREE_VALUES",
    "SECTION_SCHEMAS",
    "TOY_SEARCH_METHODS",
    "check_section",
    "resolve_section",
]

#: §8.3.1: the maximal support sizes ("max.feats") 2, 4, ..., 100 of L0 tuning.
L0_SUPPORT_SIZES: tuple[int, ...] = tuple(range(2, 101, 2))
#: Table 6.5: the random forest's ntree values.
NTREE_VALUES: tuple[int, ...] = (100, 200, 500, 1000, 2000, 5000)
#: Table 6.5: the filters and classifiers of Ch. 7's search space.
CH7_FILTER_NAMES: tuple[str, ...] = ("none", "jmi", "mim", "impurity")
CH7_CLASSIFIER_NAMES: tuple[str, ...] = ("svm", "knn", "ridge", "lasso", "random_forest",
                                         "glmboost")
#: §8.1: the methods tuned by random search (their iterations may be overridden).
TOY_SEARCH_METHODS: tuple[str, ...] = ("glmboost", "lasso_glmnet", "lasso_liblinear",
                                       "random_forest")

_DATASET_NAME = {"type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9_.-]*$"}


def _count(default: int, description: str = "", minimum: int = 1) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "integer", "minimum": minimum, "default": default}
    if description:
        schema["description"] = description
    return schema


def _fraction(default: float, description: str = "") -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "number", "minimum": 0, "maximum": 1, "default": default}
    if description:
        schema["description"] = description
    return schema


def _range(default: tuple[float, float], item: Mapping[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": dict(item), "minItems": 2, "maxItems": 2,
            "default": list(default)}


def _datasets(description: str) -> dict[str, Any]:
    return {"description": description, "type": "array", "items": _DATASET_NAME, "minItems": 1}


_NTREE = {"description": "random-forest ntree values (Table 6.5)", "type": "array",
          "items": {"type": "integer", "minimum": 1}, "minItems": 1,
          "default": list(NTREE_VALUES)}
_MAX_LOG2_ITERATIONS = {"description": "GLM boosting n.iter = round(2^x), x ~ U[0, this] "
                                       "(Table 6.5)",
                        "type": "number", "minimum": 0, "default": 15}

#: JSON schema of each section, defaults = the thesis' settings.
SECTION_SCHEMAS: dict[str, dict[str, Any]] = {
    "ch7": {
        "description": "Ch. 7: multi-criteria tuning over filter x classifier (Table 6.5)",
        "type": "object",
        "additionalProperties": False,
        "required": ["datasets"],
        "properties": {
            "datasets": _datasets("datasets (names under `datasets:`) split into training and "
                                  "test halves"),
            "n_per_method": _count(200, "random configurations per filter x classifier"),
            "filters": {"type": "array", "items": {"enum": list(CH7_FILTER_NAMES)},
                        "minItems": 1, "uniqueItems": True, "default": list(CH7_FILTER_NAMES)},
            "classifiers": {"type": "array", "items": {"enum": list(CH7_CLASSIFIER_NAMES)},
                            "minItems": 1, "uniqueItems": True,
                            "default": list(CH7_CLASSIFIER_NAMES)},
            "n_folds": _count(10, "cross-validation folds on each half", minimum=2),
            "ntree_values": _NTREE,
            "max_log2_iterations": _MAX_LOG2_ITERATIONS,
            "chunk_size": _count(50, "configurations per evaluation job"),
            "pa_tolerance": _fraction(0.05, "PA-best: accuracy >= best accuracy - this"),
            "n_estimate": _count(10_000, "Monte-Carlo draws of SMA-Count's expectations"),
        },
    },
    "ch8": {
        "description": "Ch. 8: L0-regularised models on data with similar features",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "approaches": {
                "description": "settings of the approaches adj, unadj, acc, stabs (§8.3.1)",
                "type": "object",
                "additionalProperties": False,
                "default": {},
                "properties": {
                    "n_folds": _count(10, minimum=2),
                    "sizes": {"description": "max.feats values tried", "type": "array",
                              "items": {"type": "integer", "minimum": 1}, "minItems": 1,
                              "uniqueItems": True, "default": list(L0_SUPPORT_SIZES)},
                    "l2": {"type": "number", "minimum": 0, "default": 0.01},
                    "backend": {"enum": ["auto", "l0learn", "abess"], "default": "auto"},
                    "n_estimate": _count(10_000),
                    "acc_const": _fraction(0.025),
                    "stab_const": _fraction(0.1),
                    "n_stabs_configs": _count(50),
                    "n_pairs": _count(50),
                    "pfer_range": _range((0.1, 10.0), {"type": "number", "exclusiveMinimum": 0}),
                    "pi_thr_range": _range((0.6, 0.9), {"type": "number",
                                                        "exclusiveMinimum": 0.5,
                                                        "maximum": 1}),
                },
            },
            "toy": {
                "description": "§8.1, the toy example",
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "n_datasets": _count(1000),
                    "n_samples": _count(100, minimum=20),
                    "n_search": _count(50, "random-search iterations per method"),
                    "search_overrides": {
                        "description": "method -> random-search iterations (default n_search)",
                        "type": "object",
                        "propertyNames": {"enum": list(TOY_SEARCH_METHODS)},
                        "additionalProperties": {"type": "integer", "minimum": 1},
                        "default": {},
                    },
                    "n_folds": _count(10, minimum=2),
                    "ntree_values": _NTREE,
                    "max_log2_iterations": _MAX_LOG2_ITERATIONS,
                    "chunk_size": _count(50, "data sets per job"),
                },
            },
            "simulation": {
                "description": "§8.3, the simulation study (Table 8.1)",
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "sizes": {
                        "description": "[n, p] pairs",
                        "type": "array",
                        "items": {"type": "array", "items": {"type": "integer", "minimum": 2},
                                  "minItems": 2, "maxItems": 2},
                        "minItems": 1,
                        "default": [[100, 200], [1000, 200], [100, 2000], [100, 10000]],
                    },
                    "designs": {"type": "array", "items": {"enum": ["blocks", "toeplitz"]},
                                "minItems": 1, "uniqueItems": True,
                                "default": ["blocks", "toeplitz"]},
                    "similar": {"type": "array", "items": {"type": "integer", "minimum": 0},
                                "minItems": 1, "uniqueItems": True, "default": [0, 4, 14, 24]},
                    "n_replications": _count(50),
                    "chunk_size": _count(1, "replications per job"),
                },
            },
            "real_data": {
                "description": "§8.4, nested cross-validation on real data",
                "type": "object",
                "additionalProperties": False,
                "required": ["datasets"],
                "properties": {
                    "datasets": _datasets("datasets (names under `datasets:`)"),
                    "n_outer": _count(10, "outer cross-validation folds", minimum=2),
                },
            },
        },
    },
}

_CH8_PARTS = ("toy", "simulation", "real_data")


def _schema(name: str) -> dict[str, Any]:
    if name not in SECTION_SCHEMAS:
        raise ValueError(f"section {name!r} is not a Ch. 7-8 section; known: "
                         f"{sorted(SECTION_SCHEMAS)}")
    return SECTION_SCHEMAS[name]


def _schema_problems(name: str, section: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """``(section with defaults, problems relative to the section)``."""
    from fsstab.workflow.config import ConfigError, validate_schema

    try:
        return validate_schema(dict(section or {}), _schema(name)), []
    except ConfigError as exc:
        return dict(section or {}), [
            problem.replace("(top level)", "", 1) if problem.startswith("(top level)")
            else problem
            for problem in exc.problems
        ]


def _dataset_problems(key: str, names: list[str], workflow: Any) -> list[str]:
    problems = configured_problems(key, names, workflow)
    duplicates = sorted({name for name in names if names.count(name) > 1})
    if duplicates:
        problems.append(f"{key}: {duplicates} named more than once")
    return problems


def _meaning_problems(name: str, section: Mapping[str, Any], workflow: Any) -> list[str]:
    """Problems of a schema-valid section given the whole configuration."""
    if name == "ch7":
        return _dataset_problems("datasets", list(section["datasets"]), workflow)
    problems = []
    if not any(part in section for part in _CH8_PARTS):
        problems.append(f": give at least one of {', '.join(_CH8_PARTS)} (nothing to run)")
    approaches = section["approaches"]
    for key in ("pfer_range", "pi_thr_range"):
        low, high = approaches[key]
        if not low < high:
            problems.append(f"approaches.{key}: [{low}, {high}] is not increasing")
    if "real_data" in section:
        problems += _dataset_problems("real_data.datasets",
                                      list(section["real_data"]["datasets"]), workflow)
    simulation = section.get("simulation")
    if simulation and "blocks" in simulation["designs"]:
        for n, p in simulation["sizes"]:
            for similar in simulation["similar"]:
                if -(-p // (similar + 1)) < 5:
                    problems.append(
                        f"simulation.sizes: [{n}, {p}] in blocks of {similar + 1} (similar = "
                        f"{similar}) gives fewer than the 5 blocks of the 5 relevant features")
    return problems


def check_section(name: str, section: Mapping[str, Any] | None, workflow: Any) -> list[str]:
    """Problems of the section ``name`` ("ch7" or "ch8"), keys relative to it
    (``n_folds: 1 is less than the minimum of 2``); checked against ``workflow.raw`` (datasets
    named must be configured under ``datasets:``)."""
    filled, problems = _schema_problems(name, section or {})
    if problems:
        return problems
    return _meaning_problems(name, filled, workflow)


def resolve_section(name: str, section: Mapping[str, Any] | None) -> dict[str, Any]:
    """The section with the thesis' defaults filled in (what the rules read); ``ValueError``
    listing every schema problem otherwise."""
    filled, problems = _schema_problems(name, section or {})
    if problems:
        raise ValueError(f"paper.settings.{name}: " + "; ".join(problems))
    return filled
