"""The ``paper.settings`` of a Hamer & Dupont (2021) run and what the run produces.

:func:`parse_settings` fills defaults and validates ``paper.settings``; :func:`check_settings`
(through :func:`checked_settings`, called by the rules before any job) reports every problem
with its key, including references to datasets and selectors of the workflow configuration.
:class:`Plan` says, for a checked configuration, which figures and tables the run writes and
which results of the generic stages each one reads: ``rules/paper_hamer2021.smk`` only turns
it into rules.

Paper data set names (``singh``, ``lsvt``, ...) are mapped to workflow dataset names per
section, because one paper data set is prepared differently in each section (Table 3's
prefiltering and M = 100 in §7.1, 5000 features and M = 30 in §7.2, M = 1000 in §7.3). A
dataset left out of the run (``only_datasets``) is simply absent from the figures; a figure
whose data sets are all absent is drawn on the first available ``substitutes`` entry instead
(its title says so), except the per-dataset figures of §7.1 (Figs. 9-11, 21-25), which are then
not produced.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fsstab.papers.hamer2021.reference import TABLE5
from fsstab.papers.hamer2021.toy import TOY_DESCRIPTIONS
from fsstab.papers.settings import configured_problems

__all__ = [
    "APPENDIX_FIGURES",
    "DECISION_FIGURES",
    "METHODS",
    "Plan",
    "check_settings",
    "checked_settings",
    "parse_settings",
]

#: §7.1 data sets and the number of their Pareto figure (Fig. 11, App. D Figs. 21-25).
DECISION_FIGURES: dict[str, int] = {
    "singh": 11, "borovecki": 21, "chiaretti": 22, "alon": 23, "gravier": 24, "arcene": 25,
}
#: §7.2 methods (keys of ``section72.methods``) in the paper's order.
METHODS: tuple[str, ...] = (
    "lasso", "elastic_net", "logistic_rfe", "svm_rfe", "random_forest", "relief",
)
#: App. E: figure number -> its data sets (Figs. 26-29).
APPENDIX_FIGURES: dict[int, tuple[str, ...]] = {
    26: ("ionosphere", "sonar"),
    27: ("breast", "gastro", "lsvt"),
    28: ("alon", "singh", "chiaretti"),
    29: ("gravier", "arcene"),
}

_DEFAULTS: dict[str, Any] = {
    "toy": {"n_runs": 30, "n_features": 1_000_000, "canberra_k": 20, "random_state": 0},
    "correlated_groups": {
        "scenarios": [1, 2, 3],
        "group_sizes": [1, 2, 5, 10, 15, 20],
        "seeds": 10,
        "n_runs": 30,
        "target_k": 40,
        "n_other": 1000,
        "random_state": 0,
        "map": {"scenario": 1, "seed": 0, "group_sizes": [1, 10]},
    },
    "section71": {
        "datasets": {},
        "rfe": [],
        "hybrid": [],
        "gamma": 0.5,
        "area_reference": [0.5, 0.0],
        "frequency_score": {"datasets": ["singh", "chiaretti"], "selector": None, "params": {}},
    },
    "section72": {
        "datasets": {},
        "methods": {},
        "maps": {
            "lasso": {"datasets": ["singh", "lsvt"]},
            "random_forest": {"datasets": ["gastro"], "values": [10, 3000]},
            "relief": {"datasets": ["sonar"], "values": [1, 25]},
        },
        "logistic_rfe": {"datasets": ["lsvt"]},
        "appendix": {str(k): list(v) for k, v in APPENDIX_FIGURES.items()},
    },
    "section73": {
        "datasets": {},
        "selector": None,
        "block_size": 5,
        "distributions": ["gastro", "lsvt"],
    },
    "substitutes": [],
}

_KEYS = {
    "": set(_DEFAULTS),
    "toy": set(_DEFAULTS["toy"]),
    "correlated_groups": set(_DEFAULTS["correlated_groups"]),
    "correlated_groups.map": set(_DEFAULTS["correlated_groups"]["map"]),
    "section71": set(_DEFAULTS["section71"]),
    "section71.frequency_score": set(_DEFAULTS["section71"]["frequency_score"]),
    "section72": set(_DEFAULTS["section72"]),
    "section72.maps": set(_DEFAULTS["section72"]["maps"]),
    "section72.maps.lasso": {"datasets"},
    "section72.maps.random_forest": {"datasets", "values"},
    "section72.maps.relief": {"datasets", "values"},
    "section72.logistic_rfe": {"datasets"},
    "section73": set(_DEFAULTS["section73"]),
}
#: Parameter of a §7.2 method whose values its maps compare (Figs. 16, 18).
MAP_PARAMETERS = {"random_forest": "n_estimators", "relief": "n_neighbors"}


def _merged(defaults: Any, given: Any, path: str, problems: list[str]) -> Any:
    """``given`` over ``defaults`` recursively; unknown keys are problems."""
    if not isinstance(defaults, dict) or path.startswith(("section71.datasets",
                                                           "section72.datasets",
                                                           "section73.datasets",
                                                           "section72.methods",
                                                           "section72.appendix",
                                                           "section71.frequency_score.params")):
        return copy.deepcopy(given)
    if not isinstance(given, Mapping):
        problems.append(f"paper.settings.{path}: expected a mapping, got {given!r}")
        return copy.deepcopy(defaults)
    allowed = _KEYS.get(path, set(defaults))
    unknown = sorted(set(given) - allowed)
    if unknown:
        where = f"paper.settings.{path}" if path else "paper.settings"
        problems.append(f"{where}: unknown key(s) {unknown}; known keys: {sorted(allowed)}")
    merged = copy.deepcopy(defaults)
    for key, value in given.items():
        if key in allowed:
            sub = f"{path}.{key}" if path else key
            merged[key] = _merged(defaults.get(key), value, sub, problems)
    return merged


def _positive_int(value: Any, key: str, problems: list[str], minimum: int = 1) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        problems.append(f"paper.settings.{key}: must be an integer >= {minimum}, got {value!r}")


def _name_list(value: Any, key: str, problems: list[str]) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.append(f"paper.settings.{key}: must be a list of names, got {value!r}")
        return []
    return value


def parse_settings(settings: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """``settings`` with defaults filled in, and the structural problems found."""
    problems: list[str] = []
    merged = _merged(_DEFAULTS, dict(settings or {}), "", problems)
    toy = merged["toy"]
    _positive_int(toy["n_runs"], "toy.n_runs", problems, 2)
    _positive_int(toy["canberra_k"], "toy.canberra_k", problems)
    _positive_int(toy["random_state"], "toy.random_state", problems, 0)
    if isinstance(toy["n_features"], int) and toy["n_features"] < 200:
        problems.append("paper.settings.toy.n_features: the toy maps use up to "
                        f"{5 * toy['n_runs'] + 16} features; got {toy['n_features']}")
    _positive_int(toy["n_features"], "toy.n_features", problems)
    groups = merged["correlated_groups"]
    for key in ("seeds", "target_k", "random_state", "n_other"):
        _positive_int(groups[key], f"correlated_groups.{key}", problems,
                      0 if key in ("random_state", "n_other") else 1)
    _positive_int(groups["n_runs"], "correlated_groups.n_runs", problems, 2)
    scenarios = groups["scenarios"]
    if not isinstance(scenarios, list) or not scenarios or not set(scenarios) <= {1, 2, 3}:
        problems.append(f"paper.settings.correlated_groups.scenarios: a non-empty list of "
                        f"Table 1 scenarios (1, 2, 3), got {scenarios!r}")
    sizes = groups["group_sizes"]
    if not isinstance(sizes, list) or not sizes or any(
        isinstance(c, bool) or not isinstance(c, int) or c < 1 for c in sizes
    ) or 1 not in sizes:
        problems.append("paper.settings.correlated_groups.group_sizes: a list of positive "
                        f"integers including 1 (the calibration size), got {sizes!r}")
    chosen = groups["map"]
    if isinstance(scenarios, list) and chosen["scenario"] not in scenarios:
        problems.append(f"paper.settings.correlated_groups.map.scenario: {chosen['scenario']!r}"
                        f" is not among the scenarios {scenarios}")
    if not isinstance(chosen["seed"], int) or not 0 <= chosen["seed"] < max(
        int(groups["seeds"]) if isinstance(groups["seeds"], int) else 1, 1
    ):
        problems.append(f"paper.settings.correlated_groups.map.seed: must lie in 0..seeds-1, "
                        f"got {chosen['seed']!r}")
    if isinstance(sizes, list) and not set(chosen["group_sizes"]) <= set(sizes):
        problems.append(f"paper.settings.correlated_groups.map.group_sizes: "
                        f"{chosen['group_sizes']} must be among the group_sizes {sizes}")
    s71 = merged["section71"]
    gamma = s71["gamma"]
    if not isinstance(gamma, int | float) or isinstance(gamma, bool) or not 0 <= gamma <= 1:
        problems.append(f"paper.settings.section71.gamma: must lie in [0, 1], got {gamma!r}")
    reference = s71["area_reference"]
    if not (isinstance(reference, list) and len(reference) == 2
            and all(isinstance(v, int | float) for v in reference)):
        problems.append("paper.settings.section71.area_reference: an (accuracy, stability) "
                        f"pair, got {reference!r}")
    unknown = sorted(set(s71["datasets"]) - set(DECISION_FIGURES))
    if unknown:
        problems.append(f"paper.settings.section71.datasets: {unknown} are not §7.1 data sets "
                        f"of the paper ({sorted(DECISION_FIGURES)})")
    for name in _name_list(s71["frequency_score"]["datasets"], "section71.frequency_score"
                           ".datasets", problems):
        if name not in s71["datasets"]:
            problems.append(f"paper.settings.section71.frequency_score.datasets: {name!r} is "
                            "not in section71.datasets")
    s72 = merged["section72"]
    unknown = sorted(set(s72["datasets"]) - set(TABLE5))
    if unknown:
        problems.append(f"paper.settings.section72.datasets: {unknown} are not data sets of "
                        f"Table 5 ({sorted(TABLE5)})")
    unknown = sorted(set(s72["methods"]) - set(METHODS))
    if unknown:
        problems.append(f"paper.settings.section72.methods: unknown method(s) {unknown}; "
                        f"the §7.2 methods: {list(METHODS)}")
    for key, figure in s72["appendix"].items():
        if str(key) not in {str(k) for k in APPENDIX_FIGURES}:
            problems.append(f"paper.settings.section72.appendix: {key!r} is not one of the "
                            f"appendix figures {sorted(APPENDIX_FIGURES)}")
        _name_list(figure, f"section72.appendix.{key}", problems)
    for method, spec in s72["maps"].items():
        _name_list(spec["datasets"], f"section72.maps.{method}.datasets", problems)
    _name_list(s72["logistic_rfe"]["datasets"], "section72.logistic_rfe.datasets", problems)
    s73 = merged["section73"]
    unknown = sorted(set(s73["datasets"]) - set(TABLE5))
    if unknown:
        problems.append(f"paper.settings.section73.datasets: {unknown} are not data sets of "
                        f"§7.3 ({sorted(TABLE5)})")
    _positive_int(s73["block_size"], "section73.block_size", problems, 2)
    _name_list(s73["distributions"], "section73.distributions", problems)
    _name_list(merged["substitutes"], "substitutes", problems)
    return merged, problems


def _check_references(merged: Mapping[str, Any], workflow: Any) -> list[str]:
    """Dataset and selector names of the settings against the workflow configuration."""
    problems: list[str] = []

    def datasets(section: str) -> None:
        problems.extend(f"paper.settings.{p}" for p in configured_problems(
            f"{section}.datasets", merged[section]["datasets"], workflow))

    def selector(key: str, label: Any) -> None:
        problems.extend(f"paper.settings.{p}" for p in configured_problems(
            key, [label], workflow, "selectors"))

    datasets("section71")
    s71 = merged["section71"]
    for key in ("rfe", "hybrid"):
        for label in s71[key]:
            selector(f"section71.{key}", label)
    if s71["datasets"] and not s71["hybrid"]:
        problems.append("paper.settings.section71.hybrid: list the hybrid-RFE selectors "
                        "(their union is the Pareto set of Figs. 9-11)")
    if s71["datasets"] and s71["frequency_score"]["datasets"]:
        selector("section71.frequency_score.selector", s71["frequency_score"]["selector"])
    datasets("section72")
    for method, label in merged["section72"]["methods"].items():
        selector(f"section72.methods.{method}", label)
    if merged["section72"]["datasets"] and "lasso" not in merged["section72"]["methods"]:
        problems.append("paper.settings.section72.methods.lasso: Table 5 needs the LASSO")
    datasets("section73")
    if merged["section73"]["datasets"]:
        selector("section73.selector", merged["section73"]["selector"])
    known = set(merged["section72"]["datasets"]) | set(merged["section73"]["datasets"])
    for name in merged["substitutes"]:
        if name not in known:
            problems.append(f"paper.settings.substitutes: {name!r} is not in "
                            "section72.datasets or section73.datasets")
    return problems


def check_settings(settings: Mapping[str, Any], workflow: Any) -> list[str]:
    """Every problem of ``paper.settings``, each naming its key."""
    merged, problems = parse_settings(settings)
    if problems:
        return problems
    return _check_references(merged, workflow)


def checked_settings(workflow: Any) -> dict[str, Any]:
    """``workflow.paper.settings`` checked (:func:`check_settings`) and with its defaults: what
    ``rules/paper_hamer2021_common.smk`` calls before any job; a
    :class:`fsstab.workflow.config.ConfigError` lists every problem."""
    from fsstab.workflow.config import ConfigError

    problems = check_settings(workflow.paper.settings, workflow)
    if problems:
        raise ConfigError(problems)
    return parse_settings(workflow.paper.settings)[0]


# --------------------------------------------------------------------------------------------
# What the run produces
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FigureDatasets:
    """The data sets a figure shows: paper name -> workflow dataset, and a note when a
    substitute replaces absent ones."""

    datasets: dict[str, str]
    note: str = ""


class Plan:
    """Outputs of a Hamer & Dupont (2021) run and their inputs (see the module docstring).

    Parameters
    ----------
    workflow
        The checked :class:`fsstab.workflow.config.WorkflowConfig` (``paper.name`` is
        ``hamer2021``); ``workflow.datasets`` are the datasets of this run.
    """

    def __init__(self, workflow: Any):
        if workflow.paper is None:
            raise ValueError("the workflow configuration has no paper section")
        self.workflow = workflow
        self.settings, problems = parse_settings(workflow.paper.settings)
        if problems:
            raise ValueError("invalid paper.settings:\n" + "\n".join(problems))
        self.output_dir = workflow.paper.output_dir
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

    # -- file names ------------------------------------------------------------------------------

    def path(self, stem: str, ext: str) -> str:
        return f"{self.output_dir}/{stem}.{ext}"

    def figure(self, stem: str) -> list[str]:
        return [self.path(stem, "pdf"), self.path(stem, "png")]

    def table(self, stem: str) -> list[str]:
        return [self.path(stem, "csv"), self.path(stem, "parquet")]

    # -- outputs per section ---------------------------------------------------------------------

    def decision_datasets(self) -> dict[str, str]:
        """§7.1 data sets of this run that have a decision figure (Figs. 11, 21-25)."""
        return self.section_datasets("section71")

    def frequency_score_datasets(self) -> dict[str, str]:
        wanted = self.settings["section71"]["frequency_score"]["datasets"]
        available = self.decision_datasets()
        return {p: available[p] for p in wanted if p in available}

    def appendix_figures(self) -> dict[int, FigureDatasets]:
        figures = {}
        for key, wanted in self.settings["section72"]["appendix"].items():
            chosen = self.figure_datasets("section72", wanted, count=len(wanted))
            if chosen.datasets:
                figures[int(key)] = chosen
        return figures

    def map_figures(self) -> dict[str, FigureDatasets]:
        """§7.2 method -> data sets of its feature stability maps (Figs. 12, 16, 18)."""
        maps = {}
        methods = self.settings["section72"]["methods"]
        for method, spec in self.settings["section72"]["maps"].items():
            if method not in methods:
                continue
            chosen = self.figure_datasets("section72", spec["datasets"],
                                          count=len(spec["datasets"]))
            if chosen.datasets:
                maps[method] = chosen
        return maps

    def targets(self) -> list[str]:
        """Every output of the paper's rules for this run."""
        s = self.settings
        out = []
        for figure, (stem, _) in TOY_DESCRIPTIONS.items():
            out += self.figure(f"fig{figure:02d}_toy_{stem}")
        out += self.table("fig03-06_toy_measures")
        if s["correlated_groups"]["scenarios"]:
            out += self.figure("fig07_correlated_groups_maps")
            out += self.figure("fig08_correlated_groups_stability")
            out += self.table("fig08_correlated_groups_stability")
        decision = self.decision_datasets()
        for paper in decision:
            out += self.figure(f"fig09_{paper}_dominated_areas")
            number = DECISION_FIGURES[paper]
            out += self.figure(f"fig{number}_{paper}_pareto")
            out += self.table(f"fig{number}_{paper}_compromises")
        if decision:
            out += self.table("fig09_dominated_areas")
        for paper in self.frequency_score_datasets():
            out += self.figure(f"fig10_{paper}_frequency_score")
        if self.frequency_score_datasets():
            out += self.table("fig10_frequency_score_correlation")
        s72 = self.section_datasets("section72")
        methods = s["section72"]["methods"]
        if s72:
            out += self.table("table5_lasso")
            for method, (number, stem) in TRAJECTORY_FIGURES.items():
                if method in methods:
                    out += self.figure(f"fig{number}_{stem}")
                    out += self.table(f"fig{number}_{stem}")
            if "logistic_rfe" in methods and self.logistic_rfe_datasets().datasets:
                out += self.figure("fig14_logistic_rfe")
                out += self.table("fig14_logistic_rfe")
            for method in self.map_figures():
                number, stem = MAP_FIGURES[method]
                out += self.figure(f"fig{number}_{stem}")
            for number in self.appendix_figures():
                out += self.figure(f"fig{number}_phi_vs_phi_iw")
        if self.section_datasets("section73"):
            out += self.figure("fig19_coefficient_of_variation")
            out += self.table("fig19_coefficient_of_variation")
            out += self.table("fig19-20_block_estimates")
            if self.distribution_datasets().datasets:
                out += self.figure("fig20_sampling_distributions")
        out.append(self.path("comparison", "csv"))
        return out

    def logistic_rfe_datasets(self) -> FigureDatasets:
        wanted = self.settings["section72"]["logistic_rfe"]["datasets"]
        return self.figure_datasets("section72", wanted, count=len(wanted))

    def distribution_datasets(self) -> FigureDatasets:
        wanted = self.settings["section73"]["distributions"]
        return self.figure_datasets("section73", wanted, count=len(wanted))


#: §7.2 method -> (figure number, stem) of its trajectories over all data sets.
TRAJECTORY_FIGURES: dict[str, tuple[int, str]] = {
    "elastic_net": (13, "elastic_net"),
    "random_forest": (15, "random_forest"),
    "relief": (17, "relief"),
}
#: §7.2 method -> (figure number, stem) of its feature stability maps.
MAP_FIGURES: dict[str, tuple[int, str]] = {
    "lasso": (12, "lasso_maps"),
    "random_forest": (16, "random_forest_maps"),
    "relief": (18, "relief_maps"),
}
