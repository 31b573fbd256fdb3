"""The steps of ``rules/paper_hamer2021.smk``: tables in, figures and tables out.

Each function composes the computations of this package for one rule from in-memory inputs
(stability summaries as DataFrames, selection tables as Arrow tables keyed by configuration
id); the scripts in ``scripts/paper_hamer2021/`` only read files, call one function and write
its results with :func:`fsstab.papers.outputs.write_table` (metadata :data:`TABLE_METADATA`;
the paper's tables keep the 17 significant digits of
:data:`fsstab.papers.outputs.EXACT_FLOAT_FORMAT` they were always written with).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa
import scipy.sparse as sp
from matplotlib.figure import Figure

from fsstab.io import read_parquet_metadata
from fsstab.papers.hamer2021 import figures, properties
from fsstab.papers.hamer2021.correlated import (
    correlated_groups_stability,
    summarise_correlated_groups,
)
from fsstab.papers.hamer2021.decisions import (
    EQUAL_ACCURACY_SE,
    compromise_table,
    dominated_areas,
    find_setting,
    frequency_score_correlation,
    frequency_scores,
    hybrid_versus_rfe,
    meta_parameters,
    sweep_points,
)
from fsstab.papers.hamer2021.plan import DECISION_FIGURES
from fsstab.papers.hamer2021.reference import MEASURES
from fsstab.papers.hamer2021.standard import (
    METHOD_PARAMETERS,
    coefficients_of_variation,
    method_rows,
)
from fsstab.papers.hamer2021.toy import canberra_replicates, canberra_stability, toy_maps
from fsstab.seeds import as_seed, substream
from fsstab.workflow.stability import run_matrices
from fsstab.workflow.tables import read_selection

__all__ = [
    "TABLE_METADATA",
    "TIES_IN_ORDER",
    "SelectionTables",
    "appendix_step",
    "correlated_figures_step",
    "correlated_groups_step",
    "dataset_width",
    "decision_step",
    "dominated_areas_step",
    "frequency_score_step",
    "importances_of",
    "logistic_rfe_step",
    "maps_step",
    "properties_step",
    "read_selection_tables",
    "toy_step",
    "trajectories_step",
    "variability_step",
]

#: The measure name of Fig. 6's φ_can with the tied features in index order (toy table).
TIES_IN_ORDER = "canberra_ties_in_order"

#: The random stream of Property 4's random-identity maps (``substream(seed, 4)``).
CHANCE_STREAM = 4

#: Parquet metadata of the paper's tables (``format``).
TABLE_METADATA: dict[str, str] = {"format": "fsstab.paper_hamer2021/1"}

#: Configuration id -> (runs, features) tables of the selection stage.
SelectionTables = Mapping[str, tuple[pa.Table, pa.Table]]


def read_selection_tables(configurations: Sequence[str],
                          runs: Sequence[str | os.PathLike[str]],
                          features: Sequence[str | os.PathLike[str]]) -> dict[str, tuple[
                              pa.Table, pa.Table]]:
    """Configuration id -> (runs, features) tables, from parallel lists of gathered files."""
    tables = {}
    for configuration, runs_path, features_path in zip(configurations, runs, features,
                                                       strict=True):
        read, _ = read_selection({"runs": runs_path, "features": features_path})
        tables[configuration] = (read["runs"], read["features"])
    return tables


def dataset_width(path: str | os.PathLike[str]) -> int:
    """The number of features d of a stored dataset (from its metadata only)."""
    return len(read_parquet_metadata(path)["feature_names"])


def importances_of(selection: SelectionTables, configuration: str, variant: str,
                   d: int) -> sp.csr_array:
    """The ``M x d`` importance matrix of one (configuration, variant)."""
    if configuration not in selection:
        raise ValueError(f"no selection tables for configuration {configuration!r}")
    runs, features = selection[configuration]
    return run_matrices(runs, features, variant, d, 1)[1]


def _columns_used(W: sp.csr_array) -> np.ndarray:
    """The ever-selected columns of W, dense (a feature stability map ignores the others)."""
    used = np.unique(W.indices)
    return W[:, used].toarray()


def _row_values(row: Mapping[str, Any]) -> dict[str, float]:
    return {m: float(row[m]) for m in MEASURES if m in row}


# -- Figs. 3-6 ------------------------------------------------------------------------------------


def toy_step(settings: Mapping[str, Any]) -> tuple[dict[int, Figure], pd.DataFrame,
                                                   pd.DataFrame]:
    """Figs. 3-6: ``{figure number: figure}``, the table (figure, title, measure, value) and
    φ_can of ``settings["replicates"]`` redraws of each map (figure, replicate, canberra)."""
    maps = toy_maps(n_runs=settings["n_runs"], n_features=settings["n_features"],
                    canberra_k=settings["canberra_k"], random_state=settings["random_state"])
    drawn = {m.figure: figures.toy_map_figure(m, settings["n_features"]) for m in maps}
    rows = [(m.figure, m.title, measure, value) for m in maps
            for measure, value in m.values.items()]
    # investigation of Fig. 6's φ_can (paper 0.51): the tied features in one fixed order
    half = next(m for m in maps if m.figure == 6)
    rows.append((6, half.title, TIES_IN_ORDER, canberra_stability(
        half.importances, settings["n_features"], settings["canberra_k"],
        np.random.default_rng(0), ties="index")))
    table = pd.DataFrame([
        {"figure": f, "title": t, "measure": measure, "value": value,
         "n_runs": settings["n_runs"], "n_features": settings["n_features"]}
        for f, t, measure, value in rows
    ])
    redrawn = canberra_replicates(
        n_replicates=settings["replicates"], n_runs=settings["n_runs"],
        n_features=settings["n_features"], canberra_k=settings["canberra_k"],
        random_state=settings["random_state"])
    replicates = pd.DataFrame([{"figure": f, "replicate": r, "canberra": float(v)}
                               for f, values in redrawn.items() for r, v in enumerate(values)])
    return drawn, table, replicates


# -- Figs. 7-8 ------------------------------------------------------------------------------------


def correlated_groups_step(scenario: int, seed: int, settings: Mapping[str, Any]) -> (
    tuple[pd.DataFrame, pd.DataFrame]
):
    """One (scenario, generative seed) of §5.3
    (:func:`~fsstab.papers.hamer2021.correlated.correlated_groups_stability`): its table and
    its importances in long form (``group_size``, ``run``, ``feature``, ``importance``; the
    non-zero ones)."""
    table, importances = correlated_groups_stability(
        scenario, seed, settings["group_sizes"], n_runs=settings["n_runs"],
        target_k=settings["target_k"], n_other=settings["n_other"],
        random_state=settings["random_state"],
    )
    long = []
    for c, W in importances.items():
        coo = W.tocoo()
        long.append(pd.DataFrame({"group_size": c, "run": coo.row, "feature": coo.col,
                                  "importance": coo.data}))
    long = pd.concat(long, ignore_index=True).sort_values(["group_size", "run", "feature"])
    return table, long.reset_index(drop=True)


def correlated_figures_step(
    tables: Sequence[pd.DataFrame], map_importances: pd.DataFrame, settings: Mapping[str, Any]
) -> tuple[Figure, Figure, pd.DataFrame]:
    """Figs. 7 and 8 from the per-(scenario, seed) tables of
    :func:`~fsstab.papers.hamer2021.correlated.correlated_groups_stability` and the long
    importance table (``group_size``, ``run``, ``feature``, ``importance``) of the map's
    (scenario, seed)."""
    table = pd.concat(list(tables), ignore_index=True)
    summary = summarise_correlated_groups(table)
    chosen = settings["map"]
    methods = {1: "group LASSO", 2: "group LASSO", 3: "LASSO"}
    panels = []
    for c in chosen["group_sizes"]:
        rows = map_importances[map_importances["group_size"] == c]
        n_runs = int(settings["n_runs"])
        used = np.unique(rows["feature"].to_numpy())
        W = np.zeros((n_runs, used.size))
        W[rows["run"].to_numpy(), np.searchsorted(used, rows["feature"].to_numpy())] = (
            rows["importance"].to_numpy()
        )
        values = table[(table["scenario"] == chosen["scenario"])
                       & (table["seed"] == chosen["seed"]) & (table["group_size"] == c)]
        title = (f"scenario {chosen['scenario']} ({methods[chosen['scenario']]}), c = {c}, "
                 f"generative seed {chosen['seed']}: {W.shape[1]} features ever selected")
        panels.append((title, W, values.iloc[0].to_dict()))
    maps = figures.correlated_maps_figure(panels)
    maps.suptitle("Fig. 7: feature stability maps with correlated groups (λ set for ≈ "
                  f"{settings['target_k']} features at c = 1)", fontsize=11)
    return maps, figures.correlated_stability_figure(summary, methods), summary


# -- §7.1 -----------------------------------------------------------------------------------------


def decision_step(summary: pd.DataFrame, selection: SelectionTables, d: int, *, paper: str,
                  settings: Mapping[str, Any]) -> tuple[Figure, pd.DataFrame]:
    """Fig. 11 / 21-25 and the table of chosen compromises of one §7.1 data set."""
    points = sweep_points(summary, settings["hybrid"])
    if points.empty:
        raise ValueError(f"{paper}: no hybrid-RFE setting with finite accuracy and stabilities")
    gamma = float(settings["gamma"])
    table = compromise_table(points, gamma)
    maps = {}
    for measure in MEASURES:
        chosen = table[(table["optimised"] == measure) & table["chosen"]].iloc[0]
        row = points[points["label"] == chosen["label"]].iloc[0]
        W = importances_of(selection, row["configuration"], row["variant"], d)
        maps[measure] = _columns_used(W)
    figure = figures.decision_figure(points, table, maps, dataset=paper,
                                     number=DECISION_FIGURES[paper], gamma=gamma)
    return figure, table


def dominated_areas_step(summary: pd.DataFrame, *, paper: str,
                         settings: Mapping[str, Any]) -> tuple[Figure, pd.DataFrame,
                                                               pd.DataFrame]:
    """Fig. 9 for one §7.1 data set: the figure, its dominated areas (RFE with N = 0 against
    the hybrid-RFE with N ≥ 1) and the hybrid-RFE's best stability at equal accuracy at each
    point of the RFE's front (:func:`~fsstab.papers.hamer2021.decisions.hybrid_versus_rfe`,
    equal accuracy: within :data:`~fsstab.papers.hamer2021.decisions.EQUAL_ACCURACY_SE`
    standard errors)."""
    points = sweep_points(summary, settings["hybrid"])
    reference = (float(settings["area_reference"][0]), float(settings["area_reference"][1]))
    areas = dominated_areas(points, settings["rfe"], reference)
    areas.insert(0, "dataset", paper)
    versus = hybrid_versus_rfe(points, settings["rfe"], n_standard_errors=EQUAL_ACCURACY_SE)
    versus.insert(0, "dataset", paper)
    figure = figures.dominated_areas_figure(points, settings["rfe"], reference, paper)
    return figure, areas, versus


def frequency_score_step(summary: pd.DataFrame, selection: SelectionTables, *, paper: str,
                         settings: Mapping[str, Any]) -> tuple[Figure, pd.DataFrame]:
    """Fig. 10 for one data set: p_f against the average sc_f, and its correlation."""
    spec = settings["frequency_score"]
    configuration, variant = find_setting(summary, spec["selector"], spec["params"])
    runs, features = selection[configuration]
    table = frequency_scores(runs, features, variant)
    r = frequency_score_correlation(table)
    row = summary[(summary["configuration"] == configuration)
                  & (summary["variant"] == variant)].iloc[0]
    n_runs = int(row["n_runs"])
    setting = f"{spec['selector']} ({meta_parameters(row['params'])}), M = {n_runs}"
    figure = figures.frequency_score_figure(table, paper, setting)
    row = pd.DataFrame([{"dataset": paper, "configuration": configuration, "variant": variant,
                         "n_runs": n_runs, "n_features_selected": len(table),
                         "pearson_r": r}])
    return figure, row


# -- §7.2 -----------------------------------------------------------------------------------------


def _trajectory_table(summaries: Mapping[str, pd.DataFrame], selector: str) -> pd.DataFrame:
    frames = []
    for dataset, summary in summaries.items():
        rows = method_rows(summary, selector)
        rows.insert(0, "paper_dataset", dataset)
        frames.append(rows)
    table = pd.concat(frames, ignore_index=True)
    keep = ["paper_dataset", "dataset", "label", "accuracy", *MEASURES, "mean_n_selected",
            "n_runs", *[c for c in table.columns if c.startswith("param_")], "accuracy_se"]
    return table[[c for c in keep if c in table.columns]]


def trajectories_step(summaries: Mapping[str, pd.DataFrame], *, method: str, selector: str,
                      number: int, note: str = "") -> tuple[Figure, pd.DataFrame]:
    """Figs. 13, 15, 17: a method's trajectories over its parameter on every data set."""
    parameter, symbol, inverse, descending = METHOD_PARAMETERS[method]
    table = _trajectory_table(summaries, selector)
    rows = {d: table[table["paper_dataset"] == d] for d in summaries}
    title = {13: "Fig. 13: elastic net, λ₂ from 1 (LASSO) down by 0.1",
             15: "Fig. 15: random forests, from 3 trees up",
             17: "Fig. 17: RELIEF, from 1 neighbour up"}.get(number, f"Fig. {number}")
    figure = figures.trajectories_figure(rows, parameter=parameter, symbol=symbol,
                                         inverse=inverse, descending=descending,
                                         title=title + (f" ({note})" if note else ""))
    return figure, table


