"""Sechidis, Papangelou, Nogueira, Weatherall & Brown (2019), "On the stability of feature
selection in the presence of feature correlations": the worked example of eq. (1), Fig. 1,
§4.1 (Fig. 2, Tables 1-2) and §4.2 (Tables 3-5) on a simulated IPASS stand-in.

- **Eq. (1)** (:func:`eq1_table`): four runs that alternate between features of two redundant
  pairs are unstable under φ (Nogueira et al. 2018) and perfectly stable under the effective
  stability Φ_C once the redundancy is in C.
- **Fig. 1** (:func:`timing_inputs`, :func:`figure1_values`, :func:`figure1_timings`): the
  computation time of Φ_C (``sechidis``) against the nPOGR generalisation (``yu``, Yu et al.
  2012 as generalised in Bommert 2020) for random M x d selection matrices, M = 50. Values are
  deterministic; times are not and are kept apart.
- **§4.1** -- M = 50 versions with 5 % left out, seven selectors tuned to the top 25 % of the
  features, 3-NN accuracy on the held-out rows, C from |Spearman ρ| > 0.5 -- is run by the
  workflow's generic stages; :func:`table1`, :func:`table2` and :func:`pareto_figure` present
  their Pareto analysis, and :func:`rank_definition_check` checks how the paper's Table 2 rank
  is defined against its Table 1.
- **§4.2** (:func:`top_features`, :func:`group_stability_table`, :func:`covariate_table`):
  Tables 3-5 for GBM and CMIM on :func:`fsstab.synthetic.ipass_like`, a simulated stand-in
  for the non-public IPASS data with the same 23 covariates and groups A, B, C.
- :func:`comparison_rows`: every number the paper states next to ours.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd
import scipy.sparse as sp
from matplotlib.figure import Figure

from fsstab.datasets import Dataset
from fsstab.measures import nogueira, sechidis, time_measures, yu
from fsstab.papers.outputs import NOT_RUN_NOTE, format_number
from fsstab.papers.settings import PaperSettings, configured_problems
from fsstab.seeds import as_seed
from fsstab.selectors import SELECTORS
from fsstab.similarity import group_similarity
from fsstab.synthetic import IPASS_COVARIATES, IPASS_GROUPS
from fsstab.workflow.seeds import derive_seed

__all__ = [
    "EQ1_SELECTIONS",
    "PAPER_TABLE1",
    "PAPER_TABLE2",
    "PAPER_TABLE3",
    "PAPER_TABLE4",
    "SETTINGS",
    "SETTINGS_SCHEMA",
    "STAND_IN_NOTE",
    "check_settings",
    "comparison_rows",
    "covariate_table",
    "eq1_similarity",
    "eq1_table",
    "figure1_plot",
    "figure1_timings",
    "figure1_values",
    "group_stability_table",
    "pareto_figure",
    "rank_definition_check",
    "resolved_settings",
    "table1",
    "table2",
    "table3",
    "table4_figure",
    "timing_inputs",
    "top_features",
]

#: The note of every §4.2 result: the trial data are replaced by a simulation.
STAND_IN_NOTE = ("simulated stand-in (fsstab.synthetic.ipass_like): the IPASS trial data are "
                 "not public")

#: Eq. (1): M = 4 runs over d = 6 features; X1 ~ X2 and X3 ~ X4 are strongly correlated.
EQ1_SELECTIONS = np.array([
    [1, 0, 1, 0, 0, 0],
    [0, 1, 1, 0, 0, 0],
    [1, 0, 0, 1, 0, 0],
    [0, 1, 0, 1, 0, 0],
], dtype=bool)

#: Table 1: Pareto-optimal methods per data set, (accuracy vs φ, accuracy vs Φ_C).
PAPER_TABLE1: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "breast": (("LASSO", "MIM"), ("MIM",)),
    "ionosphere": (("LASSO", "GBM", "MIM"), ("LASSO", "GBM", "MIM", "mRMR")),
    "landsat": (("mRMR",), ("JMI",)),
    "musk2": (("LASSO", "MIM"), ("LASSO",)),
    "parkinsons": (("LASSO", "MIM"), ("MIM", "mRMR", "JMI")),
    "semeion": (("GBM", "MIM", "mRMR", "JMI"), ("GBM", "mRMR", "JMI", "CMIM")),
    "sonar": (("MIM", "JMI"), ("MIM", "mRMR", "JMI")),
    "spect": (("MIM",), ("MIM",)),
    "waveform": (("GBM", "mRMR"), ("GBM", "mRMR")),
    "wine": (("MIM", "CMIM"), ("MIM", "CMIM")),
}

#: Table 2: average non-dominated rank over the 10 data sets (accuracy vs φ / vs Φ_C).
PAPER_TABLE2: Mapping[str, Mapping[str, float]] = {
    "nogueira": {"MIM": 1.6, "GBM": 1.8, "JMI": 2.6, "LASSO": 2.7, "mRMR": 2.9, "CMIM": 2.9,
                 "RF": 3.1},
    "sechidis": {"mRMR": 1.7, "MIM": 2.0, "JMI": 2.4, "GBM": 2.4, "CMIM": 2.9, "LASSO": 3.1,
                 "RF": 3.1},
}

#: Table 3: the top-4 prognostic biomarkers of GBM and CMIM in IPASS.
PAPER_TABLE3: Mapping[str, tuple[str, ...]] = {
    "GBM": ("X4", "X10", "X1", "X12"),
    "CMIM": ("X2", "X13", "X21", "X12"),
}

#: Table 4: stability (φ), φ within groups A, B, C, and effective stability Φ_C.
PAPER_TABLE4: Mapping[str, Mapping[str, float]] = {
    "GBM": {"stability": 0.87, "within_A": 0.96, "within_B": 0.82, "within_C": 0.14,
            "effective_stability": 0.87},
    "CMIM": {"stability": 0.68, "within_A": 0.45, "within_B": 0.80, "within_C": 0.43,
             "effective_stability": 0.91},
}

_METHODS = ("LASSO", "RF", "GBM", "MIM", "mRMR", "JMI", "CMIM")

SETTINGS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["methods"],
    "properties": {
        "methods": {
            "description": "selector label of §4.1 -> the paper's method name",
            "type": "object", "minProperties": 1,
            "additionalProperties": {"enum": list(_METHODS)},
        },
        "ipass": {
            "description": "§4.2: the stand-in dataset and its selectors (label -> method)",
            "type": ["object", "null"],
            "additionalProperties": False,
            "required": ["dataset", "selectors"],
            "properties": {
                "dataset": {"type": "string"},
                "selectors": {"type": "object", "minProperties": 1,
                              "additionalProperties": {"enum": ["GBM", "CMIM"]}},
                "top_k": {"type": "integer", "minimum": 1},
            },
            "default": None,
        },
        "figure1": {
            "type": "object",
            "additionalProperties": False,
            "default": {},
            "properties": {
                "n_runs": {"type": "integer", "minimum": 2, "default": 50},
                "d": {"type": "array", "items": {"type": "integer", "minimum": 10},
                      "minItems": 1, "default": [100, 200, 500, 1000, 2000, 5000]},
                "selected_fraction": {"type": "number", "exclusiveMinimum": 0,
                                      "exclusiveMaximum": 1, "default": 0.1},
                "group_size": {"type": "integer", "minimum": 2, "default": 5},
                "repeats": {"type": "integer", "minimum": 1, "default": 3},
            },
        },
    },
}


def _settings_problems(settings: Mapping[str, Any], workflow: Any) -> list[str]:
    """Problems of checked settings given the whole configuration (keys below paper.settings)."""
    config = workflow.raw
    selectors = config.get("selectors") or {}
    problems = configured_problems("methods", list(settings["methods"]), workflow, "selectors")
    ipass = settings.get("ipass")
    if ipass is not None:
        datasets = config.get("datasets") or {}
        missing = configured_problems("ipass.dataset", [ipass["dataset"]], workflow)
        problems += missing
        if not missing and (datasets[ipass["dataset"]].get("similarity") or {}).get(
                "method") != "groups":
            problems.append(f"ipass.dataset: {ipass['dataset']!r} needs similarity: {{method: "
                            "groups}} (C = 1 within the biomarker groups, §4.2)")
        problems += configured_problems("ipass.selectors", list(ipass["selectors"]), workflow,
                                        "selectors")
        gridded = sorted(label for label in set(ipass["selectors"]) & set(selectors)
                         if selectors[label].get("grid") or selectors[label].get("sweep"))
        if gridded:
            problems.append(f"ipass.selectors: {gridded} must be single configurations (no "
                            "grid or sweep)")
    names = (config.get("measures") or {}).get("names", "all")
    if names != "all" and not {"nogueira", "sechidis"} <= set(names):
        problems.append(": the paper compares φ and Φ_C: measures.names must include nogueira "
                        "and sechidis")
    return problems


#: The settings of a run (:class:`fsstab.papers.settings.PaperSettings`); the rules call
#: ``SETTINGS.checked(WF)`` before any job.
SETTINGS = PaperSettings(SETTINGS_SCHEMA, _settings_problems)
check_settings = SETTINGS.problems
resolved_settings = SETTINGS.resolve


# --------------------------------------------------------------------------------------------
# Eq. (1)
# --------------------------------------------------------------------------------------------


def eq1_similarity(d: int = 6) -> sp.csr_array:
    """C of the worked example: X1 ~ X2 and X3 ~ X4 (c = 1), every other pair 0."""
    labels = np.arange(d) + 10
    labels[[0, 1]] = 0
    labels[[2, 3]] = 1
    return group_similarity(labels)


def _mean_pairwise(gram: np.ndarray) -> float:
    """1/(M(M-1)) Σ_{i≠j} G_ij (Sechidis et al. 2019, eq. 2 and Theorem 2)."""
    M = gram.shape[0]
    return float((gram.sum() - np.trace(gram)) / (M * (M - 1)))


def eq1_table() -> pd.DataFrame:
    """The worked example: k̄, the average (effective) pairwise intersection, φ and Φ_C."""
    Z = EQ1_SELECTIONS
    C = eq1_similarity(Z.shape[1]).toarray()
    Zf = Z.astype(float)
    rows = [
        ("average number of features selected (k̄)", "", float(Z.sum(axis=1).mean())),
        ("average pairwise intersection |s_i ∩ s_j|", "C = I", _mean_pairwise(Zf @ Zf.T)),
        ("average effective intersection |s_i ∩ s_j|_C (Definition 1)", "X1 ~ X2, X3 ~ X4",
         _mean_pairwise(Zf @ C @ Zf.T)),
        ("stability φ (eq. 3)", "C = I", nogueira(Z)),
        ("effective stability Φ_C (Definition 2)", "X1 ~ X2, X3 ~ X4",
         sechidis(Z, C=sp.csr_array(C), threshold=1.0)),
    ]
    return pd.DataFrame(rows, columns=["quantity", "redundancy", "value"])


# --------------------------------------------------------------------------------------------
# Fig. 1: computation time of Φ_C and of the nPOGR generalisation
# --------------------------------------------------------------------------------------------


def timing_inputs(
    d: int, n_runs: int = 50, selected_fraction: float = 0.1, group_size: int = 5,
    random_state: Any = None,
) -> tuple[np.ndarray, sp.csr_array]:
    """A random selection matrix (each run picks ``round(fraction · d)`` features uniformly)
    and a similarity matrix of consecutive groups of ``group_size`` redundant features."""
    rng = np.random.default_rng(as_seed(random_state))
    k = max(1, round(selected_fraction * d))
    Z = np.zeros((n_runs, d), dtype=bool)
    for i in range(n_runs):
        Z[i, rng.choice(d, size=k, replace=False)] = True
    return Z, group_similarity(np.arange(d) // group_size)


#: Fig. 1's measures: name -> function(Z, C) (θ = 1: C is 0/1).
FIGURE1_MEASURES: Mapping[str, Callable[..., float]] = {
    "sechidis": lambda Z, C, seed: sechidis(Z, C=C, threshold=1.0),
    "yu": lambda Z, C, seed: yu(Z, C=C, threshold=1.0, random_state=seed),
}


def figure1_values(settings: Mapping[str, Any], seed: int) -> pd.DataFrame:
    """The measures' values on Fig. 1's inputs (deterministic): ``d, k, measure, value``."""
    rows = []
    for d in settings["d"]:
        Z, C = timing_inputs(d, settings["n_runs"], settings["selected_fraction"],
                             settings["group_size"], random_state=derive_seed(seed, "fig1", d))
        for name, function in FIGURE1_MEASURES.items():
            rows.append({"d": d, "k": int(Z[0].sum()), "measure": name,
                         "value": float(function(Z, C, seed))})
    return pd.DataFrame(rows)


def figure1_timings(settings: Mapping[str, Any], seed: int) -> pd.DataFrame:
    """Wall-clock seconds of each measure (best of ``repeats``, every evaluation a full
    computation: :func:`fsstab.measures.time_measures`): ``d, measure, seconds, repeats``.
    Not reproducible bit for bit; written to its own table."""
    rows = []
    for d in settings["d"]:
        Z, C = timing_inputs(d, settings["n_runs"], settings["selected_fraction"],
                             settings["group_size"], random_state=derive_seed(seed, "fig1", d))
        seconds = time_measures(Z, list(FIGURE1_MEASURES), C=C, threshold=1.0,
                                repeats=settings["repeats"],
                                random_state=derive_seed(seed, "fig1 timing", d))
        rows += [{"d": d, "measure": name, "seconds": value, "repeats": settings["repeats"]}
                 for name, value in seconds.items()]
    return pd.DataFrame(rows)


_TIMING_LABELS = {"sechidis": r"$\hat\Phi_C$ (sechidis)",
                  "yu": "nPOGR generalisation (yu)"}


def figure1_plot(timings: pd.DataFrame, n_runs: int) -> Figure:
    """Seconds against d on log-log axes (Sechidis et al. 2019, Fig. 1)."""
    fig = Figure(figsize=(5.2, 3.8), layout="constrained")
    ax = fig.subplots()
    for name, marker, color in (("yu", "s", "tab:red"), ("sechidis", "o", "tab:blue")):
        part = timings[timings["measure"] == name].sort_values("d")
        ax.plot(part["d"], part["seconds"], marker=marker, color=color,
                label=_TIMING_LABELS[name])
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("number of features d")
    ax.set_ylabel("computation time (s)")
    ax.set_title(f"random selection matrices, M = {n_runs}")
    ax.legend(fontsize=8)
    return fig


# --------------------------------------------------------------------------------------------
# §4.1: Pareto-optimal methods (Table 1), non-dominated rank (Table 2), Fig. 2
# --------------------------------------------------------------------------------------------

_MEASURE_NAMES = {"nogueira": "accuracy vs stability (φ)",
                  "sechidis": "accuracy vs effective stability (Φ_C)"}


def _method(label: str, methods: Mapping[str, str]) -> str:
    return methods.get(label, label)


def _ordered(methods: Sequence[str]) -> list[str]:
    order = {m: i for i, m in enumerate(_METHODS)}
    return sorted(set(methods), key=lambda m: (order.get(m, len(order)), m))


def table1(pareto: pd.DataFrame, methods: Mapping[str, str],
           datasets: Sequence[str]) -> pd.DataFrame:
    """Table 1: per data set, the Pareto-optimal methods in (accuracy, φ) and (accuracy, Φ_C)
    and whether they change. ``pareto``: the workflow's pareto tables (all datasets)."""
    rows = []
    for name in datasets:
        sets = {}
        for measure in ("nogueira", "sechidis"):
            part = pareto[(pareto["dataset"] == name) & (pareto["measure"] == measure)
                          & pareto["label"].isin(list(methods))]
            sets[measure] = _ordered(_method(lab, methods)
                                     for lab in part.loc[part["non_dominated"], "label"])
        rows.append({"dataset": name,
                     "pareto_optimal_stability": ", ".join(sets["nogueira"]),
                     "pareto_optimal_effective_stability": ", ".join(sets["sechidis"]),
                     "change": sets["nogueira"] != sets["sechidis"]})
    return pd.DataFrame(rows)


