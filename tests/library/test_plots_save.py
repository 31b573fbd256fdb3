"""fsstab.plots.save_figure: one layout and one draw per format, nothing cut off, and the
figure left as it was."""

from __future__ import annotations

import io

import numpy as np
import pytest
from matplotlib.figure import Figure
from PIL import Image

from fsstab.plots import new_figure, save_figure

DPI = 60


def _png(path) -> np.ndarray:
    return np.asarray(Image.open(path).convert("L"))


def _ink_columns(pixels: np.ndarray) -> np.ndarray:
    """Indices of the columns holding anything darker than the white background."""
    return np.flatnonzero((pixels < 250).any(axis=0))


def test_a_figure_whose_layout_fits_is_saved_at_its_own_size(tmp_path):
    fig = new_figure((4.0, 3.0))
    ax = fig.add_subplot()
    ax.plot([0, 1], [0, 1])
    ax.set_title("title")
    ax.legend(["a line"], loc="upper left", bbox_to_anchor=(1.02, 1.0))
    _, png = save_figure(fig, tmp_path / "fits", dpi=DPI)
    pixels = _png(png)
    assert pixels.shape == (3 * DPI, 4 * DPI)
    ink = _ink_columns(pixels)
    # the legend outside the axes is inside the figure, with the layout's margin to spare
    assert ink[-1] < pixels.shape[1] - 1


def test_content_beyond_the_figure_is_cropped_in_not_cut_off(tmp_path):
    fig = new_figure((4.0, 3.0))
    ax = fig.add_subplot()
    ax.plot([0, 1], [0, 1])
    # figure text is not placed by the constrained layout: this reaches past the figure
    label = fig.text(1.0, 0.5, "W" * 8, fontsize=12, ha="left")
    _, png = save_figure(fig, tmp_path / "beyond", dpi=DPI)
    pixels = _png(png)
    fig.canvas.draw()
    text_inches = label.get_window_extent().width / fig.dpi
    # as wide as the figure plus the text plus the 0.08 inch margin on the right
    assert pixels.shape[1] >= round((4.0 + text_inches) * DPI)
    assert _ink_columns(pixels)[-1] < pixels.shape[1] - 0.05 * DPI


def test_a_figure_without_a_layout_engine_is_cropped_like_a_tight_savefig(tmp_path):
    fig = new_figure((6.0, 4.0), constrained=False)
    ax = fig.add_axes((0.3, 0.3, 0.3, 0.3))
    ax.plot([0, 1], [1, 0])
    _, png = save_figure(fig, tmp_path / "manual", dpi=DPI)
    reference = io.BytesIO()
    fig.savefig(reference, format="png", dpi=DPI, bbox_inches="tight", pad_inches=0.08,
                facecolor="white")
    reference.seek(0)
    assert _png(png).shape == np.asarray(Image.open(reference)).shape[:2]
    assert _png(png).shape[1] < 6 * DPI / 2  # the empty space around the axes is gone


def test_each_format_is_drawn_once_and_the_figure_is_left_as_it_was(tmp_path, monkeypatch):
    fig = new_figure((4.0, 3.0))
    fig.add_subplot().plot([0, 1], [0, 1])
    engine, dpi = fig.get_layout_engine(), fig.get_dpi()
    draws = []
    original = Figure.draw

    def counting_draw(self, renderer):
        draws.append(type(renderer).__name__)
        return original(self, renderer)

    monkeypatch.setattr(Figure, "draw", counting_draw)
    first = save_figure(fig, tmp_path / "one", dpi=DPI)
    assert sorted(draws) == ["MixedModeRenderer", "RendererAgg"]  # the PDF, the PNG
    assert fig.get_layout_engine() is engine
    assert fig.get_dpi() == dpi
    # saving the same figure again gives the same bytes
    second = save_figure(fig, tmp_path / "two", dpi=DPI)
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes()


def test_a_figure_on_another_canvas_is_saved_cropped(tmp_path):
    fig = Figure(figsize=(6.0, 4.0))  # on a FigureCanvasBase, not Agg
    fig.add_axes((0.3, 0.3, 0.3, 0.3)).plot([0, 1], [1, 0])
    pdf, png = save_figure(fig, tmp_path / "base", dpi=DPI)
    assert pdf.read_bytes().startswith(b"%PDF")
    assert _png(png).shape[1] < 6 * DPI


def test_a_title_wider_than_the_figure_is_not_cut_off(tmp_path):
    fig = new_figure((3.0, 2.0))
    ax = fig.add_subplot()
    ax.plot([0, 1], [0, 1])
    # the constrained layout measures a title in height only
    title = ax.set_title("a title much wider than the figure it is in", fontsize=14)
    _, png = save_figure(fig, tmp_path / "wide", dpi=DPI)
    fig.canvas.draw()
    title_inches = title.get_window_extent().width / fig.dpi
    assert title_inches > 3.0
    assert _png(png).shape[1] >= round((title_inches + 0.16) * DPI) - 1


def test_a_layout_that_gives_up_is_cropped_and_its_warning_kept(tmp_path):
    fig = new_figure((1.0, 1.0))
    ax = fig.add_subplot()
    ax.set_ylabel("\n".join(["a tall label"] * 12))
    with pytest.warns(UserWarning, match="constrained_layout not applied"):
        _, png = save_figure(fig, tmp_path / "collapsed", dpi=DPI)
    assert _png(png).shape[0] > 1.0 * DPI  # the label, taller than the figure, is all there
