"""The house rule "no module over 600 lines" (DEVELOPERS.md), checked on every module of the
package: a module that grows past it is split into a sub-package or private siblings with
unchanged public imports."""

from __future__ import annotations

from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "fsstab"
LIMIT = 600


def _modules():
    return sorted(SRC.rglob("*.py"))


def test_the_package_has_modules():
    assert len(_modules()) > 100


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(SRC)))
def test_no_module_over_600_lines(path):
    lines = path.read_text(encoding="utf-8").count("\n")
    assert lines <= LIMIT, f"{path.relative_to(SRC.parent)}: {lines} lines (> {LIMIT}): split it"
