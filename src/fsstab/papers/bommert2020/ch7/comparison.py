"""Chapter 7's rows of ``comparison.csv``: Table 7.1 (its
:mod:`~fsstab.papers.bommert2020.ch7.reference`) next to ours, as rows for
:func:`fsstab.papers.outputs.comparison_frame`."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from fsstab.papers.bommert2020.ch7.reference import CH7_MEASURES, TABLE_7_1
from fsstab.papers.bommert2020.common import missing_note, number_row
from fsstab.papers.bommert2020.reference import thesis_symbol

__all__ = ["TABLE_7_1_COLUMNS", "comparison_rows"]

#: The columns of Table 7.1 (of :func:`~fsstab.papers.bommert2020.ch7.tuning.table_7_1`).
TABLE_7_1_COLUMNS: tuple[str, ...] = (
    *(f"{thesis_symbol(m)} (all)" for m in CH7_MEASURES),
    *(f"{thesis_symbol(m)} (PA)" for m in CH7_MEASURES),
    "A-best",
)


def comparison_rows(table71: pd.DataFrame | None, *, configured: Sequence[str],
                    setting: str) -> list[dict[str, str]]:
    """Every count of Table 7.1 next to ours (``table71``: our Table 7.1, None when no data
    set ran). A thesis data set without our counts is noted as not run (configured, not
    reachable) or not configured; ``setting`` says how our run differs (configurations,
    folds)."""
    counts = {} if table71 is None else table71.set_index("dataset").to_dict("index")
    rows = []
    for dataset, values in TABLE_7_1.items():
        ours = counts.get(dataset)
        for column, paper in zip(TABLE_7_1_COLUMNS, values, strict=True):
            rows.append(number_row(f"Table 7.1 {column}", dataset, setting, paper,
                                   None if ours is None else ours[column], 0,
                                   "" if ours is not None else missing_note(dataset,
                                                                            configured)))
    return rows
