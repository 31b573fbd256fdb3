"""A configuration the schema refuses, made checkable by the later layers anyway.

The configuration check has layers: the schema (types, keys, ranges), then the semantic checks
(:func:`fsstab.workflow.config.check_config`) and the checks across keys and of values
(:func:`fsstab.workflow.checks.configuration_problems`), which need a schema-valid
configuration. So that one run reports every problem -- a wrong type in ``resampling`` and a
negative ``C`` of a selector together, not one after the other -- :func:`checkable_config`
takes out what the schema refuses (an unknown key, a value of the wrong type or out of
range; an entry of ``datasets`` or ``selectors`` that has lost a required key), fills in the
defaults, and says what it took out. :func:`relevant_problems` then drops the later layers'
problems that could be an effect of taking something out rather than the user's: those of an
entry taken out, those naming it, and those of the keys that read a value taken out
(``pareto.measures`` reads ``measures``).

Examples
--------
>>> schema = {"type": "object", "required": ["datasets"], "properties": {
...     "datasets": {"type": "object"},
...     "seed": {"type": "integer", "minimum": 0, "default": 0}}}
>>> checkable_config({"datasets": {"a": {}}, "seed": -1}, schema)     # seed: its default
({'datasets': {'a': {}}, 'seed': 0}, [('seed',)], [])
>>> checkable_config({"seed": 1}, schema) is None      # no datasets: nothing to check
True
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

import jsonschema

__all__ = ["checkable_config", "relevant_problems"]

#: Entries of these sections are checked on their own: one with a problem the schema cannot
#: repair is taken out, the others are kept.
_ENTRY_SECTIONS = ("datasets", "selectors")
#: A key whose value was taken out -> the keys whose checks read it.
_READ_BY: dict[str, tuple[str, ...]] = {
    "measures": ("pareto.measures", "figures.measures"),
    "similarity": ("measures.names",),
}
#: Problems of the whole configuration that follow from the entries it has: an entry taken
#: out could be their cause (fsstab.workflow.config.check_config).
ENTRY_COUNT_PROBLEMS = ("no selector configured", "no selector runs on this dataset")
_MAX_ROUNDS = 8


def _validator(schema: Mapping[str, Any]) -> Any:
    from fsstab.workflow.schema import _DefaultFillingValidator

    return _DefaultFillingValidator(schema)


def _unit(path: Sequence[Any]) -> tuple[str, ...]:
    """The entry (``("selectors", "lasso")``) or top-level key (``("seed",)``) of a path."""
    if len(path) >= 2 and path[0] in _ENTRY_SECTIONS:
        return (str(path[0]), str(path[1]))
    return (str(path[0]),) if path else ()


def _delete(root: Any, path: Sequence[Any]) -> bool:
    """Delete the value at ``path`` (a mapping key or a list item); False if not there."""
    node = root
    for part in path[:-1]:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return False
    try:
        del node[path[-1]]
    except (KeyError, IndexError, TypeError):
        return False
    return True


def _repairs(error: jsonschema.ValidationError, data: Any) -> list[list[Any]]:
    """The paths to delete so that ``error`` goes away."""
    path = list(error.absolute_path)
    if "propertyNames" in error.relative_schema_path:
        return [[*path, error.instance]]  # a key whose name is not allowed
    if error.validator == "additionalProperties" and isinstance(error.instance, Mapping):
        known = set(error.schema.get("properties", {})) if isinstance(error.schema,
                                                                       Mapping) else set()
        return [[*path, key] for key in error.instance if key not in known]
    if error.validator == "required":
        return [list(_unit(path))]  # the entry (or, at the top level, nothing: [])
    return [path]


def checkable_config(
    config: Mapping[str, Any], schema: Mapping[str, Any]
) -> tuple[dict[str, Any], list[tuple[str, ...]], list[tuple[str, ...]]] | None:
    """``(checkable, taken_out, dropped)``: a copy of ``config`` without what ``schema``
    refuses (defaults filled in), the key paths taken out and the entries of ``datasets`` /
    ``selectors`` removed whole (or ``("selectors",)``: the whole section); None when
    nothing can be checked (the configuration is not a mapping, or ``datasets`` is missing
    or not a mapping)."""
    if not isinstance(config, Mapping):
        return None
    data = copy.deepcopy(dict(config))
    taken_out: list[tuple[str, ...]] = []
    for _ in range(_MAX_ROUNDS):
        filled = copy.deepcopy(data)
        errors = list(_validator(schema).iter_errors(filled))
        if not errors:
            dropped = [p for p in taken_out
                       if (len(p) == 2 and p[0] in _ENTRY_SECTIONS) or p == ("selectors",)]
            return filled, list(dict.fromkeys(taken_out)), list(dict.fromkeys(dropped))
        paths = [p for e in errors for p in _repairs(e, data)]
        if not paths or any(p in ([], ["datasets"]) for p in paths):
            return None
        for path in sorted(paths, key=len, reverse=True):
            if _delete(data, path):
                taken_out.append(tuple(str(p) for p in path))
    return None


def _key_of(problem: str) -> str:
    return problem.split(":", 1)[0].strip()


def _starts(key: str, prefix: str) -> bool:
    return key == prefix or key.startswith((prefix + ".", prefix + "["))


def relevant_problems(problems: Sequence[str], taken_out: Sequence[tuple[str, ...]],
                      dropped: Sequence[tuple[str, ...]]) -> list[str]:
    """The ``problems`` of the later layers that cannot be an effect of what
    :func:`checkable_config` took out (module docstring)."""
    removed = [".".join(p) for p in taken_out]
    readers = [reader for path in taken_out for part in path
               for reader in _READ_BY.get(part, ())]
    named = [p[-1] for p in dropped if len(p) == 2]
    selectors_lost = any(p[0] == "selectors" for p in dropped)
    kept = []
    for problem in problems:
        key = _key_of(problem)
        if any(_starts(key, prefix) for prefix in [*removed, *readers]):
            continue
        if any(repr(name) in problem or f"datasets.{name}" in problem
               or f"selectors.{name}" in problem for name in named):
            continue
        if selectors_lost and any(text in problem for text in ENTRY_COUNT_PROBLEMS):
            continue
        kept.append(problem)
    return kept
