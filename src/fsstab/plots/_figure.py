"""Figure plumbing of :mod:`fsstab.plots`: new figures, checked inputs, legends, saving.

Figures live on an Agg canvas without pyplot state (:func:`new_figure`); :func:`save_figure`
writes PDF and PNG atomically with deterministic bytes. The private helpers turn plotted
values into checked NumPy vectors with errors that name the argument at fault. Import the
public names from :mod:`fsstab.plots`.
"""

from __future__ import annotations

import io
import os
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
from matplotlib import rc_context
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.layout_engine import ConstrainedLayoutEngine
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from fsstab.io import write_bytes
from fsstab.plots._style import measure_label

#: PNG resolution of :func:`save_figure` (fixed, so that output bytes are reproducible).
PNG_DPI = 200


# --------------------------------------------------------------------------------------------
# Figure plumbing
# --------------------------------------------------------------------------------------------


def new_figure(figsize: tuple[float, float], *, constrained: bool = True) -> Figure:
    """A figure on an Agg canvas (no pyplot state), with the constrained layout unless
    ``constrained=False`` (a caller that places its axes by hand).

    Parameters
    ----------
    figsize
        (width, height) in inches.
    constrained
        Use matplotlib's constrained layout.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> from fsstab.plots import new_figure
    >>> fig = new_figure((4.0, 3.0))
    >>> fig.get_layout_engine() is not None, fig.get_size_inches().tolist()
    (True, [4.0, 3.0])
    """
    fig = Figure(figsize=figsize, layout="constrained" if constrained else None)
    FigureCanvasAgg(fig)
    return fig


def _axes(ax: Axes | None, figsize: tuple[float, float]) -> tuple[Figure, Axes]:
    if ax is not None:
        return ax.get_figure(root=True), ax
    fig = new_figure(figsize)
    return fig, fig.add_subplot()


def _vector(values: Any, name: str, length: int | None = None) -> np.ndarray:
    try:
        arr = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name} must be a numeric vector ({exc})") from None
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-dimensional, got shape {arr.shape}")
    if length is not None and arr.size != length:
        raise ValueError(f"{name} has {arr.size} values, expected {length}")
    return arr


def _finite_pair(x: Any, y: Any, x_name: str, y_name: str) -> tuple[np.ndarray, np.ndarray]:
    xv = _vector(x, x_name)
    yv = _vector(y, y_name, xv.size)
    for name, v in ((x_name, xv), (y_name, yv)):
        bad = ~np.isfinite(v)
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise ValueError(f"{name}[{i}] = {float(v[i])!r}; values must be finite")
    if xv.size == 0:
        raise ValueError(f"{x_name} is empty; there is nothing to plot")
    return xv, yv


def _stabilities(
    stabilities: Mapping[str, Any], length: int, name: str = "stabilities"
) -> dict[str, np.ndarray]:
    if not stabilities:
        raise ValueError(f"{name} must map at least one measure name to its values")
    out = {}
    for measure, values in stabilities.items():
        _, out[measure] = _finite_pair(np.zeros(length), values, "accuracy",
                                       f"{name}[{measure!r}]")
    return out


def _check_gamma(gamma: float | None) -> None:
    if gamma is not None and not (np.isfinite(gamma) and 0 <= gamma <= 1):
        raise ValueError(f"gamma must lie in [0, 1], got {gamma!r}")


def _stability_axis_label(measure: str | None) -> str:
    return "Stability" if measure is None else f"Stability {measure_label(measure)}"


def tidy_legend(ax: Axes, **kwargs: Any) -> Any:
    """``ax.legend(**kwargs)`` with every scatter marker drawn at one modest size.

    Plot markers are sized to be seen around each other (a circled star inside a diamond); in
    the legend those sizes would only make the entries overlap.
    """
    legend = ax.legend(**kwargs)
    for handle in legend.legend_handles:
        if hasattr(handle, "set_sizes"):
            handle.set_sizes([40.0])
    return legend


def save_figure(fig: Figure, path_stem: str | os.PathLike[str], *, dpi: int = PNG_DPI) -> tuple[
    Path, Path
]:
    """Write ``<path_stem>.pdf`` and ``<path_stem>.png`` atomically, with reproducible bytes.

    Both files are rendered in memory first, then each is written to a temporary file in the
    target directory and renamed over the final path, so a failure never leaves a partial
    file. Time stamps and software versions are stripped from the metadata (PDF
    ``CreationDate``, PNG ``Software``) and the PNG resolution is fixed, so the same figure
    gives byte-identical files on every run.

    The figure is laid out once, at the PNG's ``dpi``, and both formats are drawn with that
    layout, one draw each. A figure with a layout engine (:func:`new_figure`'s constrained
    layout) is saved at its own size when the layout fits all its content into it -- the
    layout's own margins are then the file's, and the PNG reuses the renderer, text metrics
    and mathtext of the layout; any other figure, or content reaching beyond the figure, is
    cropped to the content's bounding box plus 0.08 inch, as ``bbox_inches="tight"`` would
    (which lays out and draws every figure twice per format).

    Returns
    -------
    (pdf_path, png_path)
    """
    stem = Path(path_stem)
    if stem.suffix.lower() in (".pdf", ".png"):
        raise ValueError(
            f"path_stem must not carry an extension ({stem.name!r}); save_figure writes both "
            f"{stem.with_suffix('').name}.pdf and .png"
        )
    if isinstance(dpi, bool) or not isinstance(dpi, int) or dpi < 10:
        raise ValueError(f"dpi must be an integer >= 10, got {dpi!r}")
    rendered = _render(fig, dpi)
    stem.parent.mkdir(parents=True, exist_ok=True)
    paths = []
    for fmt in ("pdf", "png"):
        target = stem.parent / f"{stem.name}.{fmt}"
        write_bytes(target, rendered[fmt])
        paths.append(target)
    return paths[0], paths[1]


