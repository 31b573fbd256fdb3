"""Configuration errors a user can act on: every problem at once, each with its key path and
what is allowed there, never a dump of the schema.

- :func:`duplicate_keys` finds keys given twice in a YAML file (PyYAML, like Snakemake, would
  keep the last definition silently);
- :func:`describe_schema_error` turns one ``jsonschema`` error into one line: the dotted key
  path (``datasets.mine.prefilter``), what is wrong, and the allowed keys / values / forms,
  with a "did you mean" for near misses;
- :func:`validate_config_files` runs both on the configuration Snakemake loaded and fills in
  the schema's defaults (what ``snakemake.utils.validate`` did, with messages of this module).
"""

from __future__ import annotations

import copy
import difflib
import os
from collections.abc import Iterable, Mapping, MutableMapping
from pathlib import Path
from typing import Any

import jsonschema
import yaml

__all__ = [
    "describe_schema_error",
    "duplicate_keys",
    "schema_error_messages",
    "validate_config_files",
]

_MAX_VALUE_CHARS = 60


# --------------------------------------------------------------------------------------------
# Keys given twice in a YAML file
# --------------------------------------------------------------------------------------------


def _repeated_keys(node: yaml.Node, trail: list[str], found: list[tuple[str, int, int]]) -> None:
    """Walk a composed YAML node tree; record (key path, first line, repeated line)."""
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = str(key_node.value) if isinstance(key_node, yaml.ScalarNode) else None
            if key is not None and key != "<<":
                line = key_node.start_mark.line + 1
                where = ".".join([*trail, key])
                if key in seen:
                    found.append((where, seen[key], line))
                else:
                    seen[key] = line
            _repeated_keys(value_node, [*trail, key or "?"], found)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            last = trail[-1] if trail else ""
            _repeated_keys(item, [*trail[:-1], f"{last}[{index}]"], found)


def duplicate_keys(path: str | os.PathLike[str]) -> list[str]:
    """One message per key that appears twice in the same mapping of the YAML file ``path``.

    Example: ``config/my.yaml, line 14: datasets.mine is defined twice (first on line 9); a
    YAML mapping keeps only the last definition, ...``.
    """
    path = Path(path)
    try:
        root = yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return []  # a syntax error is reported by the loader that reads the configuration
    found: list[tuple[str, int, int]] = []
    if root is not None:
        _repeated_keys(root, [], found)
    return [
        f"{path}, line {again}: {where} is defined twice (first on line {first}); a YAML "
        "mapping keeps only the last definition, so merge the two or rename one"
        for where, first, again in found
    ]


# --------------------------------------------------------------------------------------------
# Schema errors
# --------------------------------------------------------------------------------------------


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= _MAX_VALUE_CHARS else text[: _MAX_VALUE_CHARS - 3] + "..."


def _key_path(error: jsonschema.ValidationError) -> str:
    parts: list[str] = []
    for part in error.absolute_path:
        if isinstance(part, int):
            parts.append(f"[{part}]")
        else:
            parts.append(("." if parts else "") + str(part))
    return "".join(parts) or "(top level)"


def _resolve(schema: Mapping[str, Any], root: Mapping[str, Any]) -> Mapping[str, Any]:
    """Follow a local ``$ref`` (``#/definitions/...``) of the configuration schema."""
    seen = 0
    while isinstance(schema, Mapping) and "$ref" in schema and seen < 10:
        target: Any = root
        for part in str(schema["$ref"]).lstrip("#/").split("/"):
            target = target[part]
        schema = {**target, **{k: v for k, v in schema.items() if k != "$ref"}}
        seen += 1
    return schema


_TYPE_NAMES = {
    "integer": "an integer", "number": "a number", "string": "a string",
    "boolean": "true or false", "array": "a list", "object": "a mapping", "null": "null",
}


def _describe_form(schema: Mapping[str, Any], root: Mapping[str, Any]) -> str:
    """A short description of what a (sub)schema accepts: ``an integer >= 1``, ``'auto'``."""
    schema = _resolve(schema, root)
    if "const" in schema:
        return repr(schema["const"])
    if "enum" in schema:
        return "one of " + ", ".join(repr(v) for v in schema["enum"])
    types = schema.get("type")
    types = [types] if isinstance(types, str) else list(types or [])
    text = " or ".join(_TYPE_NAMES.get(t, t) for t in types) or "a value"
    bounds = []
    for key, sign in (("minimum", ">="), ("exclusiveMinimum", ">"), ("maximum", "<="),
                      ("exclusiveMaximum", "<")):
        if key in schema:
            bounds.append(f"{sign} {schema[key]}")
    if bounds:
        text += " " + " and ".join(bounds)
    if "items" in schema and "array" in types:
        text += f" of {_describe_form(schema['items'], root)}"
    if "minItems" in schema and "array" in types:
        text += f" (at least {schema['minItems']} item(s))"
    if "properties" in schema and "object" in types:
        required = schema.get("required") or []
        if required:
            text += f" with key(s) {', '.join(required)}"
    return text


