"""What the thesis prints that more than one chapter uses: the symbols of the 20 stability
measures (§3.3.2), the data sets of Table 4.1 and their characteristics. The chapters' own
numbers are in ``ch5.reference`` ... ``ch8.reference``."""

from __future__ import annotations

__all__ = ["NTREE_VALUES", "TABLE_4_1", "THESIS_DATASET_ORDER", "THESIS_MEASURES", "thesis_symbol"]

#: The 20 stability measures of thesis §3.3.2 (registry name -> thesis symbol), in its order.
#: SMD-α is evaluated with α = 0 and shown as SMD-0, as in Ch. 6.
THESIS_MEASURES: dict[str, str] = {
    "jaccard": "SMJ",
    "dice": "SMD",
    "ochiai": "SMO",
    "hamming": "SMH",
    "lustgarten": "SML",
    "wald": "SMW",
    "unadjusted": "SMU",
    "kappa": "SMK",
    "phi_pairwise": "SMP",
    "novovicova": "SME",
    "davis": "SMD-0",
    "somol": "SMS",
    "nogueira": "SMN",
    "zucknick": "SMZ",
    "sechidis": "SMES",
    "yu": "SMY",
    "intersection_mbm": "SMA-MBM",
    "intersection_greedy": "SMA-Greedy",
    "intersection_count": "SMA-Count",
    "intersection_mean": "SMA-Mean",
}


def thesis_symbol(name: str) -> str:
    """The thesis' symbol of a registry measure name (the name itself if it has none)."""
    return THESIS_MEASURES.get(name, name)


#: Table 4.1's order of the data sets (fsstab's names); Figs. 7.4 / 7.5 show the first / last
#: six.
THESIS_DATASET_ORDER: tuple[str, ...] = (
    "sonar", "kc1_binary", "tecator", "har", "gina_agnostic", "dilbert",
    "lsvt", "christensen", "gravier", "eating", "arcene", "chiaretti",
)

#: Table 4.1: p, n, the proportion of the majority class (PP) and the mean number of highly
#: correlated (|Pearson| >= 0.9) other features per feature (MHCF).
TABLE_4_1: dict[str, tuple[float, float, float, float]] = {
    "sonar": (60, 208, 0.53, 0.10), "kc1_binary": (86, 145, 0.59, 6.81),
    "tecator": (124, 240, 0.57, 91.40), "har": (561, 3683, 0.52, 5.28),
    "gina_agnostic": (970, 3468, 0.51, 0.00), "dilbert": (2000, 4095, 0.50, 66.24),
    "lsvt": (307, 126, 0.67, 18.42), "christensen": (1413, 217, 0.61, 1.00),
    "gravier": (2905, 168, 0.66, 0.13), "eating": (6365, 273, 0.51, 4.51),
    "arcene": (9961, 200, 0.56, 29.97), "chiaretti": (12625, 128, 0.74, 0.05),
}

#: Table 6.5 (the search space of Ch. 6-8): the random forest's ntree values.
NTREE_VALUES: tuple[int, ...] = (100, 200, 500, 1000, 2000, 5000)
