"""Nogueira & Brown (2016), "Measuring the stability of feature selection with applications to
ensemble methods": Fig. 1, the toy examples of §3.2, Table 2 and Fig. 2.

- **Fig. 1** (:func:`figure1_table`): the minimum and maximum of sim_N (eq. 14) against k1 for
  k2 = 6 and 8, n = 10. For two sets of sizes k1 and k2 the score depends on the pair only
  through the size r of the intersection, which ranges over max(0, k1 + k2 - n) .. min(k1, k2)
  (§3.1), so the extremes over *all* pairs of sets follow exactly from evaluating
  :func:`fsstab.measures.nogueira_brown` on one pair per feasible r.
- **§3.2** (:data:`TOY_EXAMPLES`, :func:`toy_example_table`): the four toy examples (plus the
  Hamming example of eq. 3) under every fsstab measure that needs only the selected sets.
- **Table 2 and Fig. 2** (:func:`table2`, :func:`figure2_table`): random-forest selection (a
  feature is kept when at least a fraction p of 100 trees split on it), K = 100 subsamples of
  90 % -- the workflow's generic stages run it (``RandomForestSelector(mode="tree_fraction")``,
  resampling ``subsample``); these functions read the stability summary and the runs.
- :func:`comparison_rows`: every number the paper states next to ours.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from fsstab.measures import MEASURES, compute, nogueira_brown
from fsstab.measures._core import MeasureInputs, SelectionStats, as_selection_matrix
from fsstab.papers import PaperSettings
from fsstab.papers.outputs import NOT_RUN_NOTE, format_mean_sd, format_number

__all__ = [
    "FIGURE2_MEASURES",
    "PAPER_TABLE2",
    "SETTINGS_SCHEMA",
    "SYMBOLS",
    "TOY_EXAMPLES",
    "ToyExample",
    "check_settings",
    "comparison_rows",
    "figure1_plot",
    "figure1_table",
    "figure2_plot",
    "figure2_table",
    "intersection_range",
    "resolved_settings",
    "set_measures",
    "sim_n_extremes",
    "table2",
    "toy_example_table",
]

#: Table 2: examples, classes, the tree fraction p, features, and the average number of
#: features selected with its standard deviation.
PAPER_TABLE2: Mapping[str, Mapping[str, Any]] = {
    "wine": {"n_examples": 178, "n_classes": 3, "p": 0.5, "n_features": 13,
             "selected": (9.8, 0.93)},
    "parkinsons": {"n_examples": 195, "n_classes": 2, "p": 0.5, "n_features": 22,
                   "selected": (11.0, 1.7)},
    "breast": {"n_examples": 569, "n_classes": 2, "p": 0.5, "n_features": 30,
               "selected": (15.0, 1.3)},
    "sonar": {"n_examples": 208, "n_classes": 2, "p": 0.25, "n_features": 60,
              "selected": (42.0, 2.4)},
}

#: Fig. 2's measures -- sim_N, sim_L, sim_W, nPOG -- and the Kuncheva-type measures: Kuncheva's
#: index (defined for equal set sizes only) and its generalisations SMU and SMP (Bommert 2020).
FIGURE2_MEASURES: tuple[str, ...] = (
    "nogueira_brown", "lustgarten", "wald", "npog", "kuncheva", "unadjusted", "phi_pairwise",
)

#: The four measures Fig. 2 of the paper compares.
_PAPER_FIGURE2 = ("nogueira_brown", "lustgarten", "wald", "npog")

#: The paper's notation (matplotlib mathtext) for fsstab's measure names.
SYMBOLS: Mapping[str, str] = {
    "nogueira_brown": r"$\overline{sim_N}$",
    "lustgarten": r"$\overline{sim_L}$",
    "wald": r"$\overline{sim_W}$",
    "npog": r"$\overline{nPOG}$",
    "kuncheva": r"$\overline{sim_K}$",
    "jaccard": r"$\overline{sim_J}$",
    "hamming": r"$\overline{sim_H}$",
    "unadjusted": "SMU",
    "phi_pairwise": "SMP",
    "kappa": "SMK",
    "dice": "SMD",
    "ochiai": "SMO",
    "nogueira": r"$\hat\Phi$",
    "novovicova": "SME",
    "davis": "SMD-α",
    "somol": r"$CW_{rel}$",
}

SETTINGS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "figure1": {
            "type": "object",
            "additionalProperties": False,
            "default": {},
            "properties": {
                "n": {"type": "integer", "minimum": 2, "default": 10},
                "k2": {"type": "array", "items": {"type": "integer", "minimum": 1},
                       "minItems": 1, "default": [6, 8]},
            },
        },
        "figure2_measures": {
            "description": "measures of Fig. 2 (keys of fsstab.measures.MEASURES)",
            "type": "array", "items": {"type": "string"}, "minItems": 1,
            "default": list(FIGURE2_MEASURES),
        },
    },
}


def _settings_problems(settings: Mapping[str, Any], config: Mapping[str, Any]) -> list[str]:
    """Problems of checked settings given the whole configuration (keys below paper.settings)."""
    problems = []
    n = settings["figure1"]["n"]
    too_large = [k for k in settings["figure1"]["k2"] if not 1 <= k <= n - 1]
    if too_large:
        problems.append(f"figure1.k2: {too_large} must lie in 1..n-1 = {n - 1}")
    names = config.get("measures", {}).get("names", "all")
    computed = set(MEASURES) if names == "all" else set(names)
    missing = [m for m in settings["figure2_measures"] if m not in computed]
    if missing:
        problems.append(
            f"figure2_measures: {missing} are not computed by the workflow (measures.names)"
        )
    return problems


#: the workflow's paper hooks (:class:`fsstab.papers.PaperSettings`)
_SETTINGS = PaperSettings(SETTINGS_SCHEMA, _settings_problems)
check_settings = _SETTINGS.check
resolved_settings = _SETTINGS.resolve


def symbol(measure: str, plain: bool = False) -> str:
    """The paper's notation: mathtext for figures, or plain text (tables) with ``plain``."""
    text = SYMBOLS.get(measure, measure)
    if plain:
        for old, new in (("$", ""), (r"\overline{", ""), (r"\hat\Phi", "Φ"), ("{", ""),
                         ("}", "")):
            text = text.replace(old, new)
    return text


