"""``comparison.csv``: every number Hamer & Dupont (2021) state in their text next to ours.

One row per number: the figure or table it comes from (``item``), the data set, the setting,
the quantity (a measure name or ``accuracy`` / ``pearson_r``), the printed value, our value,
their difference and a note saying how the two relate (an exact construction, a synthetic
reconstruction of a map the paper only describes, a data set left out of this run...).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from fsstab.papers.conclusions import compare_settings
from fsstab.papers.hamer2021.conclusions import paper_settings
from fsstab.papers.hamer2021.reference import (
    FREQUENCY_SCORE_CORRELATION,
    MEASURES,
    SINGH_COMPROMISES,
    TABLE5,
    TOY_FIGURES,
    VARIATION_DATASETS,
    VARIATION_ORDERINGS,
)

__all__ = ["COMPARISON_COLUMNS", "FLOAT_FORMAT", "NOT_IN_RUN", "comparison_table"]

#: The columns of Hamer's ``comparison.csv``: besides the shared ones
#: (:data:`fsstab.papers.outputs.COMPARISON_COLUMNS`, text), the quantity compared and the
#: values as numbers with their difference. Kept from before the paper wing was unified,
#: because a refactoring must not change a byte of a result table.
COMPARISON_COLUMNS: tuple[str, ...] = (
    "item", "dataset", "setting", "quantity", "paper", "ours", "difference", "note",
)
#: How ``comparison.csv`` prints its numbers (the paper prints two or three decimals).
FLOAT_FORMAT = "%.4f"
#: Note of a number whose data set was left out of the run.
NOT_IN_RUN = "data set not in this run (only_datasets; e.g. not downloadable offline)"

_TOY_NOTES = {
    3: "map built from the paper's description only (same 20 features, importances "
       "exp(0.1 ε): 'approximately equal', our choice), not tuned to the printed values",
    4: "map built from the paper's description only (15 features in every run with 25 % of "
       "the importance, 5 new per run with 75 %, noise exp(0.1 ε): our choices), not tuned to "
       "the printed values",
    5: "map built from the paper's description only (same 20 features, importances "
       "exp(1.0 ε): 'highly varying', our choice), not tuned to the printed values",
    6: "exact construction of §6.3 (15 features with δI = 2/3, 5 never-overlapping with "
       "δI = 2), d = n_features standing for d → ∞",
}
_SYMBOLS = {"nogueira": "φ", "pearson": "φ_pears", "importance_weighted": "φ_iw"}
_CANBERRA_NOTE = ("; φ_can ranks each run by decreasing importance (random ties) with k = 20 "
                  "-- the paper does not say how it ranks tied or equally important features")
#: Fig. 9: what the paper shows of the areas.
_AREA_NOTE = ("the paper draws the areas (Fig. 9: φ, one unnamed micro-array data set, k = 20) "
              "and prints no number; hybrid-RFE front from the settings with N ≥ 1 only, RFE "
              "front N = 0")


def _settings_note(run: Mapping[str, Any] | None, part: str, dataset: str = "") -> str:
    """"; settings different: ..." when this run's settings of ``part`` differ from the
    paper's (:func:`fsstab.papers.hamer2021.settings.run_settings`), else ""."""
    if run is None:
        return ""
    ours = run.get(part, {})
    if dataset:
        ours = ours.get(dataset)
    if not ours:
        return ""
    match = compare_settings(ours, paper_settings(part, dataset))
    return "" if match.same else f"; settings {match.text()}"


def _row(item: str, dataset: str, setting: str, quantity: str, paper: float, ours: float,
         note: str) -> dict[str, object]:
    return {"item": item, "dataset": dataset, "setting": setting, "quantity": quantity,
            "paper": float(paper), "ours": float(ours), "difference": float(ours) - float(paper),
            "note": note}


