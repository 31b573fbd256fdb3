"""Every job's mem_mb and runtime follow from the size of its data (fsstab.workflow.resources)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from conftest import run_snakemake, workflow_dir

from fsstab.datasets import make_dataset, write_dataset
from fsstab.workflow.resources import (
    BASE_MB,
    dataset_shape,
    job_memory_mb,
    job_runtime_min,
)

MB = 2**20


def test_dataset_shape_comes_from_the_provenance(tmp_path):
    X = np.arange(40.0).reshape(8, 5) ** 1.5
    write_dataset(make_dataset("x", X, ["a", "b"] * 4), tmp_path / "ds")
    assert dataset_shape(tmp_path / "ds" / "dataset.parquet") == (8, 5)
    assert dataset_shape(tmp_path / "missing" / "dataset.parquet") is None


def test_memory_follows_the_documented_formulas():
    n, d, M = 500, 450_000, 30
    S = n * d * 8 / MB  # the matrix, 1,717 MB

    def rounded(mb):
        return int(np.ceil(mb / 100) * 100)

    assert job_memory_mb("select", n=n, d=d) == rounded(BASE_MB + 3.5 * S)
    assert job_memory_mb("similarity_band", n=n, d=d, jobs=8) == rounded(BASE_MB + 1.6 * S + 300)
    assert job_memory_mb("similarity_band", n=n, d=20_000) == rounded(
        BASE_MB + 5 * n * 20_000 * 8 / MB)
    assert job_memory_mb("calibrate", n=n, d=d, n_resamples=M) == rounded(
        BASE_MB + 2.2 * S + 1024 + 5 * M * d * 8 / MB)
    # the planted-null reruns hold the data and a selection job's memory of the data widened
    # by the m copies: 1,000 by default
    assert job_memory_mb("planted_nulls", n=n, d=d) == rounded(
        BASE_MB + S + 3.5 * S * (d + 1000) / d)
    assert job_memory_mb("planted_nulls", n=20, d=10, planted=None) == job_memory_mb(
        "planted_nulls", n=20, d=10, planted=10)  # min(d, 1000) = d: twice as wide
    assert job_runtime_min("planted_nulls", n=n, d=d, n_resamples=4) > job_runtime_min(
        "planted_nulls", n=n, d=d, n_resamples=2)
    # no job of the 450k run asks for more than the machine the benchmark runs on
    assert max(job_memory_mb(stage, n=n, d=d, n_resamples=M) for stage in
               ("prefilter", "select", "calibrate", "similarity_band")) < 8000


def test_runtime_grows_with_the_work():
    small = job_runtime_min("similarity_band", n=100, d=10_000)
    large = job_runtime_min("similarity_band", n=500, d=450_000)
    split = job_runtime_min("similarity_band", n=500, d=450_000, jobs=8)
    assert 10 <= small < split < large
    assert job_runtime_min("select", n=500, d=450_000, n_resamples=30) > job_runtime_min(
        "select", n=500, d=450_000, n_resamples=3)


def test_one_stability_job_asks_for_the_time_of_all_its_configurations():
    # 10 min + K M d / 10^6: K = 4 configurations, M = 50, d = 300,000 -> 10 + 60 = 70
    assert job_runtime_min("stability", n=100, d=300_000, n_resamples=50,
                           configurations=4) == 70
    assert job_runtime_min("stability", n=100, d=300_000, n_resamples=50) == 25  # 10 + 15


def test_the_workflow_asks_for_what_the_data_need(tmp_path):
    """A dry run after the data are written: the rules' requests are the formulas' values
    for the dataset's n and d."""
    n, d = 40, 300
    rng = np.random.default_rng(0)
    X = rng.normal(size=(n, d))
    header = ",".join([f"g{j}" for j in range(d)] + ["y"])
    rows = [",".join([*(f"{v:.6f}" for v in x), "ab"[i % 2]]) for i, x in enumerate(X)]
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "m.csv").write_text("\n".join([header, *rows]) + "\n")
    config = {
        "resampling": {"n_resamples": 6},
        "datasets": {"m": {"source": {"source": "file:data/m.csv", "target": "y"},
                           "similarity": {"method": "pearson", "threshold": 0.5, "jobs": 2}}},
        "selectors": {"lasso": {"class": "LassoSelector", "calibrate_target_k": 3}},
        "measures": {"names": ["nogueira", "sechidis"]},
    }
    workflow_dir(tmp_path, config)
    result = run_snakemake(tmp_path, "--cores", "1", "data/m/dataset.parquet")
    assert result.returncode == 0, result.stderr[-3000:]
    # the per-job lines with their resources (the default profile keeps the console quiet)
    dry = run_snakemake(tmp_path, "-n", "results/m/stability/lasso.parquet", "--quiet", "host")
    assert dry.returncode == 0, dry.stderr[-3000:]
    requests = dict(re.findall(r"rule (\w+):.*?mem_mb=(\d+)", dry.stdout, flags=re.S))
    assert int(requests["similarity_band"]) == job_memory_mb("similarity_band", n=n, d=d)
    assert int(requests["calibrate"]) == job_memory_mb("calibrate", n=n, d=d, n_resamples=6)
    assert int(requests["select"]) == job_memory_mb("select", n=n, d=d)
    minutes = dict(re.findall(r"rule (\w+):.*?runtime=(\d+)", dry.stdout, flags=re.S))
    assert int(minutes["select"]) == job_runtime_min("select", n=n, d=d, n_resamples=6)


