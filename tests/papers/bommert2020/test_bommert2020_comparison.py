"""Bommert (2020), comparison.csv: Table 4.1 and Table 7.1 row by row, the statements of §8.1 and
§8.3, and the data sets configured but not run, against values worked out here."""

from __future__ import annotations

import numpy as np
import pandas as pd

from fsstab.papers.bommert2020.ch7.comparison import comparison_rows as table_7_1_rows
from fsstab.papers.bommert2020.ch8.comparison import simulation_rows, toy_rows
from fsstab.papers.bommert2020.common import NOT_CONFIGURED_NOTE
from fsstab.papers.bommert2020.comparison import (
    not_run_rows,
    table_4_1_datasets,
    table_4_1_rows,
)
from fsstab.papers.outputs import COMPARISON_COLUMNS, NOT_RUN_NOTE, comparison_frame


def test_table_4_1_rows_as_the_thesis_prints_them():
    characteristics = {"gravier": {"p": 2905.0, "n": 168.0, "PP": 111 / 168, "MHCF": 0.125}}
    rows = comparison_frame(table_4_1_rows(characteristics, ["gravier", "christensen"]))
    assert tuple(rows.columns) == COMPARISON_COLUMNS
    assert len(rows) == 12 * 4
    gravier = rows[rows["dataset"] == "gravier"]
    # 111 / 168 = 0.6607 -> "0.66"; 0.125 -> "0.12" (round half to even of the float)
    assert gravier["our_value"].tolist() == ["2905", "168", "0.66", "0.12"]
    assert gravier["note"].tolist() == [""] * 4
    tecator = rows[rows["dataset"] == "tecator"]
    assert tecator["paper_value"].tolist() == ["124", "240", "0.57", "91.40"]
    assert set(rows.loc[rows["dataset"] == "christensen", "note"]) == {NOT_RUN_NOTE}
    assert set(rows.loc[rows["dataset"] == "sonar", "note"]) == {NOT_CONFIGURED_NOTE}


def test_table_4_1_datasets_are_those_ch7_and_8_4_run():
    settings = {"ch7": {"datasets": ["sonar", "gravier"]},
                "ch8": {"real_data": {"datasets": ["christensen", "gravier"]}}}
    assert table_4_1_datasets(settings, ["gravier", "christensen", "x"]) == [
        "christensen", "gravier"]
    assert table_4_1_datasets({"ch8": {"toy": {}}}, ["gravier"]) == []


def test_table_7_1_rows():
    ours = pd.DataFrame([{"dataset": "christensen", "SMU (all)": 5, "SMA-Count (all)": 4,
                          "SMJ (all)": 3, "SMH (all)": 2, "SMU (PA)": 1, "SMA-Count (PA)": 1,
                          "SMJ (PA)": 1, "SMH (PA)": 1, "A-best": 7}])
    rows = comparison_frame(table_7_1_rows(ours, configured=["christensen", "gravier"],
                                           setting="24 configurations"))
    assert len(rows) == 12 * 9
    christensen = rows[rows["dataset"] == "christensen"].set_index("item")
    # thesis Table 7.1: christensen has 483 Pareto-optimal (SMU) and 3414 A-best configurations
    assert christensen.loc["Table 7.1 SMU (all)", ["paper_value", "our_value"]].tolist() == [
        "483", "5"]
    assert christensen.loc["Table 7.1 A-best", ["paper_value", "our_value"]].tolist() == [
        "3414", "7"]
    assert set(christensen["setting"]) == {"24 configurations"}
    assert set(rows.loc[rows["dataset"] == "gravier", "note"]) == {NOT_RUN_NOTE}
    assert set(rows.loc[rows["dataset"] == "sonar", "note"]) == {NOT_CONFIGURED_NOTE}
    assert (comparison_frame(table_7_1_rows(None, configured=[], setting=""))["our_value"]
            == "").all()


def _toy_table():
    rows = []
    for replication in range(4):
        for method in ("glmboost", "lasso_glmnet", "lasso_liblinear", "random_forest", "l0"):
            chosen = {1, 2} if method != "random_forest" else set(range(1, 16))
            if method == "lasso_liblinear" and replication < 2:
                chosen |= {3, 4}
            rows.append({"replication": replication, "method": method,
                         **{f"X{j}": j in chosen for j in range(1, 16)}})
    return pd.DataFrame(rows)


def test_toy_rows():
    rows = comparison_frame(toy_rows(_toy_table())).set_index("item")
    assert rows.loc["§8.1 fraction of data sets where random forest keeps all 15 features",
                    "our_value"] == "1.000"
    # LiblineaR selects X2, X3, X4 on two data sets, X2 on two: median of {X2..X4} is 2
    medians = rows.loc["§8.1 median number selected of {X2..X4} (lasso (LiblineaR))"]
    assert (medians["paper_value"], medians["our_value"]) == ("3.0", "2.0")
    assert rows["setting"].str.startswith("4 simulated data sets").all()


def test_simulation_rows():
    rows = []
    for scenario, similar in (("blocks_n40_p30_s0", 0), ("blocks_n40_p30_s4", 4)):
        for replication in (0, 1):
            for approach, size in (("adj", 4), ("unadj", 4 if similar == 0 else 6),
                                   ("acc", 2), ("truth", -1)):
                fn = 1 if approach == "acc" else 0
                rows.append({"scenario": scenario, "n_similar": similar,
                             "replication": replication, "approach": approach,
                             "max_support_size": size, "n_selected": 5 - fn,
                             "false_positive": 0, "false_negative": fn})
    table = comparison_frame(simulation_rows(pd.DataFrame(rows), 2)).set_index("item")
    assert table.loc["§8.3 number of simulation scenarios",
                     ["paper_value", "our_value"]].tolist() == ["32", "2"]
    assert table.loc["§8.3 replications per scenario", "our_value"] == "2"
    same = [i for i in table.index if i.startswith("§8.3 fraction of replications")]
    assert table.loc[same[0], "our_value"] == "1.000"
    identity = [i for i in table.index if i.startswith("§8.3 n. selected")]
    assert table.loc[identity[0], "our_value"] == "1.000"


def test_not_run_rows_name_every_configured_but_not_run_dataset():
    settings = {"ch5": {"scaling": {"dataset": "gina_agnostic"},
                        "datasets": ["sonar", "christensen", "gravier"]},
                "ch6": {"real": {"datasets": ["christensen_train", "sonar_train"]}},
                "ch7": {"datasets": ["sonar"]}}
    rows = not_run_rows(settings, ["christensen", "gravier", "christensen_train"])
    assert [(r["item"][:5], r["dataset"]) for r in rows] == [
        ("§5.1:", "gina_agnostic"), ("§5.2-", "sonar"), ("§6.3:", "sonar_train")]
    assert all(r["note"] == NOT_RUN_NOTE and r["our_value"] == "" for r in rows)
    assert not_run_rows(settings, ["gina_agnostic", "sonar", "christensen", "gravier",
                                   "christensen_train", "sonar_train"]) == []
    assert not_run_rows({}, []) == []
    assert np.all([set(r) == set(COMPARISON_COLUMNS) for r in rows])
