"""The notebook API: :func:`analyse` runs the workflow's stages on data in memory or in a file
and returns the tables as DataFrames (``docs/notebook.md``).

``fsstab.analyse`` is this function. It builds the configuration the workflow would run
(:func:`fsstab.workflow.cli.commands.run_config`, the one ``fsstab run`` writes), checks it
with the workflow's checks, makes the dataset as the fetch job does
(:mod:`fsstab.workflow.analysis.inputs`) and runs the stages in this process
(:mod:`fsstab.workflow.analysis.stages`): the numbers are those of ``snakemake --configfile``
on the same configuration and data.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Mapping, Sequence
from typing import Any

from fsstab.workflow.analysis.result import AnalysisResult

__all__ = ["AnalysisResult", "analyse"]


def _checked(raw: Mapping[str, Any], source: Mapping[str, Any], name: str,
             in_memory: bool) -> Any:
    """The checked workflow configuration of ``raw``; for data in memory, the placeholder
    file of ``source`` is not looked for."""
    from fsstab.sources import missing_file_message
    from fsstab.workflow.checks import checked_workflow
    from fsstab.workflow.cli.check import schema_path
    from fsstab.workflow.config import ConfigError, load_schema

    try:
        return checked_workflow(copy.deepcopy(dict(raw)), load_schema(schema_path()))
    except ConfigError as exc:
        location = source["source"].removeprefix("file:")
        placeholder = f"datasets.{name}.source: {missing_file_message(source['source'], location)}"
        problems = [p for p in exc.problems if not (in_memory and p == placeholder)]
        if problems:
            raise ConfigError(problems) from None
    from fsstab.workflow.config import check_config, validate_schema

    return check_config(validate_schema(copy.deepcopy(dict(raw)), load_schema(schema_path())))


def analyse(
    data: Any, *, target: str | Sequence[str] | Any, groups: str | Any | None = None,
    task: str | None = None, selectors: Sequence[str] | Mapping[str, Any] | None = None,
    n_resamples: int = 30, n_features: int = 10, scheme: str = "bootstrap", seed: int = 1,
    layer: str | None = None, positive: Any = None, samples: str | os.PathLike[str] | None = None,
    transpose: bool | None = None, name: str = "data", n_jobs: int | None = None,
) -> AnalysisResult:
    """Run the workflow's stages on ``data`` and return the tables (``docs/notebook.md``).

    Parameters
    ----------
    data
        An ``anndata.AnnData`` (``target`` and ``groups`` name ``obs`` columns; ``layer``
        picks a layer instead of ``X``), a ``pandas.DataFrame`` (one row per sample;
        ``target``/``groups`` name columns, the other columns are the features, or are given
        as arrays), a 2-D array with ``target`` (and ``groups``) as arrays, or the path of a
        data file the workflow reads (CSV/TSV, Parquet, ``.h5ad``; ``samples``: a sample
        sheet, ``transpose``: one sample per column).
    target
        The outcome: a column name or values; ``task="survival"``: two (time, event).
    groups
        The sample groups (patients, batches), resampled and held out together.
    task
        ``"classification"`` (default), ``"regression"`` or ``"survival"``.
    selectors
        Names (``"lasso"``, ``"elastic_net"``, ``"logistic_rfe"``, ``"random_forest"``,
        ``"mim"`` or a class of :data:`fsstab.selectors.SELECTORS`) or a mapping label ->
        ``selectors:`` entry of a configuration; default: those of lasso, logistic_rfe and
        random_forest that serve the task.
    n_resamples, scheme, seed
        The resampling: M resamples of ``scheme``, the run's seed.
    n_features
        The number of features each named selector picks (and canberra's k).
    positive
        The class coded y = 1.
    name
        The dataset's name in the configuration and the tables.
    n_jobs
        joblib processes across the resamples (None: one).

    Returns
    -------
    AnalysisResult
        ``.summary``, ``.stable_features``, ``.pareto``, ``.stability`` (DataFrames),
        ``.plot_summary()``, ``.plot_pareto()``, ``.plot_feature_map()``, ``.to_anndata()``.

    Examples
    --------
    >>> import numpy as np
    >>> import fsstab
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(40, 6))
    >>> y = np.where(X[:, 0] + 0.3 * rng.normal(size=40) > 0, "case", "control")
    >>> result = fsstab.analyse(X, target=y, selectors=["mim"], n_features=2, n_resamples=5,
    ...                         positive="case")
    >>> result.summary[["configuration", "mean_n_selected"]].to_dict("records")
    [{'configuration': 'mim', 'mean_n_selected': 2.0}]
    >>> result.stable_features["feature_name"].iloc[0]
    'x0'
    """
    from fsstab.workflow.analysis.inputs import analysis_dataset, file_source
    from fsstab.workflow.analysis.stages import run_stages
    from fsstab.workflow.cli.commands import run_config, selector_entries

    options: dict[str, Any] = {}
    if samples is not None:
        options["samples"] = os.fspath(samples)
    if transpose:
        options["transpose"] = True
    in_memory = not isinstance(data, str | os.PathLike)
    if isinstance(selectors, Mapping):
        entries = copy.deepcopy(dict(selectors))
    else:
        entries = selector_entries(None if selectors is None else list(selectors),
                                   task=task or "classification", k=n_features)
    if in_memory:  # the data are read first: the source describes what was read
        fetched, source = analysis_dataset(data, name=name, target=target, groups=groups,
                                           task=task, layer=layer, positive=positive,
                                           options=options)
    else:  # checked first: a misspelt column is reported before the file is read
        if positive is not None:
            options["positive"] = positive
        if task is not None and task != "classification":
            options["task"] = task
        source = file_source(data, target=target, groups=groups, layer=layer, options=options)
    raw = run_config(name, source, entries, seed=seed, results_dir=f"results/{name}",
                     n_resamples=n_resamples, k=n_features, scheme=scheme)
    workflow = _checked(raw, source, name, in_memory)
    if not in_memory:
        fetched, _ = analysis_dataset(data, name=name, target=target, groups=groups,
                                      task=task, layer=layer, positive=positive,
                                      options=options)
    stages = run_stages(workflow, fetched, n_jobs=n_jobs)
    return AnalysisResult(workflow.raw, name, stages, workflow)
