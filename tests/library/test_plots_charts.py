"""The comparison charts of fsstab.plots: what each draws, checked on the figure's artists."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy.cluster.hierarchy import dendrogram, leaves_list, linkage
from scipy.spatial.distance import squareform

from fsstab.plots import (
    box_plots,
    facet_points,
    heatmap,
    median_quartile_plot,
    new_figure,
    relative_lines,
    save_figure,
    scatter_matrix,
    style_cycle,
)


def test_style_cycle_keeps_twenty_entries_apart():
    styles = style_cycle(20)
    combos = {(tuple(s["color"]), str(s["linestyle"]), s["marker"]) for s in styles}
    assert len(combos) == 20
    assert len({tuple(s["color"]) for s in styles[:17]}) == 17


def test_heatmap_masks_undefined_values_and_writes_the_others():
    m = pd.DataFrame([[1.0, np.nan], [0.25, -1.0]], index=["a", "b"], columns=["x", "y"])
    fig = heatmap(m, annotate=True, fmt="{:.1f}")
    ax = fig.axes[0]
    image = ax.get_images()[0].get_array()
    assert image.mask.tolist() == [[False, True], [False, False]]
    assert sorted(t.get_text() for t in ax.texts) == ["-1.0", "0.2", "1.0"]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["a", "b"]


def test_heatmap_dendrogram_must_join_the_matrix_columns():
    rng = np.random.default_rng(3)
    labels = [f"f{i}" for i in range(6)]
    similarity = pd.DataFrame(np.corrcoef(rng.normal(size=(20, 6)).T), index=labels,
                              columns=labels)
    distance = squareform(1 - similarity.to_numpy(), checks=False)
    tree = linkage(distance, method="average")
    order = [labels[i] for i in leaves_list(tree)]
    assert dendrogram(tree, no_plot=True, labels=labels)["ivl"] == order
    figure = heatmap(similarity.loc[order, order], dendrogram_linkage=tree)
    assert len(figure.axes) == 3  # tree, tiles, colour bar
    with pytest.raises(ValueError, match="joins 6 leaves; the matrix has 5 columns"):
        heatmap(similarity.iloc[:5, :5], dendrogram_linkage=tree)


def test_scatter_matrix_shows_distinct_pairs_or_every_coloured_point():
    x = np.array([0.0, 0.0, 1.0, 1.0, np.nan])
    y = np.array([1.0, 1.0, 0.0, 0.5, 0.2])
    fig = scatter_matrix({"x": x, "y": y}, ["x", "y"])
    assert len(fig.axes) == 4
    # panel (row y, column x): 3 distinct defined pairs of the 4 defined rows
    points = fig.axes[2].collections[0].get_offsets()
    assert sorted(map(tuple, np.asarray(points))) == [(0.0, 1.0), (1.0, 0.0), (1.0, 0.5)]
    coloured = scatter_matrix({"x": x, "y": y}, ["x", "y"], color=np.arange(5.0))
    assert len(coloured.axes[2].collections[0].get_offsets()) == 4
    assert len(coloured.axes) == 5  # and the colour bar
    with pytest.raises(ValueError, match="at least two"):
        scatter_matrix({"x": x}, ["x"])


def test_facet_points_one_panel_per_label_and_lines():
    points = pd.DataFrame({"n": [1, 2, 3], "v": [0.1, 0.4, 0.2], "c": [1, 5, 2]})
    line = pd.DataFrame({"n": [1, 3], "v": [0.0, 1.0]})
    fig = facet_points({"A": points, "B": points, "C": points}, x="n", y="v", count="c",
                       lines={"B": line}, ncols=2, xlabel="n", ylabel="v")
    visible = [ax for ax in fig.axes if ax.get_visible() and ax.get_title()]
    assert [ax.get_title() for ax in visible] == ["A", "B", "C"]
    assert len(visible[1].get_lines()) == 1 and len(visible[0].get_lines()) == 0  # noqa: PT018
    np.testing.assert_array_equal(visible[1].get_lines()[0].get_ydata(), [0.0, 1.0])


def test_relative_lines_join_each_group_in_x_order():
    frame = pd.DataFrame({"p": [20, 10, 10, 20], "t": [2.0, 1.0, 3.0, 4.0],
                          "g": ["a", "a", "b", "b"]})
    fig = relative_lines(frame, x="p", y="t", group="g", order=["b", "a"], xlabel="p",
                         ylabel="t", legend_title="g", logy=True)
    lines = fig.axes[0].get_lines()
    assert [line.get_label() for line in lines] == ["b", "a"]
    np.testing.assert_array_equal(lines[1].get_xdata(), [10, 20])
    np.testing.assert_array_equal(lines[1].get_ydata(), [1.0, 2.0])
    assert fig.axes[0].get_yscale() == "log"


def test_box_plots_one_box_per_category_and_panel():
    frame = pd.DataFrame({"v": [1.0, 2.0, 3.0, 4.0, 5.0, np.nan],
                          "cat": ["a", "a", "b", "b", "a", "b"],
                          "panel": ["p", "p", "p", "q", "q", "q"]})
    fig = box_plots(frame, value="v", category="cat", order=["a", "b"], panel="panel",
                    xlabel="cat", ylabel="v")
    assert [ax.get_title() for ax in fig.axes] == ["p", "q"]
    # the median line of each box: p: a -> 1.5, b -> 3; q: a -> 5, b -> 4 (NaN dropped)
    medians = [[line.get_ydata()[0] for line in ax.get_lines()[5::7]] for ax in fig.axes]
    assert medians == [[1.5, 3.0], [5.0, 4.0]]


def test_median_quartile_plot_whiskers_are_the_quartiles():
    rows = pd.DataFrame({"name": ["a", "b"], "m": [0.5, 1.0], "lo": [0.25, 0.5],
                         "hi": [1.0, 1.5]})
    fig = median_quartile_plot(rows, label="name", x=("m", "lo", "hi"), y=("m", "lo", "hi"),
                               highlight=["b"], xlabel="x", ylabel="y", legend_title="t")
    ax = fig.axes[0]
    first = ax.containers[0]
    np.testing.assert_allclose(first.lines[0].get_xydata(), [[0.5, 0.5]])
    x_whisker = first.lines[2][0].get_segments()[0]
    np.testing.assert_allclose(x_whisker, [[0.25, 0.5], [1.0, 0.5]])
    assert [t.get_text() for t in fig.legends[0].get_texts()] == ["a", "b (Pareto optimal)"]


def test_new_figure_layouts_and_saving(tmp_path):
    fig = new_figure((3.0, 2.0), constrained=False)
    assert fig.get_layout_engine() is None
    fig.add_subplot().plot([0, 1], [1, 0])
    pdf, png = save_figure(fig, tmp_path / "f")
    assert pdf.read_bytes().startswith(b"%PDF") and png.stat().st_size > 0  # noqa: PT018
