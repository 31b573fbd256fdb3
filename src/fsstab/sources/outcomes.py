"""The outcome (task) of a source spec, and the bundled data sets of other tasks than
classification.

The task of a dataset is known from its source spec before anything is read, so that the
configuration check can refuse a selector that cannot serve it:

- ``file:`` and ``url:`` sources say it with their ``task`` option (default
  ``classification``; :mod:`fsstab.sources.sample_sheets`);
- ``sklearn:diabetes`` is a regression: scikit-learn's diabetes data (Efron, Hastie,
  Johnstone & Tibshirani 2004, *Least angle regression*): 442 patients, 10 baseline
  variables (age, sex, body mass index, blood pressure, six serum measurements), the target a
  quantitative measure of disease progression one year after baseline. The variables are
  read in their original units (``load_diabetes(scaled=False)``), as a user's table has them;
  the selectors standardise internally;
- the ``synthetic:`` generators of :mod:`fsstab.synthetic` (``linear``, ``cox``)
  are regression and survival designs with a known support;
- every other source is a classification.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from fsstab.sources.specs import SKLEARN_OUTCOMES, SourceSpec

if TYPE_CHECKING:
    from fsstab.datasets import Dataset

__all__ = ["SKLEARN_OUTCOMES", "fetch_sklearn_outcome", "source_task"]


def source_task(spec: SourceSpec) -> str:
    """The task of a parsed source spec (module docstring).

    Examples
    --------
    >>> from fsstab.sources.outcomes import source_task
    >>> from fsstab.sources import parse_source
    >>> source_task(parse_source("sklearn:diabetes"))
    'regression'
    >>> source_task(parse_source({"source": "file:x.csv", "task": "survival",
    ...                           "target": ["time", "event"]}))
    'survival'
    """
    if spec.kind in ("file", "url"):
        return str(spec.options.get("task", "classification"))
    if spec.kind == "sklearn":
        return SKLEARN_OUTCOMES.get(spec.location, "classification")
    if spec.kind == "synthetic":
        from fsstab.synthetic import SYNTHETIC_TASKS

        return SYNTHETIC_TASKS.get(spec.location, "classification")
    return "classification"


def fetch_sklearn_outcome(src: SourceSpec, provenance: Mapping[str, Any]) -> Dataset:
    """The dataset of a ``sklearn:`` source of :data:`SKLEARN_OUTCOMES`."""
    from sklearn import datasets as skd

    from fsstab.datasets import make_outcome_dataset

    if src.location != "diabetes":
        raise ValueError(f"{src.source!r}: not a bundled outcome data set; known: "
                         f"{list(SKLEARN_OUTCOMES)}")
    bunch = skd.load_diabetes(scaled=False)
    return make_outcome_dataset(
        src.options.get("name") or src.location, bunch.data, bunch.target,
        task=SKLEARN_OUTCOMES[src.location],
        feature_names=[str(f) for f in bunch.feature_names],
        provenance={"source": src.source, "spec": src.to_dict(), **provenance},
    )
