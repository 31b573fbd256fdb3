"""The workflow used as a Snakemake module from another folder, as ``snakedeploy
deploy-workflow`` sets it up: the user's folder holds ``config/config.yaml`` and a Snakefile
with ``module fsstab: snakefile: ...; config: config`` and ``use rule * from fsstab``; the
module's own schema, rules, scripts and ``src/`` are found from the module's folder (not the
user's), and its jobs run there. Also the catalog's standardized-usage files."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]

# what snakedeploy writes, with a local path instead of github(...)
DEPLOYED_SNAKEFILE = """\
configfile: "config/config.yaml"


module fsstab:
    snakefile:
        "{snakefile}"
    config:
        config


use rule * from fsstab
"""


def snakemake(folder: Path, *args: str) -> subprocess.CompletedProcess:
    executable = shutil.which("snakemake")
    command = [executable] if executable else [sys.executable, "-m", "snakemake"]
    environment = dict(os.environ)
    environment.pop("FSSTAB_MIRROR", None)
    environment["FSSTAB_CACHE"] = str(folder / "cache")
    return subprocess.run([*command, *args], cwd=folder, capture_output=True, text=True,
                          env=environment, timeout=900, check=False)


def deployed(tmp_path: Path) -> Path:
    folder = tmp_path / "my_analysis"
    (folder / "config").mkdir(parents=True)
    shutil.copy(REPO / ".test" / "config" / "config.yaml", folder / "config" / "config.yaml")
    (folder / "Snakefile").write_text(DEPLOYED_SNAKEFILE.format(snakefile=REPO / "Snakefile"))
    return folder


def test_the_workflow_runs_as_a_module_from_another_folder(tmp_path):
    folder = deployed(tmp_path)
    assert not (folder / "config" / "schemas").exists()  # the module's own schema is used
    plan = snakemake(folder, "-n", "--cores", "1")
    assert plan.returncode == 0, plan.stderr[-4000:]
    assert "fetch" in plan.stdout
    assert "report_tables" in plan.stdout
    fetch = snakemake(folder, "--cores", "1", "data/tiny/raw/dataset.parquet")
    assert fetch.returncode == 0, fetch.stderr[-4000:]
    assert (folder / "data" / "tiny" / "raw" / "dataset.parquet").stat().st_size > 0
    assert (folder / "data" / "tiny" / "raw" / "provenance.json").exists()


def test_a_config_problem_is_reported_through_the_module(tmp_path):
    folder = deployed(tmp_path)
    config = yaml.safe_load((folder / "config" / "config.yaml").read_text())
    config["resampling"]["n_resamples"] = "many"
    (folder / "config" / "config.yaml").write_text(yaml.safe_dump(config))
    plan = snakemake(folder, "-n", "--cores", "1")
    assert plan.returncode != 0
    assert "resampling.n_resamples" in plan.stdout + plan.stderr


def test_the_catalog_standardized_usage_files():
    catalog = yaml.safe_load((REPO / ".snakemake-workflow-catalog.yml").read_text())
    stack = catalog["usage"]["software-stack-deployment"]
    assert stack["conda"] is True
    assert (REPO / "envs" / "fsstab.yaml").exists()
    # no container directive anywhere: a singularity deployment would not be honoured
    rules = [REPO / "Snakefile", *sorted((REPO / "rules").rglob("*.smk"))]
    assert not any("container:" in path.read_text() for path in rules)
    assert stack["singularity"] is False
    assert stack["singularity+conda"] is False
    assert catalog["usage"]["report"] is True
    readme = (REPO / "config" / "README.md").read_text()
    assert "config/config.yaml" in readme
    assert "schemas/config.schema.yaml" in readme
    # the one schema, where the catalog reads it
    assert [p.relative_to(REPO).as_posix() for p in REPO.glob("config/**/*.schema.yaml")] == \
        ["config/schemas/config.schema.yaml"]
    assert not (REPO / "config" / "schema").exists()
