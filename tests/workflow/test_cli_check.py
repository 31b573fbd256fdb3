"""`fsstab check` and the column checks: the columns a source names are checked against the
files' headers before any job, every problem at once, with a "did you mean" across case;
`file:` is optional wherever a path is expected."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from conftest import run_snakemake

from fsstab.workflow.cli import main
from fsstab.workflow.column_checks import column_problems

H5AD = Path(__file__).parents[1] / "data" / "h5ad"


def _study(folder: Path) -> Path:
    """Genes in rows as R writes them (empty top-left cell), a sheet with `condition` and
    `patient` columns: 12 biopsies of 6 patients, 4 genes."""
    samples = [f"s{i:02d}" for i in range(12)]
    lines = ['"",' + ",".join(samples)]
    for g in range(4):
        lines.append(f"G{g}," + ",".join(str((i * (g + 3)) % 7 + g) for i in range(12)))
    (folder / "expr.csv").write_text("\n".join(lines) + "\n")
    sheet = ["sample\tpatient\tcondition"]
    sheet += [f"{s}\tP{i // 2}\t{'case' if (i // 2) % 2 else 'control'}"
              for i, s in enumerate(samples)]
    (folder / "sheet.tsv").write_text("\n".join(sheet) + "\n")
    return folder


def _config(folder: Path, **source) -> Path:
    spec = {"source": "file:expr.csv", "transpose": True, "samples": "sheet.tsv",
            "target": "condition", "groups": "patient", **source}
    config = {"results_dir": "results/study", "datasets": {"study": {"source": spec}},
              "selectors": {"mim": {"class": "FilterSelector",
                                    "params": {"method": "mim", "n_features_to_select": 2}}},
              "measures": {"names": ["nogueira", "pearson"]}, "resampling": {"n_resamples": 4}}
    path = folder / "study.yaml"
    path.write_text(yaml.safe_dump(config, sort_keys=False))
    return path


def test_check_reports_both_typos_at_once_before_any_job(tmp_path, capsys):
    config = _config(_study(tmp_path), target="Condition", groups="patinet")
    status = main(["check", str(config), "--directory", str(tmp_path)])
    out = capsys.readouterr().out
    assert status == 1
    assert "2 problem(s); nothing would run" in out
    target = next(line for line in out.splitlines() if "source.target:" in line)
    groups = next(line for line in out.splitlines() if "source.groups:" in line)
    assert "datasets.study.source.target: no column 'Condition'" in target
    assert "did you mean 'condition'?" in target  # the same name in another case
    assert "datasets.study.source.groups: no column 'patinet'" in groups
    assert "did you mean 'patient'?" in groups
    assert "sheet.tsv" in target
    assert "['sample', 'patient', 'condition']" in target
    # nothing was read or written: no job's folder exists
    assert not (tmp_path / "data").exists()
    assert not (tmp_path / "results").exists()


def test_check_prints_what_would_be_read(tmp_path, capsys):
    config = _config(_study(tmp_path))
    assert main(["check", str(config), "--directory", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "dataset study (file:expr.csv)" in out
    assert "samples: 12" in out
    assert "features: 4 read, 4 after the prefilter" in out
    assert "classes: case: 6, control: 6" in out
    assert "groups (patient): 6, 2 sample(s) each" in out
    assert "resampling: bootstrap, M = 4" in out
    assert "the configuration and its data pass every check" in out


def test_file_prefix_is_optional_for_the_source_and_the_sheet(tmp_path, capsys):
    config = _config(_study(tmp_path), source="expr.csv", samples="file:sheet.tsv")
    assert main(["check", str(config), "--directory", str(tmp_path)]) == 0, \
        capsys.readouterr().out
    assert "samples: 12" in capsys.readouterr().out


def test_yaml_errors_name_file_line_and_column(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text("datasets:\n  mine: {source: 'sklearn:wine'\nselectors: {}\n")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}, line 3, column 1" in out or f"{path}, line 3, column 10" in out, out


def test_sample_id_and_matrix_columns(tmp_path):
    folder = _study(tmp_path)
    (folder / "rows.csv").write_text("id,G0,G1,status\na,1,2,x\nb,2,3,y\n")
    raw = {"datasets": {
        "sheet": {"source": {"source": "file:expr.csv", "transpose": True,
                             "samples": "sheet.tsv", "sample_id": "Sample",
                             "target": "condition"}},
        "rows": {"source": {"source": "file:rows.csv", "id_column": "ID",
                            "target": "Status"}},
    }}
    problems = column_problems(raw, base_dir=folder)
    assert len(problems) == 3, problems
    assert problems[0].startswith("datasets.sheet.source.sample_id: no column 'Sample' in the "
                                  "sample sheet")
    assert "did you mean 'sample'?" in problems[0]
    assert problems[1].startswith("datasets.rows.source.id_column: no column 'ID'")
    assert "did you mean 'id'?" in problems[1]
    assert problems[2].startswith("datasets.rows.source.target: no column 'Status'")
    assert "['id', 'G0', 'G1', 'status']" in problems[2]


def test_a_target_row_among_the_genes_is_found(tmp_path):
    folder = _study(tmp_path)
    lines = (folder / "expr.csv").read_text().splitlines()
    lines.append("status," + ",".join("ab"[i % 2] for i in range(12)))
    (folder / "expr.csv").write_text("\n".join(lines) + "\n")
    raw = {"datasets": {"s": {"source": {"source": "file:expr.csv", "transpose": True,
                                         "samples": "sheet.tsv", "target": "status"}}}}
    assert column_problems(raw, base_dir=folder) == []
    raw["datasets"]["s"]["source"]["target"] = "Status"
    (problem,) = column_problems(raw, base_dir=folder)
    assert "nor the row names of" in problem
    assert "G0" not in problem


def test_h5ad_obs_columns_and_survival_targets(tmp_path):
    shutil.copyfile(H5AD / "cells.h5ad", tmp_path / "cells.h5ad")
    raw = {"datasets": {"cells": {"source": {"source": "file:cells.h5ad",
                                             "target": "Condition", "groups": "patient"}}}}
    (problem,) = column_problems(raw, base_dir=tmp_path)
    assert problem.startswith("datasets.cells.source.target: no column 'Condition' in obs of")
    assert "did you mean 'condition'?" in problem
    raw["datasets"]["cells"]["source"].update(task="survival", target=["n_count", "barcode"])
    (problem,) = column_problems(raw, base_dir=tmp_path)
    assert problem.startswith("datasets.cells.source.target[0]: no column 'n_count'")
    assert "did you mean 'n_counts'?" in problem


def test_the_snakefile_refuses_a_column_typo_before_any_job(tmp_path):
    config = _config(_study(tmp_path), target="Condition", groups="patinet")
    result = run_snakemake(tmp_path, "--configfile", str(config), "-n")
    assert result.returncode != 0
    output = result.stdout + result.stderr
    assert "datasets.study.source.target: no column 'Condition'" in output
    assert "datasets.study.source.groups: no column 'patinet'" in output
    assert not (tmp_path / "data").exists()
