"""The design of a dataset's analysis in one sentence, for the report's landing page.

What a reader needs before any number: how many samples, which classes (or what outcome), the
samples' groups and their sizes when samples are resampled together (a patient's biopsies),
how many features the selectors saw after the prefilter (of how many), and the M resamples
and their scheme. :func:`design_sentence` builds it from the stored dataset's columns other
than the feature values (``sample_id``, ``label``/``y`` or ``time``/``event``, ``group``:
:mod:`fsstab.datasets.storage`) and its metadata, so that the full matrix is never read.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from fsstab.workflow.labels import group_plural

__all__ = ["DESIGN_COLUMNS", "design_sentence", "features_before_prefilter", "stored_design"]

#: The stored dataset's columns the sentence reads (those present).
DESIGN_COLUMNS = ("sample_id", "label", "y", "time", "event", "group")


def _g(value: float) -> str:
    return f"{value:.4g}"


def _outcome(columns: pd.DataFrame, task: str, class_labels: list[str]) -> str:
    if task == "survival":
        event = columns["event"].to_numpy(dtype=bool)
        time = columns["time"].to_numpy(dtype=np.float64)
        return (f"a time to event: {int(event.sum())} events, "
                f"{100 * (1 - event.mean()):.0f} % censored, median time {_g(np.median(time))}")
    if task == "regression":
        y = columns["y"].to_numpy(dtype=np.float64)
        sd = y.std(ddof=1) if y.size > 1 else 0.0
        return (f"a continuous outcome: mean {_g(y.mean())}, sd {_g(sd)}, "
                f"range {_g(y.min())} to {_g(y.max())}")
    counts = columns["label"].value_counts()
    parts = [f"{label} {int(counts.get(label, 0))}" for label in class_labels]
    return f"{len(class_labels)} classes: {', '.join(parts)}"


def _groups(columns: pd.DataFrame, column: str | None) -> str | None:
    if "group" not in columns.columns:
        return None
    sizes = columns["group"].value_counts().to_numpy()
    name = group_plural(column) if column else "groups"
    spread = (f"{int(sizes.min())} sample{'s' if sizes.min() != 1 else ''} each"
              if sizes.min() == sizes.max() else
              f"{int(sizes.min())} to {int(sizes.max())} samples each "
              f"(median {np.median(sizes):g})")
    where = f" (column {column})" if column else ""
    return (f"{sizes.size} {name}{where} of {spread}; every resample keeps each "
            f"{column or 'group'}'s samples together, and the scores are measured on "
            f"held-out {name}")


def design_sentence(columns: pd.DataFrame, metadata: Mapping[str, Any], *,
                    n_features_before: int | None, scheme: str, n_resamples: int) -> str:
    """The design of the analysis of one dataset as a plain-text sentence.

    Parameters
    ----------
    columns : DataFrame
        The stored (prefiltered) dataset's :data:`DESIGN_COLUMNS` that it has.
    metadata : mapping
        Its Parquet metadata (``feature_names``, ``class_labels``, ``task``, ``provenance``).
    n_features_before : int or None
        Features before the prefilter (its report's ``n_features``); None if unknown.
    scheme, n_resamples
        The resampling scheme and M.

    Returns
    -------
    str

    Examples
    --------
    >>> import pandas as pd
    >>> columns = pd.DataFrame({"sample_id": list("abcdef"), "label": list("xxyyyy"),
    ...                         "group": ["p1", "p1", "p2", "p2", "p3", "p3"]})
    >>> metadata = {"feature_names": ["g1", "g2", "g3"], "class_labels": ["x", "y"],
    ...             "provenance": {"study": {"groups": {"column": "patient"}}}}
    >>> print(design_sentence(columns, metadata, n_features_before=10, scheme="bootstrap",
    ...                       n_resamples=30))
    6 samples; 2 classes: x 2, y 4; 3 patients (column patient) of 2 samples each; every
    resample keeps each patient's samples together, and the scores are measured on held-out
    patients; 3 features after the prefilter (of 10); M = 30 resamples (bootstrap).
    """
    task = str(metadata.get("task") or "classification")
    study = (metadata.get("provenance") or {}).get("study") or {}
    column = (study.get("groups") or {}).get("column")
    d = len(metadata["feature_names"])
    parts = [f"{len(columns)} samples",
             _outcome(columns, task, [str(c) for c in metadata.get("class_labels") or []])]
    groups = _groups(columns, column)
    if groups:
        parts.append(groups)
    before = "" if n_features_before is None else f" (of {int(n_features_before)})"
    parts.append(f"{d} features after the prefilter{before}")
    parts.append(f"M = {int(n_resamples)} resamples ({scheme})")
    return "; ".join(parts) + "."


def stored_design(path: str | os.PathLike[str]) -> tuple[pd.DataFrame, dict[str, Any]]:
    """The :data:`DESIGN_COLUMNS` of a stored dataset (those it has; never the feature
    values) and its metadata, for :func:`design_sentence`."""
    import pyarrow.parquet as pq

    from fsstab.io import read_parquet

    present = pq.read_schema(path).names
    table, metadata = read_parquet(path, columns=[c for c in DESIGN_COLUMNS if c in present])
    return table.to_pandas(), metadata


def features_before_prefilter(report: str | os.PathLike[str]) -> int:
    """The number of features the prefilter read: the rows of its report (one per input
    feature, :func:`fsstab.prefilter.write_prefilter_report`), from the file's footer."""
    import pyarrow.parquet as pq

    return int(pq.read_metadata(report).num_rows)
