"""The similarity stage split into band jobs (similarity.jobs): the same file as one job."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import run_snakemake, workflow_dir

from fsstab.datasets import make_dataset
from fsstab.similarity import correlation_similarity
from fsstab.workflow.data import read_similarity, write_similarity
from fsstab.workflow.similarity import (
    band_ids,
    gather_similarity_bands,
    parse_band_id,
    similarity_band,
    write_similarity_band,
)


def wide_dataset(d: int = 2600, n: int = 24):
    """More than 2,048 features: several bands of rows are not empty."""
    rng = np.random.default_rng(0)
    X = rng.normal(size=(n, d))
    X[:, 1::2] = X[:, 0::2] + 0.3 * rng.normal(size=(n, d // 2))
    return make_dataset("wide", X, np.array([0, 1] * (n // 2)))


def test_band_ids_round_trip():
    assert band_ids(3) == ["001-of-003", "002-of-003", "003-of-003"]
    assert [parse_band_id(b) for b in band_ids(3)] == [(1, 3), (2, 3), (3, 3)]
    for bad in ("4-of-3", "004-of-003", "000-of-003", "1-3"):
        with pytest.raises(ValueError, match="not of the form"):
            parse_band_id(bad)
    with pytest.raises(ValueError, match=r"integer in 1\.\.999"):
        band_ids(0)


@pytest.mark.parametrize("binary", [False, True])
def test_gathered_bands_write_the_file_of_one_job(tmp_path, binary):
    ds = wide_dataset()
    jobs = 4
    paths = []
    for band in band_ids(jobs)[::-1]:  # any order
        pairs = similarity_band(ds, band, method="pearson", threshold=0.8)
        paths.append(write_similarity_band(pairs, tmp_path / f"{band}.parquet", dataset="wide",
                                           d=ds.n_features, band=band, method="pearson",
                                           threshold=0.8))
    C, name = gather_similarity_bands(paths, method="pearson", threshold=0.8, binary=binary)
    whole = correlation_similarity(ds.X, threshold=0.8)
    if binary:
        whole.data[:] = 1.0
    settings = {"dataset": "wide", "method": "pearson", "threshold": 0.8,
                **({"binary": True} if binary else {})}
    a = write_similarity(C, tmp_path / "gathered.parquet", **settings)
    b = write_similarity(whole, tmp_path / "whole.parquet", **settings)
    assert name == "wide"
    assert a.read_bytes() == b.read_bytes()
    assert read_similarity(a)[0].nnz > ds.n_features  # pairs were found


def test_gather_names_a_missing_or_foreign_band(tmp_path):
    ds = wide_dataset()
    paths = {}
    for band in band_ids(3):
        pairs = similarity_band(ds, band, method="pearson", threshold=0.8)
        paths[band] = write_similarity_band(pairs, tmp_path / f"{band}.parquet", dataset="wide",
                                            d=ds.n_features, band=band, method="pearson",
                                            threshold=0.8)
    with pytest.raises(ValueError, match=r"band\(s\) \[2\] of 3 missing"):
        gather_similarity_bands([paths["001-of-003"], paths["003-of-003"]],
                                method="pearson", threshold=0.8)
    with pytest.raises(ValueError, match=r"threshold = 0\.8, but"):
        gather_similarity_bands(list(paths.values()), method="pearson", threshold=0.7)
    other = similarity_band(ds, "001-of-002", method="pearson", threshold=0.8)
    stray = write_similarity_band(other, tmp_path / "x.parquet", dataset="wide",
                                  d=ds.n_features, band="001-of-002", method="pearson",
                                  threshold=0.8)
    with pytest.raises(ValueError, match="split into 2 jobs"):
        gather_similarity_bands([*paths.values(), stray], method="pearson", threshold=0.8)


def test_workflow_similarity_jobs_give_the_file_of_one_job(tmp_path):
    """Through Snakemake: 3 band jobs and the gather write the file one job writes."""
    rng = np.random.default_rng(1)
    X = rng.normal(size=(30, 2300))
    X[:, 1::2] = X[:, ::2] + 0.2 * rng.normal(size=(30, 1150))
    header = ",".join([f"g{j}" for j in range(X.shape[1])] + ["status"])
    rows = [",".join([*(f"{v:.17g}" for v in x), "a" if i % 2 else "b"]) for i, x in enumerate(X)]
    outputs = {}
    for jobs in (1, 3):
        workdir = tmp_path / f"jobs{jobs}"
        (workdir / "data").mkdir(parents=True)
        (workdir / "data" / "wide.csv").write_text("\n".join([header, *rows]) + "\n")
        config = {
            "datasets": {"wide": {"source": {"source": "file:data/wide.csv", "target": "status"},
                                  "similarity": {"method": "spearman", "threshold": 0.75,
                                                 "jobs": jobs}}},
            "selectors": {"top": {"class": "FilterSelector",
                                  "params": {"method": "variance", "n_features_to_select": 3}}},
            "measures": {"names": ["nogueira", "sechidis"]},
        }
        workflow_dir(workdir, config)
        result = run_snakemake(workdir, "--cores", "2", "results/wide/similarity.parquet")
        assert result.returncode == 0, result.stderr[-4000:]
        bands = sorted((workdir / "results" / "wide" / "similarity").glob("*.parquet"))
        assert [b.stem for b in bands] == ([] if jobs == 1 else band_ids(3))
        outputs[jobs] = (workdir / "results" / "wide" / "similarity.parquet").read_bytes()
    assert outputs[1] == outputs[3]