def _allowed_keys(schema: Mapping[str, Any]) -> list[str]:
    return sorted(schema.get("properties", {}))


def _did_you_mean(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def describe_schema_error(error: jsonschema.ValidationError,
                          root: Mapping[str, Any]) -> str:
    """One line for one schema violation: ``key.path: problem; allowed: ...``."""
    where = _key_path(error)
    schema = _resolve(error.schema, root) if isinstance(error.schema, Mapping) else {}
    value = error.instance
    kind = error.validator
    if kind == "additionalProperties" and isinstance(value, Mapping):
        allowed = _allowed_keys(schema)
        unknown = sorted(str(k) for k in value if k not in schema.get("properties", {}))
        hints = "".join(_did_you_mean(k, allowed) for k in unknown[:1])
        return (
            f"{where}: unknown key(s) {', '.join(repr(k) for k in unknown)}{hints}; allowed "
            f"keys: {', '.join(allowed) or 'none'}"
        )
    if kind == "required":
        missing = [k for k in error.validator_value if isinstance(value, Mapping)
                   and k not in value]
        return f"{where}: missing required key(s) {', '.join(map(repr, missing))}"
    if kind == "enum":
        allowed = ", ".join(repr(v) for v in error.validator_value)
        hint = _did_you_mean(str(value), [str(v) for v in error.validator_value]) \
            if isinstance(value, str) else ""
        return f"{where}: {_short(value)} is not allowed{hint}; allowed values: {allowed}"
    if kind == "const":
        return f"{where}: {_short(value)} is not allowed; the only allowed value is " \
               f"{error.validator_value!r}"
    if kind == "type":
        return (
            f"{where}: {_short(value)} has the wrong type; expected "
            f"{_describe_form({'type': error.validator_value}, root)}"
        )
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return f"{where}: {_short(value)} is out of range; allowed: {_describe_form(schema, root)}"
    if kind in ("oneOf", "anyOf"):
        forms = [_describe_form(s, root) for s in error.validator_value]
        return (
            f"{where}: {_short(value)} is not allowed; allowed forms: " + "; or ".join(forms)
        )
    if kind == "pattern":
        if error.relative_schema_path and "propertyNames" in error.relative_schema_path:
            return (
                f"{where}: the name {value!r} is not allowed; names consist of letters, digits, "
                "'_', '.' and '-' and start with a letter or digit"
            )
        return f"{where}: {_short(value)} does not have the allowed form (pattern " \
               f"{error.validator_value})"
    if kind == "maxLength" and "propertyNames" in error.relative_schema_path:
        return f"{where}: the name {_short(value)} is longer than {error.validator_value} " \
               "characters"
    if kind in ("minItems", "minProperties"):
        least = error.validator_value
        entries = "entry" if least == 1 else "entries"
        got = len(value) if hasattr(value, "__len__") else "none"
        return f"{where}: must hold at least {least} {entries}, got {got or 'none'}"
    if kind == "minLength":
        return f"{where}: must not be empty"
    # anything else: the validator's own message, without the instance dump
    return f"{where}: {_short(value)} is not allowed ({kind} {error.validator_value!r})"


def schema_error_messages(errors: Iterable[jsonschema.ValidationError],
                          root: Mapping[str, Any]) -> list[str]:
    """:func:`describe_schema_error` for every error, ordered by key path, duplicates
    dropped."""
    ordered = sorted(errors, key=lambda e: [str(p) for p in e.absolute_path])
    return list(dict.fromkeys(describe_schema_error(e, root) for e in ordered))


# --------------------------------------------------------------------------------------------
# The configuration Snakemake loaded
# --------------------------------------------------------------------------------------------


def validate_config_files(
    config: MutableMapping[str, Any],
    schema_path: str | os.PathLike[str],
    config_files: Iterable[str | os.PathLike[str]] = (),
) -> list[str]:
    """Check the configuration Snakemake loaded and fill in the schema's defaults in place.

    Raises :class:`fsstab.workflow.config.ConfigError` listing every schema violation (and
    every key defined twice in ``config_files``), each on its own line with the key path and
    the allowed keys or values. Returns the keys defined twice when the schema is satisfied:
    the caller reports them together with the semantic problems
    (:func:`fsstab.workflow.checks.checked_workflow`).
    """
    from fsstab.workflow.config import ConfigError, load_schema, validate_schema

    problems: list[str] = []
    for path in dict.fromkeys(os.fspath(p) for p in config_files):
        if Path(path).is_file():
            problems += duplicate_keys(path)
    try:
        filled = validate_schema(config, load_schema(schema_path))
    except ConfigError as exc:
        raise ConfigError(problems + exc.problems) from None
    for key, value in filled.items():
        config[key] = copy.deepcopy(value)
    return problems
