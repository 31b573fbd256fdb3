"""The paper mechanism of the workflow: `paper.name` selects rules/paper_<name>*.smk."""

from __future__ import annotations

import pytest

from fsstab.workflow.config import paper_rule_files


def test_paper_rule_files_finds_the_paper_and_its_parts_only(tmp_path):
    for stem in ("paper_x", "paper_x_ch1", "paper_x_ch2", "paper_xy", "paper_y", "select"):
        (tmp_path / f"{stem}.smk").write_text("")
    assert [p.name for p in paper_rule_files(tmp_path, "x")] == [
        "paper_x.smk", "paper_x_ch1.smk", "paper_x_ch2.smk",
    ]
    assert [p.name for p in paper_rule_files(tmp_path, "xy")] == ["paper_xy.smk"]


def test_unknown_paper_names_the_rules_files(tmp_path):
    (tmp_path / "paper_a_ch1.smk").write_text("")
    with pytest.raises(ValueError, match=r"paper\.name: no rules file.*paper_a_ch1\.smk"):
        paper_rule_files(tmp_path, "b")
