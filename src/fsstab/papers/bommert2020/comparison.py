"""``comparison.csv`` of Bommert (2020): the chapters' rows (``ch5.comparison`` ...
``ch8.comparison``) in the thesis' order, Table 4.1's characteristics of the data sets (rows
of their own, before those of Ch. 7-8, which compute them), and the data sets configured but
not run. ``rules/paper_bommert2020.smk`` gathers the parts with
:func:`fsstab.papers.outputs.concat_comparisons`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from fsstab.papers.bommert2020.ch5.comparison import not_run_rows as ch5_not_run_rows
from fsstab.papers.bommert2020.ch6.comparison import not_run_rows as ch6_not_run_rows
from fsstab.papers.bommert2020.common import missing_note, number_row
from fsstab.papers.bommert2020.reference import TABLE_4_1

__all__ = ["TABLE_4_1_DECIMALS", "not_run_rows", "table_4_1_datasets", "table_4_1_rows"]

#: The columns of Table 4.1 and the decimals the thesis prints them with.
TABLE_4_1_DECIMALS: dict[str, int] = {"p": 0, "n": 0, "PP": 2, "MHCF": 2}


def table_4_1_datasets(settings: Mapping[str, Mapping], run: Iterable[str]) -> list[str]:
    """The data sets whose Table 4.1 characteristics a run compares: those of Ch. 7 and of
    §8.4 that it runs (sorted). ``settings``: the resolved ``paper.settings``."""
    run = set(run)
    names = set(settings["ch7"]["datasets"]) if "ch7" in settings else set()
    if "real_data" in settings.get("ch8", {}):
        names |= set(settings["ch8"]["real_data"]["datasets"])
    return sorted(names & run)


def table_4_1_rows(characteristics: Mapping[str, Mapping[str, float]],
                   configured: Sequence[str]) -> list[dict[str, str]]:
    """Every entry of Table 4.1 next to ours (``characteristics``: data set ->
    :func:`~fsstab.papers.bommert2020.common.dataset_characteristics` of those run); a thesis
    data set without ours is noted as not run (in ``configured``) or not configured."""
    rows = []
    for dataset, values in TABLE_4_1.items():
        ours = characteristics.get(dataset)
        for name, paper in zip(TABLE_4_1_DECIMALS, values, strict=True):
            rows.append(number_row(f"Table 4.1 {name}", dataset, "full data set", paper,
                                   None if ours is None else ours[name],
                                   TABLE_4_1_DECIMALS[name],
                                   "" if ours is not None else missing_note(dataset,
                                                                            configured)))
    return rows


def not_run_rows(settings: Mapping[str, Mapping], run: Iterable[str]) -> list[dict[str, str]]:
    """Rows for the data sets of Chapters 5-6 that are configured but not run here
    (``only_datasets``, e.g. offline), so that ``comparison.csv`` says so instead of leaving
    them out (Chapters 7-8 note them in their own rows). ``settings``: the resolved
    ``paper.settings``."""
    run = set(run)
    rows = []
    if "ch5" in settings:
        rows += ch5_not_run_rows(settings["ch5"], run)
    if "ch6" in settings:
        rows += ch6_not_run_rows(settings["ch6"], run)
    return rows
