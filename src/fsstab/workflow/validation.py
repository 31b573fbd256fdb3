"""Configuration errors a user can act on: every problem at once, each with its key path and
what is allowed there, never a dump of the schema.

- :func:`duplicate_keys` finds keys given twice in a YAML file (PyYAML, like Snakemake, would
  keep the last definition silently);
- :func:`describe_schema_error` (from :mod:`fsstab.workflow.schema`) turns one ``jsonschema``
  error into one line: the dotted key path (``datasets.mine.prefilter``), what is wrong, and
  the allowed keys / values / forms, with a "did you mean" for near misses;
- :func:`validate_config_files` runs both on the configuration Snakemake loaded and fills in
  the schema's defaults (what ``snakemake.utils.validate`` did, with messages of this module).

``python3 -m fsstab.workflow.validation FILE...`` prints the YAML problems of configuration
files with their line and column (Snakemake's own loader, which reads ``--configfile``, says
only "Config file is not valid JSON or YAML") and the keys defined twice.
"""

from __future__ import annotations

import copy
import os
import sys
from collections.abc import Iterable, MutableMapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from fsstab.workflow.config_files import read_config_file, yaml_problem
from fsstab.workflow.schema import (
    ConfigError,
    describe_schema_error,
    load_schema,
    schema_error_messages,
    validate_schema,
)

__all__ = [
    "describe_schema_error",
    "duplicate_keys",
    "schema_error_messages",
    "validate_config_files",
]


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
    except yaml.YAMLError as exc:
        return [yaml_problem(path, exc)]
    found: list[tuple[str, int, int]] = []
    if root is not None:
        _repeated_keys(root, [], found)
    return [
        f"{path}, line {again}: {where} is defined twice (first on line {first}); a YAML "
        "mapping keeps only the last definition, so merge the two or rename one"
        for where, first, again in found
    ]


# --------------------------------------------------------------------------------------------
# The configuration Snakemake loaded
# --------------------------------------------------------------------------------------------


def validate_config_files(
    config: MutableMapping[str, Any],
    schema_path: str | os.PathLike[str],
    config_files: Iterable[str | os.PathLike[str]] = (),
) -> list[str]:
    """Check the configuration Snakemake loaded; fill in the schema's defaults in place when
    it satisfies the schema.

    Returns every key defined twice in ``config_files`` and every schema violation, each on
    its own line with the key path and the allowed keys or values; the caller reports them
    together with the problems the later layers find
    (:func:`fsstab.workflow.checks.checked_workflow`, which checks what the schema accepts
    of an invalid configuration too).
    """
    problems: list[str] = []
    for path in dict.fromkeys(os.fspath(p) for p in config_files):
        if Path(path).is_file():
            problems += duplicate_keys(path)
    try:
        filled = validate_schema(config, load_schema(schema_path))
    except ConfigError as exc:
        return problems + exc.problems
    for key, value in filled.items():
        config[key] = copy.deepcopy(value)
    return problems


def main(argv: Sequence[str]) -> int:
    """Print every problem of the configuration files ``argv`` that the YAML reader sees
    (file, line, column; empty files; keys defined twice); exit status 1 if there is one."""
    status = 0
    for name in argv:
        try:
            read_config_file(name)
            problems = duplicate_keys(name)
        except ConfigError as exc:
            problems = exc.problems
        if problems:
            status = 1
            print("\n".join(problems))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
