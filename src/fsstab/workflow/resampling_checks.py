"""The resampling against the class sizes: checked as soon as the labels are known.

A stratified scheme fixes how many samples of each class a training set holds
(:func:`fsstab.resampling.training_class_counts`), so the labels alone -- not the matrix --
tell whether every selection can run: a subsample ``fraction: 0.3`` of a class of 3 samples
leaves one in each training set, and a selector computing Welch's t
(:meth:`fsstab.selectors.BaseSelector.min_class_samples`) would fail in its selection job.
:func:`resampling_class_problems` says so before, naming the key and the value that works;
it also refuses a request :func:`fsstab.resampling.make_resamples` would refuse (``n_splits``
above n) and an ``accuracy_model`` asking for more neighbours than a training set has.

:func:`fsstab.workflow.checks.dataset_problems` runs it with the class counts of a prefiltered
dataset: in the prefilter job (before the dataset's resampling and selection jobs) and, for
every dataset stored by an earlier run, when the Snakefile is read. Resampling by groups
(``groups:``) draws whole groups, whose class make-up varies: it is not checked here.

Examples
--------
Classes of 3 and 40 samples: 22 training rows give quotas 1.53 and 20.47, the larger remainder
goes to the first class (2 of it); 21 rows give 1.47 and 19.53 (1 of it). round(0.5 · 43) = 22:

>>> size_hint([3, 40], "subsample", need=2)
0.5
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import numpy as np

from fsstab.resampling import SCHEMES, training_class_counts
from fsstab.selectors import SELECTORS

__all__ = ["resampling_class_problems", "size_hint"]

#: The parameter of each scheme that sets the size of the training sets.
_SIZE_PARAMETER = {"subsample": "fraction", "leave_out": "delta", "kfold": "n_splits"}


def size_hint(counts: Any, scheme: str, *, need: int) -> float | None:
    """The smallest subsample ``fraction`` (the largest leave_out ``delta``) of 0.01, ...,
    0.99 whose stratified training sets hold ``need`` samples of every class; None if none
    does."""
    name = "fraction" if scheme == "subsample" else "delta"
    steps = range(1, 100) if scheme == "subsample" else range(99, 0, -1)
    for step in steps:
        try:
            training = training_class_counts(scheme, counts, **{name: step / 100})
        except ValueError:
            continue
        if training is not None and int(training.min()) >= need:
            return step / 100
    return None


def _where(workflow: Any, dataset: str) -> tuple[str, Mapping[str, Any]]:
    """The key of the dataset's resampling section and the section (with its defaults)."""
    own = workflow.raw["datasets"][dataset].get("resampling") or {}
    key = f"datasets.{dataset}.resampling" if own else "resampling"
    return key, workflow.resampling_for(dataset)


def _grouped(workflow: Any, dataset: str) -> bool:
    from fsstab.sources import parse_source

    try:
        spec = parse_source(copy.deepcopy(workflow.datasets[dataset].source))
    except ValueError:
        return False
    return spec.options.get("groups") is not None


def _hint(scheme: str, counts: np.ndarray, need: int, key: str) -> str:
    if scheme in ("subsample", "leave_out"):
        value = size_hint(counts, scheme, need=need)
        name = _SIZE_PARAMETER[scheme]
        if value is not None:
            bound = "at least" if scheme == "subsample" else "at most"
            return f"set {key}.params.{name} to {bound} {value}"
    if scheme == "kfold":
        return f"use fewer folds ({key}.params.n_splits) or another scheme"
    return "use another scheme, merge small classes or drop them with 'classes:'"


def resampling_class_problems(workflow: Any, dataset: str,
                              class_counts: Mapping[str, int]) -> list[str]:
    """Problems of the resampling of ``dataset`` (a
    :class:`~fsstab.workflow.config.WorkflowConfig`'s) for the classes ``class_counts``
    (label -> samples): module docstring. One line each, naming the key."""
    if _grouped(workflow, dataset):
        return []
    key, section = _where(workflow, dataset)
    scheme, params = section["scheme"], dict(section.get("params") or {})
    labels = [str(label) for label in class_counts]
    counts = np.array([int(c) for c in class_counts.values()], dtype=np.int64)
    shown = ", ".join(f"{label!r}: {count}" for label, count in zip(labels, counts, strict=True))
    size = _SIZE_PARAMETER.get(scheme)
    at = f"{key}.params.{size}" if size in params else f"{key}.scheme"
    try:
        training = training_class_counts(scheme, counts, **params)
    except ValueError as exc:
        return [f"{at}: {exc} (dataset {dataset!r}: classes {shown})"]
    if training is None:
        return []
    problems = []
    setting = f"{scheme} with {size}={params.get(size, SCHEMES[scheme].get(size))}" if size \
        else scheme
    low = int(np.argmin(training))
    for config in workflow.configurations_for(dataset):
        cls = SELECTORS[config.cls]
        for variant in config.variants:
            need = cls.min_class_samples({**config.params, **variant.params})
            if int(training[low]) >= need:
                continue
            problems.append(
                f"{at}: {setting} leaves {training[low]} sample(s) of class {labels[low]!r} "
                f"({counts[low]} in all) in each training set of dataset {dataset!r}, but "
                f"selectors.{config.selector} ({config.cls}) needs at least {need} of every "
                f"class; {_hint(scheme, counts, need, key)}"
            )
            break
    problems += _neighbour_problems(workflow, dataset, int(training.sum()), at, setting)
    return list(dict.fromkeys(problems))


def _neighbour_problems(workflow: Any, dataset: str, n_train: int, at: str,
                        setting: str) -> list[str]:
    """``accuracy_model`` k-NN asking for more neighbours than a training set has rows."""
    model = workflow.raw.get("accuracy_model") or {}
    if model.get("class") != "KNeighborsClassifier":
        return []
    k = (model.get("params") or {}).get("n_neighbors", 5)
    if isinstance(k, int) and not isinstance(k, bool) and k > n_train:
        return [f"accuracy_model.params.n_neighbors: {k} neighbours, but {setting} ({at}) "
                f"gives training sets of {n_train} rows on dataset {dataset!r}"]
    return []
