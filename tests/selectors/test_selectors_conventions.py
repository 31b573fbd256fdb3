"""scikit-learn's conventions, checked over every estimator class of the package: the
registered selectors, the models they put in their pipelines, the searches of
:mod:`fsstab.sklearn`, the simulator's forest and any other public estimator a module of
fsstab defines. Each has keyword-only hyper-parameters, a runnable Example (run by pytest's
--doctest-modules) and ``_parameter_constraints`` in scikit-learn's format, which its ``fit``
validates (scikit-learn's own ``check_param_validation``)."""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil

import pytest
from sklearn.base import BaseEstimator
from sklearn.linear_model import LogisticRegression
from sklearn.utils.estimator_checks import check_param_validation

import fsstab
from fsstab.selectors import SELECTORS, FilterSelector, StabilitySelection

#: Parameters that stay positional, as scikit-learn's meta-estimators keep their wrapped
#: estimator positional (``RFE(estimator, *, ...)``): the selector run on every resample; and
#: the searches' (estimator, grid) pair, as ``GridSearchCV(estimator, param_grid, *, ...)``.
POSITIONAL = {
    "StabilitySelection": ("selector",),
    "EnsembleSelector": ("selector",),
    "Stabl": ("selector",),
    "KnockoffSelector": ("selector",),
    "StabilitySearchCV": ("estimator", "param_grid"),
    "RandomizedStabilitySearchCV": ("estimator", "param_distributions"),
}

#: Instances of the classes whose parameters have no default (the others: ``cls()``).
INSTANCES = {
    "StabilitySelection": lambda: StabilitySelection(FilterSelector()),
    "StabilitySearchCV": lambda: _search("StabilitySearchCV")(LogisticRegression(),
                                                              {"C": [1.0]}),
    "RandomizedStabilitySearchCV": lambda: _search("RandomizedStabilitySearchCV")(
        LogisticRegression(), {"C": [1.0]}),
}

#: Parameters whose constraint checks only the kind of value ("array-like"), and why: their
#: valid values depend on the data.
NOT_CHECKED_EARLY = {
    "groups": "one group label per feature: the length depends on d",
    "subsamples": "row indices of the subsamples: depend on n",
    "factors": "one scale factor per feature: the length depends on d",
}


def _search(name: str) -> type:
    return getattr(importlib.import_module("fsstab.sklearn"), name)


def _package_estimators() -> dict[str, type]:
    """Every public scikit-learn estimator class defined in a module of fsstab
    (imbalanced-learn's ``all_estimators`` walk, over the whole package)."""
    found: dict[str, type] = {}
    for module_info in pkgutil.walk_packages(fsstab.__path__, "fsstab."):
        module = importlib.import_module(module_info.name)
        for name, obj in vars(module).items():
            if (not name.startswith("_") and inspect.isclass(obj) and issubclass(obj, BaseEstimator)
                    and obj.__module__ == module.__name__ and not inspect.isabstract(obj)):
                assert name not in found or found[name] is obj, name
                found[name] = obj
    return dict(sorted(found.items()))


ESTIMATORS = _package_estimators()


def _instance(name: str) -> BaseEstimator:
    return INSTANCES[name]() if name in INSTANCES else ESTIMATORS[name]()


def test_the_walk_finds_every_kind_of_estimator_the_package_exports():
    from fsstab.simulator import OndaForestSelector

    assert set(SELECTORS) <= set(ESTIMATORS)
    assert {"GLMBoostClassifier", "PenalizedLogisticRegression", "FeatureScaler",
            "PenalizedCoxRegression", "StabilitySearchCV", "RandomizedStabilitySearchCV",
            "OndaForestSelector"} <= set(ESTIMATORS)
    assert ESTIMATORS["OndaForestSelector"] is OndaForestSelector
    assert "BaseSelector" not in ESTIMATORS  # abstract


@pytest.mark.parametrize("name", ESTIMATORS)
def test_hyper_parameters_are_keyword_only(name):
    parameters = list(inspect.signature(ESTIMATORS[name].__init__).parameters.values())[1:]
    positional = tuple(p.name for p in parameters if p.kind is not p.KEYWORD_ONLY)
    assert positional == POSITIONAL.get(name, ()), (
        f"{name}.__init__: {positional} should follow '*' (keyword-only hyper-parameters)")
    with pytest.raises(TypeError):  # the signature is the one Python enforces
        ESTIMATORS[name](*([None] * (len(POSITIONAL.get(name, ())) + 1)))


@pytest.mark.parametrize("name", ESTIMATORS)
def test_every_estimator_has_a_runnable_example(name):
    doc = inspect.getdoc(ESTIMATORS[name]) or ""
    assert "\nExamples\n--------\n" in doc, f"{name}: no numpydoc Examples section"
    examples = doctest.DocTestParser().get_examples(doc.split("\nExamples\n--------\n")[1])
    assert any(example.want for example in examples), f"{name}: the Example shows no output"


@pytest.mark.parametrize("name", ESTIMATORS)
def test_parameter_constraints_cover_every_parameter(name):
    cls = ESTIMATORS[name]
    constraints = vars(cls).get("_parameter_constraints")
    if constraints is None:  # inherited unchanged: then from a class with the same parameters
        constraints = cls._parameter_constraints
    parameters = [p for p in inspect.signature(cls.__init__).parameters if p != "self"]
    assert isinstance(constraints, dict), f"{name}._parameter_constraints is not a dict"
    difference = (sorted(set(parameters) - set(constraints)),
                  sorted(set(constraints) - set(parameters)))
    assert difference == ([], []), (
        f"{name}._parameter_constraints: (parameters without constraints, constraints of no "
        f"parameter) = {difference}; declare each constructor parameter's (building blocks in "
        "fsstab.selectors._constraints)")
    for parameter, entry in constraints.items():
        assert entry != "no_validation", (
            f"{name}.{parameter} is not validated; give it constraints in "
            "_parameter_constraints (fsstab.selectors._constraints has the building blocks)")
        if all(c in ("array-like", None) for c in entry):
            assert parameter in NOT_CHECKED_EARLY, (
                f"{name}.{parameter}: only its kind is checked; constrain its values or say "
                "why they depend on the data in NOT_CHECKED_EARLY")


def test_every_parameter_not_checked_early_exists():
    used = {parameter for cls in ESTIMATORS.values() for parameter in cls._parameter_constraints}
    assert set(NOT_CHECKED_EARLY) <= used


@pytest.mark.parametrize("name", ESTIMATORS)
def test_fit_validates_the_constraints_as_scikit_learn_checks_it(name):
    # every parameter set to an object of no valid type, then to a value each constraint
    # generates as invalid: fit raises InvalidParameterError naming it and the class
    check_param_validation(name, _instance(name))