# --------------------------------------------------------------------------------------------
# Fig. 1: extremes of sim_N
# --------------------------------------------------------------------------------------------


def intersection_range(k1: int, k2: int, n: int) -> tuple[int, int]:
    """Smallest and largest |s1 ∩ s2| of sets of sizes k1, k2 among n features (§3.1):
    max(0, k1 + k2 - n) and min(k1, k2)."""
    for name, value in (("k1", k1), ("k2", k2)):
        if isinstance(value, bool) or not isinstance(value, int | np.integer) or \
                not 0 <= value <= n:
            raise ValueError(f"{name} must be an integer in 0..n={n}, got {value!r}")
    return max(0, k1 + k2 - n), min(k1, k2)


def _pair_with_intersection(k1: int, k2: int, r: int, n: int) -> np.ndarray:
    """Two selections of sizes k1 and k2 sharing exactly r features: s1 = {0..k1-1},
    s2 = {k1-r .. k1-1} ∪ {k1 .. k1+k2-r-1}."""
    Z = np.zeros((2, n), dtype=bool)
    Z[0, :k1] = True
    Z[1, k1 - r:k1] = True
    Z[1, k1:k1 + k2 - r] = True
    return Z


def sim_n_extremes(k1: int, k2: int, n: int) -> tuple[float, float, int, int]:
    """``(min sim_N, max sim_N, argmin r, argmax r)`` over all pairs of sets of sizes k1, k2.

    Enumerates every feasible intersection size r and evaluates
    :func:`fsstab.measures.nogueira_brown` on a pair of sets with that intersection (sim_N
    depends on the pair only through r, k1, k2 and n; Nogueira & Brown 2016, eq. 14).
    """
    low, high = intersection_range(k1, k2, n)
    scores = [(nogueira_brown(_pair_with_intersection(k1, k2, r, n)), r)
              for r in range(low, high + 1)]
    (smallest, r_min), (largest, r_max) = min(scores), max(scores)
    return float(smallest), float(largest), r_min, r_max