def table2(rank: pd.DataFrame, methods: Mapping[str, str]) -> pd.DataFrame:
    """Table 2: the average non-dominated rank of every method for φ and Φ_C (1 = best),
    sorted by rank within each measure. ``rank``: the workflow's ``pareto_rank`` table."""
    part = rank[rank["measure"].isin(["nogueira", "sechidis"])
                & rank["label"].isin(list(methods))].copy()
    part["method"] = [_method(lab, methods) for lab in part["label"]]
    part = part.sort_values(["measure", "non_dominated_rank", "method"])
    return part[["measure", "method", "label", "non_dominated_rank", "n_datasets"]].reset_index(
        drop=True)


def rank_definition_check(
    table1_sets: Mapping[str, tuple[Sequence[str], Sequence[str]]] = PAPER_TABLE1,
    table2_ranks: Mapping[str, Mapping[str, float]] = PAPER_TABLE2,
) -> pd.DataFrame:
    """Can the paper's Table 2 ranks come from its Table 1 under each reading of "the number of
    other criteria which dominate a given criterion"?

    Per data set a method on the Pareto front has 0 dominators; one off the front has 1 to
    (#methods - 1). So the mean over D data sets of ``c`` (plain count) lies in
    [n_off/D, 6 n_off/D] and of ``1 + c`` in [(D + n_off)/D, (D + 6 n_off)/D], where n_off is
    the number of data sets on which Table 1 does not list the method.
    """
    rows = []
    n_data = len(table1_sets)
    n_others = len(_METHODS) - 1
    for column, measure in enumerate(("nogueira", "sechidis")):
        for method, printed in table2_ranks[measure].items():
            off = sum(method not in sets[column] for sets in table1_sets.values())
            count = (off / n_data, n_others * off / n_data)
            one_plus = ((n_data + off) / n_data, (n_data + n_others * off) / n_data)
            rows.append({
                "measure": measure, "method": method, "paper_rank": printed,
                "datasets_not_pareto_optimal": off,
                "count_min": count[0], "count_max": count[1],
                "count_consistent": count[0] - 1e-9 <= printed <= count[1] + 1e-9,
                "one_plus_count_min": one_plus[0], "one_plus_count_max": one_plus[1],
                "one_plus_count_consistent": one_plus[0] - 1e-9 <= printed <= one_plus[1] + 1e-9,
            })
    return pd.DataFrame(rows)