def comparison_table(
    *,
    toy: pd.DataFrame,
    frequency: pd.DataFrame | None,
    table5: pd.DataFrame | None,
    singh_compromises: pd.DataFrame | None,
    gamma: float,
    variation: pd.DataFrame | None = None,
    areas: pd.DataFrame | None = None,
    toy_ties_in_order: float | None = None,
    run: Mapping[str, Any] | None = None,
) -> pd.DataFrame:
    """The comparison table (columns :data:`COMPARISON_COLUMNS`).

    Parameters
    ----------
    toy
        Figs. 3-6: columns ``figure``, ``measure``, ``value``, ``n_runs``, ``n_features``.
    frequency
        Fig. 10: one row per data set run (``dataset``, ``pearson_r``, ``configuration``,
        ``variant``, ``n_runs``), or None; the paper's data sets missing from it are reported as
        not run.
    table5
        Our Table 5 (:func:`fsstab.papers.hamer2021.standard.table5`), or None; likewise.
    singh_compromises
        The compromise table of singh (:func:`~fsstab.papers.hamer2021.decisions.compromise_table`)
        or None if singh was not run.
    gamma
        The γ of the chosen compromises.
    variation
        Fig. 19: the coefficient of variation of each measure (columns :data:`MEASURES`) per
        data set run (``dataset``), or None; the rows count the data sets on which they are
        ordered as the paper counts them.
    areas
        Fig. 9: the dominated areas of every §7.1 data set run
        (:func:`~fsstab.papers.hamer2021.decisions.dominated_areas` with ``dataset``), or
        None; the paper prints no number (``paper`` is NaN).
    toy_ties_in_order
        Fig. 6's φ_can when tied features keep one fixed order in every run (an investigation
        of the gap to the printed 0.51), or None.
    run
        :func:`~fsstab.papers.hamer2021.settings.run_settings`: where this run's settings differ
        from the paper's, the row's note says how.
    """
    rows = []
    for figure, printed in TOY_FIGURES.items():
        ours = toy[toy["figure"] == figure].set_index("measure")
        setting = (f"M = {int(ours['n_runs'].iloc[0])} runs, d = "
                   f"{int(ours['n_features'].iloc[0]):,}")
        for measure, paper in printed.items():
            note = (_TOY_NOTES[figure] + (_CANBERRA_NOTE if measure == "canberra" else "")
                    + _settings_note(run, "toy"))
            rows.append(_row(f"Fig. {figure}", "toy", setting, measure, paper,
                             ours["value"].get(measure, np.nan), note))
        if figure == 6 and toy_ties_in_order is not None:
            rows.append(_row("Fig. 6", "toy", setting + ", tied features in one fixed order",
                             "canberra", printed["canberra"], toy_ties_in_order,
                             "investigation, not our value: φ_can when the features tied in "
                             "importance keep one fixed order in every run (by feature index) "
                             "instead of a random one"))
    runs10 = frequency.set_index("dataset") if frequency is not None else pd.DataFrame()
    for dataset, paper in FREQUENCY_SCORE_CORRELATION.items():
        if dataset in runs10.index:
            row = runs10.loc[dataset]
            ours = float(row["pearson_r"])
            note = (f"ours: M = {int(row['n_runs'])}, {row['configuration']} "
                    f"({row['variant']})" + _settings_note(run, "section71", dataset))
        else:
            ours, note = np.nan, NOT_IN_RUN
        rows.append(_row("Fig. 10", dataset, "M = 100, p_f vs mean sc_f", "pearson_r", paper,
                         ours, note))
    ours5 = table5.set_index("dataset") if table5 is not None else pd.DataFrame()
    for dataset, printed in TABLE5.items():
        present = dataset in ours5.index
        note = NOT_IN_RUN
        if present:
            row = ours5.loc[dataset]
            note = (f"ours: M = {int(row['n_runs'])}, d = {int(row['n_features'])}, "
                    f"{row['mean_n_selected']:.1f} features selected on average"
                    + _settings_note(run, "section72", dataset))
        for quantity, paper in zip(("accuracy", *MEASURES), printed, strict=True):
            ours = float(ours5.loc[dataset, quantity]) if present else np.nan
            rows.append(_row("Table 5", dataset, "LASSO, M = 30, min(20, √d) features",
                             quantity, paper, ours, note))
    for measure, (paper, (low, high)) in SINGH_COMPROMISES.items():
        symbol = _SYMBOLS[measure]
        setting = (f"optimising {symbol}: the paper's map for γ ∈ [{low:.2f}, {high:.2f}], "
                   f"ours for γ = {gamma:g}")
        if singh_compromises is None:
            ours, note = np.nan, NOT_IN_RUN
        else:
            chosen = singh_compromises[(singh_compromises["optimised"] == measure)
                                       & singh_compromises["chosen"]]
            ours = float(chosen["accuracy"].iloc[0])
            lo, hi = float(chosen["gamma_lo"].iloc[0]), float(chosen["gamma_hi"].iloc[0])
            note = (f"ours maximises γA + (1 − γ){symbol} for γ ∈ [{lo:.2f}, {hi:.2f}]: "
                    f"{chosen['meta_parameters'].iloc[0]}")
            if "n_runs" in chosen.columns:
                note += f"; M = {int(chosen['n_runs'].iloc[0])}"
            note += _settings_note(run, "section71", "singh")
        rows.append(_row("§7.1 (Fig. 11)", "singh", setting, "accuracy", paper, ours, note))
    rows.extend(_variation_rows(variation))
    rows.extend(_area_rows(areas, run))
    return pd.DataFrame(rows, columns=list(COMPARISON_COLUMNS))


def _variation_rows(variation: pd.DataFrame | None) -> list[dict[str, object]]:
    """Fig. 19: data sets whose c_v are strictly ordered as each ordering the paper counts."""
    rows = []
    for ordering, paper in VARIATION_ORDERINGS.items():
        quantity = "data sets with " + " < ".join(f"c_v({_SYMBOLS[m]})" for m in ordering)
        if variation is None or variation.empty:
            ours, note = np.nan, NOT_IN_RUN
        else:
            cv = variation.set_index("dataset")[list(ordering)].to_numpy(dtype=float)
            ordered = np.all(np.diff(cv, axis=1) > 0, axis=1)
            names = variation["dataset"][ordered].tolist()
            ours = float(ordered.sum())
            note = (f"paper: of {VARIATION_DATASETS} data sets; ours: of {len(variation)} "
                    f"run ({', '.join(variation['dataset'])}): {', '.join(names) or 'none'}")
        rows.append(_row("Fig. 19", "all run", "LASSO, M = 1000 in 200 groups of 5",
                         quantity, paper, ours, note))
    return rows


def _area_rows(areas: pd.DataFrame | None,
               run: Mapping[str, Any] | None) -> list[dict[str, object]]:
    """Fig. 9: the area dominated by each method's front, per data set run and measure."""
    rows = []
    if areas is None:
        return rows
    for _, row in areas.iterrows():
        setting = (f"{row['method']}: {int(row['n_settings'])} settings, "
                   f"{int(row['n_front'])} Pareto-optimal; area from (A, stability) = "
                   f"({row['reference_accuracy']:g}, {row['reference_stability']:g})")
        rows.append(_row("Fig. 9", row["dataset"], setting, f"area {row['measure']}", np.nan,
                         float(row["area"]),
                         _AREA_NOTE + _settings_note(run, "section71", row["dataset"])))
    return rows
