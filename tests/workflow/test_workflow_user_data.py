"""A user's own data through Snakemake (issue 16): mistakes fail before any selection job,
every problem at once, in a few lines; a local file is an input of the analysis."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
import yaml
from conftest import run_snakemake, tiny_config, workflow_dir

from fsstab.io import read_json

pytestmark = pytest.mark.workflow


def job_counts(output: str) -> dict[str, int]:
    """Jobs per rule from Snakemake's dry-run statistics table."""
    if "Job stats:" not in output:
        return {}
    counts = {}
    for line in output.split("Job stats:", 1)[1].splitlines()[3:]:
        parts = line.split()
        if len(parts) != 2 or parts[0] == "total":
            break
        counts[parts[0]] = int(parts[1])
    return counts


def test_configuration_mistakes_are_reported_together_before_any_job(tmp_path):
    (tmp_path / "config").mkdir()
    # a dataset defined twice (YAML keeps the second silently), more forced than selected
    # features, a misspelt datamicroarray name and a file that does not exist
    (tmp_path / "config" / "config.yaml").write_text(
        "datasets:\n"
        "  mine: {source: 'file:expression.csv'}\n"
        "  colon: {source: 'datamicroarray:alonn'}\n"
        "  mine: {source: 'file:expression.csv', prefilter: {n_features: 100}}\n"
        "selectors:\n"
        "  hybrid: {class: HybridRFE, params: {n_features_to_select: 5, n_forced: 8}}\n"
        "measures: {names: [nogueira]}\n"
        "pareto: {measures: [nogueira]}\n"
    )
    result = run_snakemake(tmp_path, "--cores", "1")
    message = result.stdout + result.stderr
    assert result.returncode != 0
    problems = [line for line in message.splitlines() if line.startswith("  - ")]
    assert len(problems) == 4, message
    assert "config/config.yaml, line 4: datasets.mine is defined twice (first on line 2)" in (
        problems[0])
    assert "datasets.colon.source: 'datamicroarray:alonn': no pinned sha256" in message
    assert "did you mean 'alon'?" in message
    assert f"no such file expression.csv in {tmp_path.resolve()}" in message
    assert "selectors.hybrid.params.n_forced: n_forced=8 exceeds n_features_to_select=5" in (
        message)
    assert not (tmp_path / "data").exists()
    assert not (tmp_path / "results").exists()


def test_a_schema_error_is_a_line_not_the_schema(tmp_path):
    config = tiny_config()
    config["figurs"] = {"feature_maps": False}
    config["resampling"]["n_resamples"] = "four"
    result = run_snakemake(workflow_dir(tmp_path, config), "-n", "--cores", "1")
    message = result.stdout + result.stderr
    assert result.returncode != 0
    assert "(top level): unknown key(s) 'figurs' (did you mean 'figures'?); allowed keys: " in (
        message)
    assert "resampling.n_resamples: 'four' has the wrong type; expected an integer" in message
    assert "Failed validating" not in message
    # the message and a short traceback, where Snakemake used to print 893 lines of schema
    assert len(message.splitlines()) < 20, message


def test_too_many_features_fail_in_the_prefilter_and_an_edited_file_reruns_the_fetch(tmp_path):
    header = ",".join([f"g{j}" for j in range(6)] + ["status"])
    rows = [",".join([str((i * 7 + j * 3) % 11 + 0.5 * j) for j in range(6)]
                     + ["case" if i % 2 else "control"]) for i in range(24)]
    csv = tmp_path / "expression.csv"
    csv.write_text("\n".join([header, *rows]) + "\n")
    config = tiny_config()
    config["datasets"] = {"mine": {"source": "file:expression.csv",
                                   "similarity": {"method": "pearson", "threshold": 0.3}}}
    config["selectors"]["hybrid"]["params"]["n_features_to_select"] = 8  # d = 6
    workdir = workflow_dir(tmp_path, config)
    result = run_snakemake(workdir, "--cores", "1")
    assert result.returncode != 0
    log = (workdir / "logs/mine/prefilter.log").read_text()
    assert "selectors.hybrid.params.n_features_to_select: n_features_to_select=8 exceeds the " \
           "features of dataset 'mine' after prefiltering (d = 6" in log
    # nothing after the prefilter ran; the finished fetch is kept
    assert (workdir / "data/mine/raw/dataset.parquet").is_file()
    assert not (workdir / "results/mine").exists()
    before = read_json(workdir / "data/mine/raw/provenance.json")["sha256"]
    config["selectors"]["hybrid"]["params"]["n_features_to_select"] = 4
    (workdir / "config/config.yaml").write_text(yaml.safe_dump(config))
    target = "data/mine/dataset.parquet"
    assert run_snakemake(workdir, "--cores", "1", target).returncode == 0
    assert "fetch" not in job_counts(run_snakemake(workdir, "-n", target).stdout)
    # the user fixes a value in the file: the fetch (and what follows) runs again
    time.sleep(1.1)
    csv.write_text(csv.read_text().replace("\n0.0,", "\n0.25,", 1))
    os.utime(csv)
    dry = run_snakemake(workdir, "-n", target)
    assert job_counts(dry.stdout + dry.stderr).get("fetch") == 1, dry.stdout[-2000:]
    assert run_snakemake(workdir, "--cores", "1", target).returncode == 0
    after = read_json(workdir / "data/mine/raw/provenance.json")["sha256"]
    assert after != before
    assert Path(workdir / "data/mine/dataset.parquet").is_file()
