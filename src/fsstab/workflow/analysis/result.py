"""What :func:`fsstab.analyse` returns: the workflow's tables of one dataset as DataFrames,
its figures, and the per-feature results in AnnData's ``var`` (scanpy's habits: one column
per result, prefixed; the run's description under ``uns``)."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

__all__ = ["AnalysisResult"]

#: The key of :meth:`AnalysisResult.to_anndata` in ``uns`` and the prefix of its ``var``
#: columns.
KEY = "fsstab"


@dataclass(frozen=True)
class AnalysisResult:
    """The results of :func:`fsstab.analyse` (see its docstring).

    ``config``: the configuration that ran (the workflow would run it with ``snakemake
    --configfile``); ``name``: the dataset's name in it; ``stages``: every table of the stages
    (:class:`fsstab.workflow.analysis.stages.StageResults`).
    """

    config: Mapping[str, Any]
    name: str
    stages: Any
    workflow: Any

    # -- the tables ---------------------------------------------------------------------
    @property
    def summary(self) -> pd.DataFrame:
        """One row per configuration (and variant): the score with its interval, the
        stability measures, the mean number of features -- the workflow's ``summary.csv``."""
        return self.stages.summary_frame.copy()

    @property
    def stable_features(self) -> pd.DataFrame:
        """Every feature selected at least once, per configuration: how often (with an
        interval), how important, and the compromises choosing it -- ``stable_features.csv``."""
        return self.stages.stable_features.to_pandas()

    @property
    def pareto(self) -> pd.DataFrame:
        """The Pareto table of every measure of ``pareto.measures`` (``pareto.parquet``)."""
        return self.stages.pareto.copy()

    @property
    def stability(self) -> pd.DataFrame:
        """The stability table of every configuration (``stability.parquet``)."""
        return self.stages.summary.to_pandas()

    @property
    def dataset(self) -> Any:
        """The dataset analysed (after the prefilter), a :class:`fsstab.datasets.Dataset`."""
        return self.stages.dataset

    def selections(self, configuration: str) -> dict[str, pd.DataFrame]:
        """The ``runs`` and ``features`` tables of one configuration (one row per run, per
        selected feature of a run)."""
        tables = self.stages.selections[configuration]
        return {name: tables[name].to_pandas() for name in ("runs", "features")}

    # -- the figures --------------------------------------------------------------------
    def _score_label(self) -> str:
        from fsstab.workflow.labels import score_label

        return score_label(self.workflow.resampling_for(self.name)["scheme"])

    def plot_summary(self) -> Any:
        """The summary figure: score and stability of every configuration with intervals."""
        from fsstab.workflow.figures import summary_figure

        return summary_figure(self.stability, dataset=self.name,
                              measures=list(self.workflow.figure_measures),
                              confidence_level=self.config["measures"]["confidence_level"],
                              score_label=self._score_label())

    def plot_pareto(self, measure: str | None = None) -> Any:
        """The Pareto front of (score, ``measure``) (default: the first of
        ``pareto.measures``)."""
        from fsstab.workflow.figures import pareto_figure

        measure = measure or self.workflow.pareto_measures[0]
        return pareto_figure(self.pareto, measure, dataset=self.name,
                             gammas=self.config["pareto"]["gamma"], summary=self.stability,
                             score_label=self._score_label(),
                             confidence_level=self.config["measures"]["confidence_level"])

    def plot_feature_map(self, configuration: str) -> Any:
        """The feature stability map of one configuration (Hamer & Dupont 2021, §3)."""
        from fsstab.workflow.figures import feature_map_figure

        spec = self.workflow.configuration(configuration).spec
        tables = self.stages.selections[configuration]
        stability = self.stability
        return feature_map_figure(
            tables["runs"], tables["features"], spec,
            stability[stability["configuration"] == configuration].reset_index(drop=True),
            dataset=self.name, feature_names=list(self.dataset.feature_names),
            rank_cap=self.workflow.rank_cap, measures=list(self.workflow.figure_measures))

    # -- AnnData ------------------------------------------------------------------------
    def var_frame(self, var_names: Any = None) -> pd.DataFrame:
        """The per-feature results, one row per name of ``var_names`` (default: the
        features analysed): for each configuration label, ``fsstab_<label>_frequency`` (the
        share of runs selecting the feature; 0 where never selected, NaN for a feature the
        prefilter left out) and ``fsstab_<label>_importance`` (its mean importance)."""
        names = list(self.dataset.feature_names) if var_names is None else [
            str(v) for v in var_names]
        analysed = set(self.dataset.feature_names)
        table = self.stable_features
        columns: dict[str, np.ndarray] = {}
        for label in dict.fromkeys(self.stability["label"]):
            rows = table[table["label"] == label].set_index("feature_name")
            for what, column in (("frequency", "frequency"), ("importance", "mean_importance")):
                values = np.array([
                    float(rows.at[n, column]) if n in rows.index
                    else (0.0 if n in analysed else np.nan) for n in names])
                columns[f"{KEY}_{label}_{what}"] = values
        return pd.DataFrame(columns, index=pd.Index(names))

    def uns_record(self) -> dict[str, Any]:
        """The run's description for ``uns["fsstab"]``: the configuration, the dataset's
        name and size, and the summary table (column -> values)."""
        from fsstab import __version__

        summary = json.loads(self.summary.to_json(orient="split", index=False))
        return {"version": __version__, "dataset": self.name,
                "n_samples": int(self.dataset.n_samples),
                "n_features": int(self.dataset.n_features),
                "config": copy.deepcopy(dict(self.config)),
                "summary": {"columns": summary["columns"], "data": summary["data"]}}

    def to_anndata(self, adata: Any = None) -> Any:
        """A copy of ``adata`` (the AnnData analysed) with the per-feature results in
        ``.var`` (:meth:`var_frame`, matched by ``var_names``) and the run in
        ``.uns["fsstab"]`` (:meth:`uns_record`); without ``adata``, a new AnnData of the
        analysed matrix (needs the ``anndata`` package)."""
        if adata is None:
            try:
                import anndata
            except ImportError as exc:
                raise ImportError("to_anndata() without an AnnData to add to needs the "
                                  "anndata package (pip install anndata)") from exc
            ds = self.dataset
            adata = anndata.AnnData(
                X=np.asarray(ds.X), obs=pd.DataFrame(index=[str(s) for s in ds.sample_ids]),
                var=pd.DataFrame(index=[str(f) for f in ds.feature_names]))
        else:
            adata = adata.copy()
        results = self.var_frame(adata.var_names)
        for column in results.columns:
            adata.var[column] = results[column].to_numpy()
        adata.uns[KEY] = self.uns_record()
        return adata
