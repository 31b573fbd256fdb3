"""Bommert (2020), Chapter 6 (fsstab.papers.bommert2020.ch6): the PCA order of Fig. 6.2, the
size dependence of Fig. 6.3 and the §6.3 tables, each checked against an independent derivation
written here; the stages' tables and figures named as the rules declare them."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from fsstab.papers.bommert2020.ch6 import all_pairs, real, stages
from fsstab.papers.bommert2020.ch6.figures import real_figures
from fsstab.papers.bommert2020.reference import THESIS_MEASURES


def test_pc1_order_agrees_with_an_eigendecomposition():
    rng = np.random.default_rng(3)
    base = rng.normal(size=200)
    values = {f"m{k}": base * (k - 2) + 0.3 * rng.normal(size=200) for k in range(5)}
    values["m4"][7] = np.nan  # a scenario where one measure is undefined is left out
    order, scores = all_pairs.pc1_order(values)
    names = list(values)
    data = np.vstack([values[n] for n in names])
    data = data[:, np.all(np.isfinite(data), axis=0)]
    centred = data - data.mean(axis=0)
    eigenvalues, eigenvectors = np.linalg.eigh(centred @ centred.T)
    pc1 = eigenvectors[:, -1] * np.sqrt(eigenvalues[-1])  # scores of the measures
    expected = [names[i] for i in np.argsort(pc1)]
    assert order in (expected, expected[::-1])
    np.testing.assert_allclose(np.sort(np.abs(scores)), np.sort(np.abs(pc1)), rtol=1e-8)


def test_size_dependence_means_by_brute_force():
    values = {"m": np.array([[0.0, 1.0], [np.nan, 0.5]])}
    sizes = np.array([[0.0, 0.5], [0.5, 1.0]])
    points, means = all_pairs.size_dependence(values, sizes)
    assert means.set_index("mean_size")["value"].to_dict() == {0.0: 0.0, 0.5: 1.0, 1.0: 0.5}
    assert points["count"].sum() == 3
    # (|V1| + |V2|) / 2 of subsets 0b01 and 0b11 of p = 2 features
    assert all_pairs.mean_set_size(2)[1, 3] == 1.5


def _summary(dataset, values):
    n = len(next(iter(values.values())))
    return pd.DataFrame({
        "dataset": [dataset] * n, "configuration": ["c"] * n, "selector": ["s"] * n,
        "variant": [f"v{i}" for i in range(n)], "label": [f"c:v{i}" for i in range(n)],
        "mean_n_selected": np.linspace(2.0, 18.0, n), "n_features": [20] * n,
        "accuracy_mean": [0.5] * n, **values})


def test_real_values_and_sampling():
    summary = _summary("d", {"jaccard": [0.1, 0.2, 0.3]})
    values = real.real_values([summary], ["jaccard"])
    np.testing.assert_allclose(values["proportion"], [0.1, 0.5, 0.9])
    with pytest.raises(ValueError, match="lacks the measure"):
        real.real_values([summary], ["dice"])
    pairs = real.sample_variants({"a": ["v0", "v1"], "b": ["v0"]}, 2, 0)
    assert len(pairs) == 2
    assert pairs == sorted(pairs)
    assert real.sample_variants({"a": ["v0", "v1"], "b": ["v0"]}, None, 0) == [
        ("a", "v0"), ("a", "v1"), ("b", "v0")]


def test_real_stage_correlations_and_names():
    rng = np.random.default_rng(4)
    measures = list(THESIS_MEASURES)  # the comparison rows read all 20
    summaries = [_summary(d, {m: rng.uniform(size=8) for m in measures}) for d in ("a", "b")]
    times = pd.DataFrame([{"dataset": d, "configuration": "c", "variant": "v0", "measure": m,
                           "seconds": float(rng.uniform(0, 1))}
                          for d in ("a", "b") for m in measures for _ in range(3)])
    result = stages.real(summaries, times, measures=measures, datasets=["a", "b"])
    # the mean of the two data sets' Pearson correlations over their configurations
    expected = np.mean([np.corrcoef(s["jaccard"], s["hamming"])[0, 1] for s in summaries])
    table = result.tables["fig06_5_mean_correlation"].set_index("measure")
    assert table.loc["SMJ", "SMH"] == pytest.approx(expected)
    assert set(table["group"]) == {1, 2, 3}
    run_times = result.tables["fig06_7_run_times"].set_index(["dataset", "measure"])
    assert run_times.loc[("a", "yu"), "median"] == pytest.approx(
        times[(times["dataset"] == "a") & (times["measure"] == "yu")]["seconds"].median())
    assert sorted(real_figures(result)) == sorted(stages.real_figure_stems(["a", "b"]))
