"""Reading a configuration file, its problems located by file, line and column.

Snakemake reads the files given with ``--configfile`` itself, before the Snakefile runs: a
YAML syntax error there shows as Snakemake's "Config file is not valid JSON or YAML", without
a line, and an empty file as "Config file must be given as JSON or YAML with keys at top
level". Wherever fsstab reads a configuration file itself -- the workflow's default
``config/config.yaml``, :func:`fsstab.workflow.config.load_config`, and ``python3 -m
fsstab.workflow.validation FILE...`` (which checks files before Snakemake's loader reads
them) --
:func:`read_config_file` says where the problem is:

- a YAML error with the file, line and column of PyYAML's problem mark, and what to do about
  a tab (YAML indents with spaces only);
- an empty or comments-only file: ``datasets: required``, as for a configuration without
  datasets;
- a file whose top level is not a mapping (a list, a single value).

Examples
--------
>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "bad.yaml").write_text("datasets:\\n\\tmine: {source: 'sklearn:wine'}\\n")
>>> try:
...     read_config_file(folder / "bad.yaml")
... except ConfigError as error:
...     print(error.problems[0].replace(str(folder), "<folder>"))
<folder>/bad.yaml, line 2, column 1: found character '\\t' that cannot start any token; YAML
indents with spaces, never with tabs: replace the tab at the start of line 2
>>> _ = (folder / "empty.yaml").write_text("# nothing yet\\n")
>>> try:
...     read_config_file(folder / "empty.yaml")
... except ConfigError as error:
...     print(error.problems[0].replace(str(folder), "<folder>"))
datasets: required (<folder>/empty.yaml holds no keys): name at least one dataset, e.g.
datasets: {mine: {source: 'file:my_data.csv'}}
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

from fsstab.workflow.schema import ConfigError

__all__ = ["read_config_file", "yaml_problem"]

#: The example of a first dataset given when a configuration has none.
FIRST_DATASET = "datasets: {mine: {source: 'file:my_data.csv'}}"


def yaml_problem(path: str | os.PathLike[str], error: yaml.YAMLError) -> str:
    """One line for a YAML error: ``<path>, line L, column C: <problem>`` (1-based), with
    what to do about a tab."""
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    where = f"{path}" if mark is None else f"{path}, line {mark.line + 1}, column " \
                                           f"{mark.column + 1}"
    problem = getattr(error, "problem", None) or str(error).splitlines()[0]
    context, opened = getattr(error, "context", None), getattr(error, "context_mark", None)
    text = f"{where}: {problem}"
    if context and opened is not None and mark is not None and opened.line != mark.line:
        text += f" ({context} that starts on line {opened.line + 1})"
    if "\t" in problem or "'\\t'" in problem:
        line = "" if mark is None else f" at the start of line {mark.line + 1}"
        text += f"; YAML indents with spaces, never with tabs: replace the tab{line}"
    return text


def read_config_file(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The configuration in the YAML (or JSON) file ``path``, as a mapping.

    Raises :class:`~fsstab.workflow.schema.ConfigError` with the file, line and column of a
    syntax error, ``datasets: required`` for an empty or comments-only file, and the type of
    a top level that is not a mapping (module docstring).
    """
    path = Path(path)
    if not path.is_file():
        raise ConfigError([f"{path}: no such configuration file"
                           + (" (it is a folder)" if path.is_dir() else "")])
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise ConfigError([yaml_problem(path, exc)]) from None
    except UnicodeDecodeError as exc:
        raise ConfigError([f"{path}: not a text file in UTF-8 (byte {exc.start + 1})"]) from None
    if data is None:
        raise ConfigError([f"datasets: required ({path} holds no keys): name at least one "
                           f"dataset, e.g. {FIRST_DATASET}"])
    if not isinstance(data, dict):
        raise ConfigError([f"{path}: a configuration is a mapping of keys (datasets:, "
                           f"selectors:, ...) at the top level, got {type(data).__name__}"])
    return data
