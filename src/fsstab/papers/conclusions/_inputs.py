"""What a paper's conclusions read, as files: the tables (their CSVs) and the run's settings in
``conclusions_inputs.json``. The ``<paper>_conclusions`` rule writes that file and then reads
its inputs back through :func:`read_conclusion_inputs`, exactly as the published copy under
``docs/papers/<paper>/`` is read, so that every published verdict can be recomputed from the
published files alone (``tests/papers/test_published_verdicts.py``).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from fsstab.io import write_text
from fsstab.papers.conclusions._claims import Claim
from fsstab.papers.conclusions._criteria import not_recomputable

#: The file that names a run's conclusion inputs (beside ``conclusions.md``).
CONCLUSION_INPUTS = "conclusions_inputs.json"


def _plain(value: Any, where: str) -> Any:
    """``value`` as plain JSON types (mappings keep their order)."""
    if isinstance(value, Mapping):
        out = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise ValueError(f"{where}: keys must be strings, got {key!r}")
            out[key] = _plain(item, f"{where}.{key}")
        return out
    if isinstance(value, list | tuple):
        return [_plain(item, f"{where}[{k}]") for k, item in enumerate(value)]
    if isinstance(value, np.generic):
        return _plain(value.item(), where)
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{where}: {value} has no JSON form")
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise ValueError(f"{where}: {type(value).__name__} {value!r} is not a JSON value")


@dataclass(frozen=True)
class ConclusionInputs:
    """A run's conclusion inputs: ``tables`` (stem -> table), ``run`` (the run's settings the
    conclusions need: configured data sets, parameters; plain JSON values) and ``missing``
    (stem -> why a table the conclusions would read is not among the files: not published by
    that run, with the cost of regenerating it)."""

    tables: Mapping[str, pd.DataFrame]
    run: Mapping[str, Any]
    missing: Mapping[str, str] = field(default_factory=dict)
    #: the rule's input names -> the stems of their tables (when the rule named them)
    names: Mapping[str, list[str]] = field(default_factory=dict)

    def table(self, stem: str) -> pd.DataFrame | None:
        """The table ``stem``, or None when the run has none (or it is missing)."""
        return self.tables.get(stem)

    def named(self, name: str) -> pd.DataFrame | None:
        """The table of the rule's input ``name`` (its first), or None when it has none."""
        stems = self.names.get(name) or []
        return self.tables.get(stems[0]) if stems else None

    def missing_named(self) -> dict[str, str]:
        """The rule's input names whose table the run did not publish -> why (``missing``)."""
        return {name: self.missing[stems[0]] for name, stems in self.names.items()
                if stems and stems[0] in self.missing}

    def with_prefix(self, prefix: str) -> dict[str, pd.DataFrame]:
        """The tables whose stem starts with ``prefix``, keyed by the rest of the stem."""
        return {stem.removeprefix(prefix): table for stem, table in self.tables.items()
                if stem.startswith(prefix)}


def read_input_table(path: str | os.PathLike[str]) -> pd.DataFrame:
    """A table as its CSV gives it (the one reader of conclusion inputs): only empty cells are
    missing; a missing cell of a text column reads as ``""``, of a numeric one as NaN."""
    frame = pd.read_csv(path, keep_default_na=False, na_values=[""])
    for column in frame.columns:
        values = frame[column]
        if values.dtype == object or pd.api.types.is_string_dtype(values.dtype):
            frame[column] = values.fillna("")
    return frame


def write_conclusion_inputs(path: str | os.PathLike[str], *, tables: Sequence[str],
                            run: Mapping[str, Any],
                            missing: Mapping[str, str] | None = None,
                            names: Mapping[str, Sequence[str]] | None = None) -> Path:
    """``conclusions_inputs.json``: the stems of the tables read (their CSVs sit beside it),
    the run's settings, the tables missing (stem -> why) and, when the rule names its inputs,
    ``names`` (input name -> stems). Deterministic text."""
    stems = list(tables)
    if len(set(stems)) != len(stems):
        raise ValueError(f"{path}: a table stem is named twice in {stems}")
    content = {"tables": stems, "missing": dict(missing or {}),
               "run": _plain(run, "run")}
    if names:
        content["names"] = {name: list(values) for name, values in names.items()}
    return write_text(path, json.dumps(content, indent=1, ensure_ascii=False,
                                       allow_nan=False) + "\n")


