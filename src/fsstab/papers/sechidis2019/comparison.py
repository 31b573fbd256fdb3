"""``comparison.csv`` of Sechidis et al. (2019): every number the paper states (its
:mod:`~fsstab.papers.sechidis2019.reference`) next to ours, as rows for
:func:`fsstab.papers.outputs.comparison_frame`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from fsstab.papers.outputs import NOT_RUN_NOTE, format_number
from fsstab.papers.sechidis2019.conclusions import LEFT_OUT, run_note
from fsstab.papers.sechidis2019.reference import (
    EQ1_SELECTIONS,
    PAPER_TABLE1,
    PAPER_TABLE2,
    PAPER_TABLE3,
    PAPER_TABLE4,
    UNAVAILABLE,
)
from fsstab.papers.sechidis2019.stages import STAND_IN_NOTE, eq1_similarity, rank_definition_check

__all__ = ["comparison_rows"]


def comparison_rows(
    eq1: pd.DataFrame,
    tab1: pd.DataFrame,
    tab2: pd.DataFrame,
    configured: Sequence[str],
    ipass: Mapping[str, pd.DataFrame] | None = None,
    *,
    run: Mapping[str, Mapping[str, Any]] | None = None,
) -> list[dict[str, str]]:
    """Every number the paper states next to ours (rows for
    :func:`fsstab.papers.outputs.comparison_frame`).

    ``configured``: the §4.1 datasets of the configuration (those without a Table 1 row were
    not run here); ``ipass``: ``{"table3": ..., "table4": ...}`` of the stand-in, or None;
    ``run``: :func:`~fsstab.papers.sechidis2019.settings.run_settings` (the settings that
    differ from the paper's go into the ``note`` of every row from the run; None: not said).
    """
    values = dict(zip(eq1["quantity"], eq1["value"], strict=True))
    rows = [
        {"item": "eq. (1): stability φ", "setting": "C = I", "paper_value": "unstable",
         "our_value": format_number(values["stability φ (eq. 3)"], 4)},
        {"item": "eq. (1): effective stability Φ_C", "setting": "X1 ~ X2, X3 ~ X4",
         "paper_value": "perfectly stable (1)",
         "our_value": format_number(values["effective stability Φ_C (Definition 2)"], 4)},
        {"item": "eq. (1) / §3.1: effective intersection of z1 and z2", "setting": "X1 ~ X2",
         "paper_value": "2", "our_value": format_number(
             float(EQ1_SELECTIONS[0].astype(float) @ eq1_similarity().toarray()
                   @ EQ1_SELECTIONS[1].astype(float)), 0)},
    ]
    run_here = [d for d in configured if d in set(tab1["dataset"])]
    notes = {d: run_note(run, d) if run is not None and d in run else "" for d in run_here}
    for name in configured:
        paper = PAPER_TABLE1.get(name)
        ours = tab1[tab1["dataset"] == name]
        for column, key in ((0, "pareto_optimal_stability"),
                            (1, "pareto_optimal_effective_stability")):
            rows.append({
                "item": f"table1: Pareto-optimal set ({'φ' if column == 0 else 'Φ_C'})",
                "dataset": name,
                "paper_value": ", ".join(paper[column]) if paper else "",
                "our_value": ours[key].iloc[0] if name in notes else "",
                "note": notes.get(name, NOT_RUN_NOTE if name in UNAVAILABLE else LEFT_OUT),
            })
    for measure, ranks in PAPER_TABLE2.items():
        ours = tab2[tab2["measure"] == measure].set_index("method")
        n_data = int(ours["n_datasets"].iloc[0]) if len(ours) else 0
        symbol = "φ" if measure == "nogueira" else "Φ_C"
        for method, printed in ranks.items():
            rows.append({
                "item": f"table2: average non-dominated rank ({symbol})",
                "setting": method, "paper_value": f"{printed:g}",
                "our_value": format_number(ours.loc[method, "non_dominated_rank"], 2)
                if method in ours.index else "",
                "note": "; ".join(filter(None, [
                    f"our average over {n_data} of the paper's 10 data sets",
                    *dict.fromkeys(notes.values())])) if n_data else "no data set run",
            })
    check = rank_definition_check()
    rows.append({
        "item": "table2: rank definition (1 + dominators) consistent with Tables 1-2",
        "paper_value": "§4.1 text: 'the number of other criteria which dominate'",
        "our_value": f"1 + count: {int(check['one_plus_count_consistent'].sum())} of "
                     f"{len(check)} entries feasible; plain count: "
                     f"{int(check['count_consistent'].sum())} of {len(check)}",
        "note": "fsstab.pareto.non_dominated_rank uses 1 + count",
    })
    if ipass is not None:
        top = ipass["table3"]
        for method, printed in PAPER_TABLE3.items():
            ours = top[top["method"] == method]
            rows.append({"item": "table3: top-4 prognostic biomarkers", "dataset": "IPASS",
                         "setting": method, "paper_value": ", ".join(printed),
                         "our_value": ", ".join(ours["biomarker"]) if len(ours) else "",
                         "note": STAND_IN_NOTE})
        stab = ipass["table4"].set_index("method")
        for method, values in PAPER_TABLE4.items():
            for key, printed in values.items():
                rows.append({"item": f"table4: {key.replace('_', ' ')}", "dataset": "IPASS",
                             "setting": method, "paper_value": f"{printed:.2f}",
                             "our_value": format_number(stab.loc[method, key], 2)
                             if method in stab.index else "",
                             "note": STAND_IN_NOTE})
        for column in ("stability", "effective_stability"):
            if {"GBM", "CMIM"} <= set(stab.index):
                ours = ">" if stab.loc["GBM", column] > stab.loc["CMIM", column] else "<="
                rows.append({"item": f"table4: GBM vs CMIM, {column.replace('_', ' ')}",
                             "dataset": "IPASS",
                             "paper_value": ">" if column == "stability" else "<",
                             "our_value": ours, "note": STAND_IN_NOTE})
    return rows