def figure1_table(n: int = 10, k2_values: Sequence[int] = (6, 8)) -> pd.DataFrame:
    """Fig. 1: ``k2, k1, r_min, r_max, sim_n_min, sim_n_max`` for k1 = 1 .. n - 1 (sim_N is
    defined for sizes in 1 .. n - 1; §4)."""
    rows = []
    for k2 in k2_values:
        for k1 in range(1, n):
            smallest, largest, r_min, r_max = sim_n_extremes(k1, int(k2), n)
            rows.append({"n": n, "k2": int(k2), "k1": k1, "r_min": r_min, "r_max": r_max,
                         "sim_n_min": smallest, "sim_n_max": largest})
    return pd.DataFrame(rows)


def figure1_plot(table: pd.DataFrame) -> Figure:
    """One panel per k2: maximum and minimum of sim_N against k1 (Nogueira & Brown Fig. 1)."""
    k2_values = list(dict.fromkeys(table["k2"]))
    fig = Figure(figsize=(4.2 * len(k2_values), 3.6), layout="constrained")
    axes = fig.subplots(1, len(k2_values), squeeze=False)[0]
    for ax, k2 in zip(axes, k2_values, strict=True):
        part = table[table["k2"] == k2]
        n = int(part["n"].iloc[0])
        ax.plot(part["k1"], part["sim_n_max"], "o-", color="tab:blue", label="maximum")
        ax.plot(part["k1"], part["sim_n_min"], "s--", color="tab:red", label="minimum")
        ax.axhline(0, color="0.7", linewidth=0.8)
        ax.axvline(k2, color="0.8", linewidth=0.8, linestyle=":")
        ax.set_xlabel(r"$k_1$")
        ax.set_ylabel(r"$sim_N$")
        ax.set_title(rf"$k_2 = {k2}$, $n = {n}$")
        ax.set_xticks(part["k1"])
        ax.set_ylim(-1.08, 1.08)
        ax.legend(loc="lower right", fontsize=8)
    return fig


# --------------------------------------------------------------------------------------------
# §3.2: toy examples
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ToyExample:
    """A sequence of selected sets (0-based feature indices) among ``n`` features."""

    key: str
    title: str
    n: int
    runs: tuple[tuple[int, ...], ...]

    def selection_matrix(self) -> np.ndarray:
        Z = np.zeros((len(self.runs), self.n), dtype=bool)
        for i, run in enumerate(self.runs):
            Z[i, list(run)] = True
        return Z


def _repeat(*sets: Sequence[int], times: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(s) for s in sets) * times


_ONE_TO_EIGHT, _ONE_TWO = tuple(range(8)), (0, 1)

#: §2.1 eq. 3 and the toy examples of §3.2. The paper gives no number of runs for Examples 1-3
#: (the values do not depend on it except for nPOG's order): 10 runs; "half of the time" is
#: read as alternating runs, and Example 3 permutes them (1..2 first).
TOY_EXAMPLES: tuple[ToyExample, ...] = (
    ToyExample("eq3", "§2.1 eq. 3: s1 = 100101, s2 = 110001, s3 = 101111", 6,
               ((0, 3, 5), (0, 1, 5), (0, 2, 3, 4, 5))),
    ToyExample("example1_k7", "Example 1: F1 returns the same 7 of 10 features", 10,
               _repeat(range(7), times=10)),
    ToyExample("example1_k4", "Example 1: F2 returns the same 4 of 10 features", 10,
               _repeat(range(4), times=10)),
    ToyExample("example2", "Example 2: features 1-8 and 1-2 alternately", 10,
               _repeat(_ONE_TO_EIGHT, _ONE_TWO, times=5)),
    ToyExample("example3", "Example 3: Example 2 permuted (1-2 first)", 10,
               _repeat(_ONE_TWO, _ONE_TO_EIGHT, times=5)),
    ToyExample("example4", "Example 4: 9 runs select 1-8, one run 9-10", 10,
               (*_repeat(_ONE_TO_EIGHT, times=9), (8, 9))),
    ToyExample("example4_n100", "Example 4: the extreme pair {1}, {2..100} among n = 100", 100,
               ((0,), tuple(range(1, 100)))),
)