def pareto_figure(pareto: pd.DataFrame, methods: Mapping[str, str], dataset: str,
                  title: str | None = None) -> Figure:
    """Fig. 2 style: accuracy against φ (left) and against Φ_C (right) for one data set, each
    method labelled, the Pareto-optimal ones filled and joined by the front."""
    fig = Figure(figsize=(9.0, 3.9), layout="constrained")
    axes = fig.subplots(1, 2)
    for ax, measure in zip(axes, ("nogueira", "sechidis"), strict=True):
        part = pareto[(pareto["dataset"] == dataset) & (pareto["measure"] == measure)
                      & pareto["label"].isin(list(methods)) & pareto["evaluated"]]
        front = part[part["non_dominated"]].sort_values("stability")
        ax.plot(front["stability"], front["accuracy"], "-", color="tab:red", lw=1, alpha=0.6)
        for _, row in part.iterrows():
            optimal = bool(row["non_dominated"])
            ax.scatter(row["stability"], row["accuracy"], s=40, zorder=3,
                       color="tab:red" if optimal else "white",
                       edgecolors="tab:red" if optimal else "0.3")
            ax.annotate(_method(row["label"], methods), (row["stability"], row["accuracy"]),
                        textcoords="offset points", xytext=(4, 4), fontsize=8)
        symbol = r"$\hat\Phi$" if measure == "nogueira" else r"$\hat\Phi_C$"
        ax.set_xlabel(f"stability {symbol}" if measure == "nogueira"
                      else f"effective stability {symbol}")
        ax.set_ylabel("accuracy (3-NN, held-out 5 %)")
        ax.set_title(_MEASURE_NAMES[measure], fontsize=10)
        ax.margins(0.15)
    fig.suptitle(title or dataset)
    return fig


