"""What the error-control stage adds to a run's other outputs (``rules/error_control.smk``).

- per feature, in ``stable_features.csv`` (:func:`with_error_control_columns`): the selection
  probability under the error-controlled method fitted on all samples, whether it passes, the
  run's threshold and promise (PFER bound, Stabl's FDP+ or the knockoff+ target) and, where
  the method gives them (a fitted ``q_values_``, as IPSS's), the feature's q-value;
- per configuration, in ``summary.csv`` and on the report's landing page
  (:func:`with_error_control_sentences`, :func:`error_control_paragraph`): one sentence, "k
  features selected; at most E false on average (Shah & Samworth, r-concave)";
- the figure (:func:`error_control_figure`, :func:`fsstab.plots.error_control_plot`): the
  selection probabilities against the threshold with the bound or the estimated FDP.

Datasets that run no error control keep their tables byte for byte: the columns are added
only when a dataset has error-controlled configurations.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

__all__ = [
    "CURVE_FIELDS",
    "ERROR_CONTROL_COLUMNS",
    "error_control_figure",
    "error_control_paragraph",
    "fitted_curves",
    "with_error_control_columns",
    "with_error_control_sentences",
]

#: The per-feature and per-threshold lists a fit row holds (not copied to the summary).
CURVE_FIELDS = ("probabilities", "passes", "q_values", "curve_thresholds", "curve_bound",
                "curve_fdp")

#: The columns :func:`with_error_control_columns` adds to the stable features (the q-value
#: column only when some method gives q-values).
ERROR_CONTROL_COLUMNS = ("error_control_probability", "error_control_passes",
                         "error_control_threshold", "error_control_guarantee",
                         "error_control_level", "error_control_method",
                         "error_control_q_value")


def _floats(values: Any) -> list[float]:
    return [float(v) for v in np.asarray(values, dtype=np.float64).ravel()]


def fitted_curves(fitted: Any) -> dict[str, Any]:
    """Per feature and per threshold, what a fitted error-controlled selector shows.

    ``probabilities``: its ``frequencies_`` (the fraction of its subsamples selecting each
    feature; empty for knockoffs, whose statistic is no probability); ``passes``: its support;
    ``threshold`` (``pi_thr_``, Stabl's ``threshold_``; NaN for knockoffs); ``q`` (stability
    selection's ``q_``); ``q_values`` (a fitted ``q_values_``, else empty); and the curve over
    ``curve_thresholds``: stability selection's bound on the expected number of false
    selections at every multiple of 1 / (number of subsamples) at which it holds
    (:func:`fsstab.selectors.stability_selection_bound` with the fitted ``q_``; NaN where it
    does not hold), or Stabl's FDP+ (``curve_fdp``).

    Examples
    --------
    >>> import numpy as np
    >>> from types import SimpleNamespace
    >>> from fsstab.workflow.error_outputs import fitted_curves
    >>> fit = SimpleNamespace(frequencies_=np.array([1.0, 0.5, 0.0]),
    ...                       support_=np.array([True, False, False]), pi_thr_=0.75, q_=1,
    ...                       pfer_=0.5, sampling="SS", assumption="none",
    ...                       subsamples_=np.zeros((4, 2), dtype=int))
    >>> curves = fitted_curves(fit)
    >>> curves["curve_thresholds"], curves["curve_bound"]
    ([0.75, 1.0], [0.6666666666666666, 0.3333333333333333])
    """
    from fsstab.selectors import stability_selection_bound

    frequencies = getattr(fitted, "frequencies_", None)
    probabilities = [] if frequencies is None else _floats(frequencies)
    threshold = getattr(fitted, "pi_thr_", None)
    if threshold is None and frequencies is not None:
        threshold = getattr(fitted, "threshold_", None)
    q_values = getattr(fitted, "q_values_", None)
    out: dict[str, Any] = {
        "threshold": math.nan if threshold is None else float(threshold),
        "q": None if getattr(fitted, "q_", None) is None else int(fitted.q_),
        "probabilities": probabilities,
        "passes": [bool(v) for v in np.asarray(fitted.support_, dtype=bool)],
        "q_values": [] if q_values is None else _floats(q_values),
        "curve_thresholds": [], "curve_bound": [], "curve_fdp": [],
    }
    if getattr(fitted, "pfer_", None) is not None and frequencies is not None:
        fits = len(fitted.subsamples_)
        pairs = fits // 2 if fitted.sampling == "SS" else fits
        low = 0.0 if fitted.assumption == "r-concave" else 0.5
        for i in range(1, fits + 1):
            t = i / fits
            if t <= low:
                continue
            try:
                bound = stability_selection_bound(
                    len(probabilities), int(fitted.q_), t, sampling=fitted.sampling,
                    assumption=fitted.assumption, n_pairs=max(1, pairs))
            except ValueError:  # the bound does not hold at this threshold
                bound = math.nan
            out["curve_thresholds"].append(t)
            out["curve_bound"].append(float(bound))
    elif getattr(fitted, "fdp_plus_curve_", None) is not None:
        out["curve_thresholds"] = _floats(fitted.thresholds_)
        out["curve_fdp"] = _floats(fitted.fdp_plus_curve_)
    return out


def _listed(row: Mapping[str, Any] | None, key: str) -> list[Any]:
    """A list field of a fit row (a list, or an array as read from Parquet; missing: [])."""
    value = None if row is None else row.get(key)
    return [] if value is None else list(value)


def _fit_rows(fits: Sequence[Any]) -> dict[tuple[str, str], Mapping[str, Any]]:
    return {(row["configuration"], row["variant"]): row
            for fit in fits for row in fit.to_dict("records")}


def with_error_control_columns(stable: Any, fits: Sequence[Any]) -> Any:
    """The stable features (a pyarrow Table) with the error-control columns
    (:data:`ERROR_CONTROL_COLUMNS`) on the rows of the configurations fitted in ``fits`` (the
    rule ``error_control_fit``'s tables), null on the others; ``error_control_q_value`` only
    when some fit gives q-values. Without fits, ``stable`` is returned unchanged.

    Examples
    --------
    >>> import pandas as pd
    >>> import pyarrow as pa
    >>> from fsstab.workflow.error_outputs import with_error_control_columns
    >>> stable = pa.table({"configuration": ["stabs", "lasso"], "variant": ["default"] * 2,
    ...                    "feature": pa.array([1, 1], pa.int32())})
    >>> fit = pd.DataFrame([{"configuration": "stabs", "variant": "default",
    ...                      "probabilities": [0.2, 0.9], "passes": [False, True],
    ...                      "threshold": 0.75, "guarantee": "PFER", "level": 0.5,
    ...                      "method": "Shah & Samworth, r-concave", "q_values": []}])
    >>> out = with_error_control_columns(stable, [fit])
    >>> out.column("error_control_probability").to_pylist()
    [0.9, None]
    >>> out.column("error_control_passes").to_pylist(), "error_control_q_value" in out.schema.names
    ([True, None], False)
    """
    import pyarrow as pa

    if not fits:
        return stable
    rows = _fit_rows(fits)
    with_q = any(len(_listed(row, "q_values")) for row in rows.values())
    values: dict[str, list[Any]] = {name: [] for name in ERROR_CONTROL_COLUMNS}
    for config, variant, feature in zip(stable.column("configuration").to_pylist(),
                                        stable.column("variant").to_pylist(),
                                        stable.column("feature").to_pylist(), strict=True):
        row = rows.get((config, variant))
        probabilities = _listed(row, "probabilities")
        q_values = _listed(row, "q_values")
        values["error_control_probability"].append(
            float(probabilities[feature]) if probabilities else None)
        values["error_control_passes"].append(None if row is None else
                                              bool(row["passes"][feature]))
        threshold = None if row is None else row["threshold"]
        values["error_control_threshold"].append(
            None if threshold is None or math.isnan(threshold) else float(threshold))
        values["error_control_guarantee"].append(None if row is None else row["guarantee"])
        values["error_control_level"].append(None if row is None else float(row["level"]))
        values["error_control_method"].append(None if row is None else row["method"])
        values["error_control_q_value"].append(float(q_values[feature]) if q_values else None)
    types = {"error_control_passes": pa.bool_(), "error_control_guarantee": pa.string(),
             "error_control_method": pa.string()}
    for name in ERROR_CONTROL_COLUMNS:
        if name == "error_control_q_value" and not with_q:
            continue
        stable = stable.append_column(name, pa.array(values[name], types.get(name,
                                                                            pa.float64())))
    return stable


def with_error_control_sentences(frame: Any, summaries: Sequence[Any]) -> Any:
    """The summary of all datasets (a DataFrame with ``dataset``, ``configuration``,
    ``variant``) with the column ``error_control``: the sentence of the configuration's
    error-controlled fit (``discovery_sentence`` of the datasets' error-control summaries),
    empty on the other rows; without summaries ``frame`` is returned unchanged.

    Examples
    --------
    >>> import pandas as pd
    >>> from fsstab.workflow.error_outputs import with_error_control_sentences
    >>> frame = pd.DataFrame({"dataset": ["a", "a"], "configuration": ["stabs", "lasso"],
    ...                       "variant": ["default", "default"]})
    >>> summary = pd.DataFrame({"dataset": ["a"], "configuration": ["stabs"],
    ...                         "variant": ["default"],
    ...                         "discovery_sentence": ["3 features selected; ..."]})
    >>> with_error_control_sentences(frame, [summary])["error_control"].tolist()
    ['3 features selected; ...', '']
    """
    if not summaries:
        return frame
    sentences = {(row["dataset"], row["configuration"], row["variant"]):
                 row["discovery_sentence"]
                 for summary in summaries for row in summary.to_dict("records")}
    frame = frame.copy()
    frame["error_control"] = [
        sentences.get(key, "") for key in
        zip(frame["dataset"], frame["configuration"], frame["variant"], strict=True)]
    return frame


def error_control_paragraph(summary: Any) -> str:
    """The landing page's paragraph: "How many could be false?" and the sentence of every
    error-controlled configuration (a dataset's error-control summary table), pointing to the
    report's error-control page.

    Examples
    --------
    >>> import pandas as pd
    >>> from fsstab.workflow.error_outputs import error_control_paragraph
    >>> summary = pd.DataFrame({"configuration": ["stabs"], "variant": ["default"],
    ...                         "sentence": ["2 features selected; at most 1 false on average "
    ...                                      "(Shah & Samworth, r-concave)."]})
    >>> error_control_paragraph(summary)[:56]
    '<p><b>How many could be false?</b> stabs: 2 features sel'
    """
    items = []
    for row in summary.to_dict("records"):
        label = row["configuration"] + ("" if row["variant"] == "default"
                                        else f":{row['variant']}")
        items.append(f"{html.escape(label)}: {html.escape(row['sentence'])}")
    return ("<p><b>How many could be false?</b> " + " ".join(items) + " (each configuration "
            "fitted once on all samples; the figure and the features are on the report's "
            "<i>Error control</i> page.)</p>")


def error_control_figure(fits: Sequence[Any]) -> Any:
    """One row of :func:`fsstab.plots.error_control_plot` per fitted variant that has
    selection probabilities and a curve (stability selection, Stabl); a figure saying so when
    none has (knockoffs: their statistic is no probability)."""
    from fsstab.plots import error_control_plot, new_figure

    shown = [row for row in _fit_rows(fits).values()
             if len(row["probabilities"]) and len(row["curve_thresholds"])]
    if not shown:
        fig = new_figure((7.6, 1.2))
        fig.text(0.02, 0.5, "No selection probabilities to draw (knockoff+ thresholds its "
                 "knockoff statistics).", fontsize=9)
        return fig
    fig = new_figure((7.6, 3.0 * len(shown)))
    axes = np.asarray(fig.subplots(len(shown), 2)).reshape(len(shown), 2)
    for pair, row in zip(axes, shown, strict=True):
        label = row["configuration"] + ("" if row["variant"] == "default"
                                        else f":{row['variant']}")
        curve = {"bound": row["curve_bound"], "fdp": row["curve_fdp"]}
        error_control_plot(row["probabilities"], row["curve_thresholds"],
                           threshold=float(row["threshold"]),
                           bound=curve["bound"] if len(curve["bound"]) else None,
                           fdp=curve["fdp"] if len(curve["fdp"]) else None,
                           title=f"{label}: {row['guarantee']} {row['method']}", axes=pair)
    return fig
