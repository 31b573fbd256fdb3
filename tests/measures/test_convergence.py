"""How many resamples are enough: φ and its interval on the first m runs, the precision
criterion, and the workflow's table and sentence."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from fsstab.convergence import (
    half_width_text,
    nogueira_convergence,
    precision_reached,
    resamples_needed,
)
from fsstab.workflow.convergence import (
    convergence_sentence,
    convergence_table,
    convergence_verdicts,
)


def _phi(Z: np.ndarray) -> float:
    """φ from its definition (Nogueira et al. 2018): 1 − mean unbiased variance of the
    selection indicators over k̄/d (1 − k̄/d), written out here."""
    M, d = Z.shape
    p = Z.mean(axis=0)
    s2 = M / (M - 1) * p * (1 - p)
    k = Z.sum(axis=1).mean()
    return 1 - s2.mean() / (k / d * (1 - k / d))


@pytest.fixture
def selections():
    rng = np.random.default_rng(3)
    return rng.random((40, 25)) < np.linspace(0.95, 0.05, 25)


def test_the_curve_is_phi_of_the_first_m_runs(selections):
    curve = nogueira_convergence(selections, alpha=0.05)
    assert curve.m.tolist() == list(range(1, 41))
    assert math.isnan(curve.phi[0])  # φ needs two runs
    for m in (2, 5, 17, 40):
        assert curve.phi[m - 1] == pytest.approx(_phi(selections[:m].astype(float)), abs=1e-12)
    finite = np.isfinite(curve.phi)
    assert np.all(curve.low[finite] <= curve.phi[finite])
    assert np.all(curve.high[finite] <= 1.0)
    assert np.all(curve.low[finite] >= -1.0 / (curve.m[finite] - 1))
    # the half-width shrinks about like 1/sqrt(m)
    ratio = curve.half_width[39] / curve.half_width[9]
    assert 0.3 < ratio < 0.75


def test_precision_criterion_and_resamples_needed(selections):
    curve = nogueira_convergence(selections)
    width = curve.half_width[-1]
    assert precision_reached(curve, width + 1e-9)
    assert not precision_reached(curve, width * 0.9)
    # the 1/sqrt(M) rate: halving the half-width takes four times the resamples
    assert resamples_needed(curve, width / 2) == math.ceil(40 * 4 - 1e-9)
    assert resamples_needed(curve, width * 2) <= 40
    with pytest.raises(ValueError, match="precision"):
        precision_reached(curve, 0.0)
    assert half_width_text(0.05037, 0.05) == "0.0504"


def _tables(Z: np.ndarray, variant: str) -> tuple[pa.Table, pa.Table]:
    M = Z.shape[0]
    runs = pa.table({"resample": pa.array(range(M), pa.int32()),
                     "variant": [variant] * M, "accuracy": np.full(M, 0.9),
                     "ranked": np.zeros(M, bool)})
    rows, cols = np.nonzero(Z)
    features = pa.table({"resample": pa.array(rows, pa.int32()), "variant": [variant] * rows.size,
                         "feature": pa.array(cols, pa.int32()),
                         "selected": np.ones(rows.size, bool),
                         "importance": np.ones(rows.size), "rank": pa.nulls(rows.size, pa.int32()),
                         "frequency_score": pa.nulls(rows.size, pa.float64())})
    return runs, features


def test_workflow_table_groups_shared_selections_and_says_whether_m_suffices(selections):
    other = np.random.default_rng(9).random((40, 25)) < 0.3
    runs_a, feat_a = _tables(selections, "v1")
    runs_b, feat_b = _tables(selections, "v2")  # another variant, the very same selections
    runs = pa.concat_tables([runs_a, runs_b])
    features = pa.concat_tables([feat_a, feat_b])
    runs_c, feat_c = _tables(other, "default")
    summary = pd.DataFrame({"configuration": ["rfe", "rfe", "noise"],
                            "variant": ["v1", "v2", "default"],
                            "label": ["rfe:v1", "rfe:v2", "noise"]})
    table = convergence_table({"rfe": (runs, features), "noise": (runs_c, feat_c)}, summary,
                              dataset="d", d=25, rank_cap=5).to_pandas()
    assert len(table) == 3 * 40
    assert set(table.loc[table["label"] == "rfe:v2", "selection"]) == {"rfe:v1"}
    assert set(table.loc[table["label"] == "noise", "selection"]) == {"noise"}
    verdicts = convergence_verdicts(table, precision=0.05)
    assert verdicts["labels"].tolist() == ["rfe (2 variants)", "noise"]
    widths = verdicts.set_index("labels")["half_width"]
    precision = float((widths.min() + widths.max()) / 2)  # one suffices, the other not
    verdicts = convergence_verdicts(table, precision=precision)
    sentence = convergence_sentence(verdicts, precision=precision)
    assert sentence.startswith(f"M = 40 resamples suffice when the 95 % interval of φ at M is "
                               f"at most ± {precision:g} wide: they do for 1 of the 2 distinct")
    short = verdicts[~verdicts["enough"]].iloc[0]
    assert f"about {short['needed']} resamples would do" in sentence
    assert f"Raising resampling.n_resamples to {short['needed']}" in sentence


def test_the_sentence_when_m_suffices_everywhere(selections):
    table = pd.DataFrame({
        "label": "a", "configuration": "a", "selection": "a", "m": np.arange(1, 41),
        **dict(zip(("phi", "ci_low", "ci_high", "half_width"),
                   nogueira_convergence(selections)[1:5], strict=True)),
    })
    width = float(table["half_width"].iloc[-1])
    sentence = convergence_sentence(convergence_verdicts(table, precision=width + 0.01),
                                    precision=width + 0.01)
    assert "they do for every configuration (largest half-width" in sentence
    assert f"about {math.ceil(40 * (width / (width + 0.01)) ** 2 - 1e-9)} resamples would " \
           "have sufficed" in sentence
