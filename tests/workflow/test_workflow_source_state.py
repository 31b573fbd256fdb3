"""What reruns the fetch of a `file:` source: its content, not its modification time; and the
order in which the keys of `source:` are written reruns nothing."""

from __future__ import annotations

import hashlib
import os
import time

import pytest
import yaml
from conftest import run_snakemake, tiny_config, workflow_dir
from test_workflow_user_data import job_counts

from fsstab.workflow.source_state import normalised_source, source_checksum_file


def _csv(rows: int = 24, shift: float = 0.0) -> str:
    header = ",".join([f"g{j}" for j in range(6)] + ["status"])
    body = [",".join([str((i * 7 + j * 3) % 11 + 0.5 * j + shift) for j in range(6)]
                     + ["case" if i % 2 else "control"]) for i in range(rows)]
    return "\n".join([header, *body]) + "\n"


def test_the_record_changes_with_the_content_only(tmp_path):
    data = tmp_path / "expression.csv"
    data.write_text(_csv())
    folder = tmp_path / "data" / "mine"
    record = source_checksum_file(["expression.csv"], folder, tmp_path)
    text = (folder / "source.sha256").read_text()
    assert text == f"{hashlib.sha256(data.read_bytes()).hexdigest()}  expression.csv\n"
    stamp = os.stat(record).st_mtime_ns
    # touched, or copied unchanged: the record is not rewritten
    time.sleep(0.02)
    os.utime(data)
    source_checksum_file(["expression.csv"], folder, tmp_path)
    assert os.stat(record).st_mtime_ns == stamp
    # new content with an *older* modification time (cp -p, rsync -a, tar x)
    old = data.stat().st_mtime - 3600
    data.write_text(_csv(shift=0.25))
    os.utime(data, (old, old))
    source_checksum_file(["expression.csv"], folder, tmp_path)
    assert (folder / "source.sha256").read_text() != text
    assert os.stat(record).st_mtime_ns > stamp
    assert source_checksum_file(["missing.csv"], folder, tmp_path) is None


def test_source_keys_are_sorted_at_every_level():
    a = {"source": "file:x.csv", "target": "status", "classes": {"t": ["T1"], "n": ["N"]}}
    b = {"classes": {"n": ["N"], "t": ["T1"]}, "target": "status", "source": "file:x.csv"}
    assert repr(normalised_source(a)) == repr(normalised_source(b))
    assert normalised_source(["b", "a"]) == ["b", "a"]  # lists keep their order


@pytest.mark.workflow
def test_an_older_file_with_new_content_reruns_and_key_order_does_not(tmp_path):
    csv = tmp_path / "expression.csv"
    csv.write_text(_csv())
    config = tiny_config()
    config["datasets"] = {"mine": {"source": {"source": "file:expression.csv",
                                              "target": "status", "positive": "case"},
                                   "similarity": {"method": "pearson", "threshold": 0.3}}}
    workdir = workflow_dir(tmp_path, config)
    target = "data/mine/dataset.parquet"
    assert run_snakemake(workdir, "--cores", "1", target).returncode == 0
    assert "fetch" not in job_counts(run_snakemake(workdir, "-n", target).stdout)
    # the same source with its keys in another order: nothing to do
    config["datasets"]["mine"]["source"] = {"positive": "case", "target": "status",
                                            "source": "file:expression.csv"}
    (workdir / "config/config.yaml").write_text(yaml.safe_dump(config, sort_keys=False))
    dry = run_snakemake(workdir, "-n", target)
    assert "fetch" not in job_counts(dry.stdout + dry.stderr), dry.stdout[-2000:]
    # touched: nothing to do
    os.utime(csv)
    dry = run_snakemake(workdir, "-n", target)
    assert "fetch" not in job_counts(dry.stdout + dry.stderr), dry.stdout[-2000:]
    # replaced by other data carrying an older time stamp: the fetch and what follows rerun
    old = (workdir / "data/mine/raw/dataset.parquet").stat().st_mtime - 3600
    csv.write_text(_csv(shift=0.25))
    os.utime(csv, (old, old))
    dry = run_snakemake(workdir, "-n", target)
    counts = job_counts(dry.stdout + dry.stderr)
    assert counts.get("fetch") == 1, dry.stdout[-2000:]
    assert counts.get("prefilter") == 1
