"""Measure symbols and colours, feature colours and the style cycle of :mod:`fsstab.plots`.

Measure names follow the papers and are rendered with mathtext (:data:`MEASURE_LABELS`);
colours follow Hamer & Dupont (2021), Fig. 11: φ red, φ_pears green, φ_iw blue. Feature
colours keep neighbouring rectangles of a stability map in different hues
(:data:`FEATURE_COLORS`, :func:`feature_colors`); :func:`style_cycle` tells up to 20 lines
apart by colour, line style and marker. Import the public names from :mod:`fsstab.plots`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib import colormaps
from matplotlib.colors import to_hex

from fsstab.measures import MEASURES

#: The papers' short names of the measures they write with Greek letters.
_ALIASES: dict[str, str] = {
    "phi": "nogueira", "phi_pears": "pearson", "phi_iw": "importance_weighted",
    "phi_C": "sechidis", "phi_c": "sechidis", "phi_can": "canberra",
}

#: Mathtext label of each measure with a Greek symbol (``MeasureInfo.math`` of
#: :data:`fsstab.measures.MEASURES`), by registry name and by the papers' short names.
MEASURE_LABELS: dict[str, str] = {
    name: f"${info.math}$" for name, info in MEASURES.items() if info.math is not None
}
MEASURE_LABELS.update({alias: MEASURE_LABELS[name] for alias, name in _ALIASES.items()})

_MEASURE_COLORS: dict[str, str] = {
    "nogueira": "tab:red", "pearson": "tab:green", "importance_weighted": "tab:blue",
    "sechidis": "tab:orange", "canberra": "tab:purple",
}
_FALLBACK_COLORS = ("tab:brown", "tab:pink", "tab:olive", "tab:cyan", "tab:gray")
_GROUP_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "<", ">", "h")


def measure_label(name: str) -> str:
    """The papers' symbol for a measure name (mathtext), or the name itself if unknown."""
    return MEASURE_LABELS.get(name, name)


def measure_color(name: str, position: int = 0) -> str:
    """Colour of a measure (Hamer & Dupont 2021, Fig. 11); unknown names cycle a palette."""
    return _MEASURE_COLORS.get(
        _ALIASES.get(name, name), _FALLBACK_COLORS[position % len(_FALLBACK_COLORS)]
    )


def _feature_palette() -> list[str]:
    """Up to 40 distinguishable colours: strong hues first, then lighter and darker variants.

    tab20/tab20b/tab20c store shades of one hue next to each other; re-ordering them keeps
    neighbouring features (adjacent rectangles of a stability map) in different hues.
    """
    tab10 = colormaps["tab10"].colors
    tab20 = colormaps["tab20"].colors
    tab20b = colormaps["tab20b"].colors
    tab20c = colormaps["tab20c"].colors
    ordered = [*tab10, *tab20[1::2], *tab20b[0::4], *tab20b[2::4], *tab20c[0::4][:4],
               *tab20c[2::4][:4]]
    seen: list[str] = []
    for color in map(to_hex, ordered):
        if color not in seen:
            seen.append(color)
    return seen


FEATURE_COLORS: tuple[str, ...] = tuple(_feature_palette())

#: Light greys for the rarely selected features of a stability map (beyond the coloured ones).
TAIL_GREYS: tuple[str, ...] = ("#d4d4d4", "#bcbcbc", "#e3e3e3", "#c8c8c8")


def feature_colors(n_features: int, colored_features: int = len(FEATURE_COLORS)) -> np.ndarray:
    """Colour of each feature rank (0 = most frequently selected) in a stability map.

    The ``colored_features`` most frequent features cycle through :data:`FEATURE_COLORS`;
    the rest cycle through :data:`TAIL_GREYS`, so that the reliably selected features stand
    out and the long tail of rarely selected ones reads as background.
    """
    if isinstance(colored_features, bool) or not isinstance(colored_features, int) or \
            colored_features < 0:
        raise ValueError(f"colored_features must be an integer >= 0, got {colored_features!r}")
    rank = np.arange(n_features)
    palette = np.array(FEATURE_COLORS)[rank % len(FEATURE_COLORS)]
    greys = np.array(TAIL_GREYS)[(rank - colored_features) % len(TAIL_GREYS)]
    return np.where(rank < colored_features, palette, greys)


#: Line styles and markers cycled with the colours of :func:`style_cycle`, so that 20 methods
#: stay apart.
_CYCLE_LINESTYLES = ("-", "--", ":", "-.", (0, (5, 1, 1, 1, 1, 1)))
_CYCLE_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "<", ">", "h", "*")


def style_cycle(n: int) -> list[dict[str, Any]]:
    """``n`` distinct (colour, line style, marker) combinations for lines or points.

    Colours cycle tab10 then Dark2 (17 colours), line styles 5 and markers 11, so that every
    combination of up to 17 entries differs in colour, and far more differ in some property.

    Parameters
    ----------
    n
        The number of styles.

    Returns
    -------
    list of dict
        ``{"color": ..., "linestyle": ..., "marker": ...}`` per entry, keyword arguments of
        ``Axes.plot``.

    Examples
    --------
    >>> from fsstab.plots import style_cycle
    >>> styles = style_cycle(20)
    >>> len(styles), styles[0]["marker"], styles[1]["linestyle"]
    (20, 'o', '--')
    """
    colors = list(colormaps["tab10"].colors) + list(colormaps["Dark2"].colors)
    return [
        {"color": colors[i % len(colors)],
         "linestyle": _CYCLE_LINESTYLES[i % len(_CYCLE_LINESTYLES)],
         "marker": _CYCLE_MARKERS[i % len(_CYCLE_MARKERS)]}
        for i in range(n)
    ]
