"""What Onda et al. (2022) print: Table 1 and, per data set, the numbers of Tables 2 and 4 and
of §3.2-3.5 and App. D.3 (the n_useful and p the paper settled on, the stabilities of the single
selector and of large ensembles), the paper's run settings (:data:`PAPER_RUN`) and its claims
(:data:`STATEMENTS`, in the paper's words). :mod:`~fsstab.papers.onda2022.comparison` sets ours
beside them and :mod:`~fsstab.papers.onda2022.conclusions` checks the claims.

The numbers per data set are :data:`fsstab.simulator.PAPER_SETTINGS`: the library keeps them
with the simulator, whose users start from the paper's settings (n_target, n_useful, p) of a data
set; this module names them for the comparison and adds Table 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fsstab.papers.conclusions import Statement
from fsstab.simulator import PAPER_SETTINGS

__all__ = ["DATA_OF_SOURCE", "LARGE_REAL", "LARGE_SIMULATED", "PAPER_DATA", "PAPER_RUN",
           "PAPER_TABLE1", "PAPER_VALUES", "STATEMENTS", "AtLeast", "OneOf"]

#: Table 1: feature type, label type, dimension and sample size of each data set.
PAPER_TABLE1: Mapping[str, tuple[str, str, int, int]] = {
    "colon": ("Discrete", "Binary", 2000, 62),
    "lymphoma": ("Discrete", "Multi-class (9)", 4026, 96),
    "prostate": ("Continuous", "Binary", 5966, 102),
}

#: The data the paper ran on (§3.1: scikit-feature's .mat files).
PAPER_DATA: Mapping[str, str] = {
    "colon": "scikit-feature colon.mat (discretised to {-2, 0, 2})",
    "lymphoma": "scikit-feature lymphoma.mat",
    "prostate": "scikit-feature Prostate_GE.mat",
}

#: What a data source fsstab runs is, in the terms of :data:`PAPER_DATA` (a source not listed
#: is described by its name).
DATA_OF_SOURCE: Mapping[str, str] = {
    "url:https://jundongl.github.io/scikit-feature/files/datasets/lymphoma.mat":
        "scikit-feature lymphoma.mat",
    "datamicroarray:alon": "datamicroarray alon (continuous expression values)",
    "datamicroarray:singh": "datamicroarray singh",
}

#: Per data set: ``n_samples``, ``n_feature``, ``n_target``, ``n_useful``, ``p``,
#: ``single_stability``, ``t_uniform`` (Table 4: mean, sd), ``n_useful_by_n_tree`` (Table 2:
#: n_tree -> mean, sd), ``large_ensemble_stability`` (a number, or ``simulated`` / ``real`` /
#: ``fixed_point``), ``n_useful_fixed_point`` (App. D.3.2).
PAPER_VALUES: Mapping[str, Mapping[str, Any]] = PAPER_SETTINGS


# --------------------------------------------------------------------------------------------
# the paper's runs and claims
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AtLeast:
    """A setting the paper gives as a lower bound ("m_ensemble greater than 40")."""

    minimum: int

    def accepts(self, value: int) -> bool:
        return value >= self.minimum

    def __str__(self) -> str:
        return f">= {self.minimum}"


@dataclass(frozen=True)
class OneOf:
    """A setting the paper gives as a range of values ("100-200 trees for Prostate")."""

    values: tuple[int, ...]

    def accepts(self, value: int) -> bool:
        return value in self.values

    def __str__(self) -> str:
        return " or ".join(str(v) for v in self.values)


#: The ensemble sizes of the paper's statements on large ensembles (§3.5): the simulated
#: stability "when m_ensemble was greater than or equal to 30", the real one "when ...
#: m_ensemble was greater than 40". D.3.2 (Prostate) says "a sufficient number"; read here as
#: the same sizes.
LARGE_SIMULATED = AtLeast(30)
LARGE_REAL = AtLeast(41)

#: The paper's run per data set, keyed like ours (:func:`run_settings`): M = m_stability, the
#: copies behind a stability value (App. C.1: leave-one-out, one copy per sample -- as read
#: here; Table 4's t_uniform is reproduced with as many runs), k = n_target (§3.2), the
#: reference n_tree (§3.3.2).
PAPER_RUN: Mapping[str, Mapping[str, Any]] = {
    "colon": {"M": 62, "k": 20, "n_tree": 300},
    "lymphoma": {"M": 96, "k": 40, "n_tree": 300},
    "prostate": {"M": 102, "k": 60, "n_tree": OneOf((100, 200))},
}


def _s(section: str, text: str, evidence: str) -> Statement:
    return Statement(section=section, text=text, evidence=evidence)


#: Every claim checked in ``conclusions.md``, in the paper's words (key -> statement).
STATEMENTS: Mapping[str, Statement] = {
    "table4.t_uniform": _s(
        "§3.3.1, App. D.2, Table 4",
        "When we computed the threshold 1000 times, the mean and standard deviation of the "
        "threshold was t_uniform = 4.640 ± 0.636 for Colon dataset.",
        "Table 4: Colon 4.640 ± 0.636, Lymphoma 6.029 ± 0.668, Prostate 6.455 ± 0.703"),
    "table2.n_useful": _s(
        "§3.3.2, Table 2",
        "we set n_useful = 60, 150, and 200 for Colon, Lymphoma, and Prostate datasets, "
        "respectively ... They correspond to the random forest feature selector with 300 trees "
        "for Colon and Lymphoma datasets and with 100-200 trees for Prostate dataset.",
        "Table 2 (mean ± sd of 1000 estimates)"),
    "table2.prostate_decreasing": _s(
        "§3.3.2, Table 2",
        "in Prostate dataset, the estimated n_useful monotonically decreased as n_tree "
        "increased.",
        "Table 2, Prostate: 210.3, 210.8, 190.5, 186.9, 179.6, 179.0 for n_tree = 50..500"),
    "sec3_4.single_stability": _s(
        "§3.4, App. D.3",
        "we first computed the stability values for the single real feature selector, which "
        "were 0.1 [Colon] ... 0.1 for Lymphoma and 0.2 for Prostate datasets",
        "text; Figs. 2, 8 use the bands 0.1 ± 0.01 and 0.2 ± 0.02"),
    "sec3_4.p": _s(
        "§3.4, App. D.3.1",
        "We estimated p = 0.7 for Colon dataset from Figure 2 (right) [Lymphoma: p = 0.8].",
        "Fig. 2 right, Fig. 8"),
    "sec3_4.fixed_point": _s(
        "§3.4, App. D.3.1",
        "we observe that n_useful and n_useful^v were both 60, implying that the parameters p "
        "and n_useful were compatible in the sense that they satisfied Equation (1).",
        "Fig. 2 (n_useful^v within 60 ± 2)"),
    "sec2_3_2.monotone_in_p": _s(
        "§2.3.2, §3.5",
        "we observe a monotonic relationship between p and the stability value: the smaller p "
        "is, the lower the stability is.",
        "Fig. 3 left"),
    "sec3_5.plateau": _s(
        "§3.5",
        "When the number of weak selectors m_ensemble was greater than or equal to 30, the "
        "estimated stability was stable at approximately 0.2 regardless of p (Figure 3, left).",
        "Fig. 3 left (Colon, n_useful = 60)"),
    "sec3_5.close_to_real": _s(
        "§3.5",
        "This stability value [of the simulated ensembles, ≈ 0.2] is close to that in Figure 3 "
        "(right) when n_tree was greater than or equal to 200 and m_ensemble was greater than "
        "40.",
        "Fig. 3 (Colon; no numbers for the real curves in the text)"),
    "sec3_5.behave_similarly": _s(
        "§3.5",
        "We compared the graph of p = 0.7 in Figure 3 (left) ... and the graph of n_tree = 300 "
        "in Figure 3 (right) ... We observed that they behaved similarly, implying that the "
        "simulated selector with p = 0.7 simulated effectively the stability of the real "
        "selectors with n_tree = 300.",
        "Fig. 3 (Colon)"),
    "sec3_5.fewer_trees_lower": _s(
        "§3.5",
        "the actual stability values when n_tree is smaller than 200 were lower than those when "
        "n_tree is larger than or equals to 200 (Figure 3, right).",
        "Fig. 3 right (Colon)"),
    "d3_2.ensembling_increases": _s(
        "App. D.3.2",
        "both feature selectors increased the stability values as we increased the number of "
        "weak feature selectors",
        "Figs. 9-10"),
    "d3_2.differ": _s(
        "App. D.3.2",
        "the stability values differed when we ensembled a sufficient number of weak feature "
        "selectors: approximately 0.17 for the simulation and 0.3 for the real feature selector "
        "when n_tree = 100 and 200",
        "Figs. 9-10 (Prostate): 0.17 simulated, 0.3 real"),
    "d3_2.fixed_point_130": _s(
        "App. D.3.2",
        "We observe from Figure 11 (top) that the equation n_useful = n_useful^v holds. This "
        "implies that n_useful = 130 satisfies the fixed point equation (1).",
        "Fig. 11 top (Prostate)"),
    "d3_2.fixed_point_close": _s(
        "App. D.3.2",
        "The simulated stability value for a sufficiently large m_ensemble value was 0.3 in this "
        "configuration [n_useful = 130]. This value is close to that for the real ensemble "
        "feature selectors",
        "Fig. 11 bottom (Prostate): 0.3"),
    "d3_2.eq1_fixes": _s(
        "App. D.3.2",
        "From this analysis, we conclude that the inconsistency can be fixed by appropriately "
        "finding n_useful such that Equation (1) holds.",
        "Figs. 9-11 (Prostate): n_useful = 200 gives 0.17 against the real 0.3; n_useful = 130, "
        "which satisfies eq. (1), gives 0.3"),
    "sec4.accurate": _s(
        "§4",
        "Using three cancer datasets, we demonstrated that the proposed method can accurately "
        "estimate the stability of the ensemble feature selectors with a small amount of "
        "computation.",
        "Figs. 3, 9-11"),
    "sec3_6.much_faster": _s(
        "§3.6",
        "This shows that our proposed method is much faster than the actual stability "
        "computation.",
        "Fig. 4, Figs. 12-13 (times on different vertical scales; no number in the text)"),
    "e2.mtry_constant": _s(
        "App. E.2",
        "the estimated stability value for the large m_ensemble is almost the same for all "
        "n_tree values as expected [normalised mtry 0.1]",
        "Fig. 15"),
}