def set_measures() -> tuple[str, ...]:
    """Every registered measure computed from the selected sets alone (no importances, ranks
    or similarity matrix): the measures the toy examples can be given to."""
    return tuple(name for name, info in MEASURES.items() if info.requires == ("Z",))


def toy_example_table(
    examples: Sequence[ToyExample] = TOY_EXAMPLES, measures: Sequence[str] | None = None
) -> pd.DataFrame:
    """Every measure on every example: one row per measure (``measure``, ``symbol``), one
    column per example key (:data:`TOY_EXAMPLES` documents the sets).

    A measure whose precondition fails (Kuncheva's index for sets of different sizes) or whose
    value is undefined is NaN.
    """
    names = tuple(measures) if measures is not None else set_measures()
    table = pd.DataFrame({"measure": list(names),
                          "symbol": [symbol(m, plain=True) for m in names]})
    for example in examples:
        Z = as_selection_matrix(example.selection_matrix())
        inputs = MeasureInputs(stats=SelectionStats(Z))
        applicable = [m for m in names
                      if MEASURES[m].applicable is None or MEASURES[m].applicable(inputs)]
        values = dict.fromkeys(names, math.nan)
        values.update(compute(Z, applicable))
        table[example.key] = [float(values[m]) for m in names]
    return table


# --------------------------------------------------------------------------------------------
# Table 2 and Fig. 2: random-forest selection on four data sets
# --------------------------------------------------------------------------------------------


def table2(
    datasets: Mapping[str, Mapping[str, int]],
    summary: pd.DataFrame,
    n_selected: Mapping[str, np.ndarray],
) -> pd.DataFrame:
    """Table 2 from our runs: ``dataset, n_examples, n_classes, p, n_features,
    mean_selected, sd_selected``.

    ``datasets``: name -> ``{"n_examples", "n_classes", "n_features"}``; ``summary``: the
    stability summary rows (one configuration per dataset, with ``param_min_tree_fraction``);
    ``n_selected``: name -> number of features selected in each of the K runs (sd with
    ddof = 1).
    """
    rows = []
    for name, info in datasets.items():
        part = summary[summary["dataset"] == name]
        if len(part) != 1:
            raise ValueError(
                f"dataset {name!r}: expected one random-forest configuration in the summary, "
                f"found {len(part)}"
            )
        counts = np.asarray(n_selected[name], dtype=float)
        rows.append({
            "dataset": name,
            "n_examples": int(info["n_examples"]),
            "n_classes": int(info["n_classes"]),
            "p": float(part["param_min_tree_fraction"].iloc[0]),
            "n_features": int(info["n_features"]),
            "runs": counts.size,
            "mean_selected": float(counts.mean()),
            "sd_selected": float(counts.std(ddof=1)),
        })
    return pd.DataFrame(rows)


def figure2_table(summary: pd.DataFrame, measures: Sequence[str]) -> pd.DataFrame:
    """Fig. 2 in long form: ``dataset, configuration, measure, symbol, stability``."""
    missing = [m for m in measures if m not in summary.columns]
    if missing:
        raise ValueError(f"the stability summary has no column(s) {missing}")
    rows = []
    for _, row in summary.iterrows():
        for m in measures:
            rows.append({"dataset": row["dataset"], "configuration": row["configuration"],
                         "measure": m, "symbol": symbol(m, plain=True),
                         "stability": float(row[m])})
    return pd.DataFrame(rows)


