"""The workflow's stages in one process: what the jobs of one dataset compute, in the same
order, with the same functions and seeds, the files between them kept in memory.

:func:`run_stages` follows the rules (``rules/*.smk``) and their scripts (``scripts/*.py``):
prefilter (:func:`fsstab.workflow.data.prefilter_dataset`, checked by
:func:`fsstab.workflow.checks.dataset_problems`), resample
(:func:`~fsstab.workflow.data.draw_resamples`), the similarity matrix when a measure needs
it, the univariate statistics when a selector reads them, the calibration of ``C``
(:func:`fsstab.workflow.selection.calibrate`), the selection of every resample
(:func:`~fsstab.workflow.selection.select_chunk`, one resample a task, spread over
``n_jobs`` processes by joblib -- resample r is seeded by (seed, dataset, r) alone, so the
split changes nothing), gathered (:func:`fsstab.workflow.tables.gather_tables`), the
stability of each configuration (:func:`fsstab.workflow.stability.stability_table`), the
dataset's summary, its Pareto table (:func:`fsstab.workflow.decisions.pareto_table`), the
stable features (:func:`fsstab.workflow.answers.stable_features_table`) and the summary of
``summary.csv`` (:func:`fsstab.workflow.answers.scored_summary_frame`).

Where a job reads what another wrote, the table goes through the same conversion (Arrow
tables as written, ``to_pandas`` where the script reads a frame), so the numbers are the
workflow's to the last bit (``tests/library/test_analysis.py`` compares them).
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa

from fsstab.seeds import derive_seed

__all__ = ["StageResults", "run_stages"]


@dataclass(frozen=True)
class StageResults:
    """What the stages of one dataset produced (the workflow's tables, in memory)."""

    dataset: Any  # the prefiltered Dataset
    resamples: Any
    selections: dict[str, dict[str, pa.Table]]  # configuration -> runs / features / timings
    stability: dict[str, pa.Table]  # configuration -> its stability table
    summary: pa.Table  # the dataset's summary (stability.parquet)
    pareto: pd.DataFrame  # pareto.parquet, as read
    stable_features: pa.Table  # stable_features.parquet
    summary_frame: pd.DataFrame  # summary.csv


def _select_one(ds: Any, resamples: Any, spec: dict[str, Any], r: int, n: int, *, seed: int,
                rank_cap: int, calibrated_C: float | None, univariate: Any,
                accuracy_model: Any) -> dict[str, pa.Table]:
    """The selection job's tables of resample ``r`` of ``n`` alone."""
    from fsstab.workflow.chunks import chunk_ids
    from fsstab.workflow.selection import chunk_resamples, select_chunk

    chunk = chunk_ids(n, 1)[r]
    return select_chunk(ds, resamples, spec, chunk_resamples(chunk, n), seed=seed,
                        rank_cap=rank_cap, calibrated_C=calibrated_C, univariate=univariate,
                        accuracy_model=accuracy_model, n_jobs=1)


def _similarity(workflow: Any, ds: Any) -> tuple[Any, float | None]:
    """The similarity matrix as the stability jobs read it (written and read back)."""
    from fsstab.measures import MEASURES
    from fsstab.workflow.data import read_similarity, similarity_matrix, write_similarity

    if not any("C" in MEASURES[m].requires for m in workflow.measures):
        return None, None
    settings = workflow.datasets[ds.name].similarity_params
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "similarity.parquet"
        write_similarity(similarity_matrix(ds, **settings), path, dataset=ds.name, **settings)
        return read_similarity(path)


def _univariate(ds: Any, resamples: Any) -> Any:
    """The univariate statistics as the selection jobs read them (written and read back)."""
    from fsstab.workflow.data import read_univariate, univariate_statistics, write_univariate

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "univariate.parquet"
        write_univariate(univariate_statistics(ds, resamples), path, dataset=ds)
        return read_univariate(path)


def run_stages(workflow: Any, fetched: Any, *, n_jobs: int | None = None) -> StageResults:
    """Run every stage of the dataset ``fetched`` (named as in ``workflow``, a checked
    :class:`~fsstab.workflow.config.WorkflowConfig`) as the workflow does (module
    docstring); ``n_jobs``: joblib processes across resamples (None: one)."""
    from joblib import Parallel, delayed

    from fsstab.workflow.answers import scored_summary_frame, stable_features_table
    from fsstab.workflow.checks import dataset_problems, raise_config_problems
    from fsstab.workflow.data import draw_resamples, prefilter_dataset
    from fsstab.workflow.decisions import pareto_arrow, pareto_table
    from fsstab.workflow.selection import calibrate
    from fsstab.workflow.stability import stability_table
    from fsstab.workflow.tables import concat_tables, gather_tables

    name = fetched.name
    raw = workflow.raw
    ds, _ = prefilter_dataset(fetched, **workflow.datasets[name].prefilter_params)
    from fsstab.outcomes import describe_target, get_task

    target = None if get_task(ds.task).has_classes else describe_target(ds.task, ds.y)
    raise_config_problems(dataset_problems(workflow, name, n_features=ds.n_features,
                                           class_counts=ds.class_counts, target=target))
    resampling = workflow.resampling_for(name)
    n_resamples = workflow.n_resamples_for(name)
    resamples = draw_resamples(ds, seed=workflow.seed, scheme=resampling["scheme"],
                               n_resamples=n_resamples, params=resampling["params"])
    C, threshold = _similarity(workflow, ds)
    configurations = workflow.configurations_for(name)
    univariate = (_univariate(ds, resamples)
                  if any(c.uses_univariate_scores for c in configurations) else None)
    selections: dict[str, dict[str, pa.Table]] = {}
    stability: dict[str, pa.Table] = {}
    for config in configurations:
        spec = config.spec
        calibrated = (calibrate(ds, resamples, spec)["C"]
                      if config.calibrate_target_k is not None else None)
        chunks = Parallel(n_jobs=n_jobs or 1)(
            delayed(_select_one)(ds, resamples, spec, r, n_resamples, seed=workflow.seed,
                                 rank_cap=workflow.rank_cap, calibrated_C=calibrated,
                                 univariate=univariate if config.uses_univariate_scores
                                 else None, accuracy_model=raw["accuracy_model"])
            for r in range(n_resamples))
        gathered = gather_tables(chunks, n_resamples)
        selections[config.id] = gathered
        stability[config.id] = stability_table(
            gathered["runs"], gathered["features"], dataset=name, spec=spec,
            d=len(ds.feature_names), measures=list(workflow.measures),
            measure_params=workflow.measure_params, C=C, threshold=threshold,
            confidence_level=raw["measures"]["confidence_level"], rank_cap=workflow.rank_cap,
            random_state=derive_seed(workflow.seed, name, "measures"),
            n_samples=ds.n_samples, calibrated_C=calibrated)
    summary = concat_tables([stability[c.id] for c in configurations])
    epsilon = raw["pareto"]["epsilon_constraint"]
    pareto = pareto_arrow(pareto_table(
        summary.to_pandas(), list(workflow.pareto_measures), gammas=raw["pareto"]["gamma"],
        acc_const=epsilon["acc_const"], stab_const=epsilon["stab_const"],
        random_state=derive_seed(workflow.seed, name, "pareto"))).to_pandas()
    stable = stable_features_table(
        {c: (t["runs"], t["features"]) for c, t in selections.items()}, summary.to_pandas(),
        pareto, dataset=name, feature_names=list(ds.feature_names),
        confidence_level=raw["measures"]["confidence_level"], rank_cap=workflow.rank_cap)
    frame = scored_summary_frame(concat_tables([summary]).to_pandas(), list(workflow.measures),
                                 confidence_level=raw["measures"]["confidence_level"])
    return StageResults(ds, resamples, selections, stability, summary, pareto, stable, frame)
