"""`fsstab.analyse`, the notebook API: on an `.h5ad` file and on the same data as an AnnData
object in memory it gives the workflow's numbers (the tables of `snakemake --configfile` on
the equivalent configuration, compared byte for byte or exactly); its checks come before any
reading; joblib across resamples changes nothing; `to_anndata` puts the per-feature results
into `.var` and the run into `.uns`."""

from __future__ import annotations

import copy
import csv
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml
from conftest import REPO, run_snakemake

import fsstab
from fsstab.io import read_parquet
from fsstab.workflow.answers import write_csv
from fsstab.workflow.config import ConfigError

DATA = REPO / ".test" / "data"


def _study() -> tuple[np.ndarray, list[str], list[str], dict[str, list[str]]]:
    """The patient study of .test/data (genes in rows, R's layout), read with csv: X (75
    biopsies x 150 genes), gene and biopsy names, and the sheet's columns."""
    with (DATA / "study_expression.csv").open(newline="") as stream:
        rows = list(csv.reader(stream))
    samples = rows[0][1:]
    genes = [r[0] for r in rows[1:]]
    X = np.array([[float(v) for v in r[1:]] for r in rows[1:]]).T
    with (DATA / "study_samples.tsv").open(newline="") as stream:
        sheet = list(csv.DictReader(stream, delimiter="\t"))
    by_id = {r["sample"]: r for r in sheet}
    columns = {key: [by_id[s][key] for s in samples] for key in ("response", "patient")}
    return X, genes, samples, columns


def _write_h5ad(path: Path) -> Path:
    """The study as AnnData writes it: X dense, obs with a categorical `response` and a
    string `patient` column, var and obs names."""
    import h5py

    X, genes, samples, columns = _study()
    strings = h5py.string_dtype()
    with h5py.File(path, "w") as f:
        f.attrs.update({"encoding-type": "anndata", "encoding-version": "0.1.0"})
        f.create_dataset("X", data=X)
        obs = f.create_group("obs")
        obs.attrs.update({"encoding-type": "dataframe", "encoding-version": "0.2.0",
                          "_index": "_index",
                          "column-order": np.array(["response", "patient"], dtype=strings)})
        obs.create_dataset("_index", data=np.array(samples, dtype=strings))
        categories = sorted(set(columns["response"]))
        response = obs.create_group("response")
        response.attrs.update({"encoding-type": "categorical", "encoding-version": "0.2.0",
                               "ordered": False})
        response.create_dataset("codes", data=np.array(
            [categories.index(v) for v in columns["response"]], dtype=np.int8))
        response.create_dataset("categories", data=np.array(categories, dtype=strings))
        obs.create_dataset("patient", data=np.array(columns["patient"], dtype=strings))
        var = f.create_group("var")
        var.attrs.update({"encoding-type": "dataframe", "encoding-version": "0.2.0",
                          "_index": "_index", "column-order": np.array([], dtype=strings)})
        var.create_dataset("_index", data=np.array(genes, dtype=strings))
    return path


@dataclass
class AnnDataLike:
    """What `fsstab.analyse` reads of an `anndata.AnnData` and `to_anndata` writes (anndata
    itself would downgrade this project's pandas, so it is not installed)."""

    X: np.ndarray
    obs: pd.DataFrame
    var: pd.DataFrame
    layers: dict = field(default_factory=dict)
    uns: dict = field(default_factory=dict)

    @property
    def obs_names(self) -> pd.Index:
        return self.obs.index

    @property
    def var_names(self) -> pd.Index:
        return self.var.index

    def copy(self) -> AnnDataLike:
        return AnnDataLike(self.X.copy(), self.obs.copy(), self.var.copy(),
                           dict(self.layers), copy.deepcopy(self.uns))


def _adata() -> AnnDataLike:
    X, genes, samples, columns = _study()
    obs = pd.DataFrame({"response": pd.Categorical(columns["response"]),
                        "patient": columns["patient"]}, index=samples)
    return AnnDataLike(X, obs, pd.DataFrame(index=genes))


OPTIONS = {"target": "response", "groups": "patient", "positive": "responder",
           "selectors": ["mim", "lasso"], "n_features": 5, "n_resamples": 6, "seed": 3,
           "name": "cells"}

#: The configuration of OPTIONS, written by hand, for snakemake.
CONFIG = {
    "seed": 3,
    "results_dir": "results/cells",
    "resampling": {"scheme": "bootstrap", "n_resamples": 6},
    "datasets": {"cells": {"source": {"source": "file:cells.h5ad", "target": "response",
                                      "groups": "patient", "positive": "responder"}}},
    "selectors": {"mim": {"class": "FilterSelector",
                          "params": {"method": "mim", "n_features_to_select": 5}},
                  "lasso": {"class": "LassoSelector", "calibrate_target_k": 5}},
    "measures": {"names": ["nogueira", "pearson", "importance_weighted", "canberra"],
                 "params": {"canberra": {"k": 5}}},
    "pareto": {"measures": ["nogueira", "importance_weighted"]},
}


def _csv_bytes(frame: pd.DataFrame, folder: Path, name: str) -> bytes:
    path = folder / name
    write_csv(frame, path)
    return path.read_bytes()