# --------------------------------------------------------------------------------------------
# §4.2: the IPASS stand-in
# --------------------------------------------------------------------------------------------


def top_features(ranking: np.ndarray, feature_names: Sequence[str], k: int) -> list[str]:
    """The names of the ``k`` best-ranked features (``ranking_``, 1 = best; ties by index)."""
    order = np.lexsort((np.arange(len(ranking)), np.asarray(ranking)))
    return [feature_names[i] for i in order[:k]]


def table3(
    ds: Dataset, specs: Mapping[str, Mapping[str, Any]], methods: Mapping[str, str], k: int,
    random_state: int,
) -> pd.DataFrame:
    """Table 3: each method's top-k biomarkers on the full data (``specs``: the workflow's
    configuration specs of the §4.2 selectors; ``methods``: label -> method name)."""
    description = {c["name"]: c["description"] for c in IPASS_COVARIATES}
    rows = []
    for label, method in methods.items():
        spec = specs[label]
        cls = SELECTORS[spec["class"]]
        params = dict(spec["params"])
        if "random_state" in cls().get_params(deep=False):
            params["random_state"] = int(random_state)
        selector = cls(**params).fit(ds.X, ds.y)
        for rank, name in enumerate(top_features(selector.ranking_, ds.feature_names, k), 1):
            rows.append({"method": method, "rank": rank, "biomarker": name,
                         "description": description.get(name, "")})
    return pd.DataFrame(rows)


