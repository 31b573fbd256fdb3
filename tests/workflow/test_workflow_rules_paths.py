"""The paths of the stages' products are spelled once, in the get_* functions of
rules/common.smk; rules and input functions call them."""

from __future__ import annotations

from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "rules"

#: File names of products that have a get_* function.
PRODUCTS = ("calibration.json", "/chunks/", "stable_features.parquet", "runs.parquet",
            "features.parquet", "timings.parquet", "/stability.parquet", "/pareto.parquet",
            "pareto_rank.parquet", "dataset.parquet", "resamples.parquet",
            "similarity.parquet", "univariate.parquet")


def _spellings_outside_get_functions(path: Path) -> list[str]:
    """(line, product) for every product path spelled outside a top-level ``def get_*``."""
    found, inside_get = [], False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line and not line[0].isspace():
            inside_get = line.startswith("def get_")
        if inside_get or line.lstrip().startswith("#"):
            continue
        found += [f"{path.name}:{number} {product}" for product in PRODUCTS if product in line]
    return found


@pytest.mark.parametrize("path", sorted(RULES.glob("*.smk")), ids=lambda p: p.name)
def test_product_paths_come_from_get_functions(path):
    # the raw download of the prefilter (fetch -> prefilter) and a dataset's stored form are
    # the data stage's own files
    allowed = {"prefilter.smk": {"dataset.parquet"}, "fetch.smk": {"dataset.parquet"},
               "common.smk": {"dataset.parquet"}}
    found = [f for f in _spellings_outside_get_functions(path)
             if f.rsplit(" ", 1)[1] not in allowed.get(path.name, set())]
    assert not found, f"spell these paths through a get_* function of rules/common.smk: {found}"


def test_the_check_finds_a_spelled_path(tmp_path):
    rules = tmp_path / "x.smk"
    rules.write_text('rule a:\n    output:\n        f"{RESULTS}/{{dataset}}/c/calibration.json",\n'
                     'def get_x(d):\n    return f"{d}/runs.parquet"\n', encoding="utf-8")
    assert _spellings_outside_get_functions(rules) == ["x.smk:3 calibration.json"]


def test_the_rules_read_the_typed_configuration_only():
    # WF (fsstab.workflow.config_objects.WorkflowConfig) names every setting a rule reads; its
    # raw mapping stays inside the library, so that a key is read in one place
    files = [*sorted(RULES.rglob("*.smk")), RULES.parent / "Snakefile"]
    assert len(files) > 20          # rules/paper_*/ included
    found = [f"{path.relative_to(RULES.parent)}:{number}"
             for path in files
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if ".raw" in line.split("#", 1)[0]]
    assert not found, f"read the setting through a property of WorkflowConfig: {found}"
