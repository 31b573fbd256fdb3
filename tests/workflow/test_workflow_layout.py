"""Where a run writes: output folders that are folders of their own, dataset names that are
not the workflow's own products (fsstab.workflow.layout)."""

from __future__ import annotations

import copy
import os
import uuid
from pathlib import Path

import pytest
from conftest import run_snakemake, tiny_config, workflow_dir

from fsstab.workflow.config import ConfigError, check_config, load_schema, validate_schema
from fsstab.workflow.layout import folder_problems, product_collisions

REPO = Path(__file__).resolve().parents[2]
SCHEMA = load_schema(REPO / "config" / "schemas" / "config.schema.yaml")
HOME = "/home/me"
CWD = "/home/me/study"


def problems(**folders) -> list[str]:
    return folder_problems(folders, home=HOME, cwd=CWD)


@pytest.mark.parametrize("key", ["results_dir", "data_dir", "cache_dir"])
@pytest.mark.parametrize("value", ["", " ", "/", "//", "/..", "/home/me", "../", "/home", "~",
                                   "~/results"])
def test_folders_outside_a_folder_of_their_own_are_refused(key, value):
    found = problems(**{key: value})
    assert len(found) == 1, found
    assert found[0].startswith(f"{key}: {value!r} ")


def test_what_each_refusal_says():
    assert "would start at the filesystem root /" in problems(results_dir="")[0]
    assert "is the filesystem root" in problems(data_dir="/")[0]
    assert "is your home folder" in problems(results_dir="..")[0]
    assert "is a folder above your home /home/me" in problems(results_dir="/home")[0]
    assert "'/home/me/results'" in problems(data_dir="~/results")[0]  # the path written out


@pytest.mark.parametrize("value", ["results", "results/my_data", "/scratch/me/fsstab", "..",
                                   "/home/me/study/data", "data/cache", "."])
def test_folders_of_their_own_are_accepted(value):
    home, cwd = "/home/me", "/home/me/study/project"
    assert folder_problems({"results_dir": value, "data_dir": value, "cache_dir": value},
                           home=home, cwd=cwd) == []


def test_the_paper_output_folder_is_checked_too():
    assert problems(paper={"name": "x", "output_dir": ""})[0].startswith("paper.output_dir: ''")


def test_the_configuration_check_refuses_them_naming_the_key():
    raw = copy.deepcopy(tiny_config())
    raw["results_dir"], raw["data_dir"] = "", "/"
    with pytest.raises(ConfigError) as info:
        check_config(validate_schema(raw, SCHEMA))
    keys = [p.split(":", 1)[0] for p in info.value.problems]
    assert keys == ["results_dir", "data_dir"]


# -- dataset names against the workflow's products -------------------------------------------

RULES = {
    "rank": ["results/summary.parquet", "results/pareto_rank.parquet", "logs/rank.log",
             "results/benchmarks/rank.tsv"],
    "summary_csv": ["results/summary.csv", "logs/summary_csv.log",
                    "results/benchmarks/summary_csv.tsv"],
    "fetch": ["data/{dataset,a|b}/raw/dataset.parquet", "logs/{dataset}/fetch.log",
              "results/benchmarks/{dataset}/fetch.tsv"],
    # a rule per dataset with the dataset's name in its paths, as the figures rules
    "figures_mine": ["results/mine/figures/summary.pdf", "logs/mine/figures.log",
                     "results/benchmarks/mine/figures.tsv"],
    "paper_table": ["results/paper/x/table1.csv", "logs/paper/x/table1.log"],
}
FOLDERS = ["results", "data", "logs", "results/benchmarks"]


def collisions(*names, shared=None):
    return product_collisions(RULES, names, FOLDERS, shared, cwd="/w")


@pytest.mark.parametrize(("name", "product"), [
    ("summary.csv", "results/summary.csv (rule summary_csv)"),
    ("summary.parquet", "results/summary.parquet (rule rank)"),
    ("pareto_rank.parquet", "results/pareto_rank.parquet (rule rank)"),
    ("rank.log", "logs/rank.log (rule rank)"),
    ("benchmarks", "results/benchmarks/rank.tsv (rule rank)"),
])
def test_a_dataset_named_like_a_product_is_refused(name, product):
    assert collisions(name, "mine") == [
        f"datasets.{name}: the name is taken by the workflow's own {product}; rename the "
        "dataset"]


def test_a_dataset_s_own_rules_and_other_names_are_not_collisions():
    assert collisions("mine", "report", "summary", "raw", "figures", "cache") == []


def test_configured_folders_are_products():
    assert collisions("cache", shared={"cache_dir": "data/cache"}) == [
        "datasets.cache: the name is taken by the workflow's own data/cache (cache_dir); "
        "rename the dataset"]
    assert collisions("report.html", shared={"--report": "results/report.html"})[0].startswith(
        "datasets.report.html: the name is taken by the workflow's own results/report.html")
    # a paper's files all lie in what would be the folders of a dataset 'paper': its output
    # folder says that they are the paper's
    assert collisions("paper") == []
    assert collisions("paper", shared={"paper.output_dir": "results/paper/x"}) == [
        "datasets.paper: the name is taken by the workflow's own results/paper/x "
        "(paper.output_dir); rename the dataset"]


@pytest.mark.workflow
def test_the_dry_run_refuses_a_dataset_named_like_a_product(tmp_path):
    config = tiny_config()
    (spec,) = config["datasets"].values()
    config["datasets"] = {"summary.csv": spec, "cache": copy.deepcopy(spec)}
    for entry in config["selectors"].values():
        entry.pop("datasets", None)
    result = run_snakemake(workflow_dir(tmp_path, config), "-n")
    message = result.stdout + result.stderr
    assert result.returncode != 0
    assert "ChildIOException" not in message
    assert ("datasets.summary.csv: the name is taken by the workflow's own results/summary.csv "
            "(rule summary_csv); rename the dataset") in message
    assert ("datasets.cache: the name is taken by the workflow's own data/cache (cache_dir)"
            in message)
    assert not (tmp_path / "data").exists()  # refused before the first file is written


@pytest.mark.workflow
def test_the_dry_run_writes_nothing_at_the_filesystem_root(tmp_path):
    # a file: source makes the dry run record the file's checksum under data_dir/<dataset>/;
    # with data_dir '' that record went to /<dataset>/
    name = f"fsstab-root-check-{uuid.uuid4().hex[:8]}"
    matrix = tmp_path / "matrix.csv"
    matrix.write_text("g1,g2,y\n" + "".join(f"{i},{i % 3},{'ab'[i % 2]}\n" for i in range(12)))
    config = {"datasets": {name: {"source": f"file:{matrix}"}}, "data_dir": "",
              "results_dir": "", "selectors": {"lasso": {"class": "LassoSelector"}},
              "measures": {"names": ["nogueira"]}}
    try:
        result = run_snakemake(workflow_dir(tmp_path / "work", config), "-n")
        message = result.stdout + result.stderr
        assert result.returncode != 0
        assert "  - data_dir: '' names no folder" in message
        assert "  - results_dir: '' names no folder" in message
        assert not Path("/", name).exists()
    finally:
        for leftover in (Path("/", name, f) for f in ("source.sha256", ".source.stat.json")):
            if leftover.exists():
                os.remove(leftover)
        if Path("/", name).is_dir():
            Path("/", name).rmdir()
