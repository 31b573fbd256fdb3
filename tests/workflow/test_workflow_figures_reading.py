"""The workflow's figures say what they show: intervals and names on every Pareto-optimal point,
the score's name and how it was measured, one colour per feature across panels (the rest
grey), one trajectory panel per measure with integer legends, the landing page of the report."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from matplotlib.collections import PolyCollection
from matplotlib.colors import to_hex

from fsstab.plots import (
    OTHER_FEATURES_GREY,
    feature_map_layout,
    feature_map_rectangles,
    measure_label,
)
from fsstab.synthetic import generate
from fsstab.workflow.data import draw_resamples
from fsstab.workflow.decisions import pareto_table
from fsstab.workflow.figures import feature_map_figure, pareto_figure, trajectory_figure
from fsstab.workflow.labels import score_label
from fsstab.workflow.overview import overview_html, shared_selection_note
from fsstab.workflow.selection import select_chunk
from fsstab.workflow.stability import run_matrices, stability_table
from fsstab.workflow.tables import concat_tables

MEASURES = ["nogueira", "pearson", "importance_weighted"]


def _spec(name: str, cls: str, params: dict, variants: list[dict]) -> dict:
    return {"id": name, "selector": name.split("_n")[0], "class": cls, "params": params,
            "grid": {}, "variants": variants, "calibrate_target_k": None}


@pytest.fixture(scope="module")
def study():
    ds = generate("informative", n_samples=60, n_features=40, n_informative=5, effect_size=1.5,
                  random_state=2)
    resamples = draw_resamples(ds, seed=1, scheme="bootstrap", n_resamples=8, params={})
    specs = [
        _spec(f"hybrid_n_forced-{n}", "HybridRFE",
              {"n_features_to_select": 6, "n_forced": n, "epsilon": 0.5},
              [{"id": f"final_C-{c}", "params": {"final_C": c}} for c in (0.1, 1.0)])
        for n in (1, 2)
    ] + [_spec("filter", "FilterSelector", {"method": "welch_t", "n_features_to_select": 6},
               [{"id": "default", "params": {}}])]
    tables, rows = {}, []
    for spec in specs:
        tables[spec["id"]] = select_chunk(ds, resamples, spec, range(8), seed=4, rank_cap=10)
        rows.append(stability_table(
            tables[spec["id"]]["runs"], tables[spec["id"]]["features"], dataset="toy",
            spec=spec, d=ds.n_features, measures=MEASURES, measure_params={}, rank_cap=10,
            random_state=0, n_samples=ds.n_samples))
    summary = concat_tables(rows).to_pandas()
    for n in (1, 2):  # the grid parameter, as the workflow's summary holds it
        summary.loc[summary["configuration"] == f"hybrid_n_forced-{n}", "param_n_forced"] = \
            float(n)
    pareto = pareto_table(summary, MEASURES, gammas=[0.5], acc_const=0.025, stab_const=0.1,
                          random_state=0)
    return ds, specs, tables, summary, pareto


def test_the_pareto_figure_names_every_optimal_point_with_its_intervals(study):
    _, _, _, summary, pareto = study
    fig = pareto_figure(pareto, "nogueira", dataset="toy", gammas=[0.5], summary=summary,
                        score_label=score_label("bootstrap"))
    ax = fig.axes[0]
    assert ax.get_xlabel() == "Out-of-bag accuracy"
    points = pareto[(pareto["measure"] == "nogueira") & pareto["non_dominated"]]
    listing = "\n".join(t.get_text() for t in ax.texts)
    for label in points["label"]:
        assert label in listing
    numbers = [t.get_text() for t in ax.texts if t.get_text().isdigit()]
    distinct = points.drop_duplicates(["accuracy", "stability"])
    assert sorted(map(int, numbers)) == list(range(1, len(distinct) + 1))
    # one error bar per distinct Pareto-optimal point, in x (accuracy) and y (φ)
    bars = [c for c in ax.containers if c.__class__.__name__ == "ErrorbarContainer"]
    assert len(bars) == 1
    x_segments = bars[0].lines[2][0].get_segments()
    y_segments = bars[0].lines[2][1].get_segments()
    assert len(x_segments) == len(points) == len(y_segments)
    # the φ bars are Nogueira's interval, cut to [-1/(M-1), 1]
    tops = sorted(max(s[:, 1]) for s in y_segments)
    expected = sorted(summary.set_index("label").loc[points["label"], "nogueira_ci_high"])
    np.testing.assert_allclose(tops, expected)
    assert max(tops) <= 1.0
    assert "one-SE choice" in [t.get_text() for t in ax.get_legend().get_texts()]


def test_feature_colours_are_fixed_across_panels_and_the_rest_is_grey(study):
    ds, specs, tables, summary, _ = study
    spec = specs[0]
    stab = summary[summary["configuration"] == spec["id"]]
    fig = feature_map_figure(tables[spec["id"]]["runs"], tables[spec["id"]]["features"], spec,
                             stab, dataset="toy", feature_names=ds.feature_names,
                             rank_cap=10, measures=MEASURES, n_colored=4)
    colour_of: dict[int, str] = {}
    for panel, variant in zip(fig.axes, [v["id"] for v in spec["variants"]], strict=True):
        W = run_matrices(tables[spec["id"]]["runs"], tables[spec["id"]]["features"], variant,
                         ds.n_features, 10)[1].toarray()
        collection = next(c for c in panel.collections if isinstance(c, PolyCollection))
        faces = [to_hex(c) for c in collection.get_facecolors()]
        # the rectangles in drawing order (fsstab.plots' layout, tested on its own)
        features = feature_map_rectangles(feature_map_layout(W)).feature
        assert len(faces) == features.size == np.count_nonzero(W)
        for feature, face in zip(features.tolist(), faces, strict=True):
            assert colour_of.setdefault(feature, face) == face, (feature, variant)
    coloured = {f for f, c in colour_of.items() if c != OTHER_FEATURES_GREY}
    assert len(coloured) == 4
    assert len({colour_of[f] for f in coloured}) == 4
    legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert legend[-1] == "every other feature"
    assert len(legend) == 5


def test_trajectories_have_a_panel_per_measure_and_integer_legends(study):
    _, _, _, summary, _ = study
    fig = trajectory_figure(summary, dataset="toy", selector="hybrid", measures=MEASURES,
                            score_label="out-of-bag accuracy")
    axes = [ax for ax in fig.axes if ax.get_visible()]
    assert len(axes) == 2 * len(MEASURES)  # two varied parameters x three measures
    # the rows show the same settings: they share both axes, the score is labelled at the
    # bottom, the measures at the top
    bottom, top = axes[-len(MEASURES):], axes[:len(MEASURES)]
    assert [ax.get_xlabel() for ax in bottom] == ["out-of-bag accuracy"] * len(MEASURES)
    assert {ax.get_xlabel() for ax in top} == {""}
    assert [ax.get_title() for ax in top] == [f"Stability {measure_label(m)}" for m in MEASURES]
    assert {ax.get_title() for ax in bottom} == {""}
    def points(ax):
        return sorted({tuple(xy) for line in ax.get_lines() for xy in line.get_xydata().tolist()})

    for upper, lower in zip(top, bottom, strict=True):
        assert points(upper) == points(lower)  # so sharing the axes hides nothing
    legends = [t.get_text() for ax in axes if ax.get_legend() for t in
               ax.get_legend().get_texts()]
    assert "n_forced = 1" in legends
    assert "n_forced = 2" in legends
    assert not any("1.0" in text and "n_forced" in text for text in legends)
    for ax in axes:  # each panel: one line per setting of the other parameter
        assert len([line for line in ax.get_lines() if len(line.get_xdata()) > 1]) == 2


def test_the_landing_page_explains_shared_selections_and_convergence(study):
    _, _, _, summary, pareto = study
    note = shared_selection_note(summary)
    assert "hybrid_n_forced-1 (2 variants)" in note
    assert "identical" in note
    stable = pd.DataFrame({"label": [summary["label"].iloc[0]] * 2, "rank": [1, 2],
                           "feature_name": ["$\\foo{x}$", "g2"], "n_selected": [8, 7],
                           "n_runs": [8, 8], "chosen_by": ["", ""]})
    page = overview_html(summary, pareto, stable, dataset="toy",
                         convergence="M = 8 resamples suffice when ...",
                         score_label="out-of-bag accuracy")
    assert "Is M enough?" in page
    assert "one-SE" in page
    for label in summary["label"]:
        assert label in page


def test_a_gene_named_like_mathtext_reaches_the_saved_map(study, tmp_path):
    from fsstab.plots import save_figure

    ds, specs, tables, summary, _ = study
    spec = specs[2]  # the filter: one panel
    names = list(ds.feature_names)
    names[:] = [r"$\foo{x}$" if i % 2 else n for i, n in enumerate(names)]
    fig = feature_map_figure(tables[spec["id"]]["runs"], tables[spec["id"]]["features"], spec,
                             summary[summary["configuration"] == spec["id"]], dataset="toy",
                             feature_names=names, rank_cap=10, measures=MEASURES)
    _, png = save_figure(fig, tmp_path / "map")  # mathtext would fail on \foo
    assert png.stat().st_size > 0
    legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert any(text.startswith(r"\$\foo{x}\$") for text in legend)
