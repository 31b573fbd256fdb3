"""tools/paper_table_hashes.py tells wall-clock tables from result tables, so that a
refactoring's before/after comparison flags only results: by folder (Snakemake's benchmarks),
by file name, and by a column of seconds (Bommert's scaling and measure-time tables) -- and
never a survival outcome's ``time`` column."""

from __future__ import annotations

import pandas as pd
import pytest
from conftest import load_tool

TOOL = load_tool("paper_table_hashes")


def write(path, frame):
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix == ".parquet":
        frame.to_parquet(path, index=False)
    else:
        frame.to_csv(path, index=False, sep="\t" if path.suffix == ".tsv" else ",")
    return path


@pytest.mark.parametrize(("relative", "columns", "kind"), [
    ("benchmarks/select/x.tsv", ["s", "max_rss"], "timing"),
    ("breast_cancer/select/lasso/timings.parquet", ["resample", "fit_seconds"], "timing"),
    ("paper/b/work/ch5/scaling/mim.parquet", ["filter", "fraction", "seconds"], "timing"),
    ("paper/b/work/ch6/measure_times/sonar.csv", ["measure", "seconds"], "timing"),
    ("paper/b/fig05_7_accuracy.csv", ["filter", "accuracy_median", "time_median"], "timing"),
    ("paper/b/fit.tsv", ["model", "fit_time"], "timing"),
    ("metastasis/dataset_outcome.parquet", ["sample", "time", "event"], "result"),
    ("breast_cancer/stability.parquet", ["configuration", "nogueira", "accuracy_mean"], "result"),
    ("paper/b/conclusions.csv", ["claim", "our_evidence", "verdict"], "result"),
])
def test_kind_of_a_table(tmp_path, relative, columns, kind):
    path = write(tmp_path / relative, pd.DataFrame({c: [1] for c in columns}))
    assert TOOL.kind_of(relative, path) == kind


def test_json_has_no_columns(tmp_path):
    path = tmp_path / "calibration.json"
    path.write_text('{"seconds": 1.0}')
    assert TOOL.columns_of(path) == []
    assert TOOL.kind_of("x/calibration.json", path) == "result"
