"""Selector specifications: a registered selector class and its parameters, as a workflow
configuration writes them, checked and built without data.

A specification is a mapping ``{"class": <name in SELECTORS>, "params": {...}}``. A parameter
constrained to a selector (a :class:`~fsstab.selectors._constraints.Selector` in the class's
``_parameter_constraints``, e.g. the base selector of
:class:`~fsstab.selectors.StabilitySelection`) takes a nested specification, to any depth:
:func:`build_selector` builds it recursively and :func:`specification_problems` checks it
recursively, naming every problem by its key path below ``params`` (``selector.params.C``).

What a value must be regardless of the data is the class's ``_parameter_constraints`` (the
constraints ``fit`` validates, so no check here refuses what ``fit`` accepts); what parameters
must be together (StabilitySelection: exactly two of ``q``, ``pi_thr``, ``pfer``) is the class's
:meth:`~fsstab.selectors.BaseSelector.joint_parameter_problems`. What needs the data
(``n_features_to_select <= d``) stays with ``fit`` and the workflow's dataset checks.

Examples
--------
>>> from fsstab.selectors import build_selector, parameter_problems
>>> parameter_problems("LassoSelector", {"C": -1, "max_iter": 2.5})
{'C': 'must be a positive finite number, got -1', 'max_iter': 'must be an integer >= 1, got 2.5'}
>>> spec = {"selector": {"class": "LassoSelector", "params": {"C": 0}},
...         "size_parameter": "target_k"}
>>> parameter_problems("StabilitySelection", spec)
{'selector.params.C': 'must be a positive finite number, got 0'}
>>> build_selector({"class": "StabilitySelection", "params": {
...     "selector": {"class": "LassoSelector"}, "size_parameter": "target_k"}}).selector
LassoSelector()
"""

from __future__ import annotations

import difflib
import inspect
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from fsstab.selectors._constraints import builds_selector, value_problem
from fsstab.selectors._registry import registered_selectors

__all__ = [
    "SPECIFICATION_KEYS",
    "ParameterProblem",
    "build_selector",
    "constructor_parameters",
    "data_problems",
    "nested_specifications",
    "parameter_problems",
    "selector_class",
    "selector_valued_parameters",
    "specification_problems",
    "task_problems",
]

#: The keys of a selector specification (``class`` is required).
SPECIFICATION_KEYS: tuple[str, ...] = ("class", "params")


@dataclass(frozen=True)
class ParameterProblem:
    """What is wrong with a parameter: ``path`` below the ``params`` mapping (``"C"``,
    ``"selector.params.C"``; ``""`` for the mapping as a whole), the ``problem`` and the class
    (``selector``) whose parameter it is."""

    path: str
    problem: str
    selector: str


def _registered() -> dict[str, type]:
    return {name: info.cls for name, info in registered_selectors().items()}