def logistic_rfe_step(summaries: Mapping[str, pd.DataFrame], *, selector: str,
                      drawn: Sequence[str] | None = None, note: str = "") -> (
    tuple[Figure, pd.DataFrame]
):
    """Fig. 14: the logistic RFE, one line per λ along increasing λ_f, drawn on the data sets
    ``drawn`` (default: all); the table has every data set of ``summaries`` (the claims of
    §7.2.3 are checked on all of them)."""
    table = _trajectory_table(summaries, selector)
    rows = {d: table[table["paper_dataset"] == d] for d in (drawn or summaries)}
    title = r"Fig. 14: logistic RFE, one line per $\lambda$, points by increasing $\lambda_f$"
    figure = figures.trajectories_figure(
        rows, parameter="final_C", symbol=r"$\lambda_f$", inverse=True, descending=False,
        title=title + (f" ({note})" if note else ""), groups="C", group_symbol="λ",
    )
    return figure, table


def maps_step(summaries: Mapping[str, pd.DataFrame],
              selections: Mapping[str, SelectionTables], n_features: Mapping[str, int], *,
              method: str, selector: str, values: Sequence[Any] | None, number: int,
              note: str = "") -> Figure:
    """Figs. 12, 16, 18: feature stability maps of one method (for the LASSO one map per data
    set; otherwise one per value of its parameter on each data set)."""
    parameter = METHOD_PARAMETERS[method][0]
    panels = []
    for dataset, summary in summaries.items():
        rows = method_rows(summary, selector)
        if values is None:
            chosen = rows.iloc[:1]
        else:
            column = f"param_{parameter}"
            chosen = pd.concat([rows[rows[column] == float(v)] for v in values])
            missing = sorted(set(map(float, values)) - set(chosen[column]))
            if missing:
                raise ValueError(f"{dataset}: {selector} has no setting with "
                                 f"{parameter} = {missing}")
        for _, row in chosen.iterrows():
            W = importances_of(selections[dataset], row["configuration"], row["variant"],
                               n_features[dataset])
            setting = "" if values is None else (
                f", {parameter} = {row[f'param_{parameter}']:g}")
            title = f"{dataset}{setting}: A = {row['accuracy']:.3f}"
            panels.append((title, _columns_used(W), _row_values(row)))
    names = {12: "LASSO", 16: "random forests", 18: "RELIEF"}
    return figures.maps_figure(panels, f"Fig. {number}: typical feature stability maps of "
                                       f"{names.get(number, method)}"
                                       + (f" ({note})" if note else ""))


