"""Bommert (2020): the chapters' claims gathered (fsstab.papers.bommert2020.conclusions) -- in the
thesis' order whatever order the tables come in, titled with the chapters run, each chapter's
thresholds in the preamble; run-time claims and comparison rows told apart."""

from __future__ import annotations

import pandas as pd
import pytest

from fsstab.papers.bommert2020 import conclusions as thesis
from fsstab.papers.bommert2020.ch5.conclusions import PREAMBLE as CH5
from fsstab.papers.bommert2020.ch6.conclusions import PREAMBLE as CH6
from fsstab.papers.conclusions import (
    Claim,
    SettingsMatch,
    Statement,
    claims_frame,
    holds_if,
    not_testable,
    read_conclusions,
)


def _part(chapter, n, verdict=True):
    statement = Statement(f"§{chapter[2:]}.1", f"claim of {chapter}", "thesis")
    return claims_frame([Claim(f"{chapter}.c{k}", statement, "ours",
                               holds_if(verdict, "rule") if k else not_testable("not run"),
                               SettingsMatch(True)) for k in range(n)])


def test_chapters_are_gathered_in_the_thesis_order(tmp_path):
    frame = thesis.write_thesis_conclusions([_part("ch6", 2), _part("ch5", 3, False)],
                                            ["ch6", "ch5"], tmp_path / "c.md", tmp_path / "c")
    assert list(frame["key"]) == ["ch5.c0", "ch5.c1", "ch5.c2", "ch6.c0", "ch6.c1"]
    text = (tmp_path / "c.md").read_text()
    assert text.startswith("# Bommert (2020, thesis), \"Integration of Feature Selection "
                           "Stability in Model Fitting\", Ch. 5-6: conclusions\n")
    assert CH5 in text
    assert text.index(CH5) < text.index(CH6)
    assert ("**5 claims, 3 tested: 1 hold, 2 do not hold, 0 partly hold; 0 verified by "
            "construction; 2 not testable here, 0 not run (compute).**") in text
    pd.testing.assert_frame_equal(read_conclusions(tmp_path / "c"), frame)


def test_a_table_under_the_wrong_chapter_or_an_unknown_chapter_is_refused(tmp_path):
    with pytest.raises(ValueError, match="do not start with 'ch6'"):
        thesis.write_thesis_conclusions([_part("ch5", 2)], ["ch6"], tmp_path / "c.md",
                                        tmp_path / "c")
    with pytest.raises(ValueError, match="unknown chapter"):
        thesis.title(["ch9"])
    with pytest.raises(ValueError, match="2 claims tables for 1 chapters"):
        thesis.write_thesis_conclusions([_part("ch5", 1), _part("ch6", 1)], ["ch5"],
                                        tmp_path / "c.md", tmp_path / "c")


def test_run_time_rows_are_told_apart():
    assert thesis.load_sensitive_claim("ch5.fig5_7.median")
    assert thesis.load_sensitive_claim("ch6.fig6_7.fastest_adjusted")
    assert not thesis.load_sensitive_claim("ch5.fig5_4.praznik")
    assert not thesis.load_sensitive_claim("table2.wine")
    assert thesis.load_sensitive_comparison("Fig. 5.1: relative run time of CMIM at 100 %")
    assert thesis.load_sensitive_comparison("§6.3.2: median run time of SMZ (s)")
    assert not thesis.load_sensitive_comparison("§5.2: mean rank correlation of MIM and info.gain")
