"""tests/conftest.py::check_published_results, the check every paper's slow test makes against
its published results: exact, except rows declared volatile (run times), which must still be
there in the same place."""

from __future__ import annotations

import pytest
from conftest import check_published_results

CONCLUSIONS_CSV = ("key,section,verdict,why\n"
                   "a.groups,§1,holds,x\n"
                   "a.time,§2,{verdict},{why}\n")
CONCLUSIONS_MD = ("# T\n\n**2 claims, 2 tested: {held} hold, {failed} do not hold, 0 partly "
                  "hold; 0 not testable here, 0 not run (compute).**\n\n"
                  "| key | verdict |\n|---|---|\n"
                  "| a.groups | holds |\n| a.time | {verdict} |\n")
COMPARISON = "item,dataset,our_value\nFig. 1: time,d1,{time}\nFig. 2: size,d1,{size}\n"


def _write(folder, *, verdict="holds", time="0.5", size="3"):
    folder.mkdir(parents=True, exist_ok=True)
    held, failed = (2, 0) if verdict == "holds" else (1, 1)
    (folder / "conclusions.csv").write_text(CONCLUSIONS_CSV.format(verdict=verdict, why=time))
    (folder / "conclusions.md").write_text(CONCLUSIONS_MD.format(verdict=verdict, held=held,
                                                                 failed=failed))
    (folder / "comparison.csv").write_text(COMPARISON.format(time=time, size=size))


VOLATILE = {"conclusions.csv": lambda row: row["key"].endswith(".time"),
            "comparison.csv": lambda row: "time" in row["item"]}


def test_volatile_rows_may_change_the_rest_may_not(tmp_path):
    _write(tmp_path / "published")
    _write(tmp_path / "rerun", verdict="does not hold", time="0.9")
    check_published_results(tmp_path / "rerun", tmp_path / "published", volatile=VOLATILE)
    with pytest.raises(AssertionError, match=r"comparison\.csv differs"):     # exact without it
        check_published_results(tmp_path / "rerun", tmp_path / "published")
    _write(tmp_path / "rerun", size="4")
    with pytest.raises(AssertionError, match=r"comparison\.csv row 2 differs"):
        check_published_results(tmp_path / "rerun", tmp_path / "published", volatile=VOLATILE)


def test_a_volatile_row_must_still_be_there(tmp_path):
    _write(tmp_path / "published")
    _write(tmp_path / "rerun")
    text = (tmp_path / "rerun" / "conclusions.csv").read_text()
    (tmp_path / "rerun" / "conclusions.csv").write_text(text.replace("a.time", "a.other"))
    with pytest.raises(AssertionError, match=r"'a\.other'"):
        check_published_results(tmp_path / "rerun", tmp_path / "published", volatile=VOLATILE)
