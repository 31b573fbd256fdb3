"""What Nogueira & Brown (2016) print: Tables 1 and 2, the settings of §5, the toy examples of
§2.1 and §3.2 with the values the text states, the measures of Fig. 2, the paper's notation and
its claims (:data:`STATEMENTS`, in the paper's words). The only place the paper's numbers and
words are typed in; :mod:`~fsstab.papers.nogueira2016.comparison` sets our numbers beside them
and :mod:`~fsstab.papers.nogueira2016.conclusions` checks the claims.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fsstab.papers.conclusions import Statement

__all__ = [
    "PAPER_FIGURE2",
    "PAPER_RUN",
    "PAPER_TABLE1",
    "PAPER_TABLE2",
    "STATEMENTS",
    "SYMBOLS",
    "TABLE1_NOT_IMPLEMENTED",
    "TOY_EXAMPLES",
    "TOY_STATEMENTS",
    "ToyExample",
    "paper_settings",
    "symbol",
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

#: §5: the run behind Table 2 and Fig. 2 (besides Table 2's p): "K = 100 random sub-samples
#: without replacement of the datasets containing 90% of the total amount of examples",
#: "random forests of 100 decision trees using the mutual information as a splitting criterion",
#: each tree on a bootstrap sample, "the choice between ⌊√n⌋ features selected at random" at
#: each split. Keys as :func:`fsstab.papers.nogueira2016.settings.run_settings` gives ours.
PAPER_RUN: Mapping[str, Any] = {
    "K": 100,
    "subsample fraction": 0.9,
    "trees": 100,
    "split criterion": "entropy",
    "features per split": "floor(sqrt(d))",
    "selection": "used by at least a fraction p of the trees",
}

def paper_settings(dataset: str) -> dict[str, Any]:
    """The paper's run of ``dataset``: :data:`PAPER_RUN` and Table 2's p (keyed like
    :func:`fsstab.papers.nogueira2016.settings.run_settings`)."""
    return {**PAPER_RUN, "p": PAPER_TABLE2[dataset]["p"]}


#: Table 1 (§2.2): the properties each measure has (1 limits, 2 monotonicity, 3 correction
#: for chance, 4 unconstrained on cardinality, 5 symmetry, 6 redundancy awareness), keyed by
#: fsstab's measure name; sim_N's are §4's ("the only one having Properties 1 to 5"). The
#: rows fsstab has no measure for: :data:`TABLE1_NOT_IMPLEMENTED`.
PAPER_TABLE1: Mapping[str, frozenset[int]] = {
    "jaccard": frozenset({1, 2, 4, 5}),
    "hamming": frozenset({1, 2, 4, 5}),
    "kuncheva": frozenset({1, 2, 3, 5}),
    "lustgarten": frozenset({2, 3, 4, 5}),
    "wald": frozenset({2, 3, 4, 5}),
    "npog": frozenset({2, 3, 4}),
    "somol": frozenset({1, 2, 4, 5}),
    "nogueira_brown": frozenset({1, 2, 3, 4, 5}),
}

#: Table 1's rows without an fsstab measure: (name, properties marked).
TABLE1_NOT_IMPLEMENTED: tuple[tuple[str, frozenset[int]], ...] = (
    ("sim_M (Yu et al.)", frozenset({1, 2, 4, 5, 6})),
    ("average nPOGR (Zhang et al.)", frozenset({2, 3, 4, 6})),
    ("γ_k (Krízek et al.)", frozenset({1, 2, 5})),
)

#: The four measures Fig. 2 of the paper compares.
PAPER_FIGURE2: tuple[str, ...] = ("nogueira_brown", "lustgarten", "wald", "npog")

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


def symbol(measure: str, plain: bool = False) -> str:
    """The paper's notation: mathtext for figures, or plain text (tables) with ``plain``."""
    text = SYMBOLS.get(measure, measure)
    if plain:
        for old, new in (("$", ""), (r"\overline{", ""), (r"\hat\Phi", "Φ"), ("{", ""),
                         ("}", "")):
            text = text.replace(old, new)
    return text


