"""The validated, expanded workflow configuration as plain immutable objects.

:func:`fsstab.workflow.config.check_config` builds them: a :class:`WorkflowConfig` holds the
datasets (:class:`DatasetConfig`), the selector configurations (:class:`Configuration`, grid
expanded, ids assigned, :class:`Variant` listed), the measures and the paper run
(:class:`PaperConfig`). The rules and scripts read these objects, never the raw mapping's
nesting.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fsstab.selectors import SELECTORS
from fsstab.workflow.chunks import chunk_ids

__all__ = [
    "DEFAULT_FIGURE_MEASURES",
    "LOGS_DIR",
    "Configuration",
    "DatasetConfig",
    "PaperConfig",
    "Variant",
    "WorkflowConfig",
]

#: The measures shown by default in trajectories and summary tables.
DEFAULT_FIGURE_MEASURES: tuple[str, ...] = (
    "nogueira", "pearson", "importance_weighted", "canberra", "sechidis", "intersection_count",
)


def _known(names: Sequence[str]) -> str:
    return ", ".join(sorted(names))


@dataclass(frozen=True)
class DatasetConfig:
    """One dataset: source spec, prefilter settings and similarity matrix settings."""

    name: str
    source: Any
    n_features: int | float | None = None
    log_transform: str | None = None
    similarity_method: str | None = None
    similarity_threshold: float | None = None
    similarity_binary: bool = False
    holdout: Mapping[str, Any] | None = None
    resampling: Mapping[str, Any] = field(default_factory=dict)

    @property
    def n_resamples(self) -> int:
        """M of this dataset (its ``resampling`` override, else the global setting)."""
        return int(self.resampling["n_resamples"])

    @property
    def chunks(self) -> tuple[str, ...]:
        """Chunk ids ``r<first>-<last>`` (inclusive, zero-padded) covering 0 .. M - 1."""
        return chunk_ids(self.n_resamples, self.resampling.get("chunk_size"))

    @property
    def prefilter_params(self) -> dict[str, Any]:
        return {"n_features": self.n_features, "log_transform": self.log_transform,
                "holdout": None if self.holdout is None else dict(self.holdout)}

    @property
    def similarity_params(self) -> dict[str, Any] | None:
        if self.similarity_method is None:
            return None
        params = {"method": self.similarity_method, "threshold": self.similarity_threshold}
        # only when set: the similarity rule's params of every other configuration stay as
        # they were (no reruns)
        return {**params, "binary": True} if self.similarity_binary else params


@dataclass(frozen=True)
class Variant:
    """Final-model parameters computed from one elimination path (a ``variant`` of a job)."""

    id: str
    params: Mapping[str, Any]


@dataclass(frozen=True)
class Configuration:
    """One selector configuration: a selection job (per dataset) and an output folder.

    ``params`` are the constructor parameters (fixed ones and this configuration's grid
    values, without the sweep parameters and without ``random_state``, which the workflow sets
    per resample); ``grid`` the grid values alone (they name the configuration).
    """

    id: str
    selector: str
    cls: str
    params: Mapping[str, Any]
    grid: Mapping[str, Any]
    variants: tuple[Variant, ...]
    calibrate_target_k: int | str | None
    datasets: tuple[str, ...]
    resources: Mapping[str, int] = field(default_factory=dict)
    calibrate_resamples: int | None = None
    calibrate_unreachable: str = "raise"

    @property
    def spec(self) -> dict[str, Any]:
        """Everything a selection job needs to know about this configuration (rule params)."""
        return {
            "id": self.id,
            "selector": self.selector,
            "class": self.cls,
            "params": dict(self.params),
            "grid": dict(self.grid),
            "variants": [{"id": v.id, "params": dict(v.params)} for v in self.variants],
            "calibrate_target_k": self.calibrate_target_k,
            "calibrate_resamples": self.calibrate_resamples,
            "calibrate_unreachable": self.calibrate_unreachable,
        }

    @property
    def uses_univariate_scores(self) -> bool:
        """Some variant's fit reads the per-resample univariate statistics (the class says
        which: :meth:`fsstab.selectors.BaseSelector.uses_univariate_statistics`)."""
        cls = SELECTORS[self.cls]
        return any(
            cls.uses_univariate_statistics({**self.params, **v.params}) for v in self.variants
        )


#: Where the jobs' logs go (relative to the working directory).
LOGS_DIR = "logs"


@dataclass(frozen=True)
class PaperConfig:
    """A paper-regeneration run, and where its files go (the one output-path helper of the
    papers; the rules reach it through the ``get_paper_*`` functions of ``rules/common.smk``).

    ``rules/paper_<name>.smk`` writes the paper's figures and tables under ``output_dir`` from
    the generic stages' results, after checking ``settings`` with the paper's
    :class:`fsstab.papers.settings.PaperSettings` (the workflow itself does not know papers).
    File names start with the paper's numbering (``fig01_...``, ``table2_...``).
    """

    name: str
    output_dir: str
    settings: Mapping[str, Any]
    benchmarks_dir: str = "results/benchmarks"

    def file(self, stem: str, extension: str) -> str:
        """``<output_dir>/<stem>.<extension>``: a final output."""
        return f"{self.output_dir}/{stem}.{extension}"

    def table(self, stem: str) -> list[str]:
        """A table: ``[<stem>.csv, <stem>.parquet]`` (written by
        :func:`fsstab.papers.outputs.write_table`)."""
        return [self.file(stem, "csv"), self.file(stem, "parquet")]

    def figure(self, stem: str) -> list[str]:
        """A figure: ``[<stem>.pdf, <stem>.png]`` (written by
        :func:`fsstab.plots.save_figure`)."""
        return [self.file(stem, "pdf"), self.file(stem, "png")]

    def work(self, path: str) -> str:
        """``<output_dir>/work/<path>``: an intermediate file (per-job tables)."""
        return f"{self.output_dir}/work/{path}"

    def log(self, step: str) -> str:
        """The log file of the paper's rule ``step``."""
        return f"{LOGS_DIR}/paper/{self.name}/{step}.log"

    def benchmark(self, step: str) -> str:
        """The benchmark file (Snakemake's ``benchmark:``) of the paper's rule ``step``."""
        return f"{self.benchmarks_dir}/paper/{self.name}/{step}.tsv"


