"""scikit-learn's conventions, checked over every estimator of :mod:`fsstab.selectors` (the
registered selectors and the models they put in their pipelines): keyword-only
hyper-parameters, a runnable Example (run by pytest's --doctest-modules) and, for the registered
selectors, ``_parameter_constraints`` read from the one table of checks."""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil

import pytest
from sklearn.base import BaseEstimator

import fsstab.selectors
from fsstab.selectors import PARAMETER_CHECKS, SELECTORS, parameter_problems

#: Parameters that stay positional, as scikit-learn's meta-estimators keep their wrapped
#: estimator positional (``RFE(estimator, *, ...)``): the selector run on every resample.
POSITIONAL = {"StabilitySelection": ("selector",), "EnsembleSelector": ("selector",),
              "Stabl": ("selector",), "KnockoffSelector": ("selector",)}


def _package_estimators() -> dict[str, type]:
    """Every scikit-learn estimator class defined in a module of fsstab.selectors
    (imbalanced-learn's ``all_estimators`` walk)."""
    found: dict[str, type] = {}
    for module_info in pkgutil.iter_modules(fsstab.selectors.__path__):
        module = importlib.import_module(f"fsstab.selectors.{module_info.name}")
        for name, obj in vars(module).items():
            if (not name.startswith("_") and inspect.isclass(obj) and issubclass(obj, BaseEstimator)
                    and obj.__module__ == module.__name__ and not inspect.isabstract(obj)
                    and "__init__" in vars(obj)):
                found[name] = obj
    return dict(sorted(found.items()))


ESTIMATORS = _package_estimators()


def test_the_walk_finds_the_registry_and_the_pipeline_models():
    assert set(SELECTORS) <= set(ESTIMATORS)
    assert {"GLMBoostClassifier", "PenalizedLogisticRegression", "FeatureScaler"} <= set(ESTIMATORS)


@pytest.mark.parametrize("name", ESTIMATORS)
def test_hyper_parameters_are_keyword_only(name):
    parameters = list(inspect.signature(ESTIMATORS[name].__init__).parameters.values())[1:]
    positional = tuple(p.name for p in parameters if p.kind is not p.KEYWORD_ONLY)
    assert positional == POSITIONAL.get(name, ()), (
        f"{name}.__init__: {positional} should follow '*' (keyword-only hyper-parameters)")
    with pytest.raises(TypeError):  # the signature is the one Python enforces
        ESTIMATORS[name](*([None] * (len(POSITIONAL.get(name, ())) + 1)))


@pytest.mark.parametrize("name", [n for n in ESTIMATORS if n in fsstab.selectors.__all__])
def test_every_public_estimator_has_a_runnable_example(name):
    doc = inspect.getdoc(ESTIMATORS[name]) or ""
    assert "\nExamples\n--------\n" in doc, f"{name}: no numpydoc Examples section"
    examples = doctest.DocTestParser().get_examples(doc.split("\nExamples\n--------\n")[1])
    assert any(example.want for example in examples), f"{name}: the Example shows no output"


#: Constructor parameters without an early check (``"no_validation"``), and why: their valid
#: values depend on the data, on another object, or are checked by another rule.
NOT_CHECKED_EARLY = {
    "task": "BaseSelector.task_problem checks it per class (the workflow's outcome checks)",
    "random_state": "any seed scikit-learn's check_random_state accepts",
    "selector": "a Python object (the base selector of a meta-selector)",
    "estimator": "a Python object (a scikit-learn model)",
    "groups": "one label per feature: depends on d",
    "subsamples": "row indices: depend on n",
    "size_parameter": "must name a parameter of the base selector object",
}


@pytest.mark.parametrize("name", SELECTORS)
def test_parameter_constraints_cover_every_parameter_from_the_one_table(name):
    cls = SELECTORS[name]
    constraints = cls._parameter_constraints
    parameters = [p for p in inspect.signature(cls.__init__).parameters if p != "self"]
    assert list(constraints) == parameters
    for parameter, constraint in constraints.items():
        if constraint == "no_validation":
            assert parameter in NOT_CHECKED_EARLY, (
                f"{name}.{parameter} has no entry in PARAMETER_CHECKS "
                "(selectors/_constraints.py); give it one or explain it in NOT_CHECKED_EARLY")
        else:  # the table's own check, not a copy
            assert constraint == [PARAMETER_CHECKS[name][parameter]]
    signature = list(inspect.signature(cls.__init__).parameters.values())[1:]
    if all(p.default is not p.empty for p in signature):
        assert cls()._parameter_constraints == constraints  # read on an instance too


@pytest.mark.parametrize("name", SELECTORS)
def test_the_constraints_refuse_what_parameter_problems_refuses(name):
    bad = object()  # no parameter with a check accepts an arbitrary object
    for parameter, constraint in SELECTORS[name]._parameter_constraints.items():
        if constraint != "no_validation":
            problem = constraint[0](bad)
            assert problem, f"{name}.{parameter}"
            assert parameter_problems(name, {parameter: bad}) == {parameter: problem}