def selector_class(name: str) -> type:
    """The registered selector class ``name``; ``ValueError`` naming the known ones.

    Examples
    --------
    >>> from fsstab.selectors import selector_class
    >>> selector_class("LassoSelector").__name__
    'LassoSelector'
    """
    registered = _registered()
    if isinstance(name, str) and name in registered:
        return registered[name]
    close = difflib.get_close_matches(str(name), list(registered), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise ValueError(f"unknown selector {name!r}{hint}; known selectors: {', '.join(registered)}")


def _class_of(selector: str | type) -> type:
    return selector_class(selector) if isinstance(selector, str) else selector


def constructor_parameters(selector: str | type) -> dict[str, Any]:
    """Constructor parameter -> default (``inspect.Parameter.empty`` where there is none), read
    from the signature as scikit-learn's ``get_params`` does.

    Examples
    --------
    >>> from fsstab.selectors import constructor_parameters
    >>> constructor_parameters("GLMBoostSelector")
    {'n_iter': 100, 'nu': 0.1, 'intercept_learner': True}
    """
    signature = inspect.signature(_class_of(selector).__init__)
    return {p.name: p.default for p in signature.parameters.values()
            if p.name != "self" and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}


def selector_valued_parameters(selector: str | type) -> tuple[str, ...]:
    """The constructor parameters of a class that take a selector -- in a configuration, a
    selector specification.

    Examples
    --------
    >>> from fsstab.selectors import selector_valued_parameters
    >>> selector_valued_parameters("StabilitySelection"), selector_valued_parameters("SVMRFE")
    (('selector',), ())
    """
    return tuple(name for name, entry in _class_of(selector)._parameter_constraints.items()
                 if builds_selector(entry))


def _join(name: str, path: str) -> str:
    return f"{name}.{path}" if path else name


def _spec_problems(spec: Mapping[str, Any], owner: str) -> list[ParameterProblem]:
    """The problems of a nested specification, with paths relative to it (``class``,
    ``params``, ``params.C``); ``owner`` is the class whose parameter holds it."""
    extra = sorted(set(spec) - set(SPECIFICATION_KEYS))
    if extra or "class" not in spec:
        given = sorted(map(str, spec))
        return [ParameterProblem(
            "", f"a selector specification takes the keys 'class' (required) and 'params', got "
            f"{given}", owner)]
    try:
        cls = selector_class(spec["class"])
    except ValueError as error:
        return [ParameterProblem("class", str(error), owner)]
    params = spec.get("params")
    if params is None:
        params = {}
    if not isinstance(params, Mapping):
        return [ParameterProblem("params", f"must be a mapping of {cls.__name__}'s parameters, "
                                 f"got {params!r}", owner)]
    accepted = constructor_parameters(cls)
    problems = []
    unknown = sorted(set(params) - set(accepted))
    if unknown:
        problems.append(ParameterProblem(
            "params", f"{cls.__name__} has no parameter(s) {unknown}; its parameters: "
            f"{', '.join(sorted(accepted))}", cls.__name__))
    missing = sorted(name for name, default in accepted.items()
                     if default is inspect.Parameter.empty and name not in params)
    if missing:
        problems.append(ParameterProblem(
            "params", f"{cls.__name__} needs {missing}, which have no default", cls.__name__))
    known = {name: value for name, value in params.items() if name in accepted}
    return problems + [replace(p, path=_join("params", p.path))
                       for p in specification_problems(cls, known, joint=not missing)]


def specification_problems(selector: str | type, params: Mapping[str, Any], *,
                           joint: bool = True) -> list[ParameterProblem]:
    """Every problem of the parameter values ``params`` of a selector class (a registered name
    or the class) that no data set can fix, nested specifications included (module docstring).

    Parameters the class does not have are not looked at (the caller reports those). With
    ``joint``, ``params`` is the whole setting (the defaults complete it) and the class's
    :meth:`joint_parameter_problems` are added; without, each value is checked alone (a value
    of a grid).
    """
    cls = _class_of(selector)
    constraints = cls._parameter_constraints
    problems: list[ParameterProblem] = []
    for name, value in params.items():
        entry = constraints.get(name)
        if entry is None:
            continue
        if builds_selector(entry) and isinstance(value, Mapping):
            problems += [replace(p, path=_join(name, p.path))
                         for p in _spec_problems(value, cls.__name__)]
            continue
        problem = value_problem(entry, value)
        if problem is not None:
            problems.append(ParameterProblem(name, problem, cls.__name__))
    joint_problems = getattr(cls, "joint_parameter_problems", None)
    if joint and joint_problems is not None:
        defaults = {name: default for name, default in constructor_parameters(cls).items()
                    if default is not inspect.Parameter.empty}
        problems += [ParameterProblem(path, problem, cls.__name__)
                     for path, problem in joint_problems({**defaults, **params}).items()]
    return problems


def parameter_problems(selector: str | type, params: Mapping[str, Any]) -> dict[str, str]:
    """``{key path: what is wrong}`` for the parameters ``params`` of a selector class (a
    registered name or the class): :func:`specification_problems` as a mapping; empty if
    none.

    Examples
    --------
    >>> from fsstab.selectors import parameter_problems
    >>> parameter_problems("FilterSelector", {"method": "mrmrr"})["method"][:60]
    "must be a known filter, got 'mrmrr' (did you mean 'mrmr'?); "
    >>> parameter_problems("StabilitySelection", {"selector": {"class": "LasoSelector"}})
    {'selector.class': "unknown selector 'LasoSelector' (did you mean 'LassoSelector'?); ..."}
    """
    return {p.path: p.problem for p in specification_problems(selector, params)}


def nested_specifications(selector: str | type, params: Mapping[str, Any]
                          ) -> Iterator[tuple[str, str, Mapping[str, Any]]]:
    """``(key path, class name, params)`` of every nested specification in ``params`` (of a
    registered class), outermost first; specifications that do not name a registered class are
    skipped (:func:`specification_problems` reports them)."""
    cls = _class_of(selector)
    for name, entry in cls._parameter_constraints.items():
        value = params.get(name)
        if not (builds_selector(entry) and isinstance(value, Mapping)):
            continue
        try:
            nested = selector_class(value.get("class"))
        except ValueError:
            continue
        nested_params = value.get("params") or {}
        if not isinstance(nested_params, Mapping):
            continue
        yield name, nested.__name__, nested_params
        for path, cls_name, deeper in nested_specifications(nested, nested_params):
            yield f"{name}.params.{path}", cls_name, deeper


def task_problems(selector: str | type, params: Mapping[str, Any], task: str
                  ) -> list[ParameterProblem]:
    """Why a selector with ``params`` -- or a selector nested in them -- cannot serve ``task``
    (each class's :meth:`~fsstab.selectors.BaseSelector.task_problem`); path ``""`` is the
    class itself."""
    cls = _class_of(selector)
    problems = []
    problem = cls.task_problem(task, params)
    if problem is not None:
        problems.append(ParameterProblem("", problem, cls.__name__))
    for path, cls_name, nested_params in nested_specifications(cls, params):
        problem = selector_class(cls_name).task_problem(task, nested_params)
        if problem is not None:
            problems.append(ParameterProblem(path, problem, cls_name))
    return problems


def data_problems(selector: str | type, params: Mapping[str, Any], *, n_samples: int,
                  n_features: int) -> list[ParameterProblem]:
    """What a selector with ``params`` (the defaults complete them) -- or a selector nested in
    them -- cannot do on training sets of ``n_samples`` rows and ``n_features`` features (each
    class's :meth:`~fsstab.selectors.BaseSelector.data_problems`, with the values that would
    work); path ``""`` is the class itself, ``selector`` a nested one.

    Examples
    --------
    >>> from fsstab.selectors import data_problems
    >>> spec = {"selector": {"class": "LassoSelector"}, "size_parameter": "target_k",
    ...         "q": 30, "pi_thr": None}
    >>> [p.path for p in data_problems("StabilitySelection", spec, n_samples=60,
    ...                                n_features=200)]
    ['']
    >>> data_problems("StabilitySelection", {**spec, "q": 10}, n_samples=60, n_features=200)
    []
    """
    cls = _class_of(selector)
    found = []
    settings = [("", cls, params), *((path, selector_class(name), nested)
                                     for path, name, nested in nested_specifications(cls, params))]
    for path, owner, values in settings:
        defaults = {name: default for name, default in constructor_parameters(owner).items()
                    if default is not inspect.Parameter.empty}
        for name, problem in owner.data_problems({**defaults, **values}, n_samples=n_samples,
                                                 n_features=n_features).items():
            where = f"{path}.params.{name}" if path and name else (path or name)
            found.append(ParameterProblem(where, problem, owner.__name__))
    return found


def build_selector(spec: Mapping[str, Any], *, task: str | None = None) -> Any:
    """The unfitted selector of a specification ``{"class": name, "params": {...}}``, nested
    specifications built recursively.

    Parameters
    ----------
    spec
        The specification; ``params`` may be omitted.
    task
        When given, every class of the specification that takes a ``task`` parameter gets it
        (the workflow gives each dataset's task outside classification).

    Returns
    -------
    BaseSelector
        Not fitted, not validated (``fit`` validates it; :func:`specification_problems`
        checks a specification before).

    Examples
    --------
    >>> from fsstab.selectors import build_selector
    >>> build_selector({"class": "EnsembleSelector", "params": {
    ...     "selector": {"class": "FilterSelector", "params": {"method": "welch_t"}},
    ...     "n_bootstrap": 10}})
    EnsembleSelector(n_bootstrap=10, selector=FilterSelector(method='welch_t'))
    """
    cls = selector_class(spec["class"])
    params = dict(spec.get("params") or {})
    for name, entry in cls._parameter_constraints.items():
        if name in params and builds_selector(entry) and isinstance(params[name], Mapping):
            params[name] = build_selector(params[name], task=task)
    if task is not None and "task" in constructor_parameters(cls):
        params["task"] = task
    return cls(**params)