@dataclass(frozen=True)
class WorkflowConfig:
    """The validated, expanded configuration (see the module docstring)."""

    raw: Mapping[str, Any]
    datasets: Mapping[str, DatasetConfig]
    configurations: tuple[Configuration, ...]
    measures: tuple[str, ...]
    measure_params: Mapping[str, Mapping[str, Any]]
    paper: PaperConfig | None = None

    @property
    def seed(self) -> int:
        return int(self.raw["seed"])

    @property
    def selected_datasets(self) -> tuple[str, ...]:
        """Datasets that are run and that some selector runs on (a paper configuration may keep
        other datasets for its own rules only)."""
        return tuple(d for d in self.datasets if self.configurations_for(d))

    @property
    def rank_datasets(self) -> tuple[str, ...]:
        """Datasets of the non-dominated rank: those of ``pareto.rank_datasets`` among
        :attr:`selected_datasets`, or all of these."""
        chosen = self.raw["pareto"].get("rank_datasets")
        return tuple(d for d in self.selected_datasets if chosen is None or d in chosen)

    @property
    def resampling(self) -> Mapping[str, Any]:
        return self.raw["resampling"]

    @property
    def n_resamples(self) -> int:
        return int(self.resampling["n_resamples"])

    @property
    def chunk_size(self) -> int:
        size = self.resampling.get("chunk_size")
        return self.n_resamples if size is None else min(int(size), self.n_resamples)

    @property
    def chunks(self) -> tuple[str, ...]:
        """Chunk ids of the global setting (see :meth:`chunks_for` for a dataset's)."""
        return chunk_ids(self.n_resamples, self.resampling.get("chunk_size"))

    def resampling_for(self, dataset: str) -> Mapping[str, Any]:
        """The resampling of ``dataset``: its own ``resampling`` keys over the global ones."""
        return self._dataset(dataset).resampling

    def n_resamples_for(self, dataset: str) -> int:
        return self._dataset(dataset).n_resamples

    def chunks_for(self, dataset: str) -> tuple[str, ...]:
        return self._dataset(dataset).chunks

    def _dataset(self, name: str) -> DatasetConfig:
        if name not in self.datasets:
            raise ValueError(f"unknown dataset {name!r}; known datasets: {_known(self.datasets)}")
        return self.datasets[name]

    def configurations_for(self, dataset: str) -> tuple[Configuration, ...]:
        return tuple(c for c in self.configurations if dataset in c.datasets)

    def configuration(self, config_id: str) -> Configuration:
        for c in self.configurations:
            if c.id == config_id:
                return c
        raise ValueError(f"unknown configuration id {config_id!r}")

    def trajectory_selectors(self, dataset: str) -> tuple[str, ...]:
        """Selectors with a numeric parameter taking several values on ``dataset`` (through
        grid or sweep): each gets a stability-versus-parameter figure."""
        settings: dict[str, list[dict[str, Any]]] = {}
        for c in self.configurations_for(dataset):
            for v in c.variants:
                settings.setdefault(c.selector, []).append({**c.params, **v.params})
        chosen = []
        for selector, rows in settings.items():
            names = set().union(*rows)
            for name in sorted(names):
                values = [row.get(name) for row in rows]
                numeric = all(
                    isinstance(v, int | float) and not isinstance(v, bool) for v in values
                )
                if numeric and len({float(v) for v in values}) > 1:
                    chosen.append(selector)
                    break
        return tuple(chosen)

    @property
    def pareto_measures(self) -> tuple[str, ...]:
        chosen = self.raw["pareto"].get("measures")
        return self.measures if chosen is None else tuple(chosen)

    @property
    def figure_measures(self) -> tuple[str, ...]:
        chosen = self.raw["figures"].get("measures")
        if chosen is not None:
            return tuple(chosen)
        return tuple(m for m in DEFAULT_FIGURE_MEASURES if m in self.measures)

    @property
    def rank_cap(self) -> int:
        return int(self.raw["measures"]["rank_cap"])

    # -- the settings the rules read, as the configuration gives them --------------------------
    @property
    def data_dir(self) -> str:
        """``data_dir``: the folder of the fetched and prefiltered datasets."""
        return self.raw["data_dir"]

    @property
    def results_dir(self) -> str:
        """``results_dir``: the folder of the result tables, figures and report."""
        return self.raw["results_dir"]

    @property
    def cache_dir(self) -> str | None:
        """``cache_dir`` where it is a folder (None: the default cache)."""
        value = self.raw.get("cache_dir")
        return value if isinstance(value, str) else None

    @property
    def localrules(self) -> bool:
        """``localrules``: whether the cheap rules run on the submitting machine."""
        return self.raw["localrules"]

    @property
    def selection_jobs(self) -> str:
        """``selection_jobs``: ``per_configuration`` or ``per_dataset`` selection jobs."""
        return self.raw["selection_jobs"]

    @property
    def accuracy_model(self) -> Any:
        """``accuracy_model``: the classifier scoring every selection (None: its own model)."""
        return self.raw["accuracy_model"]

    @property
    def confidence_level(self) -> Any:
        """``measures.confidence_level`` of the intervals."""
        return self.raw["measures"]["confidence_level"]

    @property
    def convergence_precision(self) -> Any:
        """``convergence.precision``: the half-width the convergence tables aim at."""
        return self.raw["convergence"]["precision"]

    @property
    def escape_formulas(self) -> Any:
        """``tables.escape_formulas`` of the spreadsheet-safe tables."""
        return self.raw["tables"]["escape_formulas"]

    @property
    def dataset_figures(self) -> bool:
        """``figures.dataset_figures``: whether each dataset's figures are drawn."""
        return self.raw["figures"]["dataset_figures"]

    @property
    def feature_maps(self) -> bool:
        """``figures.feature_maps``: whether each configuration gets a feature stability map."""
        return self.raw["figures"]["feature_maps"]

    @property
    def pareto_gammas(self) -> Any:
        """``pareto.gamma``: the weights of the γ compromises."""
        return self.raw["pareto"]["gamma"]

    @property
    def epsilon_constraint(self) -> Any:
        """``pareto.epsilon_constraint``: the settings of the ε-constraint choice."""
        return self.raw["pareto"]["epsilon_constraint"]

    @property
    def chosen_rank_datasets(self) -> Any:
        """``pareto.rank_datasets`` as configured (None: every dataset run;
        :attr:`rank_datasets` are those run)."""
        return self.raw["pareto"].get("rank_datasets")

    @property
    def dataset_entries(self) -> Mapping[str, Mapping[str, Any]]:
        """The ``datasets`` entries as configured and validated, by name in the order given,
        those a paper keeps for its own rules included (:attr:`datasets` holds those run)."""
        return self.raw["datasets"]

    @property
    def error_control(self) -> Mapping[str, Any]:
        """The ``error_control`` section (schema defaults filled in)."""
        return self.raw["error_control"]

    def similarity_settings(self, dataset: str) -> Mapping[str, Any]:
        """``datasets.<dataset>.similarity`` as configured (empty: none)."""
        return self.dataset_entries[dataset].get("similarity") or {}
    @property
    def nested(self) -> Mapping[str, int] | None:
        """``evaluation.nested`` (``outer``, ``repeats``), or None when not configured."""
        nested = (self.raw.get("evaluation") or {}).get("nested")
        if nested is None:
            return None
        return {"outer": int(nested["outer"]), "repeats": int(nested.get("repeats", 1))}


# --------------------------------------------------------------------------------------------
# Semantic checks
# --------------------------------------------------------------------------------------------
