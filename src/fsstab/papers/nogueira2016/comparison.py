"""``comparison.csv`` of Nogueira & Brown (2016): every number the paper states (its
:mod:`~fsstab.papers.nogueira2016.reference`) next to ours, as rows for
:func:`fsstab.papers.outputs.comparison_frame`."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from fsstab.papers.conclusions import compare_settings
from fsstab.papers.nogueira2016.reference import (
    PAPER_FIGURE2,
    PAPER_TABLE2,
    TOY_STATEMENTS,
    paper_settings,
    symbol,
)
from fsstab.papers.outputs import NOT_RUN_NOTE, format_mean_sd, format_number

__all__ = ["comparison_rows"]


def _toy_value(toy: pd.DataFrame, example: str, measure: str) -> float:
    row = toy[toy["measure"] == measure]
    return float(row[example].iloc[0]) if len(row) and example in toy.columns else math.nan


def _toy_rows(toy: pd.DataFrame) -> list[dict[str, str]]:
    rows = []
    for example, measure, printed in TOY_STATEMENTS:
        rows.append({"item": f"toy {example}", "setting": symbol(measure, plain=True),
                     "paper_value": printed,
                     "our_value": format_number(_toy_value(toy, example, measure), 4)})
    for measure in ("lustgarten", "npog"):
        rows.append({"item": "toy example2", "setting": symbol(measure, plain=True),
                     "paper_value": "< 1 (not maximal for nested sets)",
                     "our_value": format_number(_toy_value(toy, "example2", measure), 4)})
    two, three = _toy_value(toy, "example2", "npog"), _toy_value(toy, "example3", "npog")
    rows.append({"item": "toy example3", "setting": symbol("npog", plain=True),
                 "paper_value": "differs from Example 2 (order of the runs)",
                 "our_value": f"{format_number(three, 4)} (Example 2: {format_number(two, 4)})"})
    return rows


def _figure1_rows(fig1: pd.DataFrame) -> list[dict[str, str]]:
    rows = []
    for k2, part in fig1.groupby("k2", sort=True):
        at_k2 = part[part["k1"] == k2]
        rows.append({"item": "fig1: maximum of sim_N when k1 = k2 (Theorem 2: Kuncheva)",
                     "setting": f"k2 = {k2}, n = {part['n'].iloc[0]}", "paper_value": "1",
                     "our_value": format_number(at_k2["sim_n_max"].iloc[0], 4)})
        rows.append({"item": "fig1: sim_N bounded by the constants -1 and 1 (§4)",
                     "setting": f"k2 = {k2}, n = {part['n'].iloc[0]}", "paper_value": "[-1, 1]",
                     "our_value": f"[{format_number(part['sim_n_min'].min(), 4)}, "
                                  f"{format_number(part['sim_n_max'].max(), 4)}]"})
    return rows


def comparison_rows(
    toy: pd.DataFrame,
    fig1: pd.DataFrame,
    fig2: pd.DataFrame,
    table: pd.DataFrame,
    configured: Sequence[str],
    run_settings: Mapping[str, Mapping[str, Any]] | None = None,
) -> list[dict[str, str]]:
    """Every number the paper states next to ours (rows for :func:`comparison_frame`).

    ``configured``: every dataset of the configuration; those without rows in ``table`` (not
    run here) get the paper's values with an empty value of ours and a note.
    ``run_settings``: :func:`fsstab.papers.nogueira2016.settings.run_settings`; where a data
    set's run differs from the paper's (K, trees, p, ...), its rows from the forests say so in
    ``note`` (``"different settings: K 8 here, 100 in the paper; ..."``).
    """
    rows = _toy_rows(toy) + _figure1_rows(fig1)
    for name in configured:
        paper = PAPER_TABLE2.get(name)
        ours = table[table["dataset"] == name]
        run = len(ours) == 1
        data_note = note = "" if run else NOT_RUN_NOTE   # the data: only whether it was run
        if run and paper is not None and run_settings is not None and name in run_settings:
            match = compare_settings(run_settings[name], paper_settings(name))
            note = "" if match.same else f"different settings: {match.detail}"
        if paper is not None:
            mean, sd = paper["selected"]
            for item, key, printed in (
                ("table2: number of examples", "n_examples", str(paper["n_examples"])),
                ("table2: number of classes", "n_classes", str(paper["n_classes"])),
                ("table2: p", "p", str(paper["p"])),
                ("table2: number of features", "n_features", str(paper["n_features"])),
            ):
                value = "" if not run else (format_number(ours[key].iloc[0], 2) if key == "p"
                                            else str(int(ours[key].iloc[0])))
                rows.append({"item": item, "dataset": name, "paper_value": printed,
                             "our_value": value, "note": data_note})
            rows.append({
                "item": "table2: average number of features selected ± sd",
                "dataset": name, "setting": f"K = {int(ours['runs'].iloc[0])}" if run else "",
                "paper_value": f"{mean:g} ± {sd:g}",
                "our_value": format_mean_sd(ours["mean_selected"].iloc[0],
                                            ours["sd_selected"].iloc[0]) if run else "",
                "note": note,
            })
        values = fig2[fig2["dataset"] == name].set_index("measure")["stability"]
        compared = [m for m in PAPER_FIGURE2 if m in values.index]
        if run and compared:
            lowest = min(compared, key=lambda m: values[m])
            rows.append({"item": "fig2: measure giving the lowest stability",
                         "dataset": name,
                         "setting": ", ".join(symbol(m, plain=True) for m in compared),
                         "paper_value": symbol("lustgarten", plain=True),
                         "our_value": symbol(lowest, plain=True),
                         "note": note})
        if run and {"wald", "nogueira_brown"} <= set(values.index):
            gap = abs(values["wald"] - values["nogueira_brown"])
            rows.append({"item": "fig2: |sim_W - sim_N| (the paper: close to each other)",
                         "dataset": name, "paper_value": "close",
                         "our_value": format_number(gap, 4), "note": note})
        if run and {"npog", "wald", "nogueira_brown"} <= set(values.index):
            gap = abs(values["npog"] - (values["wald"] + values["nogueira_brown"]) / 2)
            closer = "closer" if name in ("parkinsons", "breast") else "further"
            rows.append({"item": "fig2: |nPOG - (sim_N + sim_W)/2| (the paper: closer on "
                                 "parkinsons and breast than on wine and sonar)",
                         "dataset": name, "paper_value": closer,
                         "our_value": format_number(gap, 4), "note": note})
        if not run and paper is None:
            rows.append({"item": "fig2", "dataset": name, "note": note})
    return rows
