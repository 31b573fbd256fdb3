"""`fsstab init` and `fsstab run`: the configuration they write, the refusal to overwrite a
different one, and `fsstab run` on a genes-in-rows CSV with a sample sheet and groups giving
the same tables as the equivalent configuration run by `snakemake`."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import REPO, _no_controller_slurm_conf, run_snakemake

from fsstab.workflow.cli import main

STUDY = ["study_expression.csv", "study_samples.tsv"]  # 75 biopsies of 30 patients, 150 genes


def _data(folder: Path) -> Path:
    (folder / "data_in").mkdir(parents=True)
    for name in STUDY:
        shutil.copyfile(REPO / ".test" / "data" / name, folder / "data_in" / name)
    return folder


ARGS = ["data_in/study_expression.csv", "--samples", "data_in/study_samples.tsv",
        "--target", "response", "--positive", "responder", "--groups", "patient",
        "--selectors", "mim,lasso", "--n-features", "5", "--resamples", "6", "--seed", "3",
        "--name", "biopsies", "--results", "results/study"]

#: The configuration the options above describe, written by hand.
EQUIVALENT = {
    "seed": 3,
    "results_dir": "results/study",
    "resampling": {"scheme": "bootstrap", "n_resamples": 6},
    "datasets": {"biopsies": {"source": {
        "source": "file:data_in/study_expression.csv", "transpose": True,
        "samples": "data_in/study_samples.tsv", "target": "response",
        "positive": "responder", "groups": "patient"}}},
    "selectors": {
        "mim": {"class": "FilterSelector",
                "params": {"method": "mim", "n_features_to_select": 5}},
        "lasso": {"class": "LassoSelector", "calibrate_target_k": 5},
    },
    "measures": {"names": ["nogueira", "pearson", "importance_weighted", "canberra"],
                 "params": {"canberra": {"k": 5}}},
    "pareto": {"measures": ["nogueira", "importance_weighted"]},
}


def test_init_writes_an_annotated_configuration_and_never_overwrites(tmp_path, capsys,
                                                                      monkeypatch):
    monkeypatch.chdir(_data(tmp_path))
    assert main(["init", *ARGS, "-o", "study.yaml"]) == 0
    text = (tmp_path / "study.yaml").read_text()
    assert yaml.safe_load(text) == EQUIVALENT  # genes in rows found from the sheet's ids
    assert "# samples of a group (patient, batch) are resampled and held out together" in text
    assert all(len(line) <= 100 for line in text.splitlines())
    assert main(["check", "study.yaml", "--no-data"]) == 0
    capsys.readouterr()
    assert main(["init", *ARGS[:-1], "results/other", "-o", "study.yaml"]) == 1
    assert "study.yaml already holds another configuration" in capsys.readouterr().err
    assert (tmp_path / "study.yaml").read_text() == text


def test_init_says_what_to_edit(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(_data(tmp_path))
    args = [a if a != "patient" else "Patient" for a in ARGS]
    assert main(["init", *args, "-o", "study.yaml"]) == 1
    out = capsys.readouterr().out
    assert "what to edit before it runs:" in out
    assert "datasets.biopsies.source.groups: no column 'Patient'" in out
    assert "did you mean 'patient'?" in out


def test_run_refuses_another_configuration_in_the_results_folder(tmp_path, capsys,
                                                                  monkeypatch):
    monkeypatch.chdir(_data(tmp_path))
    (tmp_path / "results" / "study").mkdir(parents=True)
    other = tmp_path / "results" / "study" / "fsstab-config.yaml"
    other.write_text("seed: 1\n")
    assert main(["run", *ARGS]) == 1
    err = capsys.readouterr().err
    assert f"{Path('results/study/fsstab-config.yaml')} already holds another run " \
           "configuration; it is never overwritten" in err
    assert other.read_text() == "seed: 1\n"


def test_run_refuses_a_bad_option_before_writing_anything(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(_data(tmp_path))
    assert main(["run", *ARGS[:-8], "--selectors", "lasso,mimm"]) == 1
    assert "--selectors: unknown selector 'mimm' (did you mean 'mim'?)" in \
        capsys.readouterr().err
    assert not (tmp_path / "results").exists()


def _tables(results: Path) -> dict[str, bytes]:
    """Every result table (CSV, Parquet) under ``results``, timings left out."""
    return {str(p.relative_to(results)): p.read_bytes() for p in sorted(results.rglob("*"))
            if p.suffix in (".csv", ".parquet") and "timings" not in p.name
            and "benchmarks" not in p.parts}


def _fsstab(workdir: Path, *args: str) -> subprocess.CompletedProcess:
    environment = dict(os.environ, FSSTAB_CACHE=str(workdir / "cache"),
                       PYTHONPATH=str(REPO / "src"))
    environment.pop("FSSTAB_MIRROR", None)
    if shutil.which("scontrol"):
        environment["SLURM_CONF"] = _no_controller_slurm_conf()
    return subprocess.run([sys.executable, "-m", "fsstab.workflow.cli", *args], cwd=workdir,
                          capture_output=True, text=True, env=environment, timeout=1800,
                          check=False)


@pytest.mark.workflow
def test_run_gives_the_tables_of_the_equivalent_configuration(tmp_path):
    by_command = _data(tmp_path / "command")
    result = _fsstab(by_command, "run", *ARGS, "--cores", "2")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    written = by_command / "results" / "study" / "fsstab-config.yaml"
    assert yaml.safe_load(written.read_text()) == EQUIVALENT

    by_hand = _data(tmp_path / "snakemake")
    (by_hand / "study.yaml").write_text(yaml.safe_dump(EQUIVALENT, sort_keys=False))
    result = run_snakemake(by_hand, "--cores", "2", "--configfile", str(by_hand / "study.yaml"))
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]

    ours, theirs = (_tables(d / "results" / "study") for d in (by_command, by_hand))
    assert "biopsies/stable_features.csv" in ours
    assert "summary.csv" in ours
    assert sorted(ours) == sorted(theirs)
    assert [name for name in ours if ours[name] != theirs[name]] == []

    # a second run of the same configuration in the same folder is accepted (nothing to do)
    again = _fsstab(by_command, "run", *ARGS, "--cores", "2")
    assert again.returncode == 0, again.stderr[-3000:]
