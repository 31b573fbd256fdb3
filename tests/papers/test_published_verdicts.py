"""Every published verdict can be recomputed from the published files alone: for each folder
of ``docs/papers/`` with a ``conclusions.csv``, the paper's conclusions
(``fsstab.papers.<paper>.conclusions.conclude_folder``) rerun on the inputs published beside it
(``*conclusions_inputs.json`` and the tables it names) give ``conclusions.md`` and
``conclusions.csv`` byte for byte. No pipeline runs: only the published tables are read."""

from __future__ import annotations

import difflib
import importlib
import json
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PUBLISHED = REPO / "docs" / "papers"
FOLDERS = sorted(path.parent for path in PUBLISHED.rglob("conclusions.csv"))
#: Published runs whose folder was not yet republished with its conclusions' inputs, and why
#: (a strict xfail: the entry must go once the folder is republished).
NOT_REPUBLISHED: dict[str, str] = {}


def _id(folder: Path) -> str:
    return folder.relative_to(PUBLISHED).as_posix()


def _cases() -> list:
    return [pytest.param(folder, id=_id(folder), marks=pytest.mark.xfail(
                strict=True, reason=NOT_REPUBLISHED[_id(folder)]))
            if _id(folder) in NOT_REPUBLISHED else pytest.param(folder, id=_id(folder))
            for folder in FOLDERS]


def test_every_published_run_is_checked():
    """The papers publish their runs here (full size and reduced); none is left out."""
    papers = {folder.relative_to(PUBLISHED).parts[0] for folder in FOLDERS}
    assert papers == {"bommert2020", "hamer2021", "nogueira2016", "onda2022", "sechidis2019"}
    assert len(FOLDERS) >= 10
    assert set(NOT_REPUBLISHED) <= {_id(folder) for folder in FOLDERS}


@pytest.mark.parametrize("folder", _cases())
def test_the_published_inputs_are_complete(folder):
    """Each folder names its conclusions' inputs and publishes every table named."""
    names = sorted(folder.glob("*conclusions_inputs.json"))
    assert names, f"{folder}: no conclusions_inputs.json (publish with " \
                  "tools/publish_paper_results.py)"
    for path in names:
        content = json.loads(path.read_text(encoding="utf-8"))
        for stem in content["tables"]:
            assert (folder / f"{stem}.csv").is_file(), f"{path.name} names {stem}.csv"
        assert not set(content["tables"]) & set(content["missing"]), path


@pytest.mark.parametrize("folder", _cases())
def test_every_published_verdict_is_recomputed_from_the_published_files(folder, tmp_path):
    paper = folder.relative_to(PUBLISHED).parts[0]
    module = importlib.import_module(f"fsstab.papers.{paper}.conclusions")
    module.conclude_folder(folder, tmp_path / "conclusions.md", tmp_path / "conclusions")
    for name in ("conclusions.csv", "conclusions.md"):
        ours = (tmp_path / name).read_text(encoding="utf-8")
        published = (folder / name).read_text(encoding="utf-8")
        if ours != published:
            diff = "".join(list(difflib.unified_diff(
                published.splitlines(keepends=True), ours.splitlines(keepends=True),
                fromfile=f"published/{name}", tofile=f"recomputed/{name}"))[:40])
            raise AssertionError(f"{_id(folder)}/{name} is not what its published inputs "
                                 f"give:\n{diff}")
