"""What the rules of Sechidis et al. (2019) compute, as tables from in-memory inputs (the
scripts of ``scripts/paper_sechidis2019/`` read the files, call these and write the results).

- **Eq. (1)** (:func:`eq1_table`): four runs that alternate between features of two redundant
  pairs are unstable under φ (Nogueira et al. 2018) and perfectly stable under the effective
  stability Φ_C once the redundancy is in C.
- **Fig. 1** (:func:`timing_inputs`, :func:`figure1_values`, :func:`figure1_timings`): the
  computation time of Φ_C (``sechidis``) against the nPOGR generalisation (``yu``, Yu et al.
  2012 as generalised in Bommert 2020) for random M x d selection matrices, M = 50. Values are
  deterministic; times are not and are kept apart.
- **§4.1** -- M = 50 versions with 5 % left out, seven selectors tuned to the top 25 % of the
  features, 3-NN accuracy on the held-out rows, C from |Spearman ρ| > 0.5 -- is run by the
  workflow's generic stages (on :func:`uci_datasets`); :func:`table1` and :func:`table2`
  present their Pareto analysis with §4.1's dominance (:func:`strict_dominators`),
  :func:`rank_definition_check` checks how the paper's Table 2 rank is defined against its
  Table 1, and :func:`pareto_noise` says which dominance
  relations behind Table 1 rest on accuracy differences within the run's noise.
- **§4.2** (:func:`table3`, :func:`group_stability_table`, :func:`covariate_table`): Tables
  3-5 for GBM and CMIM on :func:`fsstab.synthetic.ipass_like`, a simulated stand-in for the
  non-public IPASS data with the same 23 covariates and groups A, B, C.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd
import scipy.sparse as sp

from fsstab.datasets import Dataset
from fsstab.measures import nogueira, sechidis, time_measures, yu
from fsstab.papers.sechidis2019.reference import (
    EQ1_SELECTIONS,
    METHODS,
    PAPER_TABLE1,
    PAPER_TABLE2,
)
from fsstab.seeds import as_seed, derive_seed
from fsstab.similarity import group_similarity
from fsstab.synthetic import IPASS_COVARIATES, IPASS_GROUPS
from fsstab.ties import merge_ties
from fsstab.workflow.selection import fit_variants

__all__ = [
    "FIGURE1_MEASURES",
    "NOISE_SE",
    "STAND_IN_LABEL",
    "STAND_IN_NOTE",
    "covariate_table",
    "eq1_similarity",
    "eq1_table",
    "figure1_timings",
    "figure1_values",
    "group_stability_table",
    "pareto_noise",
    "rank_definition_check",
    "strict_dominators",
    "table1",
    "table2",
    "table3",
    "timing_inputs",
    "top_features",
    "uci_datasets",
]

#: The note of every §4.2 result: the trial data are replaced by a simulation.
STAND_IN_NOTE = ("simulated stand-in (fsstab.synthetic.ipass_like) with Table 3's covariates "
                 "planted as its effects: not a finding, not testable here (the IPASS trial "
                 "data are not public)")

#: The first column of every §4.2 table: which data the rows come from.
STAND_IN_LABEL = "simulated IPASS stand-in, planted effects (not a finding)"


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


# --------------------------------------------------------------------------------------------
# §4.1: Pareto-optimal methods (Table 1), non-dominated rank (Table 2), Fig. 2
# --------------------------------------------------------------------------------------------

def _method(label: str, methods: Mapping[str, str]) -> str:
    return methods.get(label, label)


def _ordered(methods: Sequence[str]) -> list[str]:
    order = {m: i for i, m in enumerate(METHODS)}
    return sorted(set(methods), key=lambda m: (order.get(m, len(order)), m))


def strict_dominators(accuracy: Any, stability: Any) -> np.ndarray:
    """§4.1's dominance: for every point, the number of other points with *both* higher
    accuracy and higher stability ("we define the Pareto-optimal set as the set of points for
    which no other point has both higher accuracy and higher stability"). A tie in either
    objective never dominates; values equal up to rounding tie (:func:`fsstab.ties.merge_ties`).

    Examples
    --------
    >>> strict_dominators([0.9, 0.9, 0.8], [1.0, 0.7, 0.6]).tolist()
    [0, 0, 2]
    """
    acc = merge_ties(np.asarray(accuracy, dtype=float))
    stab = merge_ties(np.asarray(stability, dtype=float))
    higher = (acc[None, :] > acc[:, None]) & (stab[None, :] > stab[:, None])
    return higher.sum(axis=1)


def _evaluated(pareto: pd.DataFrame, dataset: str, measure: str,
               methods: Mapping[str, str]) -> pd.DataFrame:
    part = pareto[(pareto["dataset"] == dataset) & (pareto["measure"] == measure)
                  & pareto["label"].isin(list(methods))]
    if "evaluated" in part.columns:
        part = part[part["evaluated"].astype(bool)]
    return part


def _strictly_optimal(part: pd.DataFrame) -> list[str]:
    """The labels of ``part`` on §4.1's Pareto-optimal set (:func:`strict_dominators`)."""
    counts = strict_dominators(part["accuracy"], part["stability"])
    return part.loc[counts == 0, "label"].tolist()


def table1(pareto: pd.DataFrame, methods: Mapping[str, str],
           datasets: Sequence[str]) -> pd.DataFrame:
    """Table 1: per data set, the Pareto-optimal methods in (accuracy, φ) and (accuracy, Φ_C)
    and whether they change. ``pareto``: the workflow's pareto tables (all datasets).

    The sets follow §4.1's definition, "the set of points for which no other point has both
    higher accuracy and higher stability" (:func:`strict_dominators`): a method that ties the
    best in one objective stays in the set. ``*_weak`` give the workflow's fronts (Bommert
    2020, §3.4.1: a point dominates when at least as good in both and better in one), which
    drop such ties; the two differ only where values tie."""
    rows = []
    for name in datasets:
        sets, weak = {}, {}
        for measure in ("nogueira", "sechidis"):
            part = _evaluated(pareto, name, measure, methods)
            sets[measure] = _ordered(_method(lab, methods) for lab in _strictly_optimal(part))
            weak[measure] = _ordered(_method(lab, methods)
                                     for lab in part.loc[part["non_dominated"], "label"])
        rows.append({"dataset": name,
                     "pareto_optimal_stability": ", ".join(sets["nogueira"]),
                     "pareto_optimal_effective_stability": ", ".join(sets["sechidis"]),
                     "change": sets["nogueira"] != sets["sechidis"],
                     "pareto_optimal_stability_weak": ", ".join(weak["nogueira"]),
                     "pareto_optimal_effective_stability_weak": ", ".join(weak["sechidis"])})
    return pd.DataFrame(rows)


def table2(pareto: pd.DataFrame, rank: pd.DataFrame, methods: Mapping[str, str],
           datasets: Sequence[str]) -> pd.DataFrame:
    """Table 2: the average non-dominated rank of every method for φ and Φ_C (1 = best),
    sorted by rank within each measure.

    §4.1: "computed per data set as the number of other criteria which dominate a given
    criterion, in the Pareto-optimal sense, and then averaged over the 10 datasets" -- with
    §4.1's dominance (:func:`strict_dominators`) and 1 + that number (docs: "The rank of Table
    2"), averaged over ``datasets``; only methods evaluated on every one of them are ranked.
    ``non_dominated_rank_weak``: the workflow's rank (``rank``: its ``pareto_rank`` table;
    weak dominance, :func:`fsstab.pareto.non_dominated_rank`)."""
    rows = []
    weak = rank.set_index(["measure", "label"])["non_dominated_rank"] if len(rank) else {}
    for measure in ("nogueira", "sechidis"):
        counts: dict[str, list[int]] = {}
        for name in datasets:
            part = _evaluated(pareto, name, measure, methods)
            found = strict_dominators(part["accuracy"], part["stability"])
            for label, count in zip(part["label"], found, strict=True):
                counts.setdefault(label, []).append(1 + int(count))
        for label, ranks in counts.items():
            if len(ranks) != len(datasets):
                continue
            rows.append({"measure": measure, "method": _method(label, methods), "label": label,
                         "non_dominated_rank": float(np.mean(ranks)),
                         "non_dominated_rank_weak": float(weak.get((measure, label), np.nan)),
                         "n_datasets": len(datasets)})
    columns = ["measure", "method", "label", "non_dominated_rank", "non_dominated_rank_weak",
               "n_datasets"]
    if not rows:
        return pd.DataFrame(columns=columns)
    return pd.DataFrame(rows).sort_values(["measure", "non_dominated_rank", "method"])[
        columns].reset_index(drop=True)


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
    n_others = len(METHODS) - 1
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


#: :func:`pareto_noise`: a dominance is clear when the accuracy gap exceeds this many standard
#: errors of the paired difference.
NOISE_SE = 2.0


def pareto_noise(
    pareto: pd.DataFrame, accuracies: pd.DataFrame, methods: Mapping[str, str],
    datasets: Sequence[str], *, n_se: float | None = None,
) -> pd.DataFrame:
    """Which of Table 1's dominance relations rest on accuracy differences within the noise of
    the run: per data set, measure (φ, Φ_C) and method, its accuracy and stability, whether it
    is Pareto-optimal, the methods that dominate it (§4.1: both higher accuracy and higher
    stability, :func:`strict_dominators`), and those that dominate it *clearly* (an accuracy
    higher by more than ``n_se`` standard errors of the paired difference over the M
    resamples: both methods are scored on the same held-out rows of each resample).
    ``within_noise``: no method dominates it clearly, so a rerun with other resamples could put
    it on the front. The stability values are taken as exact (their
    sampling error is not counted: the set within noise is, if anything, too small).

    ``pareto``: the workflow's Pareto tables; ``accuracies``: ``dataset, label, resample,
    accuracy`` (the selection stage's runs tables); ``methods``: label -> the paper's name;
    ``n_se``: default :data:`NOISE_SE`.
    """
    n_se = NOISE_SE if n_se is None else n_se
    rows = []
    for name in datasets:
        acc = accuracies[(accuracies["dataset"] == name)
                         & accuracies["label"].isin(list(methods))]
        per_run = acc.pivot_table(index="resample", columns="label", values="accuracy")
        for measure in ("nogueira", "sechidis"):
            part = _evaluated(pareto, name, measure, methods).set_index("label")
            tied = pd.DataFrame({column: merge_ties(part[column].to_numpy(dtype=float))
                                 for column in ("accuracy", "stability")}, index=part.index)
            in_order = {_method(lab, methods): lab for lab in part.index}
            for label in (in_order[m] for m in _ordered(in_order)):
                accuracy, stability = part.loc[label, ["accuracy", "stability"]]
                dominated, clearly = [], []
                for other in part.index:
                    s2 = part.loc[other, "stability"]
                    (ta, ts), (ta2, ts2) = tied.loc[label], tied.loc[other]
                    if other == label or not (ta2 > ta and ts2 > ts):  # §4.1's dominance
                        continue
                    diff = (per_run[other] - per_run[label]).dropna()
                    se = float(diff.std(ddof=1) / np.sqrt(len(diff))) if len(diff) > 1 \
                        else float("nan")
                    gap = float(ta2 - ta)  # 0 between tied accuracies
                    units = gap / se if se > 0 else (float("inf") if gap > 0 else 0.0)
                    dominated.append(f"{_method(other, methods)} (+{gap:.4f} = "
                                     f"{units:.1f} SE, +{s2 - stability:.3f})")
                    if units > n_se:
                        clearly.append(_method(other, methods))
                rows.append({
                    "dataset": name, "measure": measure, "method": _method(label, methods),
                    "accuracy": float(accuracy), "stability": float(stability),
                    "pareto_optimal": not dominated,
                    "dominated_by": "; ".join(dominated),
                    "clearly_dominated_by": ", ".join(_ordered(clearly)),
                    "within_noise": not clearly,
                })
    return pd.DataFrame(rows, columns=[
        "dataset", "measure", "method", "accuracy", "stability", "pareto_optimal",
        "dominated_by", "clearly_dominated_by", "within_noise"])


def uci_datasets(
    datasets: Iterable[str], rank_datasets: Sequence[str] | None,
    ipass: Mapping[str, Any] | None,
) -> tuple[str, ...]:
    """§4.1's data sets among ``datasets`` (in their order): those of the non-dominated rank
    (``pareto.rank_datasets``; None or empty: all), without §4.2's stand-in."""
    stand_in = None if ipass is None else ipass["dataset"]
    return tuple(d for d in datasets
                 if (not rank_datasets or d in rank_datasets) and d != stand_in)


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
    configuration specs of the §4.2 selectors, single configurations fitted as the selection
    stage fits them, :func:`fsstab.workflow.selection.fit_variants`; ``methods``: label ->
    method name)."""
    description = {c["name"]: c["description"] for c in IPASS_COVARIATES}
    rows = []
    for label, method in methods.items():
        [(_, selector, _)] = fit_variants(specs[label], ds.X, ds.y,
                                          random_state=int(random_state))
        for rank, name in enumerate(top_features(selector.ranking_, ds.feature_names, k), 1):
            rows.append({"method": method, "rank": rank, "biomarker": name,
                         "description": description.get(name, "")})
    return pd.DataFrame(rows)


def covariate_table() -> pd.DataFrame:
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
