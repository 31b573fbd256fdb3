"""The private scikit-learn API that fsstab uses, in one place.

scikit-learn may change or remove a private name in any release. fsstab therefore imports
private names only from this module, lists here every private method it calls or overrides and
every private attribute it reads or sets, and bounds scikit-learn in ``pyproject.toml`` (the one
list of dependencies) below the next minor release: the releases inside the bound are those on
which ``tests/structure/test_sklearn_compat.py`` has passed. That test checks every entry below
against
the installed scikit-learn -- the name exists, a function still takes the keyword arguments
fsstab passes, a class still has the private methods fsstab calls -- and names the entry and
its use when one has gone. To admit a new scikit-learn release, install it, run
``python3 -m pytest tests/structure/test_sklearn_compat.py tests/selectors/test_forest.py
tests/library/test_sklearn_cv_stability.py tests/library/test_sklearn_search.py
tests/library/test_search.py`` and raise the bound in ``pyproject.toml`` (then regenerate
``envs/fsstab.yaml`` with ``tools/conda_env.py``).

Names are imported on first use (module-level ``__getattr__``): the forest fast path needs the
tree builder only, not the model-selection machinery, and a stage job imports what it uses.

Examples
--------
>>> from fsstab._sklearn_compat import PRIVATE_NAMES, _fit_and_score
>>> PRIVATE_NAMES["_fit_and_score"].module
'sklearn.model_selection._validation'
>>> callable(_fit_and_score)
True
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

__all__ = ["PRIVATE_MEMBERS", "PRIVATE_NAMES", "PrivateMember", "PrivateName"]


@dataclass(frozen=True)
class PrivateName:
    """A name imported from a private scikit-learn module, or a private name of a public one.

    ``keywords`` are the keyword arguments fsstab passes (a function or a constructor), which
    the compatibility test finds in its signature.
    """

    module: str
    used_by: str
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class PrivateMember:
    """A private method or attribute of a scikit-learn class that fsstab calls, overrides,
    reads or sets. ``kind`` is ``"method"`` (fsstab calls it), ``"hook"`` (fsstab overrides it
    and scikit-learn calls it), ``"read"`` (an attribute fsstab reads), ``"set"`` (an
    attribute fsstab sets where the class's ``fit`` sets it; one that a release no longer sets
    is harmless, one that fit sets and fsstab does not is a difference) or ``"declared"`` (a
    class attribute fsstab's classes declare and scikit-learn reads; ``owner`` is then the
    scikit-learn function or method that reads it)."""

    owner: str  # "<module>.<class>"
    name: str
    kind: str
    used_by: str
    parameters: tuple[str, ...] = ()


PRIVATE_NAMES: dict[str, PrivateName] = {
    "BaseSearchCV": PrivateName(
        "sklearn.model_selection._search",
        "fsstab.sklearn: base class of StabilitySearchCV and RandomizedStabilitySearchCV"),
    "_check_multimetric_scoring": PrivateName(
        "sklearn.metrics._scorer",
        "fsstab.sklearn: scoring given as a list, tuple or dict of metrics"),
    "_MultimetricScorer": PrivateName(
        "sklearn.metrics._scorer",
        "fsstab.sklearn: one scorer for several metrics, as GridSearchCV builds it",
        keywords=("scorers", "raise_exc")),
    "_fit_and_score": PrivateName(
        "sklearn.model_selection._validation",
        "fsstab.sklearn: the fit and score of one (candidate, split)",
        keywords=("scorer", "train", "test", "verbose", "parameters", "fit_params",
                  "score_params", "return_train_score", "return_parameters",
                  "return_n_test_samples", "return_times", "return_estimator",
                  "split_progress", "candidate_progress", "error_score")),
    "_insert_error_scores": PrivateName(
        "sklearn.model_selection._validation",
        "fsstab.sklearn: error_score in the results of failed fits"),
    "_warn_or_raise_about_fit_failures": PrivateName(
        "sklearn.model_selection._validation",
        "fsstab.sklearn: GridSearchCV's warning (or error) when fits fail"),
    "_check_method_params": PrivateName(
        "sklearn.utils.validation",
        "fsstab.sklearn: fit parameters indexed like X"),
    "CRITERIA_CLF": PrivateName(
        "sklearn.tree._classes", "fsstab._forest: the split criteria of the tree builder"),
    "DENSE_SPLITTERS": PrivateName(
        "sklearn.tree._classes", "fsstab._forest: the best splitter of the tree builder"),
    "DepthFirstTreeBuilder": PrivateName(
        "sklearn.tree._tree", "fsstab._forest: grows the trees of RandomForestClassifier.fit"),
    "Tree": PrivateName(
        "sklearn.tree._tree", "fsstab._forest: the fitted tree structure"),
    # -- parameter validation: every estimator class of fsstab declares its
    # _parameter_constraints in scikit-learn's format and validates them at fit
    "_fit_context": PrivateName(
        "sklearn.base",
        "every fit of an fsstab estimator: validates the constructor parameters against the "
        "class's _parameter_constraints (BaseEstimator._validate_params), as scikit-learn's "
        "estimators do",
        keywords=("prefer_skip_nested_validation",)),
    "Interval": PrivateName(
        "sklearn.utils._param_validation",
        "fsstab.selectors._constraints, fsstab.sklearn: numeric ranges of parameters"),
    "StrOptions": PrivateName(
        "sklearn.utils._param_validation",
        "fsstab.selectors._constraints: string options of parameters; base of Names",
        keywords=("options",)),
    "Options": PrivateName(
        "sklearn.utils._param_validation",
        "fsstab.selectors._constraints: base of UnitPair (make_constraint passes on instances "
        "of scikit-learn's own constraint classes only)",
        keywords=("type", "options")),
    "HasMethods": PrivateName(
        "sklearn.utils._param_validation",
        "fsstab.selectors._constraints, fsstab.sklearn: estimator parameters; base of Selector",
        keywords=("methods",)),
    "RealNotInt": PrivateName(
        "sklearn.utils._param_validation",
        "fsstab.selectors._constraints: fractions beside integer counts (scikit-learn refuses "
        "intervals of Integral and Real on one parameter)"),
    "make_constraint": PrivateName(
        "sklearn.utils._param_validation",
        "fsstab.selectors._constraints: the constraint objects of a _parameter_constraints "
        "entry, applied to a configured value before any fit"),
}

_SEARCH = "sklearn.model_selection._search.BaseSearchCV"
_FOREST = "sklearn.ensemble.RandomForestClassifier"

PRIVATE_MEMBERS: tuple[PrivateMember, ...] = (
    PrivateMember(_SEARCH, "_get_scorers", "hook",
                  "fsstab.sklearn: returns (scorers, metric); BaseSearchCV's metadata routing "
                  "calls it"),
    PrivateMember(_SEARCH, "_get_routed_params_for_fit", "method",
                  "fsstab.sklearn: routes fit parameters to the estimator, splitter and scorer",
                  parameters=("params",)),
    PrivateMember(_SEARCH, "_format_results", "method",
                  "fsstab.sklearn: cv_results_ laid out as GridSearchCV's",
                  parameters=("candidate_params", "n_splits", "out")),
    PrivateMember("sklearn.metrics._scorer._MultimetricScorer", "_scorers", "read",
                  "fsstab.sklearn: scorer_ as GridSearchCV sets it for several metrics"),
    PrivateMember(_FOREST, "_validate_params", "method",
                  "fsstab._forest: the parameter check of fit"),
    PrivateMember("sklearn.neighbors.KNeighborsClassifier", "_validate_params", "method",
                  "fsstab.workflow.evaluation: the accuracy_model's parameters checked by "
                  "fit's own check before any job (every class of ACCURACY_MODELS has it "
                  "from sklearn.base.BaseEstimator)"),
    PrivateMember(_FOREST, "_validate_estimator", "method",
                  "fsstab._forest: sets estimator_ as fit does"),
    PrivateMember(_FOREST, "_n_samples", "set",
                  "fsstab._forest: set as fit sets it (estimators_samples_ reads it)"),
    PrivateMember(_FOREST, "_n_samples_bootstrap", "set",
                  "fsstab._forest: set as fit sets it (estimators_samples_ reads it)"),
    PrivateMember(_FOREST, "_sample_weight", "set",
                  "fsstab._forest: set as fit sets it from scikit-learn 1.9 (the bootstrap "
                  "reads it)"),
    PrivateMember("sklearn.base.BaseEstimator._validate_params", "_parameter_constraints",
                  "declared",
                  "every fsstab estimator class: parameter -> constraints, scikit-learn's "
                  "format (fsstab.selectors._constraints); fsstab.sklearn extends its own"),
    PrivateMember("sklearn.base.BaseEstimator", "_validate_params", "method",
                  "_fit_context calls it on every fsstab estimator's fit; it checks "
                  "get_params() against the class attribute _parameter_constraints"),
    PrivateMember("sklearn.utils._param_validation._Constraint", "is_satisfied_by", "hook",
                  "fsstab.selectors._constraints: Names, Selector and UnitPair override it",
                  parameters=("val",)),
)


def __getattr__(name: str) -> Any:
    if name not in PRIVATE_NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(PRIVATE_NAMES[name].module), name)
    globals()[name] = value  # once imported, a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__) | set(PRIVATE_NAMES))
