"""What the error-control stage adds to the other outputs: per feature in stable_features.csv,
the sentence in summary.csv and on the landing page, the figure; the subsample fits of the fit
on all samples spread over chunk jobs; and config/examples/error_control.yaml run reduced end
to end on the real data (alon, through the local mirror)."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
import yaml

from fsstab.selectors import stability_selection_bound, stability_selection_parameters
from fsstab.workflow.chunks import chunk_range
from fsstab.workflow.error_control import (
    error_control_summary,
    fit_discoveries,
    subsample_count_chunk,
    subsample_fit_chunks,
    summed_counts,
)
from fsstab.workflow.error_outputs import (
    error_control_figure,
    error_control_paragraph,
    with_error_control_columns,
    with_error_control_sentences,
)

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "config" / "examples" / "error_control.yaml"


def _dataset(n=60, d=15):
    rng = np.random.default_rng(4)
    X = rng.normal(size=(n, d))
    y = 3.0 * X[:, 0] - 3.0 * X[:, 1] + rng.normal(size=n)
    return SimpleNamespace(name="toy", X=X, y=y, n_features=d, task="regression",
                           feature_names=[f"g{j}" for j in range(d)], sample_groups=None)


def _spec(params, variants=({"id": "default", "params": {}},)):
    return {"id": "stabs", "selector": "stabs", "class": "StabilitySelection",
            "params": params, "variants": [dict(v) for v in variants]}


STABS = {"selector": {"class": "LassoSelector"}, "selection": "path", "pfer": 1.0,
         "pi_thr": 0.75, "n_pairs": 5, "assumption": "r-concave"}


def test_the_fit_from_chunked_counts_is_the_fit_whatever_the_chunking():
    ds = _dataset()
    spec = _spec(STABS, variants=({"id": "default", "params": {}},
                                  {"id": "pi_thr=0.6", "params": {"pi_thr": 0.6}}))
    whole = fit_discoveries(ds, spec, seed=3)
    for size in (1, 3, 4, 10):
        chunks = subsample_fit_chunks(spec, size)
        assert [list(chunk_range(c)) for c in chunks] == \
            [list(range(a, min(a + size, 10))) for a in range(0, 10, size)]
        parts = [subsample_count_chunk(ds, spec, chunk_range(c), seed=3) for c in chunks]
        chunked = fit_discoveries(ds, spec, seed=3, counts=summed_counts(parts))
        pd.testing.assert_frame_equal(chunked, whole)
    assert subsample_fit_chunks(spec, None) == ()
    assert subsample_fit_chunks({**spec, "class": "Stabl"}, 4) == ()


def test_the_fit_states_the_r_concave_bound_its_curve_and_the_sentence():
    ds = _dataset()
    fit = fit_discoveries(ds, _spec(STABS), seed=3)
    row = fit.iloc[0]
    # q and the bound it attains at p = 15, from the bounds' solver (tested against stabs)
    expected = stability_selection_parameters(15, pi_thr=0.75, pfer=1.0, n_pairs=5,
                                              assumption="r-concave")
    assert (row["q"], row["threshold"]) == (expected.q, 0.75)
    assert row["level"] == pytest.approx(expected.pfer)
    assert (row["guarantee"], row["method"]) == ("PFER", "Shah & Samworth, r-concave")
    probabilities = np.asarray(row["probabilities"])
    # frequencies over 2B = 10 half-samples: multiples of 1/10; passing = at or above π_thr
    np.testing.assert_allclose(probabilities * 10, np.round(probabilities * 10))
    np.testing.assert_array_equal(row["passes"], probabilities >= 0.75)
    assert {0, 1} <= set(np.flatnonzero(row["passes"]))
    assert row["features"] == [f"g{j}" for j in np.flatnonzero(row["passes"])]
    # the curve: every multiple t of 1/10 in (0, 1], the r-concave bound of q at t
    assert row["curve_thresholds"] == pytest.approx([i / 10 for i in range(1, 11)])
    for t, bound in zip(row["curve_thresholds"], row["curve_bound"], strict=True):
        try:
            want = stability_selection_bound(15, expected.q, t, assumption="r-concave",
                                             n_pairs=5)
        except ValueError:
            want = np.nan
        np.testing.assert_allclose(bound, want)
    summary = error_control_summary([fit], [], dataset="toy", n_planted=None,
                                    confidence_level=0.95)
    k = int(np.sum(row["passes"]))
    assert summary.loc[0, "discovery_sentence"] == (
        f"{k} features selected; at most {expected.pfer:.3g} false on average "
        "(Shah & Samworth, r-concave).")
    assert "probabilities" not in summary.columns
    assert summary.loc[0, "threshold"] == 0.75


def _fit_row(configuration, probabilities, threshold, **extra):
    probabilities = list(probabilities)
    return {"configuration": configuration, "variant": "default",
            "probabilities": probabilities, "passes": [p >= threshold for p in probabilities],
            "threshold": threshold, "guarantee": extra.get("guarantee", "PFER"),
            "level": extra.get("level", 0.5), "method": extra.get("method", "m"),
            "q_values": extra.get("q_values", []), "curve_thresholds": [0.5, 1.0],
            "curve_bound": [1.0, 0.5], "curve_fdp": []}


def test_stable_features_gain_the_columns_on_the_fitted_configurations_only():
    stable = pa.table({"configuration": ["stabs", "stabs", "lasso"],
                       "variant": ["default"] * 3,
                       "feature": pa.array([2, 0, 2], pa.int32()),
                       "frequency": [0.9, 0.4, 0.8]})
    assert with_error_control_columns(stable, []) is stable  # no error control: unchanged
    fit = pd.DataFrame([_fit_row("stabs", [0.3, 0.1, 0.8], 0.75)])
    table = with_error_control_columns(stable, [fit])
    assert table.column("error_control_guarantee").to_pylist() == ["PFER", "PFER", None]
    out = table.to_pandas()
    assert out.columns[:4].tolist() == stable.column_names  # existing columns first, unchanged
    assert out["error_control_probability"].tolist()[:2] == [0.8, 0.3]
    assert np.isnan(out["error_control_probability"].iloc[2])
    assert out["error_control_passes"].tolist() == [True, False, None]
    assert "error_control_q_value" not in out.columns
    with_q = pd.DataFrame([_fit_row("stabs", [0.3, 0.1, 0.8], 0.75,
                                    q_values=[0.5, 1.0, 0.02])])
    out = with_error_control_columns(stable, [with_q]).to_pandas()
    assert out["error_control_q_value"].tolist()[:2] == [0.02, 0.5]


def test_the_summary_sentence_the_landing_paragraph_and_the_figure():
    frame = pd.DataFrame({"dataset": ["a", "a", "b"], "configuration": ["stabs", "lasso",
                                                                         "stabs"],
                          "variant": ["default"] * 3})
    summary = pd.DataFrame({"dataset": ["a"], "configuration": ["stabs"],
                            "variant": ["default"],
                            "discovery_sentence": ["2 features selected; x."],
                            "sentence": ["2 features selected; x. Planted-null check: y"]})
    assert with_error_control_sentences(frame, [summary])["error_control"].tolist() == \
        ["2 features selected; x.", "", ""]
    assert with_error_control_sentences(frame, []) is frame
    paragraph = error_control_paragraph(summary)
    assert "stabs: 2 features selected; x. Planted-null check: y" in paragraph
    fits = [pd.DataFrame([_fit_row("stabs", [0.3, 0.9], 0.75),
                          {**_fit_row("stabl", [0.2, 0.7], 0.6), "curve_bound": [],
                           "curve_fdp": [0.4, 1.0], "guarantee": "FDR"},
                          {**_fit_row("knock", [], np.nan), "passes": [True, False],
                           "curve_thresholds": []}])]
    fig = error_control_figure(fits)
    # two rows (stability selection, Stabl) of two panels and a twin axis; knockoffs not drawn
    assert len(fig.axes) == 6
    labels = [ax.get_ylabel() for ax in fig.axes]
    assert "bound on the expected false selections" in labels
    assert "estimated false discovery proportion (FDP+)" in labels


def _reduced_example() -> dict:
    config = copy.deepcopy(yaml.safe_load(EXAMPLE.read_text()))
    config["results_dir"] = "results"
    config["resampling"]["n_resamples"] = 2
    config["datasets"]["alon"]["prefilter"] = {"n_features": 30}
    config["selectors"]["stability_selection"]["params"]["n_pairs"] = 3
    config["selectors"]["stabl"]["params"].update(n_pairs=2)
    config["error_control"]["fit_chunk_size"] = 4
    config["error_control"]["planted_nulls"] = {"n_repeats": 2, "n_planted": 5,
                                                "chunk_size": 1}
    config["figures"] = {"dataset_figures": False}
    return config


@pytest.mark.workflow
def test_the_example_runs_reduced_end_to_end_on_the_real_data(tmp_path, datasets_dir):
    """Stability selection (r-concave) and Stabl on the colon data fetched through the
    mirror: the columns of stable_features.csv, the sentence of summary.csv and of the
    landing page, the figure, the report's error-control page."""
    from conftest import run_snakemake, workflow_dir

    config = _reduced_example()
    config["mirror"] = str(datasets_dir)
    workdir = workflow_dir(tmp_path, config)
    targets = ["results/alon/stable_features.csv", "results/summary.csv",
               "results/alon/report/overview.html", "results/alon/report/error_control.html"]
    result = run_snakemake(workdir, "--cores", "2", *targets, timeout=1500)
    assert result.returncode == 0, result.stderr[-5000:]
    results = workdir / "results"
    # the 2 * 3 = 6 half-sample fits of stability selection in chunks of 4
    counts = results / "alon" / "error_control" / "stability_selection" / "counts"
    assert sorted(p.name for p in counts.iterdir()) == ["s0000-0003.parquet",
                                                         "s0004-0005.parquet"]
    stable = pd.read_csv(results / "alon" / "stable_features.csv", keep_default_na=False)
    stabs = stable[stable["configuration"] == "stability_selection"]
    assert set(stabs["error_control_guarantee"]) == {"PFER"}
    assert set(stabs["error_control_method"]) == {"Shah & Samworth, r-concave"}
    assert set(stabs["error_control_threshold"]) == {0.75}
    probability = stabs["error_control_probability"].astype(float)
    assert probability.between(0, 1).all()
    assert (stabs["error_control_passes"].astype(str) == (probability >= 0.75).astype(str)).all()
    stabl = stable[stable["configuration"] == "stabl"]
    assert set(stabl["error_control_guarantee"]) == {"FDR"}
    assert set(stabl["error_control_method"]) == {"Stabl, permuted copies"}
    summary = pd.read_csv(results / "summary.csv", keep_default_na=False)
    sentence = summary.set_index("configuration").loc["stability_selection", "error_control"]
    assert re.fullmatch(r"\d+ features? selected \(\d+ discover(y|ies) counting similar "
                        r"features once\); at most [0-9.e-]+ false on average \(Shah & "
                        r"Samworth, r-concave\)\.", sentence), sentence
    assert "estimated FDP+" in summary.set_index("configuration").loc["stabl", "error_control"]
    overview = (results / "alon" / "report" / "overview.html").read_text()
    assert "How many could be false?" in overview
    assert "stability_selection: " in overview
    page = (results / "alon" / "report" / "error_control.html").read_text()
    assert "Planted-null check" in page
    figure = results / "alon" / "error_control" / "figure.png"
    assert figure.read_bytes().startswith(b"\x89PNG")
    assert (results / "alon" / "error_control" / "figure.pdf").is_file()