#: Margin around the content of a figure that :func:`save_figure` crops, inches.
_PAD_INCHES = 0.08

_METADATA = {"pdf": {"CreationDate": None, "Creator": "fsstab"}, "png": {"Software": None}}


def _render(fig: Figure, dpi: int) -> dict[str, bytes]:
    """The PNG and PDF bytes of ``fig`` (see :func:`save_figure`)."""
    if not isinstance(fig.canvas, FigureCanvasAgg):  # a canvas without an Agg renderer
        return {fmt: _print(fig, fmt, dpi, "tight", pad_inches=_PAD_INCHES)
                for fmt in ("png", "pdf")}
    engine = fig.get_layout_engine()
    figure_dpi = fig.get_dpi()
    fig.set_dpi(dpi)
    try:
        renderer = fig.canvas.get_renderer()
        box = None
        if isinstance(engine, ConstrainedLayoutEngine):
            inside = _lay_out(fig, engine) and _unplaced_inside(fig, renderer)
        else:
            if engine is not None:
                engine.execute(fig)
            inside = False
        if not inside:
            content = fig.get_tightbbox(renderer)
            if engine is None or not _within(content, fig.bbox_inches):
                box = content.padded(_PAD_INCHES)
        with rc_context({"figure.autolayout": False, "figure.constrained_layout.use": False}):
            fig.set_layout_engine(None)  # keep this layout: savefig would run it again
        # the PNG first: at the figure's own size it draws with the renderer of the layout
        return {fmt: _print(fig, fmt, dpi, box) for fmt in ("png", "pdf")}
    finally:
        if engine is not None:
            fig.set_layout_engine(engine)
        fig.set_dpi(figure_dpi)


def _lay_out(fig: Figure, engine: ConstrainedLayoutEngine) -> bool:
    """Run the constrained layout; False if it gave up (its warning is passed on)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        engine.execute(fig)
    for warning in caught:
        warnings.warn(warning.message, warning.category, stacklevel=4)
    return not any("constrained_layout not applied" in str(w.message) for w in caught)


def _unplaced_inside(fig: Figure, renderer: Any) -> bool:
    """Whether what a constrained layout that succeeded leaves unplaced lies in the figure.

    The layout fits every Axes with its tick labels, legends and other artists into the
    figure, but measures titles and x labels only in height and y labels only in width, and
    places none of the figure's own texts, legends and artists in full. Those are measured
    here -- a few text extents instead of a tight bounding box of every artist.
    """
    frame = fig.bbox
    tol = 1e-3 * fig.dpi

    def inside(box: Bbox, horizontal: bool = True, vertical: bool = True) -> bool:
        return ((not horizontal or (box.x0 >= frame.x0 - tol and box.x1 <= frame.x1 + tol))
                and (not vertical or (box.y0 >= frame.y0 - tol and box.y1 <= frame.y1 + tol)))

    for artist in fig.get_children():
        if artist is fig.patch or isinstance(artist, Axes) or not artist.get_visible() or \
                not artist.get_in_layout():
            continue
        if not inside(artist.get_window_extent(renderer)):
            return False
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        for text in ax.get_children():
            if isinstance(text, Text) and text.get_visible() and text.get_text() and \
                    text.get_in_layout() and not inside(text.get_window_extent(renderer)):
                return False
        if ax.axison:
            # an axis label's other extent is placed by the layout (and its position along
            # that direction is only updated at the next draw)
            for label, horizontal in ((ax.xaxis.label, True), (ax.yaxis.label, False)):
                if label.get_visible() and label.get_text() and not inside(
                        label.get_window_extent(renderer), horizontal, not horizontal):
                    return False
    return True


def _within(content: Bbox, frame: Bbox) -> bool:
    """Whether ``content`` lies inside ``frame`` (inches; a thousandth of an inch tolerance)."""
    tol = 1e-3
    return (content.x0 >= frame.x0 - tol and content.y0 >= frame.y0 - tol
            and content.x1 <= frame.x1 + tol and content.y1 <= frame.y1 + tol)


#: zlib level of the PNGs: 3 instead of Pillow's 6 encodes them in about two thirds of the
#: time, for files about a tenth larger.
_PNG_COMPRESSION = 3


def _print(fig: Figure, fmt: str, dpi: int, box: Bbox | str | None, **kwargs: Any) -> bytes:
    buffer = io.BytesIO()
    if fmt == "png":
        kwargs["pil_kwargs"] = {"compress_level": _PNG_COMPRESSION}
    fig.savefig(buffer, format=fmt, dpi=dpi, metadata=_METADATA[fmt], facecolor="white",
                bbox_inches=box, **kwargs)
    return buffer.getvalue()
