"""Shared fixtures: the location of ../shared (papers, datasets, reference values)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("FSSTAB_SHARED", REPO.parent / "shared")).resolve()


def _require(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"{path} not available (set FSSTAB_SHARED to the shared/ folder)")
    return path


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    return _require(SHARED)


@pytest.fixture(scope="session")
def reference_dir(shared_dir: Path) -> Path:
    return _require(shared_dir / "reference")


@pytest.fixture(scope="session")
def datasets_dir(shared_dir: Path) -> Path:
    return _require(shared_dir / "datasets")


@pytest.fixture(scope="session")
def stability_scenarios(reference_dir: Path) -> list[dict]:
    return json.loads((reference_dir / "stability_scenarios.json").read_text())


@pytest.fixture(scope="session")
def stability_values(reference_dir: Path) -> dict:
    data = json.loads((reference_dir / "stability_values.json").read_text())
    return data.get("values", data)


@pytest.fixture(scope="session")
def nogueira_inference(reference_dir: Path) -> dict:
    return json.loads((reference_dir / "nogueira_inference.json").read_text())
