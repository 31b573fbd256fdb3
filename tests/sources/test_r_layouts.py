"""Files written by R itself (tests/data/r_layouts/make_files.R: write.csv, write.table,
write.csv2, and a SummarizedExperiment's assay and colData), read as R meant them (issue 21).

What each file holds is known from the R script (the ids, the classes, the patients); the
numbers are checked against the file parsed independently with the csv module.
"""

from __future__ import annotations

import csv
import warnings
from pathlib import Path

import pytest

from fsstab.sources import fetch

FILES = Path(__file__).resolve().parents[1] / "data" / "r_layouts"
IDS = ("01005", "01006", "01", "1", "007", "7", "0100", "100")  # make_files.R
STATUS = ("case",) * 4 + ("control",) * 4


def _values(name: str, sep: str, decimal: str = ".") -> dict[str, list[float]]:
    """The numeric cells of each data line by its first field, as written."""
    with (FILES / name).open(newline="") as stream:
        records = list(csv.reader(stream, delimiter=sep))[1:]
    return {r[0]: [float(v.replace(decimal, ".")) for v in r[1:] if v not in STATUS]
            for r in records}


@pytest.mark.parametrize(("name", "options", "sep", "decimal"), [
    ("write_csv.csv", {}, ",", "."),
    ("write_table.tsv", {}, "\t", "."),
    ("write_csv2.csv", {"sep": ";", "decimal": ","}, ";", ","),
])
def test_a_data_frame_written_by_r(name, options, sep, decimal):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ds = fetch({"source": f"file:{FILES / name}", "target": "status", **options})
    # the row names are the ids -- leading zeros kept, '01' and '1' two samples -- and not a
    # feature (on these class-sorted rows a row-number feature would separate the classes)
    assert ds.sample_ids == IDS
    assert ds.feature_names == ("TP53", "BRCA1")
    assert tuple(ds.class_labels[c] for c in ds.y) == STATUS
    values = _values(name, sep, decimal)
    assert [list(row) for row in ds.X] == [values[i] for i in IDS]


def test_a_summarized_experiment_written_by_r():
    ds = fetch({"source": f"file:{FILES / 'assay.csv'}", "transpose": True,
                "samples": str(FILES / "coldata.csv"), "target": "condition",
                "groups": "patient"})
    assert ds.sample_ids == ("0101", "0102", "0201", "0202", "0301", "0302")
    assert ds.feature_names == tuple(f"ENSG0000{j}" for j in range(1, 6))
    assert tuple(ds.class_labels[c] for c in ds.y) == ("tumour", "normal") * 3
    assert ds.sample_groups == ("P01", "P01", "P02", "P02", "P03", "P03")
    genes = _values("assay.csv", ",")
    assert ds.X.T.tolist() == [genes[g] for g in ds.feature_names]