def covariate_table(feature_groups: np.ndarray | None = None) -> pd.DataFrame:
    """Table 5: the covariates (biomarker, description, values as printed), the group of §4.2,
    App. A's missing rate and the codes of the stand-in (levels, then "missing")."""
    group_of = {j: g for g, members in IPASS_GROUPS.items() for j in members}
    rows = []
    for j, covariate in enumerate(IPASS_COVARIATES):
        levels = list(covariate["levels"])
        missing = covariate.get("missing", 0.0)
        codes = levels + (["missing"] if missing else [])
        rows.append({
            "biomarker": covariate["name"], "description": covariate["description"],
            "values": ", ".join(levels), "group": group_of.get(j, ""),
            "missing_rate": missing,
            "stand_in_codes": ", ".join(f"{c}={label}" for c, label in enumerate(codes)),
        })
    return pd.DataFrame(rows)


def group_stability_table(
    selections: Mapping[str, np.ndarray], groups: Mapping[str, Sequence[int]] = IPASS_GROUPS,
) -> pd.DataFrame:
    """Table 4: per method, φ on all features, φ on the columns of each group ("within group",
    the group's features as the whole feature set) and Φ_C with C = 1 within every group."""
    d = next(iter(selections.values())).shape[1]
    labels = np.arange(d) + len(groups)
    for g, (_, members) in enumerate(sorted(groups.items())):
        labels[list(members)] = g
    C = group_similarity(labels)
    rows = []
    for method, Z in selections.items():
        Z = np.asarray(Z, dtype=bool)
        row = {"method": method, "stability": nogueira(Z)}
        for name, members in sorted(groups.items()):
            row[f"within_{name}"] = nogueira(Z[:, list(members)])
        row["effective_stability"] = sechidis(Z, C=C, threshold=1.0)
        rows.append(row)
    return pd.DataFrame(rows)


