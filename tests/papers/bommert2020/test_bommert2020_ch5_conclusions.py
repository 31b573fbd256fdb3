"""Bommert (2020), Chapter 5's claims (fsstab.papers.bommert2020.ch5.conclusions) on small tables
built here, whose verdicts follow from their construction: the strict reading of Fig. 5.4's
groups (two thesis groups merged into one cluster support neither), Fig. 5.6's best and worst
filters, the Pareto sets, the conclusions of §5.5, the scaling claims (load-sensitive) and the
parts that are not run (not testable)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from fsstab.papers.bommert2020.ch5.benchmark import win_matrix
from fsstab.papers.bommert2020.ch5.conclusions import claims, run_settings
from fsstab.papers.bommert2020.ch5.reference import (
    ITERATIVE_FILTERS,
    STATEMENTS,
    THESIS_FILTER_GROUPS,
    THESIS_TOP_RANK_CORRELATIONS,
)
from fsstab.papers.bommert2020.common import average_linkage_groups, matrix_frame
from fsstab.papers.bommert2020.conclusions import RUN_TIME_NOTE, load_sensitive_claim
from fsstab.papers.conclusions import claims_frame

FILTERS = [f for group in THESIS_FILTER_GROUPS for f in group]
# best first; the thesis' nine worst filters last (MRMR, variance the very worst)
ORDER = ["JMIM", "JMI", "impurity", "DISR", "MIM", "auc", "info.gain", "sym.uncert", "NJMIM",
         "CMIM", "permutation", "kruskal.test", "limma", "chi.squared", "gain.ratio", "oneR",
         "sam", "anova.test", "variance", "MRMR"]
CH5 = {"datasets": ["d1", "d2", "d3"],
       "scaling": {"dataset": "d1", "n_observations": 100, "n_features": 300,
                   "fractions": [0.5, 1.0], "repetitions": 3},
       "benchmark": {"outer_folds": 2, "inner_folds": 2, "n_configurations": 8}}
RUN = run_settings(CH5, ["d1", "d2", "d3"], {"d1": 500, "d2": None, "d3": None})


def _verdicts(found):
    frame = claims_frame(found)        # keys unique, every statement known
    return dict(zip(frame["key"], frame["verdict"], strict=True)), frame.set_index("key")


def _ranking_table(S: pd.DataFrame) -> pd.DataFrame:
    groups = average_linkage_groups(S, min(len(THESIS_FILTER_GROUPS), len(S)))
    return matrix_frame(S, "filter").assign(group=[groups[f] for f in S.index])


def _thesis_like_similarity() -> pd.DataFrame:
    """0.9 within the thesis' groups, 0.2 between, the ten top pairs at the thesis' values."""
    group_of = {f: k for k, group in enumerate(THESIS_FILTER_GROUPS) for f in group}
    S = pd.DataFrame([[1.0 if a == b else 0.9 if group_of[a] == group_of[b] else 0.2
                       for b in FILTERS] for a in FILTERS], index=FILTERS, columns=FILTERS)
    for a, b, value in THESIS_TOP_RANK_CORRELATIONS:
        S.loc[a, b] = S.loc[b, a] = value
    return S


def _top_pairs() -> pd.DataFrame:
    # in our order (largest first), each pair written the other way round
    return pd.DataFrame({"a": [b for _, b, _ in THESIS_TOP_RANK_CORRELATIONS],
                         "b": [a for a, _, _ in THESIS_TOP_RANK_CORRELATIONS],
                         "value": [v for _, _, v in THESIS_TOP_RANK_CORRELATIONS]})


def _accuracy() -> pd.DataFrame:
    rows = []
    for dataset, offset in (("d1", 0.0), ("d2", -0.02), ("d3", 0.01)):
        for i, f in enumerate([*ORDER, "none"]):
            rows.append({"dataset": dataset, "filter": f, "accuracy_mean": 0.95 - 0.01 * i
                         + offset})
    frame = pd.DataFrame(rows)
    # on d2, JMI beats JMIM: no filter is best everywhere
    d2 = frame["dataset"] == "d2"
    jmim, jmi = (frame.index[d2 & (frame["filter"] == f)][0] for f in ("JMIM", "JMI"))
    frame.loc[[jmim, jmi], "accuracy_mean"] = frame.loc[[jmi, jmim], "accuracy_mean"].to_numpy()
    return frame


def _relative(accuracy: pd.DataFrame, pareto_median, pareto_q75) -> pd.DataFrame:
    distance = (accuracy.groupby("dataset")["accuracy_mean"].transform("max")
                - accuracy["accuracy_mean"])
    median = distance.groupby(accuracy["filter"]).median()      # 3 data sets: the middle one
    return pd.DataFrame({"filter": median.index, "accuracy_median": median.to_numpy(),
                         "pareto_median": median.index.isin(pareto_median),
                         "pareto_q75": median.index.isin(pareto_q75)})


def _scaling(select_mrmr: float = 3.0) -> pd.DataFrame:
    rows = []
    for f in [*FILTERS]:
        iterative = f in ITERATIVE_FILTERS
        select = {"CMIM": 8.0, "MRMR": select_mrmr}.get(f, 4.0) if iterative else 1.1
        rows += [{"filter": f, "scenario": "select", "fraction": 1.0, "relative": select},
                 {"filter": f, "scenario": "features", "fraction": 1.0,
                  "relative": 30.0 if iterative else 10.0},
                 {"filter": f, "scenario": "select", "fraction": 0.5, "relative": 1.0}]
    return pd.DataFrame(rows)


def _all_claims(**changes):
    accuracy = _accuracy()
    tables = {
        "ranking": _ranking_table(_thesis_like_similarity()), "top_pairs": _top_pairs(),
        "wins": matrix_frame(win_matrix(accuracy), "filter"),
        "filter_time": _relative(accuracy, ["JMI", "impurity", "MIM", "none"], ["impurity"]),
        "entire_time": _relative(accuracy, ["JMI"], ["JMI", "impurity", "MIM"]),
        "accuracy": accuracy, "scaling": _scaling(),
    }
    tables.update(changes)
    return claims(**tables, run=RUN)


def test_every_statement_is_checked_and_the_thesis_like_run_gives_the_constructed_verdicts():
    verdicts, frame = _verdicts(_all_claims())
    assert {s.text for s in STATEMENTS.values()} == set(frame["claim"])   # every one checked
    for key in ("praznik", "anova", "fselector", "forest"):
        assert verdicts[f"ch5.fig5_4.{key}"] == "holds", key
    assert verdicts["ch5.fig5_4.alone.MRMR"] == verdicts["ch5.fig5_4.alone.variance"] == "holds"
    assert verdicts["ch5.5_2.top_ten.pairs"] == "holds"         # order and direction ignored
    assert verdicts["ch5.5_2.top_ten.values"] == "holds"
    # MIM and info.gain are in different groups here: 0.2, not 0.6272
    assert verdicts["ch5.5_2.mim_info_gain"] == "does not hold"
    S = _thesis_like_similarity()
    assert frame.loc["ch5.5_2.mean", "our_evidence"] == f"{S.to_numpy().mean():.4f}"
    # Fig. 5.6: the four best and the nine worst are the thesis' by construction
    assert verdicts["ch5.fig5_6.best"] == verdicts["ch5.fig5_6.worst"] == "holds"
    assert verdicts["ch5.fig5_6.no_dominant"] == "holds"
    assert verdicts["ch5.fig5_7.median"] == "holds"
    assert verdicts["ch5.fig5_7.upper_quartile"] == "does not hold"   # "none" missing
    assert "only in the paper {none}" in frame.loc["ch5.fig5_7.upper_quartile", "why"]
    assert verdicts["ch5.fig5_8.median"] == "does not hold"
    assert verdicts["ch5.fig5_8.upper_quartile"] == "holds"
    # §5.5
    assert verdicts["ch5.5_5.no_subset"] == "holds"             # JMIM on d1, d3; JMI on d2
    assert verdicts["ch5.5_5.work_well"] == "holds"
    assert verdicts["ch5.5_5.group_best.auc"] == "holds"
    assert verdicts["ch5.5_5.group_best.sym.uncert"] == "does not hold"   # info.gain is better
    assert "smallest: info.gain" in frame.loc["ch5.5_5.group_best.sym.uncert", "why"]
    assert verdicts["ch5.5_5.neglect"] == "holds"
    assert verdicts["ch5.5_5.impurity"] == "holds"
    assert frame.loc["ch5.5_5.impurity", "our_evidence"].startswith("rank 3 of 20")
    # §5.1
    assert verdicts["ch5.fig5_1.cmim"] == verdicts["ch5.5_5.scaling"] == "holds"
    # settings: ours against the thesis', the data described
    assert frame.loc["ch5.fig5_6.best", "settings"] == (
        "different: data sets 3 here, 12 in the paper; outer folds 2 here, 10 in the paper; "
        "inner folds 2 here, 10 in the paper; configurations 8 here, 100 in the paper; data "
        "sets: d1 (its 500 features of largest variance), d2, d3")


def test_run_time_claims_are_marked_load_sensitive():
    _, frame = _verdicts(_all_claims())
    timed = {k for k in frame.index if load_sensitive_claim(k)}
    assert timed == {"ch5.fig5_1.cmim", "ch5.5_5.scaling", "ch5.fig5_7.median",
                     "ch5.fig5_7.upper_quartile", "ch5.fig5_8.median",
                     "ch5.fig5_8.upper_quartile"}
    for key in frame.index:
        assert (RUN_TIME_NOTE in frame.loc[key, "settings"]) == (key in timed), key


def test_scaling_fails_when_one_iterative_filter_is_as_fast_as_the_others():
    verdicts, frame = _verdicts(_all_claims(scaling=_scaling(select_mrmr=1.05)))
    assert verdicts["ch5.5_5.scaling"] == "does not hold"
    assert "iterative min 1.05 MRMR, others max 1.10" in frame.loc["ch5.5_5.scaling", "why"]
    assert verdicts["ch5.fig5_1.cmim"] == "holds"


def test_a_tie_at_the_boundary_of_the_best_filters_is_included_and_breaks_the_set():
    accuracy = _accuracy()
    # MIM as good as DISR everywhere: five filters share the four largest row sums
    disr = accuracy[accuracy["filter"] == "DISR"].set_index("dataset")["accuracy_mean"]
    mim = accuracy["filter"] == "MIM"
    accuracy.loc[mim, "accuracy_mean"] = accuracy.loc[mim, "dataset"].map(disr).to_numpy()
    verdicts, frame = _verdicts(_all_claims(accuracy=accuracy,
                                            wins=matrix_frame(win_matrix(accuracy), "filter")))
    assert verdicts["ch5.fig5_6.best"] == "does not hold"
    assert frame.loc["ch5.fig5_6.best", "why"].endswith("only ours {MIM}")


def test_filter_groups_are_strict_two_thesis_groups_in_one_cluster_support_neither():
    """Fig. 5.4's groups hold only as clusters of their own (issue 13): JMI, MIM (group 1) and
    auc, limma (group 2) merged into one cluster support neither group; a filter standing alone
    in its cluster does."""
    labels = ["JMI", "MIM", "auc", "limma", "impurity", "permutation", "MRMR", "variance",
              "oneR"]
    S = pd.DataFrame(np.eye(len(labels)), index=labels, columns=labels)
    block = ["JMI", "MIM", "auc", "limma"]
    S.loc[block, block] = 0.95
    for name in block:
        S.loc[name, name] = 1.0
    # 9 filters cut into 6 clusters: the 3 merges unite the block, the rest stay alone
    verdicts, frame = _verdicts(_all_claims(ranking=_ranking_table(S)))
    assert frame.loc["ch5.fig5_4.praznik", "our_evidence"] == "cluster: JMI, MIM, auc, limma"
    assert verdicts["ch5.fig5_4.praznik"] == "does not hold"
    assert verdicts["ch5.fig5_4.anova"] == "does not hold"
    assert verdicts["ch5.fig5_4.forest"] == "does not hold"     # each alone: not one cluster
    assert verdicts["ch5.fig5_4.alone.variance"] == "holds"
    assert verdicts["ch5.fig5_4.alone.MRMR"] == "holds"
    assert verdicts["ch5.5_2.mim_info_gain"] == "not run (compute)"   # info.gain not run


@pytest.mark.parametrize("missing", ["ranking", "benchmark", "scaling"])
def test_parts_not_run_are_not_testable(missing):
    none = {"ranking": {"ranking": None, "top_pairs": None},
            "benchmark": {"wins": None, "filter_time": None, "entire_time": None,
                          "accuracy": None},
            "scaling": {"scaling": None}}[missing]
    verdicts, frame = _verdicts(_all_claims(**none))
    full, _ = _verdicts(_all_claims())
    assert list(verdicts) == list(full)                 # the same claims, in the same order
    prefixes = {"ranking": ("ch5.fig5_4.", "ch5.5_2."),
                "benchmark": ("ch5.fig5_6.", "ch5.fig5_7.", "ch5.fig5_8.", "ch5.5_5.no_subset",
                              "ch5.5_5.work_well", "ch5.5_5.group_best", "ch5.5_5.neglect",
                              "ch5.5_5.impurity"),
                "scaling": ("ch5.fig5_1.", "ch5.5_5.scaling")}[missing]
    for key, verdict in verdicts.items():
        if key.startswith(prefixes):
            assert verdict == "not testable here", key
            assert "not run" in frame.loc[key, "why"], key
        else:
            assert verdict == full[key], key