@dataclass(frozen=True)
class ToyExample:
    """A sequence of selected sets (0-based feature indices) among ``n`` features."""

    key: str
    title: str
    n: int
    runs: tuple[tuple[int, ...], ...]


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

#: Values §2.1 and §3.2 state: (example, measure, value as printed).
TOY_STATEMENTS: tuple[tuple[str, str, str], ...] = (
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


_PROPERTIES = "(1 limits, 2 monotonicity, 3 correction for chance, 4 unconstrained on " \
    "cardinality, 5 symmetry)"


def _marks(properties: frozenset[int]) -> str:
    return " ".join(str(i) for i in sorted(properties))


#: The paper's claims that fsstab checks, in the paper's words (shortened where marked "...")
#: with the evidence the paper gives. Keys are the claims' keys in ``conclusions.csv``
#: (per-data-set claims add ``.<dataset>``).
STATEMENTS: Mapping[str, Statement] = {
    "eq3.hamming": Statement(
        "§2.1, eq. 3",
        "For s1: 100101, s2: 110001, s3: 101111 the stability under sim_H is 5/9.",
        "5/9"),
    **{f"table1.{name}": Statement(
        "§2.2, Table 1" if name != "nogueira_brown" else "§4",
        f"Of the properties 1-5 of §2.2 {_PROPERTIES}, {symbol(name, plain=True)} has "
        f"exactly {_marks(marks)}.",
        f"✓ at {_marks(marks)}")
       for name, marks in PAPER_TABLE1.items()},
    **{f"table1.not_implemented.{i}": Statement(
        "§2.2, Table 1", f"{name} has the properties {_marks(marks)} of §2.2",
        f"✓ at {_marks(marks)}")
       for i, (name, marks) in enumerate(TABLE1_NOT_IMPLEMENTED, start=1)},
    "table1.property6": Statement(
        "§2.2, Table 1",
        "Property 6, redundancy awareness: only sim_M and nPOGR reflect redundant features.",
        "✓ for sim_M, nPOGR"),
    "theorem1": Statement(
        "§2.2, Theorem 1",
        "For a sequence of feature sets of constant cardinality, CW_rel is asymptotically "
        "equivalent to sim_K as the number of feature sets approaches infinity.",
        "theorem (proof on the authors' page)"),
    "sec3_1.lustgarten_bounds": Statement(
        "§3.1, eq. 7",
        "It can be shown that this rescaling procedure ensures a value of sim_L in the "
        "interval [-1, 1].", "stated"),
    "sec3_1.wald_minimum": Statement(
        "§3.1, eq. 8",
        "For a given n, the minimum of sim_W is 1 - n (and is reached when k1 = n - 1 and "
        "k2 = 1 or vice versa).", "stated"),
    "sec3_1.npog_asymmetric": Statement(
        "§3.1, eq. 9",
        "nPOG is non-symmetrical (i.e. nPOG(s1, s2) ≠ nPOG(s2, s1)).", "eq. 9"),
    "sec3_1.npog_equals_wald": Statement(
        "§3.1, eq. 9",
        "When the set of smaller cardinality is given as the first argument, nPOG is equal "
        "to the sim_W measure.", "stated"),
    "example1.k7.lustgarten": Statement(
        "§3.2, Example 1",
        "F1 returns the same 7 of 10 features every time: Lustgarten's measure returns "
        "sim_L = 0.7 ...", "0.7"),
    "example1.k7.others": Statement(
        "§3.2, Example 1", "... whilst all other measures (sim_K, sim_W, nPOG, sim_N) return 1.",
        "1"),
    "example1.k4.lustgarten": Statement(
        "§3.2, Example 1",
        "F2 picks the same 4 of 10 features: Lustgarten's measure now returns 0.6.", "0.6"),
    "example1.k4.others": Statement(
        "§3.2, Example 1", "... and the other measures (sim_K, sim_W, nPOG, sim_N) 1.", "1"),
    "example2.wald": Statement(
        "§3.2, Example 2",
        "Half of the time F returns features 1 to 8, the other half features 1 and 2: Wald's "
        "stability measure returns a maximal 1 ...", "1"),
    "example2.others": Statement(
        "§3.2, Example 2",
        "... for the other two similarity measures (sim_L, nPOG) this is not the case.",
        "< 1"),
    "example2.wald_subsets": Statement(
        "§3.2, Example 2",
        "Using Wald's measure, the similarity between two feature sets will always have its "
        "maximal value of 1 as long as one of the two sets is a proper subset of the other.",
        "stated"),
    "example3.npog": Statement(
        "§3.2, Example 3",
        "Example 2 with the order of the feature sets permuted: because of the non-symmetry "
        "of nPOG, the stability value might not be the same as in Example 2.", "may differ"),
    "example4.wald": Statement(
        "§3.2, Example 4",
        "9 times features 1 to 8 and once features 9 and 10: the stability value of sim_W "
        "is 0, even though 9 out of the 10 feature sets considered were identical.", "0"),
    "example4.minimum_n100": Statement(
        "§3.2, Example 4",
        "If we have n = 100 features in total, the minimal value of nPOG and of sim_W is "
        "equal to -99 while its maximal value is 1.", "-99"),
    "theorem2": Statement(
        "§4, Theorem 2",
        "Kuncheva's similarity of two feature sets of the same cardinality can be rewritten "
        "as (r - E[r]) / max(|r - E[r]|): sim_N matches sim_K for k1 = k2.", "theorem"),
    "sec4.only_one": Statement(
        "§4", "Finally, this measure (sim_N) is the only one having Properties 1 to 5.",
        "Table 1 and §4"),
    "fig1.bounds": Statement(
        "§4, Fig. 1",
        "sim_N is bounded by the constants -1 and 1 and reaches its maximal value of 1 when "
        "the two feature sets are identical (Fig. 1: n = 10, k2 = 6 and 8).", "Fig. 1"),
    "fig1.not_proportional": Statement(
        "§4, Fig. 1",
        "The maximum value is not proportional to the distance between the two subset sizes "
        "k1 and k2.", "Fig. 1"),
    "sec5.equal_denominators": Statement(
        "§5",
        "If k1, k2 and n are such that -min(r) + E[r] <= max(r) - E[r], the denominator of "
        "the two similarity measures becomes the same and sim_W(s1, s2) = sim_N(s1, s2).",
        "stated"),
    "table2.data": Statement(
        "§5, Table 2", "The data set: number of examples, of classes, of features.",
        "Table 2"),
    "table2.selected": Statement(
        "§5, Table 2",
        "Average number of features selected (used by at least a fraction p of the 100 "
        "trees) ± standard deviation over the K = 100 subsamples.", "Table 2"),
    "sec5.sd_small": Statement(
        "§5",
        "The standard deviations of the number of features selected by the random forests "
        "are much smaller than the total number of features.", "Table 2"),
    "fig2.lowest": Statement(
        "§5, Fig. 2",
        "On all the datasets, the lowest stability value is obtained when using Lustgarten's "
        "similarity measure sim_L.", "Fig. 2"),
    "fig2.wald_close": Statement(
        "§5, Fig. 2",
        "On the four datasets, the stability values obtained using sim_W and sim_N are close "
        "to each other.", "Fig. 2"),
    "sec5.few_pairs": Statement(
        "§5",
        "In the feature sets returned by this procedure, only a small proportion of pairs "
        "of feature sets do not satisfy -min(r) + E[r] <= max(r) - E[r] (where sim_W = "
        "sim_N).", "stated"),
    "sec5.no_large_negative": Statement(
        "§5",
        "The minimal value of sim_W decreases with n and could strongly bias the stability "
        "when the sets are very dissimilar ...; in the four datasets this is not the case.",
        "stated"),
    "fig2.npog_closer": Statement(
        "§5, Fig. 2",
        "The stability value when using nPOG seems closer to the value of the ones using "
        "sim_N and sim_W on the parkinsons and on the breast datasets than in the other two "
        "datasets.", "Fig. 2"),
    "fig2.values": Statement(
        "§5, Fig. 2",
        "Stability values on 4 datasets using the different similarity values (the bars).",
        "a bar chart; no value printed"),
}