@pytest.fixture(scope="module")
def workflow_run(tmp_path_factory) -> Path:
    """The workflow on the .h5ad file (snakemake, 2 cores)."""
    folder = tmp_path_factory.mktemp("analysis_workflow")
    _write_h5ad(folder / "cells.h5ad")
    (folder / "cells.yaml").write_text(yaml.safe_dump(CONFIG, sort_keys=False))
    result = run_snakemake(folder, "--cores", "2", "--configfile", str(folder / "cells.yaml"))
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return folder


def _assert_workflow_numbers(result, folder: Path, scratch: Path) -> None:
    results = folder / "results" / "cells"
    assert _csv_bytes(result.summary, scratch, "summary.csv") == \
        (results / "summary.csv").read_bytes()
    assert _csv_bytes(result.stable_features, scratch, "stable.csv") == \
        (results / "cells" / "stable_features.csv").read_bytes()
    pd.testing.assert_frame_equal(result.pareto,
                                  read_parquet(results / "cells" / "pareto.parquet")[0]
                                  .to_pandas(), check_exact=True)
    pd.testing.assert_frame_equal(result.stability,
                                  read_parquet(results / "cells" / "stability.parquet")[0]
                                  .to_pandas(), check_exact=True)


@pytest.mark.workflow
def test_analyse_an_h5ad_file_gives_the_workflows_numbers(workflow_run, tmp_path,
                                                           monkeypatch):
    monkeypatch.chdir(workflow_run)
    result = fsstab.analyse("cells.h5ad", **OPTIONS)
    assert list(result.summary["configuration"]) == ["mim", "lasso"]
    assert result.summary["n_runs"].tolist() == [6, 6]
    _assert_workflow_numbers(result, workflow_run, tmp_path)


@pytest.mark.workflow
def test_analyse_an_anndata_object_gives_the_workflows_numbers(workflow_run, tmp_path):
    result = fsstab.analyse(_adata(), **OPTIONS, n_jobs=2)
    _assert_workflow_numbers(result, workflow_run, tmp_path)


def test_to_anndata_writes_var_and_uns():
    adata = _adata()
    result = fsstab.analyse(adata, target="response", groups="patient", positive="responder",
                            selectors=["mim"], n_features=5, n_resamples=4)
    out = result.to_anndata(adata)
    assert "fsstab" not in adata.uns
    assert "fsstab_mim_frequency" not in adata.var
    stable = result.stable_features.set_index("feature_name")
    frequency = out.var["fsstab_mim_frequency"]
    for gene in adata.var_names:
        expected = stable.at[gene, "frequency"] if gene in stable.index else 0.0
        assert frequency[gene] == expected, gene
    assert (frequency > 0).sum() == len(stable)
    assert out.var["fsstab_mim_importance"][stable.index[0]] == stable["mean_importance"].iloc[0]
    record = out.uns["fsstab"]
    assert record["config"]["datasets"]["data"]["source"]["groups"] == "patient"
    assert record["n_samples"] == 75
    assert record["n_features"] == 150
    assert record["summary"]["columns"][:2] == ["dataset", "label"]


def test_joblib_across_resamples_changes_nothing_and_arrays_are_read():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(30, 8))
    y = np.where(X[:, 1] - X[:, 2] + 0.5 * rng.normal(size=30) > 0, "a", "b")
    groups = np.repeat(np.arange(10), 3)
    one = fsstab.analyse(X, target=y, groups=groups, selectors=["mim"], n_features=3,
                         n_resamples=6, positive="a")
    two = fsstab.analyse(pd.DataFrame(X, columns=[f"x{j}" for j in range(8)]), target=y,
                         groups=groups, selectors=["mim"], n_features=3, n_resamples=6,
                         positive="a", n_jobs=2)
    pd.testing.assert_frame_equal(one.summary, two.summary, check_exact=True)
    pd.testing.assert_frame_equal(one.stable_features, two.stable_features, check_exact=True)
    assert one.stable_features["feature_name"].iloc[0] in ("x1", "x2")


def test_checks_come_before_reading(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _write_h5ad(tmp_path / "cells.h5ad")
    with pytest.raises(ConfigError) as error:
        fsstab.analyse("cells.h5ad", target="Response", groups="patinet", selectors=["mim"])
    text = "\n".join(error.value.problems)
    assert "datasets.data.source.target: no column 'Response' in obs of" in text
    assert "did you mean 'response'?" in text
    assert "datasets.data.source.groups: no column 'patinet'" in text
    with pytest.raises(ConfigError) as error:
        fsstab.analyse(_adata(), target="response", selectors=["lass"])
    (problem,) = error.value.problems
    assert problem.startswith("selectors: unknown selector 'lass' (did you mean 'lasso'?)")


def test_figures_are_the_workflows():
    result = fsstab.analyse(_adata(), target="response", groups="patient",
                            positive="responder", selectors=["mim"], n_features=5,
                            n_resamples=4)
    import matplotlib.pyplot as plt

    for figure in (result.plot_summary(), result.plot_pareto("nogueira"),
                   result.plot_feature_map("mim")):
        assert figure.axes
        plt.close(figure)