def read_conclusion_inputs(folder: str | os.PathLike[str], *,
                           name: str = CONCLUSION_INPUTS) -> ConclusionInputs:
    """The inputs named by ``folder/<name>`` (default ``conclusions_inputs.json``), each table
    from ``folder/<stem>.csv`` (:func:`read_input_table`)."""
    folder = Path(folder)
    path = folder / name
    try:
        content = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise FileNotFoundError(f"{path}: no conclusion inputs (written by the paper's "
                                "conclusions rule)") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}: not valid JSON ({exc})") from exc
    unknown = sorted(set(content) - {"tables", "missing", "run", "names"})
    if unknown:
        raise ValueError(f"{path}: unknown key(s) {unknown}")
    tables = {}
    for stem in content.get("tables", []):
        csv = folder / f"{stem}.csv"
        if not csv.is_file():
            raise FileNotFoundError(f"{path} names the table {stem!r}, but {csv} is missing")
        tables[stem] = read_input_table(csv)
    return ConclusionInputs(tables=tables, run=content.get("run", {}),
                            missing=content.get("missing", {}), names=content.get("names", {}))


def stems_of(paths: Sequence[str | os.PathLike[str]]) -> dict[str, Path]:
    """A rule's table inputs (``.csv``/``.parquet`` pairs or single files) as stem -> CSV."""
    stems: dict[str, Path] = {}
    for path in paths:
        path = Path(path)
        if path.suffix == ".csv":
            stems[path.stem] = path
    return stems


def prepare_conclusion_inputs(
    path: str | os.PathLike[str], *,
    tables: Sequence[str | os.PathLike[str]] | Mapping[str, Any],
    run: Mapping[str, Any],
) -> ConclusionInputs:
    """What a ``<paper>_conclusions`` rule does first: name the CSVs among ``tables`` (every
    one in the folder of ``path``, the paper's results folder; a mapping: the rule's named
    inputs, name -> path or paths) and the run's settings in ``path``
    (:func:`write_conclusion_inputs`), then read them back as the published copy is read
    (:func:`read_conclusion_inputs`)."""
    path = Path(path)
    names = None
    if isinstance(tables, Mapping):
        names = {name: list(stems_of([files] if isinstance(files, str | os.PathLike)
                                     else list(files)))
                 for name, files in tables.items()}
        flat: list[Any] = []
        for files in tables.values():
            flat += [files] if isinstance(files, str | os.PathLike) else list(files)
        tables = flat
    csvs = stems_of(tables)
    stray = [str(p) for p in csvs.values() if p.resolve().parent != path.resolve().parent]
    if stray:
        raise ValueError(f"conclusion inputs must sit beside {path.name} (published flat): "
                         f"{stray}")
    write_conclusion_inputs(path, tables=list(csvs), run=run, names=names)
    return read_conclusion_inputs(path.parent, name=path.name)


def mark_unpublished(claims: Sequence[Claim], inputs: ConclusionInputs,
                     reads: Mapping[str, Sequence[str]]) -> list[Claim]:
    """``claims`` with every claim that reads an unpublished table made *not run (compute)*
    by :func:`not_recomputable` (its reason: the table and the cost of regenerating it), never
    judged on a table nobody can read.

    ``reads`` maps a claim key, or a prefix of keys (``ch5.fig5_7`` covers
    ``ch5.fig5_7.median``), to the rule's input names or the table stems it reads;
    ``inputs.missing`` (stems) and ``inputs.missing_named()`` (names) say which of them the run
    did not publish. A claim no prefix covers is kept as it is.

    Examples
    --------
    >>> from fsstab.papers.conclusions import Claim, SettingsMatch, Statement, holds_if
    >>> c = Claim("s.a", Statement("§1", "x", "1"), "", holds_if(True, "x"), SettingsMatch(True))
    >>> inputs = ConclusionInputs(tables={}, run={}, missing={"t": "not published (5 CPU-min)"},
    ...                           names={"times": ["t"]})
    >>> mark_unpublished([c], inputs, {"s": ["times"]})[0].assessment.why
    'cannot be recomputed from the published files: not published (5 CPU-min)'
    """
    missing = {**inputs.missing, **inputs.missing_named()}
    out = []
    for claim in claims:
        names = [name for prefix, read in reads.items()
                 if claim.key == prefix or claim.key.startswith(prefix + ".") for name in read]
        why = list(dict.fromkeys(missing[name] for name in names if name in missing))
        out.append(replace(claim, assessment=not_recomputable("; ".join(why))) if why
                   else claim)
    return out
