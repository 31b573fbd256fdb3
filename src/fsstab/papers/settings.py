"""The one settings mechanism of every paper: ``paper.settings`` against the paper's JSON schema,
then against the whole workflow configuration.

A paper package ships its schema as package data, ``settings.schema.yaml`` next to its
``settings.py`` (read with :mod:`importlib.resources`, so it is found in an installed wheel as
in a checkout), and builds one :class:`PaperSettings`::

    SETTINGS = PaperSettings.from_package(__package__, cross_checks)

The paper's rules file calls ``SETTINGS.checked(WF)`` at parse time: every problem is reported
before any job runs, each naming its key (``paper.settings.figure1.k2: ...``), and the result is
the settings with the schema's defaults filled in. A big paper whose parts have settings of
their own (Bommert's chapters) combines one :class:`PaperSettings` per part with
:meth:`PaperSettings.from_parts`.

:func:`configured_problems` is the one check that the data sets, selectors and measures that
settings name are configured in the workflow.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from typing import Any

import yaml

from fsstab.measures import MEASURES
from fsstab.workflow.config import ConfigError, validate_schema

__all__ = ["SCHEMA_FILE", "CrossChecks", "PaperSettings", "configured_problems"]

#: The file name of a paper's settings schema inside its package.
SCHEMA_FILE = "settings.schema.yaml"

#: ``cross_checks(settings with defaults, workflow) -> problems``: the checks a schema cannot
#: express (values against each other, names against the workflow configuration). Each problem
#: starts with its key relative to ``paper.settings`` (``"figure1.k2: ..."``), or with ``": "``
#: for the settings (or the part) as a whole.
CrossChecks = Callable[[Mapping[str, Any], Any], list[str]]


def _under(prefix: str, problem: str) -> str:
    """``problem`` (relative key, or ``(top level)`` / ``:`` for the whole) below ``prefix``."""
    if problem.startswith("(top level)"):
        problem = problem.removeprefix("(top level)")
    return f"{prefix}{problem}" if problem.startswith(":") else f"{prefix}.{problem}"


class PaperSettings:
    """The settings of one paper (or of one part of a big paper).

    Parameters
    ----------
    schema
        A JSON schema (draft 2020-12) of the settings, with ``default`` values; usually read
        from the paper's package by :meth:`from_package`.
    cross_checks
        The checks beyond the schema (:data:`CrossChecks`), given the settings with their
        defaults and the checked workflow configuration
        (:class:`fsstab.workflow.config.WorkflowConfig`: ``raw``, ``datasets``,
        ``configurations_for``, ...). Run only when the schema finds nothing.
    parts
        For a paper in parts: part name -> its :class:`PaperSettings`. The settings are then a
        mapping of part names (at least one) to each part's settings, each checked by its own
        part; ``schema`` is ignored.
    """

    def __init__(
        self,
        schema: Mapping[str, Any] | None = None,
        cross_checks: CrossChecks | None = None,
        *,
        parts: Mapping[str, PaperSettings] | None = None,
    ) -> None:
        if parts is not None:
            # no defaults: a run computes the parts it is given
            schema = {
                "type": "object",
                "additionalProperties": False,
                "minProperties": 1,
                "properties": {name: {"type": "object"} for name in parts},
            }
        if schema is None:
            raise ValueError("give a schema (or parts)")
        self.schema: dict[str, Any] = copy.deepcopy(dict(schema))
        self.cross_checks = cross_checks
        self.parts: dict[str, PaperSettings] = dict(parts or {})

    @classmethod
    def from_package(
        cls, package: str, cross_checks: CrossChecks | None = None
    ) -> PaperSettings:
        """The settings of the paper (or part) ``package`` (e.g.
        ``"fsstab.papers.nogueira2016"``), whose schema is the package data file
        :data:`SCHEMA_FILE`."""
        source = resources.files(package).joinpath(SCHEMA_FILE)
        if not source.is_file():
            raise ValueError(f"{package}: no {SCHEMA_FILE} in the package (declare it as "
                             "package data in pyproject.toml)")
        schema = yaml.safe_load(source.read_text(encoding="utf-8"))
        if not isinstance(schema, dict):
            raise ValueError(f"{package}/{SCHEMA_FILE}: a schema is a mapping")
        return cls(schema, cross_checks)

    @classmethod
    def from_parts(
        cls, parts: Mapping[str, PaperSettings], cross_checks: CrossChecks | None = None
    ) -> PaperSettings:
        """A paper in parts (e.g. the chapters of a thesis): ``paper.settings.<part>`` is
        checked by ``parts[<part>]``; a run computes the parts it is given."""
        return cls(cross_checks=cross_checks, parts=parts)

    # -- checking -------------------------------------------------------------------------------

    def _filled(self, settings: Mapping[str, Any] | None,
                prefix: str) -> tuple[dict[str, Any], list[str]]:
        try:
            filled = validate_schema(dict(settings or {}), self.schema)
        except ConfigError as exc:
            return dict(settings or {}), [_under(prefix, p) for p in exc.problems]
        problems: list[str] = []
        for name, part in self.parts.items():
            if name in filled:
                filled[name], found = part._filled(filled[name], f"{prefix}.{name}")
                problems += found
        return filled, problems

    def _problems(self, settings: Mapping[str, Any] | None, workflow: Any,
                  prefix: str) -> list[str]:
        filled, problems = self._filled(settings, prefix)
        if problems:
            return problems
        for name, part in self.parts.items():
            if name in filled:
                problems += part._problems(filled[name], workflow, f"{prefix}.{name}")
        if self.cross_checks is not None and not problems:
            problems += [_under(prefix, p) for p in self.cross_checks(filled, workflow)]
        return problems

    def problems(self, settings: Mapping[str, Any] | None, workflow: Any) -> list[str]:
        """Every problem of ``settings`` (the schema first, then the cross-checks), each
        naming its key: ``paper.settings.<key>: <what is wrong>``. Empty when valid."""
        return self._problems(settings, workflow, "paper.settings")

    def resolve(self, settings: Mapping[str, Any] | None) -> dict[str, Any]:
        """The settings with the schema's defaults filled in.

        Raises
        ------
        fsstab.workflow.config.ConfigError
            A ``ValueError`` listing every schema problem.
        """
        filled, problems = self._filled(settings, "paper.settings")
        if problems:
            raise ConfigError(problems)
        return filled

    def checked(self, workflow: Any) -> dict[str, Any]:
        """``workflow.paper.settings`` checked and resolved: what a paper's rules file calls at
        parse time, so that a bad setting stops the run before any job.

        Raises
        ------
        fsstab.workflow.config.ConfigError
            Listing every problem, each naming its key.
        """
        if workflow.paper is None:
            raise ValueError("the workflow configuration has no 'paper' section")
        problems = self.problems(workflow.paper.settings, workflow)
        if problems:
            raise ConfigError(problems)
        return self.resolve(workflow.paper.settings)


#: per kind of name: what one is, where the workflow defines them, what the known ones are
_KINDS = {"datasets": ("dataset", "configured under 'datasets'", "configured"),
          "selectors": ("selector", "configured under 'selectors'", "configured"),
          "measures": ("measure", "computed (measures.names)", "computed")}


def _configured(kind: str, raw: Mapping[str, Any]) -> list[str]:
    if kind == "measures":
        names = (raw.get("measures") or {}).get("names", "all")
        return list(MEASURES) if names == "all" else list(names)
    return list(raw.get(kind) or {})


def configured_problems(
    key: str, names: Iterable[str] | Mapping[str, str], workflow: Any, kind: str = "datasets"
) -> list[str]:
    """The one check that names in paper settings exist in the workflow configuration.

    Parameters
    ----------
    key
        The settings key the names come from, relative to ``paper.settings`` (``"datasets"``,
        ``"ipass.selectors"``).
    names
        The names; or a mapping (e.g. the paper's data set name -> the workflow's), whose
        values are checked, each problem then naming ``<key>.<mapping key>``.
    workflow
        The workflow configuration (anything with ``raw``, the whole configuration).
    kind
        ``"datasets"`` (keys of ``datasets``, whether or not ``only_datasets`` runs them),
        ``"selectors"`` (labels under ``selectors``) or ``"measures"`` (``measures.names``,
        the measures the stability stage computes).

    Returns
    -------
    list of str
        One problem per key at fault (``"datasets: dataset(s) ['x'] are not configured under
        'datasets'; configured: ['breast', 'wine']"``); empty when every name exists.
    """
    if kind not in _KINDS:
        raise ValueError(f"kind must be one of {sorted(_KINDS)}, got {kind!r}")
    what, where, label = _KINDS[kind]
    known = _configured(kind, workflow.raw)

    def problem(at: str, missing: list[str]) -> str:
        return f"{at}: {what}(s) {missing} are not {where}; {label}: {sorted(known)}"

    if isinstance(names, Mapping):
        return [problem(f"{key}.{entry}", [name]) for entry, name in names.items()
                if name not in known]
    missing = sorted({name for name in names if name not in known})
    return [problem(key, missing)] if missing else []
