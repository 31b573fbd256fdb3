"""Figures for stability analyses: feature stability maps, Pareto fronts, trajectories, summaries.

Every function takes plain arrays / DataFrames (never workflow paths) and returns the
:class:`~matplotlib.figure.Figure` it drew on. Pass ``ax=`` (or ``axes=``) to draw into an
existing figure; otherwise a new figure is created with the object-oriented API
(``matplotlib.figure.Figure`` on an Agg canvas) -- pyplot is never used, so no global figure
state leaks between calls and nothing needs closing. :func:`save_figure` writes PDF and PNG
atomically with deterministic bytes.

Measure names follow the papers and are rendered with mathtext: φ (``nogueira``), φ_pears
(``pearson``), φ_iw (``importance_weighted``), φ_C (``sechidis``), φ_can (``canberra``); see
:data:`MEASURE_LABELS`. Colours follow Hamer & Dupont (2021), Fig. 11: φ red, φ_pears green,
φ_iw blue.

The figures are written in private modules by kind -- ``_style`` (measure symbols, colours,
:func:`style_cycle`), ``_figure`` (:func:`new_figure`, :func:`save_figure`), ``_feature_map``,
``_pareto`` (fronts, dominated areas, trajectories), ``_summaries`` (correlation, variability,
tables), ``_matrices`` (heat maps, scatter matrices), ``_comparisons`` (faceted points, relative
lines, box plots, medians with quartiles), ``_map_panels`` (feature maps sharing one colour
per feature across panels), ``_trajectory_panels`` ((score, stability) trajectories, one panel
per measure), ``_convergence`` (φ against the number of resamples), ``_error_control`` (selection
probabilities against the threshold with the error bound or FDP+); import every name from
:mod:`fsstab.plots`.
"""

from __future__ import annotations

from fsstab.plots._comparisons import box_plots, facet_points, median_quartile_plot, relative_lines
from fsstab.plots._convergence import convergence_plot
from fsstab.plots._error_control import error_control_plot
from fsstab.plots._feature_map import (
    FeatureMapLayout,
    FeatureMapRectangles,
    feature_map_layout,
    feature_map_rectangles,
    feature_stability_map,
)
from fsstab.plots._figure import PNG_DPI, new_figure, save_figure
from fsstab.plots._figure import tidy_legend as tidy_legend
from fsstab.plots._map_panels import (
    OTHER_FEATURES_GREY,
    feature_map_panel,
    shared_feature_colors,
    shared_features_legend,
)
from fsstab.plots._matrices import heatmap, scatter_matrix
from fsstab.plots._pareto import (
    dominated_area_plot,
    pareto_comparison_plot,
    pareto_plot,
    trajectory_plot,
)
from fsstab.plots._style import (
    FEATURE_COLORS,
    MEASURE_LABELS,
    TAIL_GREYS,
    feature_colors,
    measure_color,
    measure_label,
    style_cycle,
)
from fsstab.plots._summaries import (
    coefficient_of_variation,
    coefficient_of_variation_bars,
    correlation_scatter,
    sampling_distribution_plot,
    table_figure,
)
from fsstab.plots._trajectory_panels import number_text, trajectory_panels

__all__ = [
    "FEATURE_COLORS",
    "MEASURE_LABELS",
    "OTHER_FEATURES_GREY",
    "PNG_DPI",
    "TAIL_GREYS",
    "FeatureMapLayout",
    "FeatureMapRectangles",
    "box_plots",
    "coefficient_of_variation",
    "coefficient_of_variation_bars",
    "convergence_plot",
    "correlation_scatter",
    "dominated_area_plot",
    "error_control_plot",
    "facet_points",
    "feature_colors",
    "feature_map_layout",
    "feature_map_panel",
    "feature_map_rectangles",
    "feature_stability_map",
    "heatmap",
    "measure_color",
    "measure_label",
    "median_quartile_plot",
    "new_figure",
    "number_text",
    "pareto_comparison_plot",
    "pareto_plot",
    "relative_lines",
    "sampling_distribution_plot",
    "save_figure",
    "scatter_matrix",
    "shared_feature_colors",
    "shared_features_legend",
    "style_cycle",
    "table_figure",
    "trajectory_panels",
    "trajectory_plot",
]
