"""What a Hamer & Dupont (2021) run produces: which figures, on which data sets.

:class:`Plan` turns the checked ``paper.settings`` (:data:`fsstab.papers.hamer2021.settings.
SETTINGS`) and the workflow configuration into the lists the rules expand their outputs over
(``rules/paper_hamer2021.smk``); the file names are the rules' own, under the paper's folder
(:class:`fsstab.workflow.config.PaperConfig`).

Paper data set names (``singh``, ``lsvt``, ...) are mapped to workflow dataset names per
section, because one paper data set is prepared differently in each section (Table 3's
prefiltering and M = 100 in §7.1, 5000 features and M = 30 in §7.2, M = 1000 in §7.3). A
dataset left out of the run (``only_datasets``) is simply absent from the figures; a figure
whose data sets are all absent is drawn on the first available ``substitutes`` entry instead
(its title says so), except the per-dataset figures of §7.1 (Figs. 9-11, 21-25), which are then
not produced.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["DECISION_FIGURES", "MAP_FIGURES", "TRAJECTORY_FIGURES", "FigureDatasets", "Plan"]

#: §7.1 data sets and the number of their Pareto figure (Fig. 11, App. D Figs. 21-25).
DECISION_FIGURES: dict[str, int] = {
    "singh": 11, "borovecki": 21, "chiaretti": 22, "alon": 23, "gravier": 24, "arcene": 25,
}
#: §7.2 method -> (figure number, file stem) of its trajectories over all data sets.
TRAJECTORY_FIGURES: dict[str, tuple[int, str]] = {
    "elastic_net": (13, "elastic_net"),
    "random_forest": (15, "random_forest"),
    "relief": (17, "relief"),
}
#: §7.2 method -> (figure number, file stem) of its feature stability maps.
MAP_FIGURES: dict[str, tuple[int, str]] = {
    "lasso": (12, "lasso_maps"),
    "random_forest": (16, "random_forest_maps"),
    "relief": (18, "relief_maps"),
}


@dataclass(frozen=True)
class FigureDatasets:
    """The data sets a figure shows: paper name -> workflow dataset, and a note when a
    substitute replaces absent ones."""

    datasets: dict[str, str]
    note: str = ""


class Plan:
    """The figures of a Hamer & Dupont (2021) run and the data sets each one shows.

    Parameters
    ----------
    settings
        ``paper.settings`` checked and with its defaults
        (``fsstab.papers.hamer2021.settings.SETTINGS.checked(workflow)``).
    workflow
        The checked :class:`fsstab.workflow.config.WorkflowConfig`; ``workflow.datasets`` are
        the datasets of this run.
    """

    def __init__(self, settings: Mapping[str, Any], workflow: Any):
        self.settings = settings
        self.workflow = workflow
        self.in_run = set(workflow.datasets)

    # -- datasets --------------------------------------------------------------------------------

    def section_datasets(self, section: str) -> dict[str, str]:
        """Paper name -> workflow dataset of ``section`` for the datasets of this run, in the
        paper's order."""
        mapping = self.settings[section]["datasets"]
        return {paper: name for paper, name in mapping.items() if name in self.in_run}

    def figure_datasets(self, section: str, wanted: Sequence[str], count: int = 1) -> (
        FigureDatasets
    ):
        """The data sets of ``wanted`` in this run; if there are none, the first ``count``
        substitutes of this run (with a note naming what they replace)."""
        available = self.section_datasets(section)
        present = {paper: available[paper] for paper in wanted if paper in available}
        if present or not wanted:
            return FigureDatasets(present)
        substitutes = [s for s in self.settings["substitutes"] if s in available][:count]
        if not substitutes:
            return FigureDatasets({})
        missing = ", ".join(wanted)
        return FigureDatasets({s: available[s] for s in substitutes},
                              f"{missing} not in this run: {', '.join(substitutes)} shown "
                              "instead")

    def selector_configurations(self, dataset: str, labels: Sequence[str]) -> list[str]:
        """Configuration ids of the selectors ``labels`` on ``dataset``."""
        return [c.id for c in self.workflow.configurations
                if c.selector in labels and dataset in c.datasets]

    # -- figures per section ---------------------------------------------------------------------

    def correlated_runs(self) -> list[tuple[int, int]]:
        """§5.3: every (scenario, generative seed), one job each."""
        groups = self.settings["correlated_groups"]
        return [(s, g) for s in groups["scenarios"] for g in range(groups["seeds"])]

    def decision_datasets(self) -> dict[str, str]:
        """§7.1 data sets of this run, each with its decision figures (Figs. 9, 11, 21-25)."""
        return self.section_datasets("section71")

    def frequency_score_datasets(self) -> dict[str, str]:
        """§7.1 data sets of this run of Fig. 10."""
        wanted = self.settings["section71"]["frequency_score"]["datasets"]
        available = self.decision_datasets()
        return {p: available[p] for p in wanted if p in available}

    def trajectory_methods(self) -> list[str]:
        """§7.2 methods with a trajectory figure (Figs. 13, 15, 17) in this run."""
        if not self.section_datasets("section72"):
            return []
        return [m for m in TRAJECTORY_FIGURES if m in self.settings["section72"]["methods"]]

    def logistic_rfe_datasets(self) -> FigureDatasets:
        """Fig. 14's data sets (none: no Fig. 14)."""
        if "logistic_rfe" not in self.settings["section72"]["methods"]:
            return FigureDatasets({})
        wanted = self.settings["section72"]["logistic_rfe"]["datasets"]
        return self.figure_datasets("section72", wanted, count=len(wanted))

    def map_figures(self) -> dict[str, FigureDatasets]:
        """§7.2 method -> data sets of its feature stability maps (Figs. 12, 16, 18)."""
        maps = {}
        methods = self.settings["section72"]["methods"]
        for method in MAP_FIGURES:  # in the paper's order
            spec = self.settings["section72"]["maps"].get(method)
            if spec is None or method not in methods:
                continue
            chosen = self.figure_datasets("section72", spec["datasets"],
                                          count=len(spec["datasets"]))
            if chosen.datasets:
                maps[method] = chosen
        return maps

    def appendix_figures(self) -> dict[int, FigureDatasets]:
        """App. E: figure number -> its data sets (Figs. 26-29)."""
        figures = {}
        for key, wanted in self.settings["section72"]["appendix"].items():
            chosen = self.figure_datasets("section72", wanted, count=len(wanted))
            if chosen.datasets:
                figures[int(key)] = chosen
        return figures

    def distribution_datasets(self) -> FigureDatasets:
        """Fig. 20's data sets (none: no Fig. 20)."""
        if not self.section_datasets("section73"):
            return FigureDatasets({})
        wanted = self.settings["section73"]["distributions"]
        return self.figure_datasets("section73", wanted, count=len(wanted))

    @staticmethod
    def trajectory_method(number: int | str) -> str:
        """The §7.2 method of trajectory figure ``number`` (13, 15, 17)."""
        return next(m for m, (n, _) in TRAJECTORY_FIGURES.items() if n == int(number))

    @staticmethod
    def map_method(number: int | str) -> str:
        """The §7.2 method of map figure ``number`` (12, 16, 18)."""
        return next(m for m, (n, _) in MAP_FIGURES.items() if n == int(number))