_TABLE4_COLUMNS = {
    "stability": r"$\hat\Phi$",
    "within_A": r"$\hat\Phi$ within A (EGFR)",
    "within_B": r"$\hat\Phi$ within B (liver)",
    "within_C": r"$\hat\Phi$ within C (blood)",
    "effective_stability": r"$\hat\Phi_C$",
}


def table4_figure(table: pd.DataFrame, n_runs: int) -> Figure:
    """Table 4 as grouped bars: per method, φ, φ within each group and Φ_C."""
    fig = Figure(figsize=(7.4, 3.8), layout="constrained")
    ax = fig.subplots()
    columns = [c for c in _TABLE4_COLUMNS if c in table.columns]
    width = 0.8 / len(columns)
    colors = ["tab:red", "tab:cyan", "tab:olive", "tab:pink", "tab:orange"]
    for j, column in enumerate(columns):
        x = np.arange(len(table)) + (j - (len(columns) - 1) / 2) * width
        values = table[column].to_numpy(dtype=float)
        ax.bar(x, np.nan_to_num(values), width, color=colors[j], label=_TABLE4_COLUMNS[column])
        for xi, v in zip(x, values, strict=True):
            ax.text(xi, max(v, 0) + 0.01 if np.isfinite(v) else 0.01,
                    f"{v:.2f}" if np.isfinite(v) else "n/a", ha="center", va="bottom",
                    fontsize=7)
    ax.set_xticks(np.arange(len(table)), table["method"])
    ax.set_ylabel("stability")
    ax.set_ylim(0, 1.1)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
    ax.set_title(f"Table 4 on the simulated IPASS stand-in (M = {n_runs}, 5 % left out)",
                 fontsize=10)
    return fig


# --------------------------------------------------------------------------------------------
# comparison
# --------------------------------------------------------------------------------------------


def _split(text: str) -> tuple[str, ...]:
    return tuple(t.strip() for t in text.split(",") if t.strip())


