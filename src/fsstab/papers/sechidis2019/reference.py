"""What Sechidis et al. (2019) print: the selections of the worked example (eq. 1), the methods
of §4.1 and their settings, Tables 1-4 and the paper's claims (:data:`STATEMENTS`, in the
paper's words). The only place the paper's numbers and words are typed in;
:mod:`~fsstab.papers.sechidis2019.comparison` sets ours beside them and
:mod:`~fsstab.papers.sechidis2019.conclusions` checks the claims.

Table 5 (the 23 covariates of IPASS, their values and the groups A, B, C of §4.2) is what the
stand-in generator itself is built from: :data:`fsstab.synthetic.IPASS_COVARIATES` and
:data:`fsstab.synthetic.IPASS_GROUPS`.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from fsstab.papers.conclusions import Statement

__all__ = [
    "DATA_OF_SOURCE",
    "EQ1_SELECTIONS",
    "METHODS",
    "PAPER_DATA",
    "PAPER_RUN",
    "PAPER_TABLE1",
    "PAPER_TABLE2",
    "PAPER_TABLE3",
    "PAPER_TABLE4",
    "STATEMENTS",
    "UNAVAILABLE",
]

#: Eq. (1): M = 4 runs over d = 6 features; X1 ~ X2 and X3 ~ X4 are strongly correlated.
EQ1_SELECTIONS = np.array([
    [1, 0, 1, 0, 0, 0],
    [0, 1, 1, 0, 0, 0],
    [1, 0, 0, 1, 0, 0],
    [0, 1, 0, 1, 0, 0],
], dtype=bool)

#: The seven selectors of §4.1, in the order of the paper's tables.
METHODS: tuple[str, ...] = ("LASSO", "RF", "GBM", "MIM", "mRMR", "JMI", "CMIM")

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


#: §4.1's run behind Fig. 2 and Tables 1-2, keyed as
#: :func:`fsstab.papers.sechidis2019.settings.run_settings` gives ours: "M = 50 versions of
#: each one of them by removing 5% of the examples at random", "all algorithms are tuned to
#: return the top-k features ... k to be the 25% of the number of features d", "For both
#: algorithms [RF, GBM with decision stumps] we used 100 trees", "discretized into 5 bins
#: using an equal-width strategy", "a simple nearest neighbour classifier (3-nn)",
#: "c_{f,f'} = δ(|ρ| > θ)" with Spearman's ρ and θ = 0.5.
PAPER_RUN: Mapping[str, object] = {
    "M": 50,
    "left out": 0.05,
    "k": "25 % of d",
    "RF trees": 100,
    "GBM trees": 100,
    "bins": 5,
    "classifier": "3-NN",
    "C": "binary: |Spearman rho| > 0.5",
}

#: The data the paper names for each §4.1 data set ("10 UCI datasets"; it gives no version,
#: size or file), keyed like ``data`` of
#: :func:`~fsstab.papers.sechidis2019.settings.run_settings`: a run uses the paper's data when
#: its source is one :data:`DATA_OF_SOURCE` says is that set.
PAPER_DATA: Mapping[str, str] = {
    "breast": "UCI breast cancer (the paper does not say which of UCI's breast cancer sets)",
    "ionosphere": "UCI ionosphere",
    "landsat": "UCI Statlog (Landsat Satellite)",
    "musk2": "UCI Musk (version 2)",
    "parkinsons": "UCI Parkinsons",
    "semeion": "UCI Semeion",
    "sonar": "UCI sonar",
    "spect": "UCI SPECT heart",
    "waveform": "UCI waveform (the paper does not say which of its two versions)",
    "wine": "UCI wine",
}

#: What each data source fsstab can run §4.1 on is, in the terms of :data:`PAPER_DATA` (a
#: source not listed is described by its name).
DATA_OF_SOURCE: Mapping[str, str] = {
    "rpackage:mlbench/Ionosphere": "UCI ionosphere",
    "rpackage:mlbench/Sonar": "UCI sonar",
    "rpackage:mlbench/Satellite": "UCI Statlog (Landsat Satellite)",
    "sklearn:wine": "UCI wine",
    "sklearn:breast_cancer": "UCI breast cancer Wisconsin (diagnostic)",
    "synthetic:waveform": "generated by Breiman's waveform generator, not a UCI file",
    "openml:1116": "UCI Musk (version 2)",
    "openml:1488": "UCI Parkinsons",
    "openml:1501": "UCI Semeion",
    "openml:336": "UCI SPECT heart",
}

#: The data sets of the paper that cannot be had here, and why (one line each;
#: docs/paper-sechidis2019.md repeats them).
UNAVAILABLE: Mapping[str, str] = {
    "musk2": "UCI Musk (version 2) is served by OpenML (openml:1116); no network here but PyPI "
             "and Debian, and no local copy",
    "parkinsons": "UCI Parkinsons is served by OpenML (openml:1488); no network here, no local "
                  "copy",
    "semeion": "UCI Semeion is served by OpenML (openml:1501); no network here, no local copy",
    "spect": "UCI SPECT heart is served by OpenML (openml:336); no network here, no local copy",
    "ipass": "the IPASS trial data (AstraZeneca) are not public; §4.2 runs on a simulated "
             "stand-in whose effects are planted (fsstab.synthetic.ipass_like)",
}


#: The paper's claims that fsstab checks, in the paper's words (shortened where marked "...")
#: with the evidence the paper gives. Keys are the claims' keys in ``conclusions.csv``
#: (per-data-set claims add ``.<dataset>``; ``all`` rows combine the data sets run).
STATEMENTS: Mapping[str, Statement] = {
    "eq1.phi": Statement(
        "§2.2, eq. (1)",
        "On each run the algorithm seems to change its mind about which are the important "
        "features ...; measures in the literature, e.g. [14] (φ), will identify this to be "
        "unstable.", "unstable"),
    "eq1.effective_intersection": Statement(
        "§3.1, Definition 1",
        "X1 and X2 are strongly correlated: ... X1 and X2 should be treated similarly, thus "
        "increasing the size of the intersection (of z1 and z2) to 2.", "2"),
    "eq1.phi_c": Statement(
        "§2.2, §3.2",
        "Since the algorithm always selects one feature from each strongly correlated pair, "
        "... we should say that it is in fact perfectly stable (Φ_C with X1 ~ X2, X3 ~ X4).",
        "perfectly stable (1)"),
    "sec3.underestimate": Statement(
        "Abstract; §3.1, Theorem 1, Lemma 1",
        "Existing measures ... systematically underestimate the true stability. Theorem 1: The "
        "effective intersection is greater than or equal to intersection, |s_i ∩ s_j|_C >= "
        "|s_i ∩ s_j|. ... If all entries in C are non-negative, we have r^C_ij >= r_ij -- "
        "without this correction, we will systematically under-estimate the true stability.",
        "Theorem 1 (proof: Lemma 1)"),
    "sec3.theorem2": Statement(
        "§3.1, Theorem 2",
        "The effective average pairwise intersection among the M subsets can be written: "
        "1/(M(M-1)) Σ_i Σ_{j≠i} |s_i ∩ s_j|_C = k̄_C - tr(C S), where k̄_C = Σ_f Σ_f' c_ff' "
        "z̄_ff' the effective average number of features selected over M runs ... S is an "
        "unbiased estimator of the variance-covariance matrix of Z.",
        "Theorem 2 (proof: supplementary material A)"),
    "fig1.faster": Statement(
        "§3.2, Fig. 1",
        "We also compare the computational time of our measure against nPOGR, as the "
        "dimensionality of the feature set increases -- shown in fig. 1 -- we observe that our "
        "measure is as expected, orders of magnitude faster to compute.",
        "Fig. 1 (M = 50, various d; values not printed)"),
    "fig1.milliseconds": Statement(
        "§3.2, Fig. 1 (caption)",
        "The proposed measure remains largely unaffected by the dimensionality (taking "
        "milliseconds).", "Fig. 1 (values not printed)"),
    "fig2.mrmr_gains": Statement(
        "§4.1, Fig. 2",
        "Notice that mRMR, a criterion that penalizes the selection of redundant features, "
        "becomes much more stable using our proposed measure Φ_C.",
        "Fig. 2 (two data sets, values not printed)"),
    "table1.phi": Statement(
        "§4.1, Table 1",
        "Pareto-optimal set (accuracy vs stability φ): the selectors that no other selector "
        "beats in both accuracy and stability.", "Table 1"),
    "table1.phi_c": Statement(
        "§4.1, Table 1",
        "Pareto-optimal set (accuracy vs effective stability Φ_C).", "Table 1"),
    "table1.change": Statement(
        "§4.1, Table 1",
        "Change ?: whether incorporating prior knowledge about feature redundancies (Φ_C "
        "instead of φ) changes the Pareto-optimal set.", "Table 1"),
    "table1.most_change": Statement(
        "§4.1, Table 1",
        "We observe that in most cases incorporating prior knowledge about possible feature "
        "redundancies changes the optimal solutions.", "7 of 10 data sets change"),
    "table1.not_run": Statement(
        "§4.1, Table 1",
        "Pareto-optimal sets (accuracy vs φ; accuracy vs Φ_C) of this data set.", "Table 1"),
    "table2.best_phi": Statement(
        "§4.1, Table 2",
        "Non-dominated rank (1 + number of criteria dominating a criterion, averaged over the "
        "data sets) for accuracy/stability φ: MIM has the best (lowest) rank.", "MIM (1.6)"),
    "table2.best_phi_c": Statement(
        "§4.1, Table 2",
        "Non-dominated rank for accuracy/effective stability Φ_C: mRMR has the best (lowest) "
        "rank.", "mRMR (1.7)"),
    "table2.mrmr": Statement(
        "§4.1, Table 2",
        "Similarly to our earlier observations (fig. 2), the average rank of mRMR increases "
        "dramatically (from φ to Φ_C).", "2.9 -> 1.7"),
    "table2.jmi_mim": Statement(
        "§4.1, Table 2",
        "Similarly JMI increases its average position, as opposed to MIM that captures only "
        "the relevancy.", "JMI 2.6 -> 2.4; MIM 1.6 -> 2.0"),
    "table3.top4": Statement(
        "§4.2, Table 3",
        "The top-4 prognostic biomarkers in IPASS: GBM X4, X10, X1, X12; CMIM X2, X13, X21, "
        "X12 -- the two methods return significantly different biomarker sets.",
        "Table 3 (IPASS)"),
    "table4.gbm_more_stable": Statement(
        "§4.2, Table 4",
        "When using φ, in agreement with data science folklore, GBM is judged a stable method, "
        "more so than CMIM.", "0.87 > 0.68 (IPASS)"),
    "table4.cmim_within_groups": Statement(
        "§4.2, Table 4",
        "CMIM has small stability, especially within the groups A and C: it alternates "
        "between selecting biomarkers that are biologically related.",
        "CMIM within A 0.45, within C 0.43 (IPASS)"),
    "table4.reversal": Statement(
        "§4.2, Table 4",
        "With Φ_C, which takes the groups A, B and C into account, CMIM is substantially more "
        "stable than GBM.", "0.91 > 0.87 (IPASS)"),
}
