"""A study with a sample sheet and patients through the workflow (issue 21): the example
configuration runs, the patients are resampled together and recorded in the tables; the
keys of a study are checked with the configuration."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest
import yaml
from conftest import run_snakemake, workflow_dir

from fsstab.datasets import read_dataset
from fsstab.resampling import read_resamples
from fsstab.workflow.checks import checked_workflow
from fsstab.workflow.config import ConfigError, load_schema

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "config" / "examples" / "patient_study.yaml"
SCHEMA = ROOT / "config" / "schemas" / "config.schema.yaml"


def _example(tmp_path: Path) -> dict:
    config = yaml.safe_load(EXAMPLE.read_text())
    (tmp_path / ".test" / "data").mkdir(parents=True)
    for name in ("study_expression.csv", "study_samples.tsv"):
        shutil.copy(ROOT / ".test" / "data" / name, tmp_path / ".test" / "data" / name)
    return config


def test_task_target_and_sheet_are_checked_with_the_configuration(tmp_path):
    config = _example(tmp_path)
    source = config["datasets"]["biopsies"]["source"]
    source.update(task="survival", target=["age", "response"])
    with pytest.raises(ConfigError, match=r"selectors.logistic_rfe: LogisticRFE serves "
                                          r"classification, not survival, but dataset 'biopsies' "
                                          r"has task survival \(datasets.biopsies.source.task\); "
                                          r"selectors for survival: LassoSelector"):
        checked_workflow(config, load_schema(SCHEMA), base_dir=tmp_path)
    source.update(task="classification", target="response", samples="missing_sheet.tsv")
    with pytest.raises(ConfigError, match=r"datasets.biopsies.source.samples: 'samples: "
                                          r"missing_sheet.tsv': no such file missing_sheet.tsv"):
        checked_workflow(config, load_schema(SCHEMA), base_dir=tmp_path)
    # the schema knows the keys: a survival target is a list of two columns, task an enum
    source.update(task="survival", target=["time", "event", "extra"],
                  samples=".test/data/study_samples.tsv")
    with pytest.raises(ConfigError, match=r"datasets.biopsies.source.target"):
        checked_workflow(config, load_schema(SCHEMA), base_dir=tmp_path)
    source.update(task="prognosis", target="response")
    with pytest.raises(ConfigError, match=r"datasets.biopsies.source.task: 'prognosis' is not "
                                          r"allowed; allowed values: 'classification', "
                                          r"'regression', 'survival'"):
        checked_workflow(config, load_schema(SCHEMA), base_dir=tmp_path)


@pytest.mark.workflow
def test_the_patient_study_example_resamples_patients(tmp_path):
    config = _example(tmp_path)
    config["resampling"]["n_resamples"] = 4
    config["selectors"] = {"lasso": {"class": "LassoSelector",
                                     "params": {"C": 0.1}}}
    config["measures"]["names"] = ["nogueira", "pearson"]
    config["pareto"]["measures"] = ["nogueira"]
    workdir = workflow_dir(tmp_path, config)
    result = run_snakemake(workdir, "--cores", "2")
    assert result.returncode == 0, result.stderr[-5000:]
    log = (workdir / "logs" / "biopsies" / "fetch.log").read_text()
    assert "sample sheet .test/data/study_samples.tsv (76 rows) joined to 75 samples" in log
    assert "75 samples in 30 groups (column 'patient')" in log
    ds = read_dataset(workdir / "data" / "biopsies")
    assert ds.sample_ids[:3] == ("0101", "0102", "0201")  # leading zeros kept
    results = workdir / "results" / "patient_study" / "biopsies"
    resamples = read_resamples(results / "resamples.parquet", y=ds.y, groups=ds.sample_groups)
    groups = np.asarray(ds.sample_groups)
    for train, test in resamples:
        assert not set(groups[train]) & set(groups[test])
    runs = pq.read_table(results / "select" / "lasso" / "runs.parquet")
    n_test_groups = runs.column("n_test_groups").to_pylist()
    assert n_test_groups == [len(set(groups[t])) for t in resamples.test]
    assert runs.column("n_test").to_pylist() == [t.size for t in resamples.test]
