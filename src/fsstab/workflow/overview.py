"""The report's landing page: per dataset, what a reader wants first.

``snakemake --report`` opens on the workflow description (``report/workflow.rst``), which
embeds one HTML fragment per dataset written by :func:`overview_html`: the design (samples,
classes or outcome, groups, features, M and scheme), accuracy and φ of
every configuration with their intervals and the decisions of the Pareto analysis, the stable
features of the chosen configuration, whether M suffices for the stated precision, and why
variants can share their φ. Everything else -- every measure, every figure -- is one click
away in the report's menu.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from fsstab.workflow.answers import (
    chosen_compromises,
    corrected_interval_columns,
    count_text,
    summary_frame,
)

__all__ = ["overview_html", "shared_selection_note"]

_STYLE = (
    "<style>"
    ".fsstab-overview{max-width:none;width:min(64rem,92vw);font-size:13px}"
    ".fsstab-overview table{border-collapse:collapse;margin:0.4em 0 0.8em 0}"
    ".fsstab-overview th,.fsstab-overview td{padding:2px 7px;border-bottom:1px solid #ddd;"
    "text-align:right;white-space:nowrap}"
    ".fsstab-overview td.l,.fsstab-overview th.l{text-align:left;"
    "font-family:ui-monospace,monospace}"
    ".fsstab-overview td.why{text-align:left;white-space:normal;font-size:12px}"
    ".fsstab-overview tr.chosen td{background:#eef7ee}"
    ".fsstab-overview .ci{color:#666;font-size:11px}"
    "</style>"
)


def _number(value: float, digits: int = 3) -> str:
    return "–" if value is None or not np.isfinite(value) else f"{value:.{digits}f}"


def shared_selection_note(stability: pd.DataFrame) -> str | None:
    """A sentence on the variants whose selections coincide (identical φ and size within one
    configuration: sweep values that change only the final model), or None."""
    shared = []
    for configuration, rows in stability.groupby("configuration", sort=False):
        if len(rows) > 1 and rows["nogueira"].nunique(dropna=False) == 1 and \
                rows["mean_n_selected"].nunique() == 1:
            shared.append(f"{configuration} ({len(rows)} variants)")
    if not shared:
        return None
    return (
        f"The variants of {', '.join(shared)} differ only in the final model fitted on the "
        "selected features (sweep values such as final_C or shrinkage_alpha), so on every "
        "resample they share one selection: φ, Φ_C and the other measures of the selected "
        "sets are identical for them by construction, while the importance- and rank-based "
        "measures (φ_iw, φ_pears, φ_can) and the accuracy differ."
    )


def overview_html(
    stability: pd.DataFrame, pareto: pd.DataFrame, stable: pd.DataFrame, *, dataset: str,
    convergence: str | None = None, confidence_level: float = 0.95,
    score_label: str = "accuracy", top: int = 10, design: str | None = None,
    error_control: str | None = None,
) -> str:
    """The dataset's landing-page fragment (module docstring); ``convergence`` is the
    sentence of :func:`fsstab.workflow.convergence.convergence_sentence`, ``design`` that of
    :func:`fsstab.workflow.design.design_sentence` (shown first), ``error_control`` the
    paragraph of :func:`fsstab.workflow.error_outputs.error_control_paragraph` (shown last)."""
    from fsstab.workflow.labels import with_score
    from fsstab.workflow.scoring import frame_decision_score

    score = frame_decision_score(stability)
    score_label = with_score(score_label, score)
    frame = summary_frame(stability, ["nogueira"], confidence_level=confidence_level,
                          score=score)
    mean = f"{score.name}_mean"
    low, high = corrected_interval_columns(score, frame.columns)
    decisions = chosen_compromises(pareto)
    level = f"{100 * confidence_level:g} %"
    rows = []
    for row in frame.to_dict("records"):
        why = decisions.get(row["label"], [])
        cells = (
            f"<td class=\"l\">{html.escape(row['label'])}</td>"
            f"<td>{count_text(row['mean_n_selected'])}</td>"
            f"<td>{_number(row[mean])} <span class=\"ci\">"
            f"[{_number(row[low])}, {_number(row[high])}]</span></td>"
            f"<td>{_number(row['nogueira'])} <span class=\"ci\">"
            f"[{_number(row['nogueira_ci_low'])}, {_number(row['nogueira_ci_high'])}]</span></td>"
            f"<td class=\"why\">{html.escape('; '.join(why))}</td>"
        )
        css = ' class="chosen"' if why else ""
        rows.append(f"<tr{css}>{cells}</tr>")
    M = int(frame["n_runs"].max())
    parts = [
        f"<h3>{html.escape(dataset)}</h3>",
        *([f"<p><b>Design:</b> {html.escape(design)}</p>"] if design else []),
        f"<p>{len(frame)} configurations and variants, each run on M = {M} resamples; "
        f"{html.escape(score_label)} and Nogueira's φ with their {level} intervals (the "
        f"score's {_interval_kind(low)}; φ's for the stability on resamples of these data). "
        "Highlighted: chosen on the Pareto fronts (γ compromise, ε-constraint, one "
        "standard error).</p>",
        "<table><thead><tr><th class=\"l\">configuration[:variant]</th><th>features</th>"
        f"<th>{html.escape(score_label)}</th><th>φ</th><th class=\"l\">chosen by</th></tr>"
        "</thead><tbody>" + "".join(rows) + "</tbody></table>",
    ]
    parts.append(_stable_paragraph(stable, decisions, top))
    note = shared_selection_note(stability)
    if note:
        parts.append(f"<p>{html.escape(note)}</p>")
    if convergence:
        parts.append(f"<p><b>Is M enough?</b> {html.escape(convergence)}</p>")
    if error_control:
        parts.append(error_control)
    return _STYLE + "<div class=\"fsstab-overview\">" + "\n".join(parts) + "</div>\n"


def _interval_kind(low: str) -> str:
    """Which interval of the score is shown: the corrected one, or (a summary without the
    corrected standard error) the naive one."""
    return ("corrected for the overlap of the resamples" if low.endswith("_corrected") else
            "naive, taking the overlapping resamples as independent")


def _stable_paragraph(stable: pd.DataFrame, decisions: Mapping[str, Sequence[str]],
                      top: int) -> str:
    """The first ``top`` features of the first chosen configuration, with how often M runs
    selected them."""
    chosen = [label for label in stable["label"].unique() if label in decisions]
    if not chosen:
        return ""
    label = chosen[0]
    rows = stable[stable["label"] == label].sort_values("rank").head(top)
    items = ", ".join(
        f"{html.escape(str(r.feature_name))} ({int(r.n_selected)}/{int(r.n_runs)})"
        for r in rows.itertuples(index=False)
    )
    return (f"<p><b>Stable features</b> of <b>{html.escape(label)}</b> "
            f"({html.escape('; '.join(decisions[label]))}), by how many of the M runs selected "
            f"them: {items}. All configurations: \"Stable features\" in the menu.</p>")
