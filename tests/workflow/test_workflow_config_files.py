"""Configuration files read by fsstab: YAML problems with file, line and column, an empty file,
and one report with the problems of every layer of the check."""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_snakemake, tiny_config

from fsstab.workflow.checks import checked_workflow
from fsstab.workflow.config import ConfigError, load_config, load_schema
from fsstab.workflow.config_files import read_config_file
from fsstab.workflow.validation import duplicate_keys

REPO = Path(__file__).resolve().parents[2]
SCHEMA_PATH = REPO / "config" / "schemas" / "config.schema.yaml"
SCHEMA = load_schema(SCHEMA_PATH)


def problem_of(path: Path) -> str:
    with pytest.raises(ConfigError) as info:
        read_config_file(path)
    (problem,) = info.value.problems
    return problem


def test_a_tab_is_located_and_explained(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("datasets:\n  mine:\n\t  source: 'sklearn:wine'\n")
    assert problem_of(path) == (
        f"{path}, line 3, column 1: found character '\\t' that cannot start any token; YAML "
        "indents with spaces, never with tabs: replace the tab at the start of line 3")


@pytest.mark.parametrize(("text", "line", "column", "what"), [
    # the first token that cannot continue: `seed` (line 3, column 1) inside an unclosed {
    ("datasets:\n  mine: {source: 'sklearn:wine'\nseed: 1\n", 3, 1,
     "expected ',' or '}', but got '<scalar>' (while parsing a flow mapping that starts on "
     "line 2)"),
    # an unclosed quote: the end of the file
    ("datasets:\n  mine:\n    source: 'sklearn:wine\n", 4, 1, "found unexpected end of stream"),
    # `seed` indented by three spaces, under no key: its first character
    ("datasets:\n  mine: {source: x}\n   seed: 1\n", 3, 4, "expected <block end>"),
])
def test_syntax_errors_give_file_line_and_column(tmp_path, text, line, column, what):
    path = tmp_path / "c.yaml"
    path.write_text(text)
    problem = problem_of(path)
    assert problem.startswith(f"{path}, line {line}, column {column}: "), problem
    assert what in problem


@pytest.mark.parametrize("text", ["", "\n\n", "# my study, to be written\n# datasets:\n"])
def test_an_empty_configuration_says_datasets_are_required(tmp_path, text):
    path = tmp_path / "c.yaml"
    path.write_text(text)
    assert problem_of(path).startswith(f"datasets: required ({path} holds no keys)")


def test_a_configuration_that_is_not_a_mapping(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("- datasets\n")
    assert problem_of(path) == (f"{path}: a configuration is a mapping of keys (datasets:, "
                                "selectors:, ...) at the top level, got list")
    assert problem_of(tmp_path).endswith(": no such configuration file (it is a folder)")


def test_a_mapping_without_datasets_says_datasets_are_required(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("seed: 3\n")
    with pytest.raises(ConfigError) as info:
        load_config(path, SCHEMA_PATH)
    assert info.value.problems == [
        "datasets: required (dataset name -> how to obtain and prepare it)"]


def test_the_duplicate_check_reports_yaml_problems_instead_of_nothing(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("datasets:\n\tmine: {}\n")
    assert duplicate_keys(path) == [problem_of(path)]


def test_the_command_line_check_of_configuration_files(tmp_path):
    good, bad = tmp_path / "good.yaml", tmp_path / "bad.yaml"
    good.write_text("datasets: {mine: {source: 'sklearn:wine'}}\n")
    bad.write_text("datasets:\n  a: {source: 'sklearn:wine'}\n  a: {source: 'sklearn:iris'}\n")
    result = subprocess.run([sys.executable, "-m", "fsstab.workflow.validation", str(good),
                             str(bad)], capture_output=True, text=True, check=False,
                            cwd=REPO, env={"PYTHONPATH": str(REPO / "src")})
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"{bad}, line 3: datasets.a is defined twice (first on line 2); a YAML mapping keeps "
        "only the last definition, so merge the two or rename one"]


@pytest.mark.workflow
@pytest.mark.parametrize(("text", "expected"), [
    ("# to be written\n", "  - datasets: required (config/config.yaml holds no keys)"),
    ("datasets:\n\tmine: {source: 'sklearn:wine'}\n",
     "  - config/config.yaml, line 2, column 1: found character '\\t' that cannot start any "
     "token; YAML indents with spaces"),
])
def test_the_workflow_s_own_configuration_file_is_read_by_fsstab(tmp_path, text, expected):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "config.yaml").write_text(text)
    result = run_snakemake(tmp_path, "-n")
    assert result.returncode != 0
    assert expected in result.stdout + result.stderr
    assert "Config file" not in result.stdout + result.stderr  # not Snakemake's message


# -- one report with the problems of every layer ----------------------------------------------


def every_problem(config: dict) -> list[str]:
    with pytest.raises(ConfigError) as info:
        checked_workflow(config, SCHEMA)
    return info.value.problems


def test_a_schema_problem_no_longer_hides_the_value_problems():
    config = tiny_config()
    config["resampling"]["n_resamples"] = 1                      # schema
    config["resampling"]["scheme"] = "subsample"
    config["resampling"]["params"] = {"fraction": 1.5}           # value of a scheme
    label, entry = next(iter(config["selectors"].items()))
    entry["params"] = {**(entry.get("params") or {}), "max_iter": 0}   # value of a selector
    entry["colour"] = "red"                                     # schema, in the same entry
    found = every_problem(config)
    keys = [p.split(":", 1)[0] for p in found]
    assert keys == ["resampling.n_resamples", f"selectors.{label}",
                    f"selectors.{label}.params.max_iter", "resampling.params.fraction"], found


def test_what_the_schema_took_out_causes_no_problem_of_its_own():
    config = tiny_config()
    config["datasets"]["other"] = {"source": 5}                  # taken out whole
    config["selectors"] = {"lasso": {"class": "LassoSelector", "datasets": ["other"]},
                           "rf": {"class": "RandomForestSelector", "colour": "red",
                                  "params": {"n_estimators": -1}}}
    config["measures"] = "all"                                   # wrong type: the default
    config["pareto"] = {"measures": ["nogueira"]}
    found = every_problem(config)
    assert found == [
        "datasets.other.source: 5 has the wrong type; expected a string or a mapping",
        "measures: 'all' has the wrong type; expected a mapping",
        "selectors.rf: unknown key(s) 'colour'; allowed keys: calibrate_resamples, "
        "calibrate_target_k, calibrate_unreachable, class, datasets, grid, params, "
        "random_search, resources, sweep",
        "selectors.rf.params.n_estimators: must be an integer >= 1, got -1 "
        "(RandomForestSelector)",
    ], found
    # (not: selectors.lasso.datasets: unknown dataset(s) ['other']; measures need a
    # similarity matrix; pareto.measures not computed)


def test_without_datasets_only_the_schema_speaks():
    config = copy.deepcopy(tiny_config())
    del config["datasets"]
    assert every_problem(config) == [
        "datasets: required (dataset name -> how to obtain and prepare it)"]
