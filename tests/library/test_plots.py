"""Figures: run headless, write PDF + PNG deterministically, and draw the right geometry."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import matplotlib as mpl
import numpy as np
import pandas as pd
import pytest
from matplotlib.collections import PolyCollection

from fsstab import plots
from fsstab.plots import (
    FEATURE_COLORS,
    TAIL_GREYS,
    coefficient_of_variation,
    coefficient_of_variation_bars,
    correlation_scatter,
    dominated_area_plot,
    feature_stability_map,
    pareto_comparison_plot,
    pareto_plot,
    sampling_distribution_plot,
    save_figure,
    table_figure,
    trajectory_plot,
)

# Hand-built importances: M = 4 runs, d = 6 features.
#   feature 4 is selected in 4 runs, feature 1 in 3, feature 5 in 2, feature 0 in 1;
#   features 2 and 3 never. Frequency order, left to right: 4, 1, 5, 0.
HAND_W = np.array(
    [
        [0.0, 2.0, 0.0, 0.0, 1.0, 1.0],  # relative: f1 .5, f4 .25, f5 .25
        [0.0, 1.0, 0.0, 0.0, 3.0, 0.0],  # f1 .25, f4 .75
        [1.0, 0.0, 0.0, 0.0, 1.0, 2.0],  # f0 .25, f4 .25, f5 .5
        [0.0, 3.0, 0.0, 0.0, 1.0, 0.0],  # f1 .75, f4 .25
    ]
)
# (run, feature) -> (left, right), placing features in the order 4, 1, 5, 0 within each run.
HAND_RECTANGLES = {
    (0, 4): (0.0, 0.25), (0, 1): (0.25, 0.75), (0, 5): (0.75, 1.0),
    (1, 4): (0.0, 0.75), (1, 1): (0.75, 1.0),
    (2, 4): (0.0, 0.25), (2, 5): (0.25, 0.75), (2, 0): (0.75, 1.0),
    (3, 4): (0.0, 0.25), (3, 1): (0.25, 1.0),
}

# The Pareto example of test_pareto.py: hull intervals [0, 1/3], [1/3, 2/3], [2/3, 4/5], [4/5, 1]
ACC = np.array([0.80, 0.85, 0.90, 0.70, 0.90, 0.82])
PHI = np.array([0.60, 0.50, 0.30, 0.65, 0.30, 0.40])


def map_rectangles(fig):
    """(run, left, right, facecolor) of every rectangle drawn in a stability map."""
    ax = fig.axes[0]
    (collection,) = [c for c in ax.collections if c.get_gid() == "feature-stability-map"]
    assert isinstance(collection, PolyCollection)
    out = []
    for path, color in zip(collection.get_paths(), collection.get_facecolors(), strict=True):
        xy = path.vertices[:4]
        x0, x1 = xy[:, 0].min(), xy[:, 0].max()
        y0, y1 = xy[:, 1].min(), xy[:, 1].max()
        assert y1 - y0 == pytest.approx(1.0)
        out.append((round((y0 + y1) / 2), x0, x1, mpl.colors.to_hex(color)))
    return out


def test_feature_stability_map_geometry():
    fig = feature_stability_map(HAND_W)
    drawn = map_rectangles(fig)
    assert len(drawn) == len(HAND_RECTANGLES)
    color_of_feature: dict[int, str] = {}
    for run, x0, x1, color in drawn:
        matches = [f for (r, f), (lo, hi) in HAND_RECTANGLES.items()
                   if r == run and np.isclose(lo, x0) and np.isclose(hi, x1)]
        assert len(matches) == 1, (run, x0, x1)
        feature = matches[0]
        # one colour per feature, in every run
        assert color_of_feature.setdefault(feature, color) == color
    # distinct features, distinct colours, assigned by frequency rank
    assert len(set(color_of_feature.values())) == 4
    for rank, feature in enumerate([4, 1, 5, 0]):
        assert color_of_feature[feature] == mpl.colors.to_hex(FEATURE_COLORS[rank])
    ax = fig.axes[0]
    assert ax.get_xlim() == (0.0, 1.0)
    assert ax.get_ylim() == (3.5, -0.5)  # run 1 on top
    assert ax.get_xlabel()
    assert ax.get_ylabel() == "Selection run"


def test_feature_stability_map_annotations_and_legend():
    names = [f"g{j}" for j in range(6)]
    fig = feature_stability_map(
        HAND_W, feature_names=names, legend_features=2, title="toy",
        measures={"nogueira": 0.75, "pearson": 0.25, "canberra": 0.51,
                  "importance_weighted": 0.5},
    )
    ax = fig.axes[0]
    title = ax.get_title()
    assert title.splitlines()[0] == "toy"
    for text in (r"$\phi$ = 0.75", r"$\phi_{\mathrm{pears}}$ = 0.25",
                 r"$\phi_{\mathrm{can}}$ = 0.51", r"$\phi_{\mathrm{iw}}$ = 0.50"):
        assert text in title
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["g4 ($p_f$ = 1.00)", "g1 ($p_f$ = 0.75)"]
    with pytest.raises(ValueError, match="feature_names has 2 names but there are 6"):
        feature_stability_map(HAND_W, feature_names=["a", "b"])


def test_feature_stability_map_scales_to_100_runs():
    rng = np.random.default_rng(0)
    M, d = 100, 400
    p = np.linspace(1.0, 0.0, d) ** 6  # a stable core and a long unstable tail
    Z = rng.random((M, d)) < p * 0.9
    Z[:, 0] = True
    W = Z * rng.gamma(2.0, 1.0, size=(M, d))
    fig = feature_stability_map(W)
    drawn = map_rectangles(fig)
    assert len(drawn) == np.count_nonzero(W)
    frequency = Z.mean(axis=0)
    color_of_feature: dict[int, str] = {}
    # widths of each run are its importances normalised to sum 1; rectangles tile [0, 1]
    for run in range(M):
        rects = sorted((x0, x1, c) for r, x0, x1, c in drawn if r == run)
        widths = sorted(x1 - x0 for x0, x1, _ in rects)
        expected = np.sort(W[run][W[run] > 0] / W[run].sum())
        np.testing.assert_allclose(widths, expected, atol=1e-12)
        assert rects[0][0] == pytest.approx(0.0)
        assert rects[-1][1] == pytest.approx(1.0)
        np.testing.assert_allclose([a[1] for a in rects[:-1]], [b[0] for b in rects[1:]])
        # Left to right in decreasing selection frequency: identify each rectangle's feature by
        # its width (importances are continuous, hence distinct within a run).
        relative = np.where(W[run] > 0, W[run] / W[run].sum(), np.inf)
        run_features = [int(np.argmin(np.abs(relative - (x1 - x0)))) for x0, x1, _ in rects]
        assert sorted(run_features) == np.flatnonzero(W[run]).tolist()
        assert np.all(np.diff(frequency[run_features]) <= 0)
        for feature, (_, _, color) in zip(run_features, rects, strict=True):
            assert color_of_feature.setdefault(feature, color) == color
    # the most frequent feature (0, selected in every run) keeps the first colour; the tail
    # beyond the palette is grey
    assert color_of_feature[0] == mpl.colors.to_hex(FEATURE_COLORS[0])
    colors = set(color_of_feature.values())
    n_distinct = np.count_nonzero(Z.any(axis=0))
    if n_distinct > len(FEATURE_COLORS):
        assert colors & set(TAIL_GREYS)


def test_feature_colors_keep_one_colour_per_feature_rank():
    colors = plots.feature_colors(50, colored_features=3)
    assert list(colors[:3]) == list(FEATURE_COLORS[:3])
    assert set(colors[3:]) <= set(TAIL_GREYS)
    # neighbouring tail features differ
    assert all(a != b for a, b in itertools.pairwise(colors[3:]))
    with pytest.raises(ValueError, match="colored_features"):
        plots.feature_colors(5, colored_features=-1)


def test_pareto_plot_lists_gamma_intervals():
    labels = [f"cfg{i}" for i in range(ACC.size)]
    fig = pareto_plot(ACC, PHI, measure="importance_weighted", labels=labels, gamma=0.5)
    ax = fig.axes[0]
    assert ax.get_xlabel() == "Accuracy"
    assert ax.get_ylabel() == r"Stability $\phi_{\mathrm{iw}}$"
    side = "\n".join(t.get_text() for t in ax.texts)
    # hull by increasing accuracy: rows 3, 0, 1 and (2, 4) duplicated; breakpoints 1/3, 2/3, 4/5
    for line in ("1: γ ∈ [0.00, 0.33]  cfg3", "2: γ ∈ [0.33, 0.67]  cfg0",
                 "3: γ ∈ [0.67, 0.80]  cfg1", "4: γ ∈ [0.80, 1.00]  cfg2, cfg4"):
        assert line in side
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == ["all configurations", "Pareto-optimal", "convex-hull compromise",
                      "chosen for γ = 0.5"]
    star = next(c for c in ax.collections if c.get_label() == "chosen for γ = 0.5")
    np.testing.assert_allclose(star.get_offsets(), [[0.80, 0.60]])  # γ = 0.5 → row 0


def test_pareto_comparison_plot_panels():
    stab = {"nogueira": PHI, "pearson": PHI[::-1].copy(), "importance_weighted": PHI * 0.5}
    fig = pareto_comparison_plot(ACC, stab, gamma=0.5, title="singh")
    titles = [ax.get_title() for ax in fig.axes]
    assert titles == [r"(a) Optimizing $\phi$", r"(b) Optimizing $\phi_{\mathrm{pears}}$",
                      r"(c) Optimizing $\phi_{\mathrm{iw}}$"]
    legend_texts = [t.get_text() for t in fig.legends[0].get_texts()]
    assert legend_texts[:3] == [r"$\phi$", r"$\phi_{\mathrm{pears}}$", r"$\phi_{\mathrm{iw}}$"]
    with pytest.raises(ValueError, match=r"stabilities\['pearson'\] has 2 values"):
        pareto_comparison_plot(ACC, {"nogueira": PHI, "pearson": [0.1, 0.2]})


def test_trajectory_plot_orders_points_by_parameter():
    lam2 = np.array([0.5, 1.0, 0.7, 0.9])
    acc = np.array([0.80, 0.85, 0.81, 0.84])
    phi = np.array([0.40, 0.20, 0.35, 0.25])
    fig = trajectory_plot(acc, {"nogueira": phi}, lam2, parameter_name=r"$\lambda_2$",
                          descending=True)
    ax = fig.axes[0]
    (line,) = ax.get_lines()
    # λ2 = 1.0, 0.9, 0.7, 0.5
    np.testing.assert_array_equal(line.get_xdata(), [0.85, 0.84, 0.81, 0.80])
    np.testing.assert_array_equal(line.get_ydata(), [0.20, 0.25, 0.35, 0.40])
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == [r"$\phi$", r"first point ($\lambda_2$ = 1)"]

    groups = np.array([0.1, 0.1, 1.0, 1.0])
    fig = trajectory_plot(acc, {"nogueira": phi, "importance_weighted": phi / 2}, lam2,
                          groups=groups, group_name="λ")
    ax = fig.axes[0]
    assert len(ax.get_lines()) == 4  # 2 measures x 2 groups
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "λ = 0.1" in legend
    assert "λ = 1.0" in legend


def test_dominated_area_plot_reports_areas():
    fig = dominated_area_plot({"hybrid-RFE": (ACC, PHI), "RFE": ([0.9], [0.3])},
                              reference=(0.0, 0.0), measure="nogueira")
    legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    # 0.555 by hand in test_pareto.py; the single point: 0.9 x 0.3 = 0.27
    assert legend == ["hybrid-RFE (area = 0.5550)", "RFE (area = 0.2700)"]


def test_correlation_scatter_reports_pearson():
    rng = np.random.default_rng(1)
    x = rng.random(60)
    y = x + 0.3 * rng.normal(size=60)
    fig = correlation_scatter(x, y, xlabel="Selection frequency $p_f$",
                              ylabel="Average frequency score $sc_f$")
    r = np.corrcoef(x, y)[0, 1]
    legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert legend == [f"Pearson r = {r:.2f} (n = 60)"]
    fig = correlation_scatter([0.1, 0.1], [0.2, 0.3], xlabel="x", ylabel="y")
    assert "undefined" in fig.axes[0].get_legend().get_texts()[0].get_text()


def test_coefficient_of_variation():
    # [1, 2, 3]: sample sd 1, mean 2 → 0.5; [2, 2, 2] → 0
    np.testing.assert_allclose(coefficient_of_variation([[1, 2], [2, 2], [3, 2]]), [0.5, 0.0])
    with pytest.raises(ValueError, match="zero mean"):
        coefficient_of_variation([-1.0, 1.0])


def test_table_figure_renders_measure_symbols():
    table = pd.DataFrame({"A": [0.85, 0.95], "nogueira": [0.74, np.nan]},
                         index=pd.Index(["ion", "bre"], name="data"))
    fig = table_figure(table, title="Table 5")
    cells = fig.axes[0].tables[0].get_celld()
    assert cells[(0, 2)].get_text().get_text() == r"$\phi$"
    assert cells[(1, 0)].get_text().get_text() == "ion"
    assert cells[(2, 2)].get_text().get_text() == "–"
    with pytest.raises(ValueError, match="empty"):
        table_figure(pd.DataFrame())


def all_figures():
    """One figure per public figure function, from fixed inputs."""
    rng = np.random.default_rng(7)
    estimates = {"nogueira": rng.normal(0.3, 0.05, 200), "pearson": rng.normal(0.35, 0.07, 200),
                 "importance_weighted": rng.normal(0.25, 0.05, 200)}
    cv = pd.DataFrame({k: coefficient_of_variation(v.reshape(40, 5), axis=1)[:3]
                       for k, v in estimates.items()}, index=["alon", "singh", "gravier"])
    stabilities = {"nogueira": PHI, "pearson": PHI * 0.9, "importance_weighted": PHI * 0.7}
    return {
        "map": feature_stability_map(HAND_W, measures={"importance_weighted": 0.5}),
        "pareto": pareto_plot(ACC, PHI, measure="nogueira", gamma=0.4),
        "compare": pareto_comparison_plot(ACC, stabilities, gamma=0.5),
        "trajectory": trajectory_plot(ACC, stabilities, np.arange(ACC.size)),
        "area": dominated_area_plot({"a": (ACC, PHI), "b": (ACC - 0.05, PHI)}),
        "scatter": correlation_scatter(ACC, PHI, xlabel="x", ylabel="y"),
        "cv": coefficient_of_variation_bars(cv),
        "sampling": sampling_distribution_plot(estimates),
        "table": table_figure(pd.DataFrame({"A": [0.9], "nogueira": [0.5]})),
    }


def test_every_figure_saves_byte_identical_pdf_and_png(tmp_path):
    rc_before = dict(mpl.rcParams)
    # a low resolution keeps the test fast; determinism does not depend on it
    first = {name: save_figure(fig, tmp_path / "one" / name, dpi=50)
             for name, fig in all_figures().items()}
    second = {name: save_figure(fig, tmp_path / "two" / name, dpi=50)
              for name, fig in all_figures().items()}
    for name, (pdf, png) in first.items():
        assert pdf.name == f"{name}.pdf"
        assert png.name == f"{name}.png"
        pdf_bytes, png_bytes = pdf.read_bytes(), png.read_bytes()
        assert pdf_bytes.startswith(b"%PDF")
        assert png_bytes.startswith(b"\x89PNG\r\n\x1a\n")
        assert b"CreationDate" not in pdf_bytes
        assert b"Software" not in png_bytes
        assert pdf_bytes == second[name][0].read_bytes(), name
        assert png_bytes == second[name][1].read_bytes(), name
    assert not list(tmp_path.rglob("*.tmp"))
    # nothing registered with pyplot, no global style changed
    import matplotlib.pyplot as plt

    assert plt.get_fignums() == []
    assert dict(mpl.rcParams) == rc_before


def test_save_figure_failure_leaves_previous_files_untouched(tmp_path):
    fig = pareto_plot(ACC, PHI)
    pdf, png = save_figure(fig, tmp_path / "fig")
    before = (pdf.read_bytes(), png.read_bytes())
    broken = pareto_plot(ACC, PHI, title=r"$a^^b$")  # invalid mathtext fails at draw time
    with pytest.raises(ValueError, match="ParseSyntaxException"):
        save_figure(broken, tmp_path / "fig")
    assert (pdf.read_bytes(), png.read_bytes()) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fig.pdf", "fig.png"]


def test_save_figure_failure_while_writing_cleans_up(tmp_path, monkeypatch):
    fig = pareto_plot(ACC, PHI)

    def failing_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(OSError, match="disk full"):
        save_figure(fig, tmp_path / "fig")
    assert list(tmp_path.iterdir()) == []


def test_save_figure_errors(tmp_path):
    fig = pareto_plot(ACC, PHI)
    with pytest.raises(ValueError, match="must not carry an extension"):
        save_figure(fig, tmp_path / "fig.pdf")
    with pytest.raises(ValueError, match="dpi"):
        save_figure(fig, tmp_path / "fig", dpi=0)


def test_bad_inputs_name_the_argument():
    with pytest.raises(ValueError, match=r"stability has 2 values, expected 6"):
        pareto_plot(ACC, [0.1, 0.2])
    with pytest.raises(ValueError, match=r"accuracy\[1\] = nan"):
        pareto_plot([0.5, np.nan], [0.1, 0.2])
    with pytest.raises(ValueError, match="gamma must lie in"):
        pareto_plot(ACC, PHI, gamma=2.0)
    with pytest.raises(ValueError, match="labels has 1 entries"):
        pareto_plot(ACC, PHI, labels=["x"])
    with pytest.raises(ValueError, match="parameter has 2 values"):
        trajectory_plot(ACC, {"nogueira": PHI}, [1, 2])
    with pytest.raises(ValueError, match=r"groups\[1\] is missing"):
        trajectory_plot(ACC[:2], {"nogueira": PHI[:2]}, [1, 2], groups=[0.1, np.nan])
    with pytest.raises(ValueError, match="fronts must map"):
        dominated_area_plot({})
    with pytest.raises(ValueError, match="NaN or infinite"):
        coefficient_of_variation_bars(pd.DataFrame({"nogueira": [np.nan]}))
    with pytest.raises(ValueError, match=r"W must be non-negative"):
        feature_stability_map(-HAND_W)


def test_paths_accept_strings(tmp_path):
    pdf, png = save_figure(table_figure(pd.DataFrame({"A": [1.0]})), str(tmp_path / "t"))
    assert isinstance(pdf, Path)
    assert pdf.exists()
    assert png.exists()
