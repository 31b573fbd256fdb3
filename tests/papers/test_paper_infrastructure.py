"""What every paper shares: the settings mechanism (fsstab.papers.settings), the table writer
(fsstab.papers.outputs) and the path helper (fsstab.workflow.config.PaperConfig)."""

from __future__ import annotations

import hashlib
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from fsstab.io import read_parquet_metadata
from fsstab.papers.outputs import (
    COMPARISON_COLUMNS,
    EXACT_FLOAT_FORMAT,
    comparison_frame,
    concat_comparisons,
    read_table,
    stem_of,
    write_table,
)
from fsstab.papers.settings import PaperSettings, configured_problems
from fsstab.workflow.config import ConfigError

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "n": {"type": "integer", "minimum": 1, "default": 3},
        "datasets": {"type": "array", "items": {"type": "string"}, "default": []},
    },
}

RAW = {"datasets": {"wine": {}, "breast": {}}, "selectors": {"rf": {}},
       "measures": {"names": ["jaccard", "nogueira"]}}


def _workflow(settings=None):
    return SimpleNamespace(raw=RAW, paper=SimpleNamespace(settings=settings or {}))


def _datasets_configured(settings, workflow):
    return configured_problems("datasets", settings["datasets"], workflow)


def test_schema_defaults_and_problems_with_their_keys():
    settings = PaperSettings(SCHEMA, _datasets_configured)
    assert settings.resolve(None) == {"n": 3, "datasets": []}
    assert settings.problems({"datasets": ["wine"]}, _workflow()) == []
    assert settings.problems({"n": 0, "datasets": ["x"]}, _workflow()) == [
        "paper.settings.n: 0 is out of range; allowed: an integer >= 1"]  # the schema first
    assert settings.problems({"datasets": ["x", "wine", "y"]}, _workflow()) == [
        "paper.settings.datasets: dataset(s) ['x', 'y'] are not configured under 'datasets'; "
        "configured: ['breast', 'wine']"]
    with pytest.raises(ConfigError) as error:
        settings.checked(_workflow({"datasets": ["x"]}))
    assert error.value.problems[0].startswith("paper.settings.datasets: dataset(s) ['x']")
    assert settings.checked(_workflow({"n": 5})) == {"n": 5, "datasets": []}


def test_a_paper_in_parts_checks_each_part_with_its_own_settings():
    part = PaperSettings(SCHEMA, _datasets_configured)
    whole = PaperSettings.from_parts({"ch5": part, "ch6": PaperSettings(SCHEMA)})
    assert whole.resolve({"ch6": {}}) == {"ch6": {"n": 3, "datasets": []}}  # only given parts
    assert whole.problems({"ch5": {"n": "two"}, "ch6": {}}, _workflow()) == [
        "paper.settings.ch5.n: 'two' has the wrong type; expected an integer"]
    assert whole.problems({"ch5": {"datasets": ["zz"]}}, _workflow())[0].startswith(
        "paper.settings.ch5.datasets: dataset(s) ['zz']")
    (problem,) = whole.problems({"ch9": {}}, _workflow())
    assert problem.startswith("paper.settings: unknown key(s) 'ch9'")
    assert "ch9" in problem
    (problem,) = whole.problems({}, _workflow())
    assert problem.startswith("paper.settings: must hold at least 1 entry, got none")


def test_configured_problems_for_each_kind_and_for_mappings():
    wf = _workflow()
    assert configured_problems("methods", ["rf", "svm"], wf, "selectors") == [
        "methods: selector(s) ['svm'] are not configured under 'selectors'; configured: ['rf']"]
    assert configured_problems("measures", ["kappa"], wf, "measures") == [
        "measures: measure(s) ['kappa'] are not computed (measures.names); computed: "
        "['jaccard', 'nogueira']"]
    # paper names -> workflow names: the problem names the paper's entry
    assert configured_problems("section71.datasets", {"singh": "s71_singh", "wine": "wine"},
                               wf) == [
        "section71.datasets.singh: dataset(s) ['s71_singh'] are not configured under "
        "'datasets'; configured: ['breast', 'wine']"]
    all_measures = SimpleNamespace(raw={"measures": {"names": "all"}})
    assert configured_problems("m", ["kappa", "canberra"], all_measures, "measures") == []
    with pytest.raises(ValueError, match="kind must be one of"):
        configured_problems("x", [], wf, "filters")


