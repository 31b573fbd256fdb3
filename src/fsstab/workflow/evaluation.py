"""The accuracy of a selected feature set under a fixed classifier (config key ``accuracy_model``).

By default the selection stage scores each selector's own predictive model on the test rows.
Some studies instead evaluate every selector's features with one common classifier: Sechidis et
al. (2019, §4.1) fit a 3-nearest-neighbour classifier on the selected features of each training
set and report its accuracy on the held-out 5 %, "to make few assumptions about the data and
avoid additional variance from hyperparameter tuning". :func:`selection_accuracy` does that.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from sklearn.base import clone
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

__all__ = ["ACCURACY_MODELS", "accuracy_model_problems", "make_accuracy_model",
           "selection_accuracy"]

#: Classifiers the configuration may name as ``accuracy_model.class``.
ACCURACY_MODELS: Mapping[str, type] = {
    "DecisionTreeClassifier": DecisionTreeClassifier,
    "GaussianNB": GaussianNB,
    "KNeighborsClassifier": KNeighborsClassifier,
    "LogisticRegression": LogisticRegression,
    "RandomForestClassifier": RandomForestClassifier,
    "SVC": SVC,
}


def accuracy_model_problems(spec: Mapping[str, Any] | None) -> list[str]:
    """Problems of an ``accuracy_model`` configuration entry (empty list: valid): an unknown
    class or parameter, ``random_state``, and every value the class's own parameter check
    refuses (scikit-learn's ``_parameter_constraints``, which ``fit`` checks first), each
    with its key path.

    Examples
    --------
    >>> spec = {"class": "KNeighborsClassifier", "params": {"n_neighbors": -1}}
    >>> for problem in accuracy_model_problems(spec):
    ...     print(problem)
    accuracy_model.params.n_neighbors: KNeighborsClassifier must be an int in the range
    [1, inf) or None. Got -1 instead.
    """
    if spec is None:
        return []
    name = spec.get("class")
    if name not in ACCURACY_MODELS:
        return [f"accuracy_model.class: unknown classifier {name!r}; known: "
                f"{', '.join(sorted(ACCURACY_MODELS))}"]
    accepted = ACCURACY_MODELS[name]().get_params(deep=False)
    params = dict(spec.get("params") or {})
    problems = []
    unknown = sorted(set(params) - set(accepted))
    if unknown:
        problems.append(f"accuracy_model.params: {name} has no parameter(s) {unknown}; its "
                        f"parameters: {', '.join(sorted(accepted))}")
    if "random_state" in params:
        problems.append("accuracy_model.params: random_state is set by the workflow per "
                        "resample; remove it")
    for key in sorted(set(params) & set(accepted) - {"random_state"}):
        problem = _value_problem(ACCURACY_MODELS[name], key, params[key])
        if problem is not None:
            problems.append(f"accuracy_model.params.{key}: {problem}")
    return problems


def _value_problem(cls: type, key: str, value: Any) -> str | None:
    """What scikit-learn's own parameter check (the first step of ``fit``: the class's
    ``_parameter_constraints``) says of ``key=value`` alone, or None."""
    try:
        cls(**{key: value})._validate_params()
    except (TypeError, ValueError) as exc:  # sklearn's InvalidParameterError is both
        return str(exc).replace(f"The {key!r} parameter of ", "").strip()
    return None


def make_accuracy_model(spec: Mapping[str, Any], random_state: int) -> Any:
    """An unfitted classifier from an ``accuracy_model`` entry; ``random_state`` is set where
    the class takes one, and ``standardize`` puts a ``StandardScaler`` first."""
    problems = accuracy_model_problems(spec)
    if problems:
        raise ValueError("; ".join(problems))
    cls = ACCURACY_MODELS[spec["class"]]
    params = dict(spec.get("params") or {})
    if "random_state" in cls().get_params(deep=False):
        params["random_state"] = int(random_state)
    model = cls(**params)
    return make_pipeline(StandardScaler(), model) if spec.get("standardize", False) else model


def selection_accuracy(
    model: Any,
    support: np.ndarray,
    X_train: np.ndarray,
    y_train: np.ndarray,
    X_test: np.ndarray,
    y_test: np.ndarray,
) -> float:
    """Test accuracy of ``clone(model)`` fitted on the selected columns of the training rows.

    With no feature selected the prediction is the training majority class (the smallest label
    among ties), the accuracy of a model that has nothing to go on.
    """
    support = np.asarray(support, dtype=bool)
    if support.shape != (X_train.shape[1],):
        raise ValueError(f"support has shape {support.shape}, expected ({X_train.shape[1]},)")
    if not support.any():
        labels, counts = np.unique(y_train, return_counts=True)
        prediction = np.full(len(y_test), labels[int(np.argmax(counts))])
    else:
        fitted = clone(model).fit(X_train[:, support], y_train)
        prediction = fitted.predict(X_test[:, support])
    return float(np.mean(prediction == np.asarray(y_test)))
