"""``fsstab check CONFIG``: every check of a configuration and of its data, before any job.

:func:`check_configuration` runs, in this order and with the Snakefile's own functions, what
the workflow checks when it reads the Snakefile and in its first jobs:

1. the configuration file as YAML (:func:`fsstab.workflow.config_files.read_config_file`: the
   file, line and column of a syntax error) and its keys given twice
   (:func:`fsstab.workflow.validation.validate_config_files`, which also checks the schema and
   fills in the defaults);
2. :func:`fsstab.workflow.checks.checked_workflow`: the schema, every key on its own, keys
   against each other and against the files' headers (the columns a source names:
   :mod:`fsstab.workflow.column_checks`), every problem at once;
3. the datasets an earlier run stored (:func:`fsstab.workflow.checks.check_stored_datasets`);
4. unless ``read_data=False``: every dataset read as the fetch job reads it and prefiltered
   as the prefilter job does (:func:`fsstab.workflow.data.fetch_dataset`,
   :func:`~fsstab.workflow.data.prefilter_dataset`), then the checks of the prefilter job
   (:func:`fsstab.workflow.checks.dataset_problems`) -- and what would be analysed:
   samples, classes or the outcome, groups, features.

A paper's settings (``paper:``) are checked by its rules file, when Snakemake reads it
(``snakemake -n``).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fsstab.workflow.checks import (
    check_stored_datasets,
    checked_workflow,
    dataset_problems,
    dataset_warnings,
)
from fsstab.workflow.config import ConfigError, WorkflowConfig, load_schema
from fsstab.workflow.config_files import read_config_file
from fsstab.workflow.validation import validate_config_files

__all__ = ["CheckResult", "check_configuration", "dataset_summary", "workflow_root"]

#: Environment variable naming the workflow's folder (the one holding the Snakefile).
WORKFLOW_ENV = "FSSTAB_WORKFLOW"


def workflow_root() -> Path:
    """The folder of the workflow (``Snakefile``, ``config/schemas``): ``$FSSTAB_WORKFLOW``,
    else the checkout this package was imported from."""
    named = os.environ.get(WORKFLOW_ENV)
    root = Path(named) if named else Path(__file__).resolve().parents[4]
    if not (root / "Snakefile").is_file():
        where = f"${WORKFLOW_ENV} = {named}" if named else f"{root} (this package's checkout)"
        raise ConfigError([
            f"no fsstab workflow (Snakefile) in {where}; install fsstab from a clone of its "
            f"repository (pip install -e .), or set {WORKFLOW_ENV} to the clone's folder"
        ])
    return root


def schema_path(root: Path | None = None) -> Path:
    """The configuration schema of the workflow in ``root``."""
    return (root or workflow_root()) / "config" / "schemas" / "config.schema.yaml"


@dataclass
class CheckResult:
    """What :func:`check_configuration` found: ``problems`` (nothing runs while there is
    one), ``warnings``, the checked ``workflow`` (None when the configuration is refused),
    and ``datasets``: one summary per dataset read (:func:`dataset_summary`)."""

    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    workflow: WorkflowConfig | None = None
    datasets: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems


def _configuration(path: Path, directory: Path, schema: Path,
                   result: CheckResult) -> WorkflowConfig | None:
    try:
        config = read_config_file(path)
    except ConfigError as exc:
        result.problems += exc.problems
        return None
    found = validate_config_files(config, schema, [path])
    try:
        return checked_workflow(config, load_schema(schema), problems=found, base_dir=directory)
    except ConfigError as exc:
        result.problems += exc.problems
        return None


def check_configuration(
    path: str | os.PathLike[str], *, directory: str | os.PathLike[str] = ".",
    read_data: bool = True, root: Path | None = None,
) -> CheckResult:
    """Every check of the configuration file ``path`` and of its data (module docstring);
    relative paths of the configuration are resolved against ``directory`` (the folder the
    workflow runs in)."""
    directory = Path(directory).resolve()
    result = CheckResult()
    workflow = _configuration(Path(path), directory, schema_path(root), result)
    if workflow is None:
        return result
    result.workflow = workflow
    with contextlib.chdir(directory):
        try:
            result.warnings += check_stored_datasets(workflow, workflow.raw["data_dir"])
        except ConfigError as exc:
            result.problems += exc.problems
        if read_data:
            for name in workflow.selected_datasets:
                _read_dataset(workflow, name, result)
    result.problems = list(dict.fromkeys(result.problems))
    return result


def _read_dataset(workflow: WorkflowConfig, name: str, result: CheckResult) -> None:
    """Fetch and prefilter ``name`` as its jobs do; record its problems and summary."""
    from fsstab.outcomes import describe_target
    from fsstab.workflow.data import fetch_dataset, prefilter_dataset

    dataset = workflow.datasets[name]
    try:
        fetched = fetch_dataset(name, dataset.source, mirror=workflow.raw.get("mirror"),
                                cache_dir=workflow.raw.get("cache_dir"))
        ds, _ = prefilter_dataset(fetched, **dataset.prefilter_params)
    except (ValueError, OSError, ImportError) as exc:
        result.problems.append(f"datasets.{name}: {exc}")
        return
    target = None if ds.task == "classification" else describe_target(ds.task, ds.y)
    result.problems += dataset_problems(workflow, name, n_features=ds.n_features,
                                        class_counts=ds.class_counts, target=target)
    result.warnings += dataset_warnings(name, n_samples=ds.n_samples,
                                        class_counts=ds.class_counts, target=target)
    result.datasets[name] = dataset_summary(workflow, name, fetched, ds)


def dataset_summary(workflow: WorkflowConfig, name: str, fetched: Any, ds: Any
                    ) -> dict[str, Any]:
    """What the workflow would analyse of dataset ``name``: its source, samples, features
    read and kept by the prefilter, classes (with counts) or the outcome's summary, groups
    and their sizes, the selectors and the resampling."""
    from fsstab.outcomes import describe_target

    summary: dict[str, Any] = {
        "source": workflow.datasets[name].source, "n_samples": ds.n_samples,
        "features_read": fetched.n_features, "features": ds.n_features, "task": ds.task,
    }
    if ds.task == "classification":
        summary["classes"] = dict(ds.class_counts)
    else:
        summary["outcome"] = describe_target(ds.task, ds.y)
    if ds.sample_groups is not None:
        sizes: dict[str, int] = {}
        for group in ds.sample_groups:
            sizes[group] = sizes.get(group, 0) + 1
        study = (ds.provenance.get("study") or {}).get("groups") or {}
        summary["groups"] = {"column": study.get("column"), "n_groups": len(sizes),
                             "sizes": sorted(sizes.values())}
    resampling = workflow.resampling_for(name)
    summary["selectors"] = [c.id for c in workflow.configurations_for(name)]
    summary["resampling"] = {"scheme": resampling["scheme"],
                             "n_resamples": workflow.n_resamples_for(name)}
    return summary


def _sizes(sizes: Sequence[int]) -> str:
    low, high = sizes[0], sizes[-1]
    median = sizes[len(sizes) // 2]
    if low == high:
        return f"{low} sample(s) each"
    return f"{low} to {high} samples each (median {median})"


def summary_lines(name: str, summary: Mapping[str, Any]) -> list[str]:
    """The summary of one dataset as the lines ``fsstab check`` prints."""
    source = summary["source"]
    shown = source if isinstance(source, str) else source.get("source")
    lines = [f"dataset {name} ({shown})",
             f"  samples: {summary['n_samples']}",
             f"  features: {summary['features_read']} read, {summary['features']} after the "
             "prefilter"]
    if "classes" in summary:
        counts = ", ".join(f"{label}: {count}" for label, count in summary["classes"].items())
        lines.append(f"  classes: {counts}")
    else:
        outcome = {k: v for k, v in summary["outcome"].items() if k not in ("task", "n")}
        described = ", ".join(f"{k} {v:.4g}" if isinstance(v, float) else f"{k} {v}"
                              for k, v in outcome.items())
        lines.append(f"  outcome ({summary['task']}): {described}")
    groups = summary.get("groups")
    if groups is not None:
        column = f" ({groups['column']})" if groups.get("column") else ""
        lines.append(f"  groups{column}: {groups['n_groups']}, {_sizes(groups['sizes'])}; "
                     "a group's samples are resampled together")
    resampling = summary["resampling"]
    lines.append(f"  resampling: {resampling['scheme']}, M = {resampling['n_resamples']}")
    lines.append(f"  selectors: {', '.join(summary['selectors']) or 'none'}")
    return lines


def report_lines(result: CheckResult) -> list[str]:
    """What ``fsstab check`` prints: the problems (each on its line), else what would be
    read; then the warnings."""
    lines: list[str] = []
    if result.problems:
        lines.append(f"{len(result.problems)} problem(s); nothing would run:")
        lines += [f"  - {problem}" for problem in result.problems]
    else:
        for name, summary in result.datasets.items():
            lines += summary_lines(name, summary)
        lines.append("the configuration and its data pass every check")
    lines += [f"warning: {warning}" for warning in result.warnings]
    return lines
