"""The semantic checks of one ``selectors.<label>`` entry, and its expansion into
:class:`~fsstab.workflow.config_objects.Configuration` objects (one per grid point, with the
variants of its sweep or random search).

Part of :func:`fsstab.workflow.config.check_config`; every problem is appended to the list the
caller reports at once, each naming the key at fault.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from fsstab.search import sample_space
from fsstab.seeds import derive_seed
from fsstab.selectors import (
    SELECTORS,
    constructor_parameters,
    nested_specifications,
    selector_valued_parameters,
)
from fsstab.workflow.config_objects import Configuration, DatasetConfig, Variant, _known
from fsstab.workflow.naming import DEFAULT_VARIANT, parameter_id
from fsstab.workflow.sweeps import (
    calibrated_selectors,
    required_parameters,
    selector_parameters,
    sweep_parameters,
)

#: Parameters the workflow sets itself (per resample / per dataset).
_WORKFLOW_SET_PARAMETERS: tuple[str, ...] = ("random_state",)
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


def _specification_hint(cls_name: str, names: Sequence[str]) -> str:
    """How to give the parameters ``names`` that take a selector specification."""
    takes = [name for name in names if name in selector_valued_parameters(cls_name)]
    if not takes:
        return ""
    return (f"; give {takes[0]} a selector specification, e.g. {takes[0]}: {{class: "
            "LassoSelector, params: {C: 0.1}}")


def _nested_workflow_parameters(
    cls_name: str, part: str, values: Mapping[str, Any]
) -> list[tuple[str, str, list[str]]]:
    """``(key path, class, parameters)`` of the nested selector specifications in a ``params``
    or ``grid`` section that set what the workflow sets (``random_state``, ``task``)."""
    settings = [("", values)] if part == "params" else [
        (f"[{index}]", {name: value}) for name, listed in values.items()
        for index, value in enumerate(listed if isinstance(listed, list) else [listed])]
    found = []
    for suffix, setting in settings:
        for path, nested, nested_params in nested_specifications(cls_name, setting):
            own = set(constructor_parameters(nested))  # others: "has no parameter"
            fixed = sorted(set(nested_params) & {*_WORKFLOW_SET_PARAMETERS, "task"} & own)
            if fixed:
                name, _, rest = path.partition(".")
                found.append((f"{name}{suffix}{'.' + rest if rest else ''}", nested, fixed))
    return found


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
    # parameters without a default (StabilitySelection's base selector) must be given, in
    # params (a grid gives one value per configuration)
    missing = sorted(set(required_parameters(cls_name)) - set(params) - set(grid))
    if missing:
        problems.append(
            f"{key}.params: {cls_name} needs {missing}, which have no default"
            + _specification_hint(cls_name, missing)
        )
        ok = False
    for part, values in (("params", params), ("grid", grid)):
        for where, nested, set_by_workflow in _nested_workflow_parameters(cls_name, part, values):
            problems.append(
                f"{key}.{part}.{where}.params: {set_by_workflow} of the nested {nested} is set by "
                "the workflow (through the selector that contains it) from the global seed and "
                "the dataset; remove it"
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
