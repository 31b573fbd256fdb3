"""Every registered measure keeps the registry's contract (scikit-learn's all_estimators /
imbalanced-learn's conformance tests, for measures): these tests iterate over MEASURES, so a
new measure is checked without being named here."""

from __future__ import annotations

import inspect
import math

import numpy as np
import pytest
from conftest import load_tool

import fsstab.measures as measures
from fsstab.measures import MEASURES, compute, register_measure
from fsstab.measures._registry import FAMILIES, REQUIREMENTS

NAMES = list(MEASURES)

#: The 20 measures of Bommert (2020), §3.3.2 and App. B.1 (stabm's names in
#: ../shared/reference/README.md), by the thesis' symbols.
THESIS_SYMBOLS = {"SMJ", "SMD", "SMO", "SMH", "SML", "SMW", "SMU", "SMK", "SMP", "SME", "SMD-α",
                  "SMS", "SMN", "SMZ", "SMES", "SMY", "SMA-MBM", "SMA-Greedy", "SMA-Count",
                  "SMA-Mean"}

#: Keywords of a measure function that are inputs, not parameters.
INPUT_KEYWORDS = {"d", "threshold"}


def test_the_thesis_measures_are_all_registered():
    assert {info.symbol for info in MEASURES.values()} >= THESIS_SYMBOLS
    assert len({info.symbol for info in MEASURES.values()}) == len(MEASURES)  # no symbol twice


@pytest.mark.parametrize("name", NAMES)
def test_registry_entry_describes_its_function(name):
    info = MEASURES[name]
    assert info.name == name == info.function.__name__
    assert getattr(measures, name) is info.function
    assert name in measures.__all__
    assert info.family in FAMILIES
    assert info.requires
    assert set(info.requires) <= set(REQUIREMENTS)
    keywords = {p.name for p in inspect.signature(info.function).parameters.values()
                if p.kind is p.KEYWORD_ONLY}
    assert set(info.params) == keywords - INPUT_KEYWORDS
    assert "undefined" in info.params
    assert info.rank_depth is None or info.rank_depth in info.params
    assert info.symbol
    assert info.description
    assert any(mark in info.reference for mark in ("eq.", "§", "Definition", "Table"))
    lower, upper = info.bounds
    assert upper is None or upper == 1.0
    assert lower is None or lower <= upper
    if info.math is not None:
        assert info.greek[0] in "φΦ"
        assert "\\" not in info.greek


@pytest.mark.parametrize("name", NAMES)
def test_every_measure_has_a_runnable_example(name):
    doc = MEASURES[name].function.__doc__
    assert "\n    Examples\n    --------\n" in doc, name
    assert f">>> from fsstab.measures import {name}" in doc or "import" in doc.split(
        "Examples", 1)[1]


def _inputs(seed: int = 0):
    rng = np.random.default_rng(seed)
    M, d = 6, 12
    Z = rng.random((M, d)) < 0.35
    Z[:, 0] = True  # no run is empty
    W = np.where(Z, rng.random((M, d)) + 0.1, 0.0)
    ranks = np.argsort(np.argsort(-W, axis=1, kind="stable"), axis=1) + 1
    C = np.eye(d)
    C[1, 2] = C[2, 1] = 0.9
    C[3, 4] = C[4, 3] = 0.6
    return Z, W, ranks, C


def _direct(info, Z, W, ranks, C):
    if info.requires == ("W",):
        return info.function(W)
    if info.requires == ("ranks",):
        return info.function(ranks)
    if "C" in info.requires:
        return info.function(Z, C, threshold=0.5)
    return info.function(Z)


@pytest.mark.parametrize("name", NAMES)
def test_compute_equals_the_function_and_stays_in_bounds(name):
    info = MEASURES[name]
    Z, W, ranks, C = _inputs()
    sizes = Z.sum(axis=1)
    Z_equal = Z.copy()
    if info.applicable is not None:  # Kuncheva: sets of one size
        Z_equal = np.zeros_like(Z)
        for row in range(Z.shape[0]):
            Z_equal[row, np.argsort(-W[row])[: int(sizes.min())]] = True
        Z = Z_equal
        W = np.where(Z, W, 0.0)
    value = compute(Z, [name], W=W, C=C, threshold=0.5, ranks=ranks)[name]
    direct = _direct(info, Z, W, ranks, C)
    assert value == direct or (math.isnan(value) and math.isnan(direct))
    lower, upper = info.bounds
    assert math.isfinite(value)
    assert upper is None or value <= upper + 1e-12
    assert lower is None or value >= lower - 1e-12


@pytest.mark.parametrize("name", [n for n in NAMES if MEASURES[n].bounds[1] is not None])
def test_identical_runs_reach_the_upper_bound(name):
    info = MEASURES[name]
    row = np.zeros(10, dtype=bool)
    row[[0, 3, 4]] = True
    Z = np.tile(row, (4, 1))
    W = np.where(Z, [3.0, 0, 0, 2.0, 1.0, 0, 0, 0, 0, 0], 0.0)
    ranks = np.tile(np.arange(1, 11), (4, 1))
    value = _direct(info, Z, W, ranks, np.eye(10))
    if info.bounds_note and "only as" in info.bounds_note:  # SML: 1 only in a limit
        assert value < 1.0
    else:
        assert value == pytest.approx(1.0, abs=1e-12)


def test_the_decorator_refuses_a_second_name_and_bad_metadata():
    info = MEASURES["jaccard"]
    decorate = register_measure(family="pairwise", requires=("Z",), bounds=(0.0, 1.0),
                                corrected_for_chance=False, reference="§1", symbol="X",
                                evaluate=info.evaluate)
    with pytest.raises(ValueError, match="registered twice"):
        decorate(info.function)
    with pytest.raises(ValueError, match="family"):
        register_measure(family="set", requires=("Z",), bounds=(0.0, 1.0),
                         corrected_for_chance=False, reference="§1", symbol="X",
                         evaluate=info.evaluate)
    with pytest.raises(ValueError, match="unknown input"):
        register_measure(family="pairwise", requires=("Y",), bounds=(0.0, 1.0),
                         corrected_for_chance=False, reference="§1", symbol="X",
                         evaluate=info.evaluate)

    def Upper(Z):
        return 0.0

    with pytest.raises(ValueError, match="snake_case"):
        decorate(Upper)
    assert "Upper" not in MEASURES


def _measures_table_tool():
    return load_tool("measures_table")


def test_the_documents_measures_tables_are_the_registry():
    tool = _measures_table_tool()
    documents = tool.marked_documents()
    assert documents, "no document holds a measures table between the markers"
    assert not tool.stale_tables(), (
        f"stale measures table(s) {tool.stale_tables()}: run python3 tools/measures_table.py "
        "--write")
    # read back without the tool: a full table lists every measure once, with its symbol
    full = [m for path in documents for m in tool.BLOCK.finditer(path.read_text("utf-8"))
            if m["family"] is None]
    assert full, "no document holds the table of every measure"
    for match in full:
        rows = list(match["table"].splitlines()[2:])
        assert [line.split(" | ")[0].strip("|` ") for line in rows] == sorted(
            MEASURES, key=lambda n: (FAMILIES.index(MEASURES[n].family), NAMES.index(n)))
        for line, name in zip(rows, (r.split(" | ")[0].strip("|` ") for r in rows),
                              strict=True):
            assert f" {MEASURES[name].symbol}" in line
