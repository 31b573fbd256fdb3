"""The house rule "no module over 600 lines" (DEVELOPERS.md), checked on every module of the
repository: the package's, the rule scripts', the benchmarks', the tests' and the workflow's
rules files (the Snakefile and every ``.smk``). A package module that grows past it is split
into a sub-package or private siblings with unchanged public imports; a rules file into the
files of a folder it includes (``rules/paper_<name>/``); a test module along its sections."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SRC = REPO / "src" / "fsstab"
LIMIT = 600


def _tracked() -> list[Path]:
    """The repository's files: git's list where this is a checkout (so that a virtual
    environment or a run's folder inside it is not read), else every file under it outside
    hidden folders (.venv, .snakemake) and build outputs."""
    try:
        listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                                cwd=REPO, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return [p for p in REPO.rglob("*") if p.is_file() and not any(
            part.startswith(".") or part in ("build", "dist")
            for part in p.relative_to(REPO).parts[:-1])]
    return [REPO / line for line in listed.splitlines() if (REPO / line).is_file()]


def _modules() -> list[Path]:
    return sorted(p for p in _tracked()
                  if p.suffix in (".py", ".smk") or p.name == "Snakefile")


def test_every_kind_of_module_is_checked():
    modules = _modules()
    assert len([p for p in modules if SRC in p.parents]) > 100
    for folder in ("scripts", "benchmarks", "tests", "rules"):
        assert any((REPO / folder) in p.parents for p in modules), folder
    assert REPO / "Snakefile" in modules


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(REPO)))
def test_no_module_over_600_lines(path):
    lines = path.read_text(encoding="utf-8").count("\n")
    assert lines <= LIMIT, f"{path.relative_to(REPO)}: {lines} lines (> {LIMIT}): split it"
