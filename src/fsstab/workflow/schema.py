"""The configuration's JSON schema: loading it, validating against it with its defaults filled
in, and one line a user can act on per violation.

- :func:`load_schema` reads ``config/schemas/config.schema.yaml``;
- :func:`validate_schema` checks a configuration against it and returns a copy with the
  schema's ``default`` values filled in, or raises :class:`ConfigError`;
- :func:`describe_schema_error` turns one ``jsonschema`` error into one line: the dotted key
  path (``datasets.mine.prefilter``), what is wrong, and the allowed keys / values / forms,
  with a "did you mean" for near misses.

Both the semantic checks (:mod:`fsstab.workflow.config`) and the check of the files Snakemake
loaded (:mod:`fsstab.workflow.validation`) import this module; it imports neither.
"""

from __future__ import annotations

import copy
import difflib
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import jsonschema
import yaml

__all__ = [
    "ConfigError",
    "describe_schema_error",
    "load_schema",
    "schema_error_messages",
    "validate_schema",
]

_MAX_VALUE_CHARS = 60


class ConfigError(ValueError):
    """The configuration is invalid; the message lists every problem found, one per line."""

    def __init__(self, problems: Sequence[str]):
        self.problems = list(problems)
        super().__init__(
            "invalid workflow configuration:\n" + "\n".join(f"  - {p}" for p in self.problems)
        )


# --------------------------------------------------------------------------------------------
# Loading and validating
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
    :func:`describe_schema_error`).
    """
    filled = copy.deepcopy(dict(config))
    validator = _DefaultFillingValidator(schema)
    errors = sorted(validator.iter_errors(filled), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        raise ConfigError(schema_error_messages(errors, schema))
    return filled


# --------------------------------------------------------------------------------------------
# One line per schema error
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
        prefix = "" if where == "(top level)" else f"{where}."
        described = [schema.get("properties", {}).get(k, {}).get("description")
                     for k in missing]
        hint = f" ({described[0].strip()})" if len(missing) == 1 and described[0] else ""
        if len(missing) == 1:
            return f"{prefix}{missing[0]}: required{hint}"
        # several keys: one key path in front, so a caller can place the line under its prefix
        return f"{where}: required keys {', '.join(map(repr, missing))}"
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
