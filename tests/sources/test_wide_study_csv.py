"""A wide CSV/TSV study matrix (a sample sheet, ``sep``/``decimal``, genes in rows) is read in
bounded memory and gives the dataset the whole-table read gives, byte for byte.

``fsstab.sources.wide_studies`` takes over beyond ``WIDE_COLUMNS`` columns (lines, for genes in
rows); here the limit is lowered so that small files take both paths, and the wide path is
made certain by refusing the whole-table read of the matrix while it runs. The files are
written as R (write.csv, write.table), Excel (``;`` and decimal commas, a separator ending
every line) and labs write them.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from _wide_reads import stored_both_ways

from fsstab.sources import delimited, fetch, wide_tables


def both_paths(tmp_path: Path, spec: dict, monkeypatch) -> tuple[list[bytes], list[list]]:
    """The stored dataset read whole and read as a wide matrix, and the warnings of each."""
    matrix = (tmp_path / spec["source"].removeprefix("file:")).resolve()
    whole_read = delimited.read_delimited

    def sheets_only(path, *args, **kwargs):
        if Path(path).resolve() == matrix:
            raise AssertionError("the wide matrix was read whole")
        return whole_read(path, *args, **kwargs)

    def refuse(patch: pytest.MonkeyPatch) -> None:
        patch.setattr(delimited, "read_delimited", sheets_only)

    return stored_both_ways(tmp_path, spec, monkeypatch, refuse)


def expression(seed: int, n: int, d: int) -> np.ndarray:
    """Values with 17 significant digits over seven orders of magnitude (pandas' CSV parser
    rounds some of them differently from Python's float()), whole numbers, a negative zero."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) * 10.0 ** rng.integers(-3, 4, size=d)
    X[:, 1] = np.round(X[:, 1] * 100)
    X[0, 2] = -0.0
    return X


def number(value: float, decimal: str = ".") -> str:
    return f"{value:.17g}".replace(".", decimal)


def write_sheet(path: Path, ids: list[str], sep: str = ",") -> None:
    """A colData-like sheet in another order, one status missing, one row not in the matrix."""
    status = ["tumour", "normal", "", "normal", "tumour"]
    rows = [sep.join([s, status[i % 5], f"p{i // 2}"]) for i, s in enumerate(ids)][::-1]
    rows.append(sep.join(["extra", "normal", "p99"]))
    path.write_text(sep.join(["sample", "status", "patient"]) + "\n" + "\n".join(rows) + "\n")


def check(tmp_path: Path, spec: dict, monkeypatch) -> list[str]:
    (whole, wide), (warned_whole, warned_wide) = both_paths(tmp_path, spec, monkeypatch)
    assert whole == wide
    assert warned_whole == warned_wide
    return warned_wide


# --------------------------------------------------------------------------------------------
# Samples in rows
# --------------------------------------------------------------------------------------------


def test_r_write_csv_with_a_sheet_groups_drop_and_where(tmp_path, monkeypatch):
    # R: write.csv(cbind(expr, qc, batch)): quoted row names under an empty header cell
    n, d = 14, 30
    X = expression(0, n, d)
    ids = [f"0{100 + i}" for i in range(n)]  # leading zeros: ids are text
    lines = ['"",' + ",".join(f'"g{j}"' for j in range(d)) + ',"qc","batch"']
    for i in range(n):
        lines.append(f'"{ids[i]}",' + ",".join(number(v) for v in X[i])
                     + f',"{"ok" if i % 3 else "low"}",{1 + i % 2}')
    lines[1] = lines[1].replace(number(X[0, 5]), "NA")  # missing, in a sample left out
    (tmp_path / "expr.csv").write_text("\n".join(lines) + "\n")
    write_sheet(tmp_path / "sheet.csv", ids)
    spec = {"source": "file:expr.csv", "samples": "sheet.csv", "target": "status",
            "groups": "patient", "drop": ["qc"], "where": {"batch": 2}}
    warned = check(tmp_path, spec, monkeypatch)
    assert any("are left out" in w for w in warned)  # the sample without status


def test_r_write_table_tsv_with_a_short_header_and_id_column(tmp_path, monkeypatch):
    # R: write.table(df, sep = "\t"): the header has no cell above the row names; here the
    # ids to join the sheet on are a column named by id_column, and the target is in it
    n, d = 12, 25
    X = expression(1, n, d)
    ids = [f"S{i}" for i in range(n)]
    header = "\t".join(["sample", *[f'"g{j}"' for j in range(d)], "status"])
    rows = [f'"r{i}"\t"{ids[i]}"\t' + "\t".join(number(v) for v in X[i])
            + f'\t{"AB"[i % 2]}' for i in range(n)]
    (tmp_path / "expr.tsv").write_text(header + "\n" + "\n".join(rows) + "\n")
    sheet = "sample\tpatient\n" + "\n".join(f"{s}\tp{i // 3}" for i, s in enumerate(ids))
    (tmp_path / "sheet.tsv").write_text(sheet + "\n")
    check(tmp_path, {"source": "file:expr.tsv", "samples": "sheet.tsv", "id_column": "sample",
                     "target": "status", "groups": "patient"}, monkeypatch)


def test_excel_european_csv_with_trailing_separators(tmp_path, monkeypatch):
    # ';' between fields, decimal commas, a ';' ending every line; a boolean feature
    n, d = 10, 20
    X = expression(2, n, d)
    lines = ["sample;" + ";".join(f"g{j}" for j in range(d)) + ";flag;age;group;"]
    for i in range(n):
        lines.append(f"A{i};" + ";".join(number(v, ",") for v in X[i])
                     + f";{'TRUE' if i % 3 else 'FALSE'};{number(30.5 + i * 1.25, ',')};"
                     + f"{'xy'[i % 2]};")
    (tmp_path / "excel.csv").write_text("\n".join(lines) + "\n")
    spec = {"source": "file:excel.csv", "sep": ";", "decimal": ",", "id_column": "sample",
            "target": "group"}
    check(tmp_path, spec, monkeypatch)


def test_first_column_holds_the_ids_to_join_the_sheet_on(tmp_path, monkeypatch):
    n, d = 12, 30
    X = expression(3, n, d)
    ids = [f"0{1000 + i}" for i in range(n)]
    lines = ["sample,X," + ",".join(f"cg{j}" for j in range(d))]
    lines += [f"{ids[i]},{i + 1}," + ",".join(number(v) for v in X[i]) for i in range(n)]
    (tmp_path / "betas.csv").write_text("\n".join(lines) + "\n")
    write_sheet(tmp_path / "sheet.csv", ids)
    warned = check(tmp_path, {"source": "file:betas.csv", "samples": "sheet.csv",
                              "target": "status"}, monkeypatch)
    assert any("'X' looks like a row counter" in w for w in warned)


def test_target_in_the_matrix_by_default_the_last_column(tmp_path, monkeypatch):
    n, d = 10, 15
    X = expression(4, n, d)
    lines = [",".join(f"g{j}" for j in range(d)) + ",label"]
    lines += [",".join(number(v) for v in X[i]) + f",{['1', '1.0'][i % 2]}" for i in range(n)]
    (tmp_path / "t.csv").write_text("\n".join(lines) + "\n")
    check(tmp_path, {"source": "file:t.csv", "sep": ","}, monkeypatch)  # '1', '1.0' apart


def test_a_table_without_study_options_is_read_the_same_way(tmp_path, monkeypatch):
    # R's row names, labels '1' and '1.0' kept apart, a where column that stays a feature:
    # as for a narrow file, whatever the options
    n, d = 12, 20
    X = expression(10, n, d)
    lines = ['"",' + ",".join(f'"g{j}"' for j in range(d)) + ',"batch","label"']
    lines += [f'"s{i}",' + ",".join(number(v) for v in X[i])
              + f",{1 + i // 2 % 2},{['1', '1.0'][i % 2]}" for i in range(n)]
    (tmp_path / "r.csv").write_text("\n".join(lines) + "\n")
    check(tmp_path, {"source": "file:r.csv"}, monkeypatch)
    check(tmp_path, {"source": "file:r.csv", "where": {"batch": 1}}, monkeypatch)


# --------------------------------------------------------------------------------------------
# Genes in rows (transpose: true)
# --------------------------------------------------------------------------------------------


def test_r_write_csv_of_genes_in_rows_with_col_data(tmp_path, monkeypatch):
    # R: write.csv(assay(se)): an empty top-left cell, the sample ids on the first line
    n, d = 12, 40
    X = expression(5, n, d)
    ids = [f"0{i}" for i in range(n)]
    lines = ['""' + "".join(f',"{s}"' for s in ids)]
    lines += [f'"ENSG{j:011d}",' + ",".join(number(v) for v in X[:, j]) for j in range(d)]
    lines.append('"QC",' + ",".join(["pass", "fail"] * (n // 2)))
    (tmp_path / "assay.csv").write_text("\n".join(lines) + "\n")
    write_sheet(tmp_path / "coldata.csv", ids)
    spec = {"source": "file:assay.csv", "transpose": True, "samples": "coldata.csv",
            "target": "status", "groups": "patient", "drop": ["QC"]}
    check(tmp_path, spec, monkeypatch)


def test_write_table_of_genes_in_rows_tsv(tmp_path, monkeypatch):
    # R: write.table(assay, sep = "\t"): the header line lacks the top-left cell
    n, d = 9, 30
    X = expression(6, n, d)
    ids = [f"S{i}" for i in range(n)]
    lines = ["\t".join(f'"{s}"' for s in ids)]
    lines += [f'"g{j}"\t' + "\t".join(number(v) for v in X[:, j]) for j in range(d)]
    (tmp_path / "assay.tsv").write_text("\n".join(lines) + "\n")
    write_sheet(tmp_path / "sheet.tsv", ids, "\t")
    check(tmp_path, {"source": "file:assay.tsv", "transpose": True, "samples": "sheet.tsv",
                     "target": "status"}, monkeypatch)


def test_genes_in_rows_first_line_ids_where_and_trailing_separators(tmp_path, monkeypatch):
    # row_names: the first column names the lines; the first line holds the ids to join the
    # sheet on; ';' and decimal commas; a ';' ending every line; a 'batch' line filtered on
    n, d = 12, 30
    X = expression(7, n, d)
    ids = [f"id{i}" for i in range(n)]
    lines = ["sample;" + ";".join(ids) + ";", "batch;" + ";".join(["1", "2"] * (n // 2)) + ";"]
    lines += [f"g{j};" + ";".join(number(v, ",") for v in X[:, j]) + ";" for j in range(d)]
    lines.append("counts;" + ";".join(str(c) for c in [-0, 3] * (n // 2)).replace("0", "-0")
                 + ";")  # integers: '-0' is 0.0 (-0.0 among floats or missing values)
    (tmp_path / "genes.csv").write_text("\n".join(lines) + "\n")
    write_sheet(tmp_path / "sheet.csv", ids)
    spec = {"source": "file:genes.csv", "transpose": True, "row_names": True, "sep": ";",
            "decimal": ",", "samples": "sheet.csv", "target": "status",
            "where": {"batch": 1}}
    check(tmp_path, spec, monkeypatch)
    check(tmp_path, {**spec, "drop": ["batch"]}, monkeypatch)


def test_genes_in_rows_with_a_last_column_empty_on_some_lines(tmp_path, monkeypatch):
    # the last sample has values on some lines only: its column stays (missing values), and
    # the sample is left out by where; an integer line with '-0' holds a missing value
    n, d = 8, 20
    X = expression(9, n, d)
    ids = [f"s{i}" for i in range(n)]
    lines = ["id," + ",".join(ids), "batch," + ",".join(["1"] * (n - 1) + ["2"])]
    lines += [f"g{j}," + ",".join(number(v) for v in X[:-1, j]) + ("," if j % 2 else
                                                                  f",{number(X[-1, j])}")
              for j in range(d)]
    lines.append("counts," + ",".join(["-0", "4"] * (n // 2))[:-2] + ",")
    lines.append("status," + ",".join("ab"[i % 2] for i in range(n)))
    (tmp_path / "genes.csv").write_text("\n".join(lines) + "\n")
    check(tmp_path, {"source": "file:genes.csv", "transpose": True, "row_names": True,
                     "id_column": "id", "target": "status", "where": {"batch": 1}, "sep": ","},
          monkeypatch)


def test_genes_in_rows_without_names_target_the_last_line(tmp_path, monkeypatch):
    n, d = 10, 25
    X = expression(8, n, d)
    lines = [",".join(number(v) for v in X[:, j]) for j in range(d)]
    lines.append(",".join(["x", "y"] * (n // 2)))
    (tmp_path / "plain.csv").write_text("\n".join(lines) + "\n")
    check(tmp_path, {"source": "file:plain.csv", "transpose": True, "sep": ","}, monkeypatch)


# --------------------------------------------------------------------------------------------
# Errors name the file, the line and the column
# --------------------------------------------------------------------------------------------


def test_a_value_that_is_not_a_number_is_named_with_its_line_and_column(tmp_path, monkeypatch):
    monkeypatch.setattr(wide_tables, "WIDE_COLUMNS", 0)
    lines = ["id,g1,g2,g3,status", "a,1.5,2,3,x", "b,2.5,n/a?,4,y", "c,1,2,3,x"]
    (tmp_path / "t.csv").write_text("\n".join(lines) + "\n")
    spec = {"source": "file:t.csv", "id_column": "id", "target": "status"}
    with pytest.raises(ValueError, match=r"t\.csv: 1 non-numeric feature\(s\) in line 3 "
                                         r"\(row 2\): 'g2' \(column 3, sample 'b': 'n/a\?'\)"):
        fetch(spec, base_dir=tmp_path)
    lines = ["id;g1;g2;status", "a;1,5;TRUE;x", "b;2,5;3,0;y"]  # a column mixing words, numbers
    (tmp_path / "t.csv").write_text("\n".join(lines) + "\n")
    with pytest.raises(ValueError, match=r"t\.csv: 1 non-numeric feature\(s\): 'g2' "
                                         r"\(column 3: True/False mixed with other values\)"):
        fetch({**spec, "sep": ";", "decimal": ","}, base_dir=tmp_path)
    lines = ["g,s1,s2,s3", "g1,1,2,3", "g2,4,five,6", "status,a,b,a"]
    (tmp_path / "g.csv").write_text("\n".join(lines) + "\n")
    with pytest.raises(ValueError, match=r"g\.csv: 1 non-numeric feature\(s\): 'g2' "
                                         r"\(line 3, column 3: 'five'\)"):
        fetch({"source": "file:g.csv", "transpose": True, "row_names": True, "drop": ["g"],
               "target": "status"}, base_dir=tmp_path)
    lines[2] = "g2,4,5,6,7"  # more fields than the first line
    (tmp_path / "g.csv").write_text("\n".join(lines) + "\n")
    with pytest.raises(ValueError, match=r"g\.csv: cannot parse as CSV"):
        fetch({"source": "file:g.csv", "transpose": True, "row_names": True, "drop": ["g"],
               "target": "status"}, base_dir=tmp_path)


# --------------------------------------------------------------------------------------------
# Memory: one thread, an address-space cap
# --------------------------------------------------------------------------------------------

CAPPED_STUDY = textwrap.dedent("""
    import resource, sys
    cap = int(sys.argv[2]) * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    from fsstab.sources import wide_tables
    from fsstab.sources import fetch
    wide_tables.WIDE_COLUMNS = int(sys.argv[3])
    ds = fetch({"source": "file:" + sys.argv[1], "samples": sys.argv[1] + ".sheet.csv",
                "target": "status", "transpose": sys.argv[1].endswith("genes.csv")})
    print(ds.X.shape)
""")


def test_a_wide_csv_study_reads_under_a_memory_cap_with_one_thread(tmp_path):
    """60 x 40,000 values (18 MB) written by R -- genes in rows, and samples in rows -- with a
    sample sheet, read with OMP_NUM_THREADS=1 under an address-space cap of 650 MB.

    Read whole, the genes-in-rows file needs about 900 MB of address space (pandas holds every
    value as a Python string, then a transposed copy) and fails under the cap; read in bounded
    memory, each file needs about 500 MB: what the interpreter and its libraries take (about
    450 MB) plus the matrix. (Measured with the system allocator, which fsstab gives PyArrow
    under such a cap: fsstab._arrow_memory.)
    """
    n, d = 60, 40_000
    X = np.random.default_rng(6).normal(size=(n, d)).round(6)
    ids = [f"s{i}" for i in range(n)]
    genes, rows = tmp_path / "genes.csv", tmp_path / "rows.csv"
    with genes.open("w") as out:
        out.write('""' + "".join(f',"{s}"' for s in ids) + "\n")
        for j in range(d):
            out.write(f'"g{j}",' + ",".join(map(repr, X[:, j].tolist())) + "\n")
    with rows.open("w") as out:
        out.write('""' + "".join(f',"g{j}"' for j in range(d)) + "\n")
        for i in range(n):
            out.write(f'"{ids[i]}",' + ",".join(map(repr, X[i].tolist())) + "\n")
    for path in (genes, rows):
        write_sheet(Path(f"{path}.sheet.csv"), ids)
    src = str(Path(wide_tables.__file__).resolve().parents[2])
    env = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONPATH": src}

    def shape(path: Path, limit: int) -> str | None:
        result = subprocess.run([sys.executable, "-c", CAPPED_STUDY, str(path), "650",
                                 str(limit)], capture_output=True, text=True, env=env,
                                timeout=600)
        return result.stdout.strip() if result.returncode == 0 else None

    kept = f"({n - n // 5}, {d})"  # the samples without a status are left out
    assert shape(genes, wide_tables.WIDE_COLUMNS) == kept
    assert shape(genes, 10**9) is None  # read whole: over the cap
    assert shape(rows, wide_tables.WIDE_COLUMNS) == kept