@pytest.mark.parametrize("stage", ["fetch", "prefilter", "resample", "univariate", "select",
                                   "calibrate", "similarity_band", "stability", "tables",
                                   "planted_nulls"])
def test_every_stage_has_a_formula(stage):
    assert job_memory_mb(stage, n=10, d=10, files_mb=1.0) >= BASE_MB
    assert job_runtime_min(stage, n=10, d=10, files_mb=1.0) >= 10


def _literal_numbers(node):
    import ast

    return [ast.unparse(n) for n in ast.walk(node)
            if isinstance(n, ast.Constant) and isinstance(n.value, (int, float))
            and not isinstance(n.value, bool)]


def test_every_rule_takes_mem_mb_and_runtime_from_the_resources_module():
    # every rule of every rules file (rules/paper_*/ included) asks for memory and time through
    # fsstab.workflow.resources: a formula of its data or the budget of its kind, never a number
    from _rules_source import every_rule, rules_files

    assert any(path.parent.name.startswith("paper_") for path in rules_files())
    rules = every_rule()
    assert len(rules) > 90
    problems = []
    for rule in rules:
        arguments = rule.arguments("resources")
        given = {} if arguments is None else {k.arg: k.value for k in arguments.keywords}
        for name in ("mem_mb", "runtime"):
            if name not in given:
                problems.append(f"{rule.where}: no {name}")
            elif _literal_numbers(given[name]):
                problems.append(f"{rule.where}: {name} spells {_literal_numbers(given[name])}")
    assert not problems, ("take mem_mb/runtime from fsstab.workflow.resources (memory(kind), "
                          f"runtime(kind)): {problems}")


def test_the_check_finds_a_number(tmp_path):
    from _rules_source import read_rules

    path = tmp_path / "x.smk"
    path.write_text("if X:\n\n    rule a:\n        output:\n            'a.txt',\n"
                    "        resources:\n            mem_mb=memory('tables'),\n"
                    "            runtime=24 * 60,\n", encoding="utf-8")
    (rule,) = read_rules(path)
    given = {k.arg: k.value for k in rule.arguments("resources").keywords}
    assert _literal_numbers(given["runtime"]) == ["24", "60"]
    assert _literal_numbers(given["mem_mb"]) == []


def test_every_kind_of_step_has_a_formula_or_a_budget():
    from fsstab.workflow.resources import BUDGETS, memory, runtime

    for kind, (mb, minutes) in BUDGETS.items():
        assert memory(kind) == mb >= BASE_MB
        assert runtime(kind) == minutes
    documented = (Path(__file__).resolve().parents[2] / "docs" / "workflow.md").read_text()
    assert all(f"`{kind}`" in documented for kind in BUDGETS)
    with pytest.raises(ValueError, match=r"no formula or budget 'simulations'.*simulation"):
        memory("simulations")


def test_a_step_on_several_datasets_holds_their_matrices(tmp_path):
    # "analysis" with dataset="*": S is the matrices of every stored dataset among the inputs
    from fsstab.workflow.resources import memory

    paths = []
    for name, shape in {"a": (30, 2000), "b": (50, 1000)}.items():
        X = np.arange(float(shape[0] * shape[1])).reshape(shape) % 7
        write_dataset(make_dataset(name, X, ["p", "q"] * (shape[0] // 2)), tmp_path / name)
        paths.append(str(tmp_path / name / "dataset.parquet"))
    S = (30 * 2000 + 50 * 1000) * 8 / MB
    mem_mb = memory("analysis", dataset="*")
    assert mem_mb(None, paths) == int(np.ceil((BASE_MB + 3.5 * S) / 100) * 100)
    # a dataset not written yet: the request of a job whose inputs are missing
    assert mem_mb(None, [*paths, str(tmp_path / "c" / "dataset.parquet")]) == 4000
