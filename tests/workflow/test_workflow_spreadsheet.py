"""tables.escape_formulas: names that a spreadsheet would evaluate get a leading quote in the
CSV tables, opt-in; by default the CSV holds them as the data do."""

from __future__ import annotations

import pandas as pd
from conftest import REPO

from fsstab.workflow.answers import spreadsheet_text, write_csv
from fsstab.workflow.config import load_schema, validate_schema

NAMES = ["=HYPERLINK(\"http://x\")", "+1", "-DEL", "@SUM(A1)", "\tTAB", "\rCR", "BRCA1",
         "a=b", " =lead"]


def test_every_formula_start_is_quoted_and_nothing_else():
    frame = pd.DataFrame({"feature_name": NAMES, "frequency": [-0.5] * len(NAMES)})
    quoted = spreadsheet_text(frame)
    assert quoted["feature_name"].tolist() == [
        "'=HYPERLINK(\"http://x\")", "'+1", "'-DEL", "'@SUM(A1)", "'\tTAB", "'\rCR", "BRCA1",
        "a=b", " =lead"]
    assert quoted["frequency"].tolist() == [-0.5] * len(NAMES)  # numbers never change
    assert frame["feature_name"].tolist() == NAMES               # the input is not changed


def test_write_csv_keeps_the_bytes_unless_asked(tmp_path):
    frame = pd.DataFrame({"feature_name": ["-DEL", "=1+1", "TP53"], "n_selected": [3, 2, 1]})
    plain, escaped = tmp_path / "plain.csv", tmp_path / "escaped.csv"
    write_csv(frame, plain)
    write_csv(frame, escaped, escape_formulas=True)
    assert plain.read_text() == "feature_name,n_selected\n-DEL,3\n=1+1,2\nTP53,1\n"
    assert escaped.read_text() == "feature_name,n_selected\n'-DEL,3\n'=1+1,2\nTP53,1\n"


def test_the_key_is_off_by_default():
    schema = load_schema(REPO / "config" / "schemas" / "config.schema.yaml")
    raw = validate_schema({"datasets": {"x": {"source": "sklearn:wine"}}}, schema)
    assert raw["tables"] == {"escape_formulas": False}
