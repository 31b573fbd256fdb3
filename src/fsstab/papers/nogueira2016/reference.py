"""What Nogueira & Brown (2016) print: Table 2, the toy examples of §2.1 and §3.2 with the values
the text states, the measures of Fig. 2 and the paper's notation. The only place the paper's
numbers are typed in; :mod:`~fsstab.papers.nogueira2016.comparison` sets ours beside them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "PAPER_FIGURE2",
    "PAPER_TABLE2",
    "SYMBOLS",
    "TOY_EXAMPLES",
    "TOY_STATEMENTS",
    "ToyExample",
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