def figure2_plot(table: pd.DataFrame, title: str | None = None) -> Figure:
    """Grouped bars: one group per data set, one bar per measure (Nogueira & Brown Fig. 2).
    Undefined values (Kuncheva's index for sets of varying size) are marked "n/a"."""
    datasets = list(dict.fromkeys(table["dataset"]))
    measures = list(dict.fromkeys(table["measure"]))
    width = 0.8 / len(measures)
    fig = Figure(figsize=(1.6 + 1.5 * len(datasets) + 0.25 * len(measures), 4.2),
                 layout="constrained")
    ax = fig.subplots()
    colors = ["tab:blue", "tab:red", "tab:green", "tab:orange", "tab:purple", "tab:brown",
              "tab:pink", "tab:olive", "tab:cyan", "tab:gray"]
    for j, m in enumerate(measures):
        part = table[table["measure"] == m].set_index("dataset").reindex(datasets)
        x = np.arange(len(datasets)) + (j - (len(measures) - 1) / 2) * width
        values = part["stability"].to_numpy(dtype=float)
        shown = np.where(np.isfinite(values), values, 0.0)
        ax.bar(x, shown, width, color=colors[j % len(colors)], label=symbol(m))
        for xi, v in zip(x, values, strict=True):
            if not np.isfinite(v):
                ax.text(xi, 0.01, "n/a", rotation=90, ha="center", va="bottom", fontsize=7)
    ax.set_xticks(np.arange(len(datasets)), datasets)
    ax.set_ylabel("stability")
    ax.set_xlabel("data set")
    top = np.nanmax(table["stability"].to_numpy(dtype=float)) if len(table) else 1.0
    ax.set_ylim(min(0.0, np.nanmin(table["stability"].to_numpy(dtype=float))) - 0.02,
                max(1.0, top) + 0.02)
    ax.axhline(0, color="0.5", linewidth=0.8)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, title="measure")
    if title:
        ax.set_title(title)
    return fig


# --------------------------------------------------------------------------------------------
# comparison with the paper's statements
# --------------------------------------------------------------------------------------------

#: Values §2.1 and §3.2 state: (example, measure, value as printed).
_TOY_STATEMENTS: tuple[tuple[str, str, str], ...] = (
    ("eq3", "hamming", "5/9"),
    ("example1_k7", "lustgarten", "0.7"),
    *(("example1_k7", m, "1") for m in ("kuncheva", "wald", "npog", "nogueira_brown")),
    ("example1_k4", "lustgarten", "0.6"),
    *(("example1_k4", m, "1") for m in ("kuncheva", "wald", "npog", "nogueira_brown")),
    ("example2", "wald", "1"),
    ("example4", "wald", "0"),
    ("example4_n100", "wald", "-99"),
    ("example4_n100", "npog", "-99"),
)


def _toy_value(toy: pd.DataFrame, example: str, measure: str) -> float:
    row = toy[toy["measure"] == measure]
    return float(row[example].iloc[0]) if len(row) and example in toy.columns else math.nan


def _toy_rows(toy: pd.DataFrame) -> list[dict[str, str]]:
    rows = []
    for example, measure, printed in _TOY_STATEMENTS:
        rows.append({"item": f"toy {example}", "setting": symbol(measure, plain=True),
                     "paper_value": printed,
                     "our_value": format_number(_toy_value(toy, example, measure), 4)})
    for measure in ("lustgarten", "npog"):
        rows.append({"item": "toy example2", "setting": symbol(measure, plain=True),
                     "paper_value": "< 1 (not maximal for nested sets)",
                     "our_value": format_number(_toy_value(toy, "example2", measure), 4)})
    two, three = _toy_value(toy, "example2", "npog"), _toy_value(toy, "example3", "npog")
    rows.append({"item": "toy example3", "setting": symbol("npog", plain=True),
                 "paper_value": "differs from Example 2 (order of the runs)",
                 "our_value": f"{format_number(three, 4)} (Example 2: {format_number(two, 4)})"})
    return rows


