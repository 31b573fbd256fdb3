"""One list of dependencies: pyproject.toml. The conda environment of the rules is generated from
it, and every third-party module the code imports is declared there."""

from __future__ import annotations

import ast
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
import yaml
from conftest import load_tool
from packaging.requirements import Requirement

REPO = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _conda_env_tool():
    return load_tool("conda_env")


def test_conda_environment_is_generated_from_pyproject():
    text = (REPO / "envs" / "fsstab.yaml").read_text(encoding="utf-8")
    assert text == _conda_env_tool().environment_text(), (
        "envs/fsstab.yaml is out of date with pyproject.toml: run python3 tools/conda_env.py")


def test_conda_environment_asks_for_every_dependency_with_its_bounds():
    # read back independently of the tool: each pyproject requirement appears with the same
    # version set, in the conda part or the pip part
    environment = yaml.safe_load((REPO / "envs" / "fsstab.yaml").read_text(encoding="utf-8"))
    entries = [e for e in environment["dependencies"] if isinstance(e, str)]
    entries += next(e["pip"] for e in environment["dependencies"] if isinstance(e, dict))
    asked = {Requirement(e).name: Requirement(e).specifier for e in entries if e != "pip"
             and not e.startswith("python=")}
    for line in PROJECT["dependencies"]:
        requirement = Requirement(line)
        assert asked.get(requirement.name) == requirement.specifier, requirement
    assert set(asked) == {Requirement(line).name for line in PROJECT["dependencies"]}
    minimum = PROJECT["requires-python"].removeprefix(">=")
    assert f"python={minimum}" in environment["dependencies"]


def test_tool_refuses_a_dependency_it_cannot_translate(tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nrequires-python = ">=3.11"\ndependencies = '
                         '["numpy>=1.26", "rdata>=0.11", "abess>=0.4.8", '
                         '"l0learn>=2; python_version < \'3.11\'"]\n', encoding="utf-8")
    with pytest.raises(SystemExit, match="l0learn"):
        _conda_env_tool().environment_text(pyproject)


def _declared(*groups: str) -> set[str]:
    names = {Requirement(line).name.lower() for line in PROJECT["dependencies"]}
    for group in groups:
        for line in PROJECT["optional-dependencies"][group]:
            requirement = Requirement(line)
            if requirement.name == PROJECT["name"]:  # fsstab[workflow,...]: those extras
                names |= _declared(*requirement.extras)
            else:
                names.add(requirement.name.lower())
    if "test" in groups:
        names |= _declared("workflow")
    return names


def _third_party_imports(folder: Path) -> set[str]:
    modules = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules.add(node.module.split(".")[0])
    return {m for m in modules if m not in sys.stdlib_module_names and m != "fsstab"}


@pytest.mark.parametrize(("folder", "groups"), [
    # the library imports an optional extra's package only inside the function that needs it,
    # with an error naming the extra (fsstab.sources.h5ad: omics; random survival forests:
    # survival; `fsstab run`: workflow, Snakemake)
    ("src", ("omics", "survival", "workflow")), ("scripts", ()), ("tests", ("test",)),
    ("tools", ("test",)), ("benchmarks", ("test",)),
])
def test_every_imported_distribution_is_declared(folder, groups):
    distributions = packages_distributions()
    declared = _declared(*groups)
    undeclared = {}
    for module in sorted(_third_party_imports(REPO / folder)):
        if module not in distributions:
            continue  # not installed: the folder's own helpers, or l0learn (optional backend)
        names = {name.lower() for name in distributions[module]}
        if not names & declared:
            undeclared[module] = sorted(names)
    assert not undeclared, (f"{folder}/ imports {undeclared}, which pyproject.toml does not "
                            f"declare (dependencies{' + ' + str(groups) if groups else ''})")
