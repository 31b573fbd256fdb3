"""What the claims modules of Onda et al. (2022) share: one data set's numbers (:class:`Run`:
the reference experiment's fitted simulator and its curves), the claim maker, number
formatting, and the settings of a claim derived from the run -- m_ensemble, the copies M of each
source (the real ensembles may run on fewer, ``real_copies``), k, n_tree and the data
(:func:`settings_of`) -- against the paper's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from fsstab.papers.conclusions import SettingsMatch, claim_maker
from fsstab.papers.onda2022.comparison import match_settings, our_run, paper_run
from fsstab.papers.onda2022.reference import PAPER_DATA, STATEMENTS
from fsstab.papers.outputs import format_number

__all__ = ["Run", "claim", "combined", "settings_of", "show"]

claim = claim_maker(STATEMENTS)


def show(value: float, digits: int = 3) -> str:
    """``value`` with ``digits`` decimals."""
    return format_number(value, digits)


class Run:
    """One data set's numbers: the reference experiment's fitted parameters (a row of
    ``fitted_parameters``) and its curves (rows of ``ensemble_stability``), and the data it
    ran on (``data``: :func:`~fsstab.papers.onda2022.settings.data_of`)."""

    def __init__(self, name: str, parameters: Mapping[str, Any], curves: pd.DataFrame,
                 data: str) -> None:
        self.name = name
        self.fit = parameters
        self.data = data
        self.real = curves[curves["source"] == "real"].sort_values("m_ensemble")
        self.simulated = curves[curves["source"] == "simulated"]
        self.fitted = self.simulated[np.isclose(self.simulated["p"], parameters["p"])] \
            .sort_values("m_ensemble")
        self.m_max = int(self.real["m_ensemble"].max())
        self.m_min = int(self.real["m_ensemble"].min())

    def real_at(self, m: int) -> float:
        return float(self.real.set_index("m_ensemble")["stability"][m])

    def fitted_at(self, m: int) -> float:
        return float(self.fitted.set_index("m_ensemble")["stability"][m])

    def points(self, source: str) -> list[tuple[float, float]]:
        """The curve of the real ensembles or of the simulated ones at the fitted p."""
        frame = self.real if source == "real" else self.fitted
        return [(float(m), float(v)) for m, v in zip(frame["m_ensemble"], frame["stability"],
                                                      strict=True)]

    def large(self, bound: Any) -> list[int]:
        """Our m_ensemble values that meet the paper's bound (at least the largest one)."""
        values = [int(m) for m in self.real["m_ensemble"] if bound.accepts(int(m))]
        return values or [self.m_max]


def settings_of(run: Run, m_ensemble: int = 1, paper_m: Any = 1, *, source: str = "simulated",
                paper_n_tree: Any = None, data: bool = True, **extra: Any) -> SettingsMatch:
    """The settings behind a claim on ``run`` (m_ensemble, the copies M of ``source``, k,
    n_tree, the data; ``extra`` keys on both sides: a value or a pair (ours, the paper's))
    against the paper's (m_ensemble ``paper_m``, n_tree ``paper_n_tree`` or its own)."""
    ours_extra = {k: v[0] if isinstance(v, tuple) else v for k, v in extra.items()}
    paper_extra = {k: v[1] if isinstance(v, tuple) else v for k, v in extra.items()}
    ours = {**our_run(run.fit, m_ensemble, source=source), **ours_extra}
    paper = {**paper_run(run.name, paper_m, n_tree=paper_n_tree), **paper_extra}
    if data:
        ours["data"], paper["data"] = run.data, PAPER_DATA[run.name]
    return match_settings(ours, paper)


def combined(matches: Sequence[SettingsMatch]) -> SettingsMatch:
    """One settings verdict for a claim over several data sets (``matches`` name their data
    set in their detail)."""
    if not matches:
        return SettingsMatch(False, "no data set run")
    differences = list(dict.fromkeys(m.detail for m in matches if not m.same and m.detail))
    return SettingsMatch(not differences, "; ".join(differences))