def _figure1_rows(fig1: pd.DataFrame) -> list[dict[str, str]]:
    rows = []
    for k2, part in fig1.groupby("k2", sort=True):
        at_k2 = part[part["k1"] == k2]
        rows.append({"item": "fig1: maximum of sim_N when k1 = k2 (Theorem 2: Kuncheva)",
                     "setting": f"k2 = {k2}, n = {part['n'].iloc[0]}", "paper_value": "1",
                     "our_value": format_number(at_k2["sim_n_max"].iloc[0], 4)})
        rows.append({"item": "fig1: sim_N bounded by the constants -1 and 1 (§4)",
                     "setting": f"k2 = {k2}, n = {part['n'].iloc[0]}", "paper_value": "[-1, 1]",
                     "our_value": f"[{format_number(part['sim_n_min'].min(), 4)}, "
                                  f"{format_number(part['sim_n_max'].max(), 4)}]"})
    return rows


def comparison_rows(
    toy: pd.DataFrame,
    fig1: pd.DataFrame,
    fig2: pd.DataFrame,
    table: pd.DataFrame,
    configured: Sequence[str],
) -> list[dict[str, str]]:
    """Every number the paper states next to ours (rows for :func:`comparison_frame`).

    ``configured``: every dataset of the configuration; those without rows in ``table`` (not
    run here) get the paper's values with an empty value of ours and a note.
    """
    rows = _toy_rows(toy) + _figure1_rows(fig1)
    for name in configured:
        paper = PAPER_TABLE2.get(name)
        ours = table[table["dataset"] == name]
        run = len(ours) == 1
        note = "" if run else NOT_RUN_NOTE
        if paper is not None:
            mean, sd = paper["selected"]
            for item, key, printed in (
                ("table2: number of examples", "n_examples", str(paper["n_examples"])),
                ("table2: number of classes", "n_classes", str(paper["n_classes"])),
                ("table2: p", "p", str(paper["p"])),
                ("table2: number of features", "n_features", str(paper["n_features"])),
            ):
                value = "" if not run else (format_number(ours[key].iloc[0], 2) if key == "p"
                                            else str(int(ours[key].iloc[0])))
                rows.append({"item": item, "dataset": name, "paper_value": printed,
                             "our_value": value, "note": note})
            rows.append({
                "item": "table2: average number of features selected ± sd",
                "dataset": name, "setting": f"K = {int(ours['runs'].iloc[0])}" if run else "",
                "paper_value": f"{mean:g} ± {sd:g}",
                "our_value": format_mean_sd(ours["mean_selected"].iloc[0],
                                            ours["sd_selected"].iloc[0]) if run else "",
                "note": note,
            })
        values = fig2[fig2["dataset"] == name].set_index("measure")["stability"]
        compared = [m for m in _PAPER_FIGURE2 if m in values.index]
        if run and compared:
            lowest = min(compared, key=lambda m: values[m])
            rows.append({"item": "fig2: measure giving the lowest stability",
                         "dataset": name,
                         "setting": ", ".join(symbol(m, plain=True) for m in compared),
                         "paper_value": symbol("lustgarten", plain=True),
                         "our_value": symbol(lowest, plain=True)})
        if run and {"wald", "nogueira_brown"} <= set(values.index):
            gap = abs(values["wald"] - values["nogueira_brown"])
            rows.append({"item": "fig2: |sim_W - sim_N| (the paper: close to each other)",
                         "dataset": name, "paper_value": "close",
                         "our_value": format_number(gap, 4)})
        if run and {"npog", "wald", "nogueira_brown"} <= set(values.index):
            gap = abs(values["npog"] - (values["wald"] + values["nogueira_brown"]) / 2)
            closer = "closer" if name in ("parkinsons", "breast") else "further"
            rows.append({"item": "fig2: |nPOG - (sim_N + sim_W)/2| (the paper: closer on "
                                 "parkinsons and breast than on wine and sonar)",
                         "dataset": name, "paper_value": closer,
                         "our_value": format_number(gap, 4)})
        if not run and paper is None:
            rows.append({"item": "fig2", "dataset": name, "note": note})
    return rows