def appendix_step(summaries: Mapping[str, pd.DataFrame], methods: Mapping[str, str], *,
                  number: int, note: str = "") -> Figure:
    """Figs. 26-29: φ and φ_iw of every method's settings on a group of data sets."""
    rows = {}
    for dataset, summary in summaries.items():
        per_method = {}
        for method, selector in methods.items():
            frame = method_rows(summary, selector)
            parameter = f"param_{METHOD_PARAMETERS[method][0]}"
            if parameter in frame.columns:
                frame = frame.sort_values(parameter, kind="stable")
            per_method[method] = frame
        rows[dataset] = per_method
    return figures.appendix_figure(rows, number, note)


def properties_step(selection: SelectionTables, X: np.ndarray, y: np.ndarray, *, paper: str,
                    lasso: str | None, n_replicates: int, random_state: int) -> (
    tuple[pd.DataFrame, pd.DataFrame]
):
    """§5.1-5.2, eq. 10, Fig. 12 on one §7.2 data set: the identities and properties of φ_iw
    on every map of ``selection`` (one row per configuration and variant,
    :func:`~fsstab.papers.hamer2021.properties.map_checks`), and one row for the map of the
    LASSO configuration ``lasso`` (its only variant): Property 4 on ``n_replicates``
    random-identity maps, Theorem 1 on the features of its first run, Fig. 12's importance
    profile."""
    d = X.shape[1]
    maps, lasso_row = [], []
    for configuration, (runs, _) in selection.items():
        for variant in sorted(set(runs.column("variant").to_pylist())):
            W = importances_of(selection, configuration, variant, d)
            maps.append({"dataset": paper, "configuration": configuration, "variant": variant,
                         **properties.map_checks(W)})
    if lasso is not None:
        runs, _ = selection[lasso]
        variants = sorted(set(runs.column("variant").to_pylist()))
        if len(variants) != 1:
            raise ValueError(f"{paper}: the LASSO configuration {lasso!r} has {len(variants)} "
                             "settings; §5 and Fig. 12 use one")
        W = importances_of(selection, lasso, variants[0], d).toarray()
        chance = properties.chance_replicates(W, n_replicates,
                                              substream(as_seed(random_state), CHANCE_STREAM))
        mean, se = properties.chance_summary(chance)
        features = np.flatnonzero(W[0] > 0)
        eq7, eq9 = properties.theorem1_importances(X, y, features)
        lasso_row.append({
            "dataset": paper, "configuration": lasso, "variant": variants[0],
            "chance_mean": mean, "chance_se": se, "chance_min": float(chance.min()),
            "chance_max": float(chance.max()), "chance_replicates": float(n_replicates),
            "theorem1_n_features": float(features.size),
            "theorem1_max_difference": float(np.abs(eq7 - eq9).max()),
            **properties.importance_profile(W)})
    return pd.DataFrame(maps), pd.DataFrame(lasso_row)


# -- §7.3 -----------------------------------------------------------------------------------------


def variability_step(estimates: Mapping[str, pd.DataFrame], *, block_size: int) -> (
    tuple[Figure, pd.DataFrame, pd.DataFrame]
):
    """Fig. 19: the coefficient of variation of each measure per data set; returns the figure,
    the c_v table and all group estimates in one long table."""
    cv = coefficients_of_variation(estimates)
    n_blocks = max(len(frame) for frame in estimates.values())
    figure = figures.variation_figure(cv, block_size, n_blocks)
    long = pd.concat([frame.assign(dataset=name) for name, frame in estimates.items()],
                     ignore_index=True)
    long = long[["dataset", *[c for c in long.columns if c != "dataset"]]]
    return figure, cv.reset_index(), long
