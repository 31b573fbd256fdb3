"""Bommert (2020), Chapter 6 (fsstab.papers.bommert2020.ch6): the PCA order of Fig. 6.2, the
size dependence of Fig. 6.3 and the §6.3 tables, each checked against an independent derivation
written here; the stages' tables and figures named as the rules declare them."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from fsstab.papers.bommert2020.ch6 import all_pairs, real, stages
from fsstab.papers.bommert2020.ch6.comparison import chapter_6_3_comparison, not_run_rows
from fsstab.papers.bommert2020.ch6.figures import real_figures
from fsstab.papers.bommert2020.reference import THESIS_MEASURES
from fsstab.papers.outputs import NOT_RUN_NOTE


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


def _selection_tables(supports):
    """runs and features tables of the selection stage, one variant per entry of ``supports``
    (variant -> M x d boolean selections)."""
    runs, features = [], []
    for variant, Z in supports.items():
        for r, row in enumerate(np.asarray(Z, dtype=bool)):
            runs.append({"variant": variant, "resample": r, "accuracy": 0.5, "ranked": False})
            features += [{"variant": variant, "resample": r, "feature": j, "selected": True,
                          "importance": 1.0, "rank": np.nan} for j in np.flatnonzero(row)]
    return pa.Table.from_pylist(runs), pa.Table.from_pylist(features)


def test_measure_times_one_row_per_sampled_configuration_and_measure():
    Z = np.array([[1, 1, 0, 0], [1, 0, 1, 0], [1, 1, 0, 1]], dtype=bool)
    selections = {"a": _selection_tables({"v0": Z, "v1": ~Z}),
                  "b": _selection_tables({"v0": Z})}
    measures = ["jaccard", "nogueira", "intersection_count"]
    C = np.eye(4)
    kwargs = {"d": 4, "measures": measures, "params": {}, "C": C, "threshold": 0.9, "seed": 7}
    times = stages.measure_times("d", selections, n_configurations=2, **kwargs)
    # 2 of the 3 (configuration, variant) pairs, every measure timed on each
    assert len(times) == 2 * len(measures)
    chosen = times[["configuration", "variant"]].drop_duplicates()
    assert len(chosen) == 2
    assert set(map(tuple, chosen.to_numpy())) <= {("a", "v0"), ("a", "v1"), ("b", "v0")}
    assert (times.groupby(["configuration", "variant"])["measure"].apply(list)
            .map(lambda names: names == measures).all())
    assert (times["seconds"] >= 0).all()
    assert (times["dataset"] == "d").all()
    # the sample depends on the seed only, not on the times
    again = stages.measure_times("d", selections, n_configurations=2, **kwargs)
    pd.testing.assert_frame_equal(again[["configuration", "variant", "measure"]],
                                  times[["configuration", "variant", "measure"]])
    every = stages.measure_times("d", selections, n_configurations=None, **kwargs)
    assert len(every) == 3 * len(measures)


def _values(rows):
    columns = ["dataset", "proportion", *THESIS_MEASURES]
    return pd.DataFrame([dict(zip(columns, row, strict=True)) for row in rows])


def test_section_6_3_comparison_rows_by_hand():
    m = len(THESIS_MEASURES)
    # data set x: three configurations; y: one whose measures are all undefined (a failure)
    rows = [["x", 0.2, *([0.5] * m)], ["x", 0.6, *([-0.25] * m)], ["x", 0.8, *([0.75] * m)],
            ["y", 0.1, *([np.nan] * m)]]
    values = _values(rows)
    groups = {name: 1 + i % 3 for i, name in enumerate(THESIS_MEASURES)}
    # medians of x: yu 0.3 s (the slowest adjusted), intersection_count 0.1, intersection_mean
    # 0.2, the other adjusted ones 0.5; jaccard 0.05 (the slowest unadjusted but zucknick,
    # sechidis); zucknick 2.0
    seconds = {"yu": [0.2, 0.3, 0.4], "intersection_count": [0.1, 0.1, 0.1],
               "intersection_mean": [0.3, 0.2, 0.1], "intersection_mbm": [0.5] * 3,
               "intersection_greedy": [0.5] * 3, "jaccard": [0.01, 0.05, 0.06],
               "dice": [0.01] * 3, "zucknick": [2.0] * 3}
    times = pd.DataFrame([{"dataset": "x", "measure": name, "seconds": s}
                          for name, values_ in seconds.items() for s in values_])
    found = {(r["item"], r["dataset"]): r for r in
             chapter_6_3_comparison(values, list(THESIS_MEASURES), groups, times)}
    negative = found["§6.3.2: share of configurations where SMW is negative", ""]
    assert negative["our_value"] == f"{1 / 3:.3f}"  # y's undefined value is left out
    smallest = found["§6.3.2: smallest SMJ when more than half of the features are selected "
                     "on average", ""]
    assert (smallest["our_value"], smallest["setting"]) == ("-0.250", "2 configurations")
    fastest = found["§6.3.2: the two fastest adjusted and corrected measures (median run "
                    "time)", "x"]
    assert (fastest["paper_value"], fastest["our_value"]) == ("SMY, SMA-Count",
                                                               "SMA-Count, SMA-Mean")
    largest = found["§6.3.2: largest median run time of an unadjusted measure (s)", "x"]
    assert largest["our_value"] == "0.0500"
    assert found["§6.3.2: median run time of SMZ (s)", "x"]["our_value"] == "2.0000"
    failed = found["§6.3.1: configurations without results", ""]
    assert (failed["paper_value"], failed["our_value"]) == ("54", "1")
    assert failed["setting"] == "configurations per dataset: x 3, y 1"
    # Fig. 6.5's three groups, matched by size
    group_rows = [r for (item, _), r in found.items() if item.startswith("Fig. 6.5")]
    assert len(group_rows) == 3
    assert all(r["our_value"] for r in group_rows)


def test_not_run_rows_of_section_6_3():
    rows = not_run_rows({"real": {"datasets": ["a", "b", "c"]}}, ["b"])
    assert [r["dataset"] for r in rows] == ["a", "c"]
    assert all(r["note"] == NOT_RUN_NOTE for r in rows)