def test_from_package_needs_the_schema_file():
    with pytest.raises(ValueError, match=r"no settings\.schema\.yaml in the package"):
        PaperSettings.from_package("fsstab.papers")


def test_write_table_bytes_and_float_formats(tmp_path):
    frame = pd.DataFrame({"name": ["a", "b"], "value": [1 / 3, 2.0], "count": [1, 2]})
    csv, parquet = write_table(frame, tmp_path / "t1", metadata={"paper": "x"})
    assert csv.read_text() == "name,value,count\na,0.333333333333,1\nb,2,2\n"
    assert read_parquet_metadata(parquet) == {"paper": "x"}
    pd.testing.assert_frame_equal(read_table(tmp_path / "t1"), frame)
    # the rule's [csv, parquet] pair, in any order, and 17 digits where asked
    write_table(frame, [tmp_path / "t2.parquet", tmp_path / "t2.csv"],
                metadata={"paper": "x"}, float_format=EXACT_FLOAT_FORMAT)
    assert (tmp_path / "t2.csv").read_text().splitlines()[1] == "a,0.33333333333333331,1"
    assert float("0.33333333333333331") == 1 / 3
    # the Parquet file does not depend on the CSV's format
    digest = [hashlib.sha256((tmp_path / f"t{i}.parquet").read_bytes()).hexdigest()
              for i in (1, 2)]
    assert digest[0] == digest[1]
    pd.testing.assert_frame_equal(read_table([tmp_path / "t2.csv", tmp_path / "t2.parquet"]),
                                  frame)
    for bad in (tmp_path / "t3.csv", [tmp_path / "t3.csv", tmp_path / "t3.png"]):
        with pytest.raises(ValueError, match=r"extension|a \.csv and a \.parquet"):
            write_table(frame, bad)
    assert np.isclose(read_table(tmp_path / "t2.parquet")["value"][0], 1 / 3)


def test_write_table_to_a_single_parquet_path_writes_that_piece_alone(tmp_path):
    frame = pd.DataFrame({"name": ["a", "b"], "value": [1 / 3, 2.0]})
    csv, parquet = write_table(frame, str(tmp_path / "work" / "piece.parquet"),
                               metadata={"paper": "x"})
    assert csv is None
    assert sorted(p.name for p in (tmp_path / "work").iterdir()) == ["piece.parquet"]
    assert read_parquet_metadata(parquet) == {"paper": "x"}
    pd.testing.assert_frame_equal(read_table(parquet), frame)
    # the same bytes as the Parquet half of a table, whatever the frame's index
    write_table(frame, tmp_path / "whole", metadata={"paper": "x"})
    shuffled = frame.iloc[[0, 1]].set_axis([7, 3])
    write_table(shuffled, tmp_path / "work" / "again.parquet", metadata={"paper": "x"})
    digests = {hashlib.sha256(path.read_bytes()).hexdigest()
               for path in (parquet, tmp_path / "whole.parquet", tmp_path / "work/again.parquet")}
    assert len(digests) == 1


def test_stem_of():
    assert str(stem_of(["out/fig01_x.pdf", "out/fig01_x.png"])) == "out/fig01_x"
    assert str(stem_of("out/table5.1_x.csv")) == "out/table5.1_x"
    with pytest.raises(ValueError, match="do not share one stem"):
        stem_of(["out/a.pdf", "out/b.png"])


def test_concat_comparisons_keeps_part_order_and_checks_columns():
    first = comparison_frame([{"item": "Table 6.3", "paper_value": "0.5"}])
    second = comparison_frame([{"item": "Table 7.1", "our_value": "3"}])
    joined = concat_comparisons([first, second])
    assert list(joined["item"]) == ["Table 6.3", "Table 7.1"]
    assert tuple(joined.columns) == COMPARISON_COLUMNS
    assert concat_comparisons([]).empty
    with pytest.raises(ValueError, match="part 1 has columns"):
        concat_comparisons([first, pd.DataFrame({"item": ["x"]})])
