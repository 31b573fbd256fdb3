"""Where a run writes: its folders confined, and its own products kept apart from the datasets'.

Every output of the workflow lies under a configured folder -- ``results_dir``, ``data_dir``,
``cache_dir``, ``paper.output_dir`` -- or under ``logs/`` of the working directory, and the
paths are spelled ``<folder>/<dataset>/...``. Two kinds of value would put them where they do
not belong:

- a folder that is empty (``''`` + ``/<dataset>`` is ``/<dataset>``: the filesystem root), the
  root itself, the home folder (or a folder above it), or a path starting with ``~`` (which
  Snakemake does not expand: a folder literally named ``~`` would appear in the working
  directory) -- :func:`folder_problems` refuses them before anything is written, naming the key;
- a dataset whose name is one of the workflow's own products: a dataset ``summary.csv`` would
  own the folder ``results/summary.csv/`` where the workflow writes the file
  ``results/summary.csv`` (Snakemake's ``ChildIOException``), a dataset ``cache`` the folder
  ``data/cache/`` of the downloads. :func:`product_collisions` compares the dataset folders with
  the products of the workflow's rules (outputs, logs, benchmarks, read from the rules
  themselves, so that the list is never written down twice) and with the configured folders.

Examples
--------
>>> for problem in folder_problems({"results_dir": "", "data_dir": "data"},
...                                home="/home/me", cwd="/work"):
...     print(problem)
results_dir: '' names no folder: every path <results_dir>/<dataset>/... would start at the
filesystem root /; give a folder such as 'results'
>>> for problem in product_collisions({"rank": ["results/summary.parquet", "logs/rank.log"]},
...                                   ["summary.parquet", "mine"], ["results", "data", "logs"],
...                                   cwd="/work"):
...     print(problem)
datasets.summary.parquet: the name is taken by the workflow's own results/summary.parquet
(rule rank); rename the dataset
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = ["FOLDER_KEYS", "configured_folders", "folder_problems", "product_collisions"]

#: The configuration keys that name a folder the workflow writes to (dotted key paths).
FOLDER_KEYS: tuple[str, ...] = ("results_dir", "data_dir", "cache_dir", "paper.output_dir")


#: The ``{dataset}`` wildcard of a path pattern, also with a constraint (``{dataset,a|b}``).
_DATASET_WILDCARD = re.compile(r"\{\s*dataset\s*[,}]")


def configured_folders(raw: Mapping[str, Any]) -> dict[str, str]:
    """``{key: folder}`` of every :data:`FOLDER_KEYS` entry set to a string in ``raw``."""
    found = {}
    for key in FOLDER_KEYS:
        node: Any = raw
        for part in key.split("."):
            node = node.get(part) if isinstance(node, Mapping) else None
        if isinstance(node, str):
            found[key] = node
    return found


def _absolute(path: str, cwd: str) -> str:
    return posixpath.normpath(posixpath.join(cwd, path))


#: An example value of each folder key (messages).
_EXAMPLES = {"results_dir": "results", "data_dir": "data", "cache_dir": "data/cache",
             "paper.output_dir": "results/paper/<name>"}


def _folder_problem(key: str, value: str, *, home: str, cwd: str) -> str | None:
    example = _EXAMPLES.get(key, "results")
    if not value.strip():
        if key in ("results_dir", "data_dir"):
            return (f"{key}: {value!r} names no folder: every path <{key}>/<dataset>/... "
                    f"would start at the filesystem root /; give a folder such as {example!r}")
        return f"{key}: {value!r} names no folder; give one such as {example!r}"
    if value.startswith("~"):
        return (f"{key}: {value!r} starts with '~', which neither Snakemake nor fsstab expands "
                "(a folder named '~' would appear in the working directory); write the path "
                f"out, e.g. {posixpath.join(home, value[1:].lstrip('/')) or home!r}")
    where = _absolute(value, cwd)
    if where == "/":
        return (f"{key}: {value!r} is the filesystem root; the workflow writes one folder per "
                "dataset and its own tables there, so give a folder of its own, e.g. "
                f"{posixpath.join(cwd, 'results')!r}")
    home = posixpath.normpath(home)
    if where == home or home.startswith(where.rstrip("/") + "/"):
        what = "your home folder" if where == home else f"a folder above your home {home}"
        return (f"{key}: {value!r} is {what}; the workflow writes one folder per dataset and "
                "its own tables there, so give a folder of its own, e.g. "
                f"{posixpath.join(home, 'fsstab-results')!r}")
    return None


def folder_problems(raw: Mapping[str, Any], *, home: str | None = None,
                    cwd: str | None = None) -> list[str]:
    """One line per configured output folder (:data:`FOLDER_KEYS`) that is empty, the
    filesystem root, the home folder or above it, or starts with ``~`` (module docstring).

    ``home`` and ``cwd``: the home folder and the working directory relative paths are read
    against (default: the process's).
    """
    home = os.path.expanduser("~") if home is None else home
    cwd = os.getcwd() if cwd is None else cwd
    problems = []
    for key, value in configured_folders(raw).items():
        problem = _folder_problem(key, value, home=home, cwd=cwd)
        if problem is not None:
            problems.append(problem)
    return problems


def _static_path(pattern: str) -> str | None:
    """The part of a path pattern before its first wildcard, as a path (``results/paper/{x}``
    -> ``results/paper``); None if it starts with a wildcard."""
    head = pattern.split("{", 1)[0]
    if head != pattern:
        head = head.rsplit("/", 1)[0] if "/" in head else ""
    head = posixpath.normpath(head) if head else ""
    return head or None


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def product_collisions(
    products: Mapping[str, Sequence[str]], datasets: Iterable[str],
    dataset_folders: Sequence[str], shared: Mapping[str, str] | None = None,
    *, cwd: str | None = None,
) -> list[str]:
    """One line per dataset whose folder is one of the workflow's own products.

    Parameters
    ----------
    products
        Rule name -> the path patterns of its outputs, log and benchmark files. A pattern
        with the ``{dataset}`` wildcard is a dataset's own; a rule all of whose files lie in
        the folders of one dataset (the figures job of that dataset) is that dataset's.
    datasets
        The dataset names.
    dataset_folders
        The folders in which every dataset has a sub-folder of its name (the results, data,
        logs and benchmarks folders).
    shared
        Other products: a label (``cache_dir``) -> a folder or file the workflow writes.
    cwd
        The working directory relative paths are read against (default: the process's).
    """
    cwd = os.getcwd() if cwd is None else cwd
    names = list(datasets)
    owned = {name: [_absolute(posixpath.join(f, name), cwd) for f in dataset_folders]
             for name in names}
    made: list[tuple[str, str, list[str]]] = []  # (what, path, every path of the same rule)
    for rule, patterns in products.items():
        statics = [_static_path(p) for p in patterns if not _DATASET_WILDCARD.search(p)]
        paths = [_absolute(p, cwd) for p in statics if p is not None]
        made += [(f"rule {rule}", path, paths) for path in paths]
    for what, path in (shared or {}).items():
        made.append((what, _absolute(path, cwd), []))
    problems = []
    for name in names:
        for what, path, rule_paths in made:
            mine = [f for f in owned[name] if _inside(path, f)]
            if not mine:
                continue
            if rule_paths and all(any(_inside(p, f) for f in owned[name]) for p in rule_paths):
                continue  # every file of this rule is the dataset's own (its figures job)
            shown = posixpath.relpath(path, cwd) if _inside(path, cwd) else path
            problems.append(f"datasets.{name}: the name is taken by the workflow's own {shown} "
                            f"({what}); rename the dataset")
            break
    return problems