def comparison_rows(
    eq1: pd.DataFrame,
    tab1: pd.DataFrame,
    tab2: pd.DataFrame,
    configured: Sequence[str],
    ipass: Mapping[str, pd.DataFrame] | None = None,
) -> list[dict[str, str]]:
    """Every number the paper states next to ours (rows for
    :func:`fsstab.papers.outputs.comparison_frame`).

    ``configured``: the §4.1 datasets of the configuration (those without a Table 1 row were
    not run here); ``ipass``: ``{"table3": ..., "table4": ...}`` of the stand-in, or None.
    """
    values = dict(zip(eq1["quantity"], eq1["value"], strict=True))
    rows = [
        {"item": "eq. (1): stability φ", "setting": "C = I", "paper_value": "unstable",
         "our_value": format_number(values["stability φ (eq. 3)"], 4)},
        {"item": "eq. (1): effective stability Φ_C", "setting": "X1 ~ X2, X3 ~ X4",
         "paper_value": "perfectly stable (1)",
         "our_value": format_number(values["effective stability Φ_C (Definition 2)"], 4)},
        {"item": "eq. (1) / §3.1: effective intersection of z1 and z2", "setting": "X1 ~ X2",
         "paper_value": "2", "our_value": format_number(
             float(EQ1_SELECTIONS[0].astype(float) @ eq1_similarity().toarray()
                   @ EQ1_SELECTIONS[1].astype(float)), 0)},
    ]
    run = set(tab1["dataset"])
    for name in configured:
        paper = PAPER_TABLE1.get(name)
        ours = tab1[tab1["dataset"] == name]
        for column, key in ((0, "pareto_optimal_stability"),
                            (1, "pareto_optimal_effective_stability")):
            rows.append({
                "item": f"table1: Pareto-optimal set ({'φ' if column == 0 else 'Φ_C'})",
                "dataset": name,
                "paper_value": ", ".join(paper[column]) if paper else "",
                "our_value": ours[key].iloc[0] if name in run else "",
                "note": "" if name in run else NOT_RUN_NOTE,
            })
    for measure, ranks in PAPER_TABLE2.items():
        ours = tab2[tab2["measure"] == measure].set_index("method")
        n_data = int(ours["n_datasets"].iloc[0]) if len(ours) else 0
        symbol = "φ" if measure == "nogueira" else "Φ_C"
        for method, printed in ranks.items():
            rows.append({
                "item": f"table2: average non-dominated rank ({symbol})",
                "setting": method, "paper_value": f"{printed:g}",
                "our_value": format_number(ours.loc[method, "non_dominated_rank"], 2)
                if method in ours.index else "",
                "note": f"our average over {n_data} of the paper's 10 data sets"
                if n_data else "no data set run",
            })
    check = rank_definition_check()
    rows.append({
        "item": "table2: rank definition (1 + dominators) consistent with Tables 1-2",
        "paper_value": "§4.1 text: 'the number of other criteria which dominate'",
        "our_value": f"1 + count: {int(check['one_plus_count_consistent'].sum())} of "
                     f"{len(check)} entries feasible; plain count: "
                     f"{int(check['count_consistent'].sum())} of {len(check)}",
        "note": "fsstab.pareto.non_dominated_rank uses 1 + count",
    })
    if ipass is not None:
        top = ipass["table3"]
        for method, printed in PAPER_TABLE3.items():
            ours = top[top["method"] == method]
            rows.append({"item": "table3: top-4 prognostic biomarkers", "dataset": "IPASS",
                         "setting": method, "paper_value": ", ".join(printed),
                         "our_value": ", ".join(ours["biomarker"]) if len(ours) else "",
                         "note": STAND_IN_NOTE})
        stab = ipass["table4"].set_index("method")
        for method, values in PAPER_TABLE4.items():
            for key, printed in values.items():
                rows.append({"item": f"table4: {key.replace('_', ' ')}", "dataset": "IPASS",
                             "setting": method, "paper_value": f"{printed:.2f}",
                             "our_value": format_number(stab.loc[method, key], 2)
                             if method in stab.index else "",
                             "note": STAND_IN_NOTE})
        for column in ("stability", "effective_stability"):
            if {"GBM", "CMIM"} <= set(stab.index):
                ours = ">" if stab.loc["GBM", column] > stab.loc["CMIM", column] else "<="
                rows.append({"item": f"table4: GBM vs CMIM, {column.replace('_', ' ')}",
                             "dataset": "IPASS",
                             "paper_value": ">" if column == "stability" else "<",
                             "our_value": ours, "note": STAND_IN_NOTE})
    return rows
