"""What a run hands back: which features are stable, and the summary a reader can cite.

- :func:`stable_features_table` -- per (configuration, variant) of a dataset, every feature
  selected at least once with its selection frequency p_f, the Wilson interval of p_f, its
  mean importance and its rank; the configurations chosen as compromises on the Pareto fronts
  are marked (``stable_features.parquet`` / ``.csv``);
- :func:`summary_frame` -- the summary of all datasets as a table of its own (accuracy -- or
  R² and RMSE, a C-index: :func:`scored_summary_frame` -- with its interval, every measure,
  φ with its interval: ``results/summary.csv``), in the spirit of Hamer & Dupont (2021),
  Table 5;
- :func:`summary_html`, :func:`stable_features_html` -- the same as HTML tables for the
  report.

Columns are documented in docs/workflow.md.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa

from fsstab.measures import MEASURES, selection_frequency_interval
from fsstab.workflow.stability import run_matrices

__all__ = [
    "STABLE_FEATURES_FORMAT",
    "chosen_compromises",
    "corrected_interval_columns",
    "count_text",
    "scored_summary_frame",
    "spreadsheet_text",
    "stable_features_html",
    "stable_features_table",
    "summary_frame",
    "summary_html",
    "write_csv",
]

STABLE_FEATURES_FORMAT = "fsstab.stable_features/1"

def _symbol(measure: str) -> str:
    """The measure's Greek symbol in HTML (φ<sub>iw</sub>), else its thesis symbol, else its
    name."""
    info = MEASURES.get(measure)
    if info is not None and info.greek is not None:
        letter, _, subscript = info.greek.partition("_")
        return html.escape(letter) + (f"<sub>{html.escape(subscript)}</sub>" if subscript else "")
    return html.escape(info.symbol if info is not None and info.symbol else measure)


# --------------------------------------------------------------------------------------------
# Chosen compromises
# --------------------------------------------------------------------------------------------


def chosen_compromises(pareto: pd.DataFrame) -> dict[str, list[str]]:
    """``{label: [reason, ...]}`` of the (configuration, variant) labels a Pareto analysis
    chose, one reason per criterion with the stability measures it was applied with:
    ``gamma=0.5 on nogueira, importance_weighted`` (the compromise maximising
    γA + (1 − γ)S, Hamer & Dupont 2021 §7.1), ``epsilon-constraint on nogueira`` (Bommert
    2020, Algorithm 3.2) and ``one-SE on nogueira`` (the most stable configuration within one
    standard error of the best score, :func:`fsstab.outcomes.one_standard_error_choice`; when
    ``pareto`` has the column ``one_se_choice``). The one text of ``chosen_by`` in
    ``stable_features.csv`` and of "chosen by" in the report.

    Examples
    --------
    >>> import pandas as pd
    >>> pareto = pd.DataFrame({"measure": ["nogueira", "pearson"], "label": ["a", "a"],
    ...                        "chosen_gammas": [[0.5], []], "epsilon_choice": [False, True],
    ...                        "one_se_choice": [True, True]})
    >>> chosen_compromises(pareto)["a"]
    ['gamma=0.5 on nogueira', 'epsilon-constraint on pearson', 'one-SE on nogueira, pearson']
    """
    chosen: dict[str, dict[str, list[str]]] = {}
    one_se = "one_se_choice" in pareto.columns
    for row in pareto.itertuples(index=False):
        gammas = row.chosen_gammas
        criteria = [f"gamma={gamma:g}" for gamma in ([] if gammas is None else list(gammas))]
        if bool(row.epsilon_choice):
            criteria.append("epsilon-constraint")
        for criterion in criteria:
            chosen.setdefault(row.label, {}).setdefault(criterion, []).append(row.measure)
    if one_se:
        for row in pareto[pareto["one_se_choice"].astype(bool)].itertuples(index=False):
            chosen.setdefault(row.label, {}).setdefault("one-SE", []).append(row.measure)
    return {
        label: [f"{criterion} on {', '.join(measures)}"
                for criterion, measures in criteria.items()]
        for label, criteria in chosen.items()
    }


# --------------------------------------------------------------------------------------------
# Stable features
# --------------------------------------------------------------------------------------------


def stable_features_table(
    selections: Mapping[str, tuple[pa.Table, pa.Table]],
    summary: pd.DataFrame,
    pareto: pd.DataFrame,
    *,
    dataset: str,
    feature_names: Sequence[str],
    confidence_level: float = 0.95,
    rank_cap: int,
) -> pa.Table:
    """Every feature selected at least once, per (configuration, variant) of ``dataset``.

    ``selections`` maps each configuration id to its gathered ``(runs, features)`` tables;
    rows follow ``summary`` (the dataset's ``stability.parquet``); ``pareto`` is the dataset's
    ``pareto.parquet`` (for ``chosen_by``).

    Columns: ``dataset``, ``configuration``, ``variant``, ``label``, ``chosen_by`` (the
    compromises that chose this label, ``; ``-separated; empty if none), ``rank`` (1 = most
    often selected; ties broken by the larger mean importance, then the feature order),
    ``feature`` (column of the prefiltered dataset), ``feature_name``, ``n_selected`` (runs
    selecting it), ``n_runs`` (M), ``frequency`` (p_f = n_selected / M), ``frequency_low``,
    ``frequency_high`` (Wilson score interval at ``confidence_level``, see
    :func:`fsstab.measures.selection_frequency_interval`), ``mean_importance`` (mean over the
    M runs of its importance in each run's model, 0 where it was not selected: the row mean
    of Hamer & Dupont's W) and ``mean_importance_selected`` (mean over the runs selecting it).
    """
    d = len(feature_names)
    chosen = chosen_compromises(pareto)
    parts = []
    for row in summary.itertuples(index=False):
        if row.configuration not in selections:
            raise ValueError(
                f"dataset {dataset!r}: no selection tables for configuration "
                f"{row.configuration!r}"
            )
        runs, features = selections[row.configuration]
        Z, W, _, _ = run_matrices(runs, features, row.variant, d, rank_cap)
        M = Z.shape[0]
        frequency, low, high = selection_frequency_interval(
            Z, d=d, alpha=1.0 - confidence_level
        )
        counts = np.asarray(Z.sum(axis=0)).ravel().astype(np.int64)
        importance = np.asarray(W.sum(axis=0)).ravel()
        mean_importance = importance / M
        kept = np.flatnonzero(counts > 0)
        order = kept[np.lexsort((kept, -mean_importance[kept], -counts[kept]))]
        n = order.size
        parts.append(pa.table({
            "dataset": pa.array([dataset] * n, pa.string()),
            "configuration": pa.array([row.configuration] * n, pa.string()),
            "variant": pa.array([row.variant] * n, pa.string()),
            "label": pa.array([row.label] * n, pa.string()),
            "chosen_by": pa.array(["; ".join(chosen.get(row.label, []))] * n, pa.string()),
            "rank": pa.array(np.arange(1, n + 1, dtype=np.int32)),
            "feature": pa.array(order.astype(np.int32)),
            "feature_name": pa.array([str(feature_names[j]) for j in order], pa.string()),
            "n_selected": pa.array(counts[order].astype(np.int32)),
            "n_runs": pa.array(np.full(n, M, dtype=np.int32)),
            "frequency": pa.array(frequency[order].astype(np.float64)),
            "frequency_low": pa.array(low[order].astype(np.float64)),
            "frequency_high": pa.array(high[order].astype(np.float64)),
            "mean_importance": pa.array(mean_importance[order].astype(np.float64)),
            "mean_importance_selected": pa.array(
                (importance[order] / counts[order]).astype(np.float64)),
        }))
    if not parts:
        raise ValueError(f"dataset {dataset!r}: no configuration to tabulate")
    return pa.concat_tables(parts)


# --------------------------------------------------------------------------------------------
# The summary of all datasets as a table of its own
# --------------------------------------------------------------------------------------------


def corrected_interval_columns(score: Any, columns: Any) -> tuple[str, str]:
    """The columns of the interval a reader is shown for ``score``: the corrected one
    (``<score>_low_corrected``/``<score>_high_corrected``) when ``columns`` hold it, else
    the naive one (``<score>_low``/``<score>_high``; a summary built without the corrected
    standard error)."""
    from fsstab.outcomes import get_score

    name = get_score(score).name
    if f"{name}_low_corrected" in set(columns):
        return f"{name}_low_corrected", f"{name}_high_corrected"
    return f"{name}_low", f"{name}_high"


def _score_block(frame: pd.DataFrame, score: Any, confidence_level: float) -> list[str]:
    """Add the score's intervals to ``frame``; return its columns in the summary's order:
    ``<name>_mean``, ``<name>_se``, ``<name>_low``, ``<name>_high`` (mean ± t_{M−1}·se, the
    resamples taken as independent) and, when ``frame`` has ``<name>_se_corrected``,
    ``<name>_se_corrected``, ``<name>_low_corrected``, ``<name>_high_corrected`` (the same
    with the standard error corrected for the overlap of the resamples,
    :mod:`fsstab.resampling`)."""
    from fsstab.outcomes import score_interval

    name = score.name
    n_runs = frame["n_runs"].to_numpy()
    block = [f"{name}_mean", f"{name}_se", f"{name}_low", f"{name}_high"]
    frame[f"{name}_low"], frame[f"{name}_high"] = score_interval(
        frame[f"{name}_mean"].to_numpy(), frame[f"{name}_se"].to_numpy(), n_runs, score,
        confidence_level=confidence_level)
    if f"{name}_se_corrected" in frame.columns:
        frame[f"{name}_low_corrected"], frame[f"{name}_high_corrected"] = score_interval(
            frame[f"{name}_mean"].to_numpy(), frame[f"{name}_se_corrected"].to_numpy(),
            n_runs, score, confidence_level=confidence_level)
        block += [f"{name}_se_corrected", f"{name}_low_corrected", f"{name}_high_corrected"]
    return block


def summary_frame(summary: pd.DataFrame, measures: Sequence[str], *,
                  confidence_level: float = 0.95, score: Any = "accuracy") -> pd.DataFrame:
    """``summary.parquet`` as a table a reader cites (``results/summary.csv``): one row per
    (dataset, configuration, variant) with the mean score (``accuracy_mean`` by default) and
    its intervals -- ``<score>_low``/``<score>_high`` (mean ± t_{M−1} · se over the M
    resamples taken as independent) and ``<score>_low_corrected``/``<score>_high_corrected``
    (the same with the standard error corrected for their overlap, ``<score>_se_corrected``:
    Nadeau & Bengio 2003, Bouckaert & Frank 2004; :mod:`fsstab.resampling`), both
    clipped to the score's range (:func:`fsstab.outcomes.score_interval`) --, every measure in
    ``measures`` with Nogueira's interval of φ next to φ, the mean number of selected
    features and the parameters. ``score`` is a name of :data:`fsstab.outcomes.SCORES` (or a
    :class:`fsstab.outcomes.Score`): the columns ``<name>_mean``, ``<name>_se`` and, when
    present, ``<name>_se_corrected`` of ``summary`` are read."""
    return _summary(summary, measures, confidence_level, score)[0]


def _summary(summary: pd.DataFrame, measures: Sequence[str], confidence_level: float,
             score: Any) -> tuple[pd.DataFrame, list[str]]:
    """:func:`summary_frame` and the columns of its score block."""
    from fsstab.outcomes import get_score

    score = get_score(score)
    frame = summary.copy()
    identity = ["dataset", "label", "configuration", "variant", "selector", "class", "n_runs",
                "n_features", "mean_n_selected"]
    block = _score_block(frame, score, confidence_level)
    columns = [*identity, *block]
    for measure in measures:
        columns.append(measure)
        if measure == "nogueira":
            columns += ["nogueira_ci_low", "nogueira_ci_high"]
    rest = [c for c in frame.columns if c not in columns]
    return frame[columns + rest], block


def scored_summary_frame(summary: pd.DataFrame, measures: Sequence[str], *,
                         confidence_level: float = 0.95) -> pd.DataFrame:
    """:func:`summary_frame` on the scores the summary holds (:mod:`fsstab.workflow.scoring`):
    the decision score first (the accuracy of a classification; R², a C-index), then every
    other score with its intervals beside it (RMSE; the scores of datasets of other tasks,
    empty on the rows of this one). A summary of classification datasets only gives exactly
    :func:`summary_frame`'s table."""
    from fsstab.workflow.scoring import table_scores

    scores = table_scores(summary.columns, suffix="_mean")
    if not scores:
        raise ValueError("the summary has no score column (<score>_mean)")
    frame, first_block = _summary(summary, measures, confidence_level, scores[0])
    columns = list(frame.columns)
    position = columns.index(first_block[-1]) + 1
    for score in scores[1:]:
        block = _score_block(frame, score, confidence_level)
        columns = [c for c in columns if c not in block]
        columns[position:position] = block
        position += len(block)
    return frame[columns]


#: What a spreadsheet reads as the start of a formula (OWASP, "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with a single quote before every text cell that a spreadsheet would evaluate
    as a formula (one starting with :data:`FORMULA_STARTS`); numbers and other text are kept.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"feature": ["=1+2", "BRCA1", "-DEL", "@SUM(A1)"], "n": [1, 2, 3, 4]})
    >>> spreadsheet_text(frame)["feature"].tolist()
    ["'=1+2", 'BRCA1', "'-DEL", "'@SUM(A1)"]
    """
    out = frame.copy()
    for column in out.columns:
        values = out[column]
        if values.dtype == object or pd.api.types.is_string_dtype(values):
            out[column] = [f"'{v}" if isinstance(v, str) and v.startswith(FORMULA_STARTS)
                           else v for v in values]
    return out


def write_csv(frame: pd.DataFrame, path: Any, *, escape_formulas: bool = False) -> None:
    """Write ``frame`` as CSV atomically (floats at full precision, ``\\n`` line ends: the
    same table gives the same bytes); ``escape_formulas``: through :func:`spreadsheet_text`
    first (configuration key ``tables.escape_formulas``)."""
    from fsstab.io import write_text

    if escape_formulas:
        frame = spreadsheet_text(frame)
    write_text(path, frame.to_csv(index=False, lineterminator="\n"))


# --------------------------------------------------------------------------------------------
# HTML for the report
# --------------------------------------------------------------------------------------------

_STYLE = """
body { font-family: system-ui, sans-serif; font-size: 14px; margin: 1em; color: #222; }
table { border-collapse: collapse; margin-bottom: 1em; }
th, td { padding: 3px 8px; border-bottom: 1px solid #ddd; text-align: right; }
td { white-space: nowrap; }
td.reasons { white-space: normal; text-align: left; min-width: 18em; font-size: 12px; }
th { background: #f0f0f0; position: sticky; top: 0; }
td.label, th.label, td.name { text-align: left; font-family: ui-monospace, monospace; }
tr.chosen td { background: #eef7ee; }
.ci { color: #666; font-size: 12px; }
p.note { color: #444; max-width: 60em; }
"""


def _number(value: Any, digits: int = 3) -> str:
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "–"
    return f"{float(value):.{digits}f}"


def count_text(value: Any, digits: int = 1) -> str:
    """A count for a table cell: an integer as an integer (a mean size of 10.0 features is
    "10"), any other value with ``digits`` decimals, "–" where it is undefined.

    Examples
    --------
    >>> count_text(10.0), count_text(9.5), count_text(float("nan"))
    ('10', '9.5', '–')
    """
    if value is None or not math.isfinite(float(value)):
        return "–"
    value = float(value)
    return str(int(value)) if value.is_integer() else f"{value:.{digits}f}"


def _interval(low: Any, high: Any, digits: int = 3) -> str:
    return f'<span class="ci">[{_number(low, digits)}, {_number(high, digits)}]</span>'


def _page(title: str, body: str) -> str:
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head>\n"
        f"<body>\n<h2>{html.escape(title)}</h2>\n{body}\n</body></html>\n"
    )


def summary_html(stability: pd.DataFrame, pareto: pd.DataFrame, *, dataset: str,
                 measures: Sequence[str], confidence_level: float = 0.95,
                 notes: Sequence[str | None] = ()) -> str:
    """The dataset's summary as an HTML table: one row per configuration/variant (full
    labels), mean size, accuracy (the dataset's scores: R² and RMSE, a C-index) with its
    interval, φ with Nogueira's interval, the other ``measures``, the compromises that chose
    the row, and ``notes`` (plain-text paragraphs; None skipped) under the table."""
    from fsstab.workflow.scoring import table_scores

    frame = scored_summary_frame(stability, [m for m in measures if m in stability.columns],
                                 confidence_level=confidence_level)
    scores = table_scores(stability.columns, suffix="_mean")
    chosen = chosen_compromises(pareto)
    level = f"{100 * confidence_level:g} %"
    shown = [m for m in measures if m in frame.columns]
    header = ["<th class=\"label\">configuration[:variant]</th>", "<th>features (mean)</th>",
              *(f"<th>{html.escape(s.label)} [{level} CI]</th>" for s in scores)]
    for measure in shown:
        suffix = f" [{level} CI]" if measure == "nogueira" else ""
        header.append(f"<th title=\"{measure}\">{_symbol(measure)}{suffix}</th>")
    header.append("<th class=\"label\">chosen as compromise by</th>")
    shown_intervals = {s.name: corrected_interval_columns(s, frame.columns) for s in scores}
    corrected = all(low.endswith("_corrected") for low, _ in shown_intervals.values())
    rows = []
    for row in frame.to_dict("records"):
        cells = [f"<td class=\"label\">{html.escape(row['label'])}</td>",
                 f"<td>{count_text(row['mean_n_selected'])}</td>",
                 *(f"<td>{_number(row[f'{s.name}_mean'])} "
                   f"{_interval(*(row[c] for c in shown_intervals[s.name]))}</td>"
                   for s in scores)]
        for measure in shown:
            text = _number(row[measure])
            if measure == "nogueira":
                text += " " + _interval(row["nogueira_ci_low"], row["nogueira_ci_high"])
            cells.append(f"<td>{text}</td>")
        reasons = chosen.get(row["label"], [])
        cells.append(f"<td class=\"reasons\">{html.escape('; '.join(reasons))}</td>")
        css = " class=\"chosen\"" if reasons else ""
        rows.append(f"<tr{css}>{''.join(cells)}</tr>")
    note = (
        f"<p class=\"note\">M = {int(frame['n_runs'].max())} resamples. "
        f"{_score_note(scores)} over the resamples with its {level} interval"
        f"{_interval_note(corrected)} "
        f"φ: Nogueira's stability with its {level} asymptotic interval (Nogueira, Sechidis "
        "&amp; Brown 2018), cut to the values φ can take, [−1/(M−1), 1]. <b>–</b>: the "
        "measure is not defined for this configuration "
        "(φ<sub>can</sub> needs a selector that ranks features; Kuncheva's index needs sets "
        "of equal size; undefined values such as empty selections). Highlighted rows were "
        "chosen as compromises on the Pareto fronts (γ: Hamer &amp; Dupont 2021 §7.1; "
        "ε-constraint: Bommert 2020, Algorithm 3.2). All values: "
        "<code>stability.parquet</code>, <code>results/summary.csv</code>.</p>"
    )
    table = f"<table><thead><tr>{''.join(header)}</tr></thead><tbody>\n" + \
        "\n".join(rows) + "\n</tbody></table>"
    note += "".join(f"<p class=\"note\">{html.escape(n)}</p>" for n in notes if n)
    return _page(f"{dataset}: {scores[0].label} and stability of every configuration",
                 table + note)


def _interval_note(corrected: bool) -> str:
    """What the score's interval of the summary is (corrected or, for a summary without the
    corrected standard error, naive)."""
    if not corrected:
        return (" (mean ± t<sub>M−1</sub>·s/√M, s the standard deviation of the M scores: the "
                "overlapping resamples taken as independent, too narrow).")
    return (" corrected for their overlap: mean ± t<sub>M−1</sub>·s·√(1/M + "
            "ρ<sub>0</sub>/(1 − ρ<sub>0</sub>)), s the standard deviation of the M scores and "
            "ρ<sub>0</sub> the held-out fraction (Nadeau &amp; Bengio 2003; Bouckaert &amp; "
            "Frank 2004 for repeated k-fold), an interval for the expected score of the "
            "configuration trained as on the resamples. The naive interval, mean ± "
            "t<sub>M−1</sub>·s/√M, takes the overlapping resamples as independent and is too "
            "narrow (<code>results/summary.csv</code> has both).")


def _score_note(scores: Sequence[Any]) -> str:
    """The summary's sentence on its score: "Accuracy: mean test accuracy" for a
    classification; what R² and the C-indexes are otherwise."""
    name = scores[0].name
    if name == "accuracy":
        return "Accuracy: mean test accuracy"
    if name == "r2":
        return ("R²: mean out-of-sample R² of the selection's model on the test rows (RMSE "
                "beside it, in the outcome's units)")
    which = ("Uno's (more than half of the samples are censored, Uno et al. 2011)"
             if name == "c_index_uno" else "Harrell's")
    return (f"C-index: {which} concordance of the selection's risk scores with the test "
            "rows' times to event, mean")


def stable_features_html(stable: pd.DataFrame, *, dataset: str, top: int = 25,
                         confidence_level: float = 0.95) -> str:
    """The stable features of the chosen compromises (or, if none was chosen, of every
    configuration): the first ``top`` features by rank with p_f and its interval, the mean
    importance."""
    level = f"{100 * confidence_level:g} %"
    chosen = stable[stable["chosen_by"] != ""]
    shown = chosen if not chosen.empty else stable
    sections = []
    for label, rows in shown.groupby("label", sort=False):
        rows = rows.sort_values("rank").head(top)
        reasons = rows["chosen_by"].iloc[0]
        n_runs = int(rows["n_runs"].iloc[0])
        body = [
            "<tr>"
            f"<td>{int(r['rank'])}</td>"
            f"<td class=\"name\">{html.escape(str(r['feature_name']))}</td>"
            f"<td>{int(r['n_selected'])} / {n_runs}</td>"
            f"<td>{_number(r['frequency'], 2)} "
            f"{_interval(r['frequency_low'], r['frequency_high'], 2)}</td>"
            f"<td>{_number(r['mean_importance'], 4)}</td>"
            "</tr>"
            for r in rows.to_dict("records")
        ]
        total = int((stable["label"] == label).sum())
        heading = f"<h3>{html.escape(label)}</h3>"
        if reasons:
            heading += f"<p>chosen by: {html.escape(reasons)}</p>"
        sections.append(
            heading + "<table><thead><tr><th>rank</th><th class=\"label\">feature</th>"
            f"<th>selected in</th><th>p<sub>f</sub> [{level} CI]</th>"
            "<th>mean importance</th></tr></thead><tbody>\n" + "\n".join(body)
            + f"\n</tbody></table><p class=\"note\">{min(top, total)} of the {total} features "
            "selected at least once.</p>"
        )
    note = (
        "<p class=\"note\">p<sub>f</sub>: the fraction of the M resamples on which the "
        f"feature was selected, with its {level} Wilson score interval (Wilson 1927; Brown, "
        "Cai &amp; DasGupta 2001): how precisely the M runs determine the probability of "
        "selecting the feature on a resample of these data. Mean importance: the feature's "
        "importance in each run's model averaged over all M runs (0 where it was not "
        "selected; Hamer &amp; Dupont 2021 §5). Rank: by p<sub>f</sub>, then by mean "
        "importance. "
        + ("Shown: the configurations chosen as compromises on the Pareto fronts. " if not
           chosen.empty else "No compromise was chosen: every configuration is shown. ")
        + "Every configuration and every feature selected at least once: "
        "<code>stable_features.csv</code>.</p>"
    )
    return _page(f"{dataset}: stable features", note + "\n".join(sections))
