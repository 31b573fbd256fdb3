"""Chapter 7's rows of ``comparison.csv``: Table 7.1 (its
:mod:`~fsstab.papers.bommert2020.ch7.reference`) and what the text reads off Figs. 7.1-7.5 next
to ours, as rows for :func:`fsstab.papers.outputs.comparison_frame`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd

from fsstab.papers.bommert2020.ch7.evidence import (
    accuracy_change,
    accuracy_change_category,
    agreement,
    mean_gap,
    unselective,
)
from fsstab.papers.bommert2020.ch7.reference import (
    CH7_MEASURES,
    FIG_7_3_PA_BEST_GAP,
    FIG_7_5_ACCURACY_CHANGE,
    OVERFIT_EXCEPTIONS,
    TABLE_7_1,
    THESIS_AGREEMENT_LARGEST,
)
from fsstab.papers.bommert2020.common import comparison_row, missing_note, number_row
from fsstab.papers.bommert2020.reference import thesis_symbol
from fsstab.papers.outputs import format_number

__all__ = ["TABLE_7_1_COLUMNS", "comparison_rows", "figure_rows"]

#: The columns of Table 7.1 (of :func:`~fsstab.papers.bommert2020.ch7.tuning.table_7_1`).
TABLE_7_1_COLUMNS: tuple[str, ...] = (
    *(f"{thesis_symbol(m)} (all)" for m in CH7_MEASURES),
    *(f"{thesis_symbol(m)} (PA)" for m in CH7_MEASURES),
    "A-best",
)


def comparison_rows(table71: pd.DataFrame | None, *, configured: Sequence[str],
                    setting: str, notes: Mapping[str, str] | None = None
                    ) -> list[dict[str, str]]:
    """Every count of Table 7.1 next to ours (``table71``: our Table 7.1, None when no data
    set ran). A thesis data set without our counts is noted as not run (configured, not
    reachable) or not configured; ``setting`` says how our run differs in short
    (configurations, folds), ``notes[dataset]`` every difference of a data set run (counts of
    fewer configurations are smaller by nature)."""
    notes = dict(notes or {})
    counts = {} if table71 is None else table71.set_index("dataset").to_dict("index")
    rows = []
    for dataset, values in TABLE_7_1.items():
        ours = counts.get(dataset)
        for column, paper in zip(TABLE_7_1_COLUMNS, values, strict=True):
            rows.append(number_row(f"Table 7.1 {column}", dataset, setting, paper,
                                   None if ours is None else ours[column], 0,
                                   notes.get(dataset, "") if ours is not None
                                   else missing_note(dataset, configured)))
    return rows


def _n(value: float) -> str:
    return format_number(value, 3)


def figure_rows(tables: Mapping[str, pd.DataFrame], *, setting: str,
                notes: Mapping[str, str] | None = None) -> list[dict[str, str]]:
    """What §7.3 reads off Figs. 7.1-7.5 for each data set run (``tables``: data set ->
    :func:`~fsstab.papers.bommert2020.ch7.evidence.configuration_table`) next to our numbers;
    the thesis prints no numbers for them, so its value is its statement. ``notes[dataset]``:
    how our settings differ."""
    notes = dict(notes or {})
    rows = []
    for dataset, table in tables.items():
        note = notes.get(dataset, "")

        def row(item: str, paper: str, ours: str, dataset: str = dataset,
                note: str = note) -> None:
            rows.append(comparison_row(item, paper, ours, dataset=dataset, setting=setting,
                                       note=note))

        every, some = agreement(table)
        row("Fig. 7.1 configurations PA-best for all four measures / for at least one",
            "largest agreement of the 12 data sets" if dataset in THESIS_AGREEMENT_LARGEST
            else "", f"{every} / {some}")
        for m in ("unadjusted", "intersection_count"):
            row(f"Fig. 7.2 PA-best configurations without feature selection "
                f"({thesis_symbol(m)})", "0",
                str(int((table[f"pa_best_{m}"] & unselective(table)).sum())))
        gap_word = {"same": "almost the same on test as on training",
                    "lower": "noticeably lower on test"}.get(FIG_7_3_PA_BEST_GAP.get(dataset), "")
        for m in CH7_MEASURES:
            row(f"Fig. 7.3 mean train − test accuracy of the PA-best ({thesis_symbol(m)})",
                gap_word, _n(mean_gap(table, table[f"pa_best_{m}"])))
        row("Fig. 7.3 mean train − test accuracy of the A-best",
            "not larger than for the PA-best" if dataset in OVERFIT_EXCEPTIONS
            else "larger than for the PA-best", _n(mean_gap(table, table["a_best"])))
        for m in CH7_MEASURES:
            change = accuracy_change(table, m)
            row(f"Figs. 7.4-7.5 test accuracy of the best PA-best configuration more stable and "
                f"sparser than the A-best, minus theirs ({thesis_symbol(m)})",
                FIG_7_5_ACCURACY_CHANGE.get(dataset, ""),
                f"{_n(change['change'])} ({accuracy_change_category(change['change'])}; "
                f"{change['n_better']} of {change['n_pa_best']} PA-best)")
    return rows
