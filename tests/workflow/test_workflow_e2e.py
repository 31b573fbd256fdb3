"""The Snakemake workflow end to end on the tiny configuration (.test/config/config.yaml).

The produced tables are checked against independent recomputations from the selection outputs
(brute-force formulas written here), the run is repeated with one resample per job to check
that results do not depend on chunking and are byte-identical, and every configuration in
config/ is dry-run.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import itertools
import re
import shutil
import threading
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml
from conftest import REPO, run_snakemake, tiny_config, workflow_dir

from fsstab.io import read_json, read_parquet
from fsstab.resampling import read_resamples

pytestmark = pytest.mark.workflow


def table(workdir: Path, relative: str) -> pd.DataFrame:
    return read_parquet(workdir / relative)[0].to_pandas()


def brute_force_nogueira(Z: np.ndarray) -> float:
    """Nogueira et al. (2018): 1 − mean_f s_f² / ((k̄/d)(1 − k̄/d)), s_f² = M/(M−1) p_f(1 − p_f)."""
    M, d = Z.shape
    p = Z.mean(axis=0)
    k_bar = Z.sum(axis=1).mean()
    return 1 - (M / (M - 1) * p * (1 - p)).mean() / ((k_bar / d) * (1 - k_bar / d))


def brute_force_jaccard(Z: np.ndarray) -> float:
    pairs = itertools.combinations(range(Z.shape[0]), 2)
    return float(np.mean([(Z[i] * Z[j]).sum() / np.maximum(Z[i], Z[j]).sum() for i, j in pairs]))


def test_tiny_run_tables(tiny_run):
    config = tiny_config()
    M = config["resampling"]["n_resamples"]
    meta = read_parquet(tiny_run / "data/tiny/dataset.parquet")[1]
    d = len(meta["feature_names"])
    assert d == config["datasets"]["tiny"]["prefilter"]["n_features"]
    y = read_parquet(tiny_run / "data/tiny/dataset.parquet")[0].column("y").to_numpy()

    # resamples: 80 % subsamples, test = complement
    resamples = read_resamples(tiny_run / "results/tiny/resamples.parquet", y=y)
    assert len(resamples) == M
    for train, test in resamples:
        assert train.size == round(0.8 * y.size)
        assert np.array_equal(np.sort(np.r_[train, test]), np.arange(y.size))

    summary = table(tiny_run, "results/tiny/stability.parquet")
    assert sorted(summary["label"]) == ["hybrid:final_C-0.1", "hybrid:final_C-1.0", "lasso"]
    for _, row in summary.iterrows():
        folder = f"results/tiny/select/{row['configuration']}"
        runs = table(tiny_run, f"{folder}/runs.parquet")
        runs = runs[runs["variant"] == row["variant"]].sort_values("resample")
        features = table(tiny_run, f"{folder}/features.parquet")
        features = features[features["variant"] == row["variant"]]
        assert runs["resample"].tolist() == list(range(M))
        Z = np.zeros((M, d))
        for _, f in features[features["selected"]].iterrows():
            Z[f["resample"], f["feature"]] = 1
        np.testing.assert_array_equal(Z.sum(axis=1), runs["n_selected"].to_numpy())
        assert row["mean_n_selected"] == pytest.approx(Z.sum(axis=1).mean())
        accuracy = runs["accuracy"].to_numpy()
        assert row["accuracy_mean"] == pytest.approx(accuracy.mean())
        assert row["accuracy_se"] == pytest.approx(accuracy.std(ddof=1) / np.sqrt(M))
        assert row["nogueira"] == pytest.approx(brute_force_nogueira(Z))
        assert row["jaccard"] == pytest.approx(brute_force_jaccard(Z))
        assert row["nogueira_ci_low"] <= row["nogueira"] <= row["nogueira_ci_high"]
        assert (runs["n_test"] == y.size - round(0.8 * y.size)).all()
        # ranking selectors store ranks up to rank_cap; the LASSO has none (Canberra undefined)
        if row["configuration"] == "lasso":
            assert features["rank"].isna().all()
            assert np.isnan(row["canberra"])
            # one C for all runs, calibrated to 4 features on average over the 4 resamples
            calibration = read_json(tiny_run / f"{folder}/calibration.json")
            assert row["calibrated_C"] == calibration["C"]
            assert abs(row["mean_n_selected"] - 4) <= 1
        else:
            assert features["rank"].max() <= config["measures"]["rank_cap"]
            assert np.isfinite(row["canberra"])
    hybrid = summary[summary["configuration"] == "hybrid"].set_index("variant")
    assert hybrid["param_final_C"].to_dict() == {"final_C-0.1": 0.1, "final_C-1.0": 1.0}
    # the variants share one elimination path: same selections, same subset stability
    assert hybrid["nogueira"].nunique() == 1


def test_tiny_run_stable_features_and_summary_csv(tiny_run):
    """stable_features.csv and summary.csv (issue 16) against the selection tables."""
    M = tiny_config()["resampling"]["n_resamples"]
    names = read_parquet(tiny_run / "data/tiny/dataset.parquet")[1]["feature_names"]
    stable = pd.read_csv(tiny_run / "results/tiny/stable_features.csv", keep_default_na=False)
    assert stable.equals(table(tiny_run, "results/tiny/stable_features.parquet")
                         .astype(stable.dtypes.to_dict()))
    pareto = table(tiny_run, "results/tiny/pareto.parquet")
    for (configuration, variant), rows in stable.groupby(["configuration", "variant"]):
        features = table(tiny_run, f"results/tiny/select/{configuration}/features.parquet")
        features = features[(features["variant"] == variant) & features["selected"]]
        counts = features.groupby("feature").size()
        importance = features.groupby("feature")["importance"].sum() / M
        assert sorted(rows["feature"]) == sorted(counts.index)
        for row in rows.itertuples():
            assert row.feature_name == names[row.feature]
            assert row.n_selected == counts[row.feature]
            assert row.frequency == counts[row.feature] / M
            assert row.frequency_low <= row.frequency <= row.frequency_high
            assert row.mean_importance == pytest.approx(importance[row.feature])
        # rank 1 is the most often selected feature
        assert rows.sort_values("rank")["n_selected"].is_monotonic_decreasing
        chosen = pareto[(pareto["configuration"] == configuration)
                        & (pareto["variant"] == variant)]
        was_chosen = bool(chosen["epsilon_choice"].any()) or any(
            len(g) for g in chosen["chosen_gammas"]) or bool(chosen["one_se_choice"].any())
        assert (rows["chosen_by"] != "").all() == was_chosen
    summary = pd.read_csv(tiny_run / "results/summary.csv")
    parquet = table(tiny_run, "results/summary.parquet")
    assert summary["label"].tolist() == parquet["label"].tolist()
    np.testing.assert_allclose(summary["nogueira_ci_low"], parquet["nogueira_ci_low"])
    assert (summary["accuracy_low"] <= summary["accuracy_mean"]).all()
    assert (summary["accuracy_mean"] <= summary["accuracy_high"]).all()


def test_tiny_run_pareto_and_rank(tiny_run):
    summary = table(tiny_run, "results/tiny/stability.parquet")
    pareto = table(tiny_run, "results/tiny/pareto.parquet")
    assert sorted(pareto["measure"].unique()) == sorted(tiny_config()["pareto"]["measures"])
    ranks = table(tiny_run, "results/pareto_rank.parquet")
    for measure, points in pareto.groupby("measure"):
        merged = points.merge(summary, on="label")
        np.testing.assert_allclose(merged["stability"], merged[measure])
        acc, stab = merged["accuracy_mean"].to_numpy(), merged[measure].to_numpy()
        dominators = [
            sum(acc[j] >= acc[i] and stab[j] >= stab[i] and (acc[j] > acc[i] or stab[j] > stab[i])
                for j in range(len(acc)) if j != i)
            for i in range(len(acc))
        ]
        assert merged["non_dominated"].tolist() == [c == 0 for c in dominators]
        chosen = merged[merged["chosen_gammas"].map(len) > 0]
        assert len(chosen) == 1  # γ = 0.5
        best = (0.5 * acc + 0.5 * stab).max()
        assert 0.5 * chosen["accuracy_mean"].iloc[0] + 0.5 * chosen[measure].iloc[0] == \
            pytest.approx(best)
        assert merged["epsilon_choice"].sum() == 1
        # one dataset: the mean non-dominated rank is 1 + the number of dominators
        rank = ranks[ranks["measure"] == measure].set_index("label")["non_dominated_rank"]
        for label, count in zip(merged["label"], dominators, strict=True):
            assert rank[label] == 1 + count


def test_tiny_run_figures_and_report(tiny_run):
    figures = tiny_run / "results/tiny/figures"
    expected = ["summary", "trajectories/hybrid", "feature_maps/lasso", "feature_maps/hybrid",
                "pareto/nogueira"]
    for stem in expected:
        assert (figures / f"{stem}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert (figures / f"{stem}.pdf").read_bytes()[:5] == b"%PDF-"
    result = run_snakemake(tiny_run, "--report", "results/report.html")
    assert result.returncode == 0, result.stderr[-3000:]
    report = (tiny_run / "results/report.html").read_text(errors="replace")
    assert "Feature stability map" in report
    # the summary with intervals and the stable features, as HTML tables (issue 16)
    for name in ("summary.html", "stable_features.html"):
        assert name in report
    summary = (tiny_run / "results/tiny/report/summary.html").read_text()
    assert "<td class=\"label\">hybrid:final_C-0.1</td>" in summary
    assert "[95 % CI]" in summary
    assert "Wilson" in (tiny_run / "results/tiny/report/stable_features.html").read_text()
    # the landing page states the design (.test/config/config.yaml: 60 samples, 16 features
    # of which the prefilter keeps 12, 4 subsamples)
    overview = (tiny_run / "results/tiny/report/overview.html").read_text()
    assert "<b>Design:</b> 60 samples; 2 classes: " in overview
    assert "12 features after the prefilter (of 16); M = 4 resamples (subsample)." in overview
    # nothing left to do: every output is up to date
    result = run_snakemake(tiny_run, "-n", "--cores", "1")
    assert result.returncode == 0
    assert "Nothing to be done" in result.stdout + result.stderr


@pytest.mark.parametrize(("chunk_size", "selection_jobs"), [
    (1, "per_configuration"), (3, "per_dataset"), (None, "per_dataset"),
])
def test_one_resample_per_job_gives_identical_bytes(tiny_run, tmp_path, chunk_size,
                                                    selection_jobs):
    """Determinism and job layout at once: a second run in a fresh folder with other chunks
    (one resample per job; chunks of 3 of the 4 resamples, every configuration of the dataset
    in one job; all resamples and the calibration in one job) writes byte-identical Parquet
    files (all but the wall-clock timings) and calibrations."""
    config = tiny_config()
    config["resampling"]["chunk_size"] = chunk_size
    config["selection_jobs"] = selection_jobs
    workdir = workflow_dir(tmp_path, config)
    targets = ["results/summary.parquet", "results/pareto_rank.parquet",
               "results/tiny/pareto.parquet"]
    result = run_snakemake(workdir, "--cores", "2", *targets)
    assert result.returncode == 0, result.stderr[-5000:]
    chunk_files = sorted((workdir / "results/tiny/select/hybrid/chunks").glob("*.runs.parquet"))
    n_resamples = config["resampling"]["n_resamples"]
    assert len(chunk_files) == -(-n_resamples // (chunk_size or n_resamples))
    select_logs = sorted(p.name for p in (workdir / "logs/tiny/select").rglob("r*.log"))
    jobs_per_chunk = 1 if selection_jobs == "per_dataset" else len(config["selectors"])
    assert len(select_logs) == jobs_per_chunk * len(chunk_files), select_logs
    calibration = "results/tiny/select/lasso/calibration.json"
    assert (workdir / calibration).read_bytes() == (tiny_run / calibration).read_bytes()
    # the only selection job of the dataset calibrates itself: no calibrate job
    calibrate_log = workdir / "logs/tiny/select/lasso/calibrate.log"
    assert calibrate_log.exists() == (len(chunk_files) > 1 or selection_jobs != "per_dataset")
    compared = 0
    for path in sorted(workdir.rglob("*.parquet")):
        relative = path.relative_to(workdir)
        if "chunks" in relative.parts or path.name == "timings.parquet" or "cache" in \
                relative.parts:
            continue
        assert path.read_bytes() == (tiny_run / relative).read_bytes(), relative
        compared += 1
    assert compared >= 15


@pytest.mark.parametrize(("deleted", "job"), [
    ("results/tiny/stability/lasso.parquet", "stability_tiny"),
    ("results/tiny/select/hybrid/runs.parquet", "gather_tiny"),
])
def test_a_deleted_table_reruns_its_stage_alone(tiny_run, tmp_path, deleted, job):
    """One gather job and one stability job per dataset: each configuration's table is still
    a file target of its own, and asking for a deleted one (docs/workflow.md: "one stage or
    one target: ask for its file") reruns that dataset's job of its stage, never a stage
    before it. (Snakemake leaves a missing intermediate file alone while what it feeds is up
    to date; the stability tables are targets of the default run as well.)"""
    workdir = tmp_path / "run"
    shutil.copytree(tiny_run, workdir, symlinks=True)
    (workdir / deleted).unlink()
    result = run_snakemake(workdir, deleted, "-n", "--cores", "1", "--quiet", "rules")
    assert result.returncode == 0, result.stderr[-3000:]
    jobs = dict(re.findall(r"^(\w+)\s+(\d+)$", result.stdout, flags=re.MULTILINE))
    assert jobs.get(job) == "1", result.stdout
    earlier = {"fetch", "prefilter", "resample", "similarity", "univariate", "calibrate",
               "select"} | ({"gather_tiny"} if job == "stability_tiny" else set())
    assert not earlier & set(jobs), result.stdout


def project_configs() -> list[Path]:
    configs = [p for p in sorted((REPO / "config").rglob("*.yaml")) if "schemas" not in p.parts]
    return [*configs, REPO / ".test/config/config.yaml"]


@pytest.mark.parametrize("path", project_configs(), ids=lambda p: str(p.relative_to(REPO)))
def test_dry_run_of_every_config(path, tmp_path):
    config = yaml.safe_load(path.read_text())
    workdir = workflow_dir(tmp_path, config)
    # local files of the examples are relative to the repository, the working directory
    for entry in config.get("datasets", {}).values():
        source = entry["source"] if isinstance(entry["source"], str) else \
            entry["source"]["source"]
        files = [source.removeprefix("file:")] if source.startswith("file:") else []
        if isinstance(entry["source"], dict) and entry["source"].get("samples"):
            files.append(entry["source"]["samples"])  # a sample sheet
        for name in files:
            relative = Path(name)
            (workdir / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(REPO / relative, workdir / relative)
    result = run_snakemake(workdir, "-n", "--cores", "2", "--quiet", "rules")
    assert result.returncode == 0, result.stderr[-3000:]


def test_bad_config_fails_before_any_job(tmp_path):
    # (schema errors -- bad types -- are checked in test_workflow_config.py; here the semantic
    # check runs inside Snakemake before any job)
    config = tiny_config()
    config["selectors"]["typo"] = {"class": "LassoSelectr"}
    workdir = workflow_dir(tmp_path, config)
    result = run_snakemake(workdir, "--cores", "1")
    message = result.stdout + result.stderr
    assert result.returncode != 0
    assert "selectors.typo.class: unknown selector 'LassoSelectr'" in message
    assert "HybridRFE" in message and "RandomForestSelector" in message  # noqa: PT018
    assert not (workdir / "data").exists()
    assert not (workdir / "results").exists()


def test_failing_job_keeps_finished_results_and_leaves_no_partial_output(tmp_path):
    config = tiny_config()
    config["datasets"]["tiny"]["prefilter"]["n_features"] = 99
    workdir = workflow_dir(tmp_path, config)
    result = run_snakemake(workdir, "--cores", "1", "data/tiny/dataset.parquet")
    assert result.returncode != 0
    log = (workdir / "logs/tiny/prefilter.log").read_text()
    assert "dataset 'tiny'" in log
    assert "n_features=99" in log
    assert (workdir / "data/tiny/raw/dataset.parquet").is_file()  # the finished fetch stays
    leftovers = [p.name for p in (workdir / "data/tiny").iterdir() if p.is_file()]
    assert leftovers == []


@contextlib.contextmanager
def http_mirror(directory: Path):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def test_fetch_through_the_mirror_config_key(datasets_dir, tmp_path):
    config = tiny_config()
    config["datasets"] = {"alon": {"source": "datamicroarray:alon"}}
    config["measures"]["names"] = ["nogueira"]
    config["pareto"]["measures"] = ["nogueira"]
    with http_mirror(datasets_dir) as url:
        config["mirror"] = url
        workdir = workflow_dir(tmp_path, config)
        # the environment's mirror is overridden by the config key
        result = run_snakemake(workdir, "--cores", "1", "data/alon/raw/dataset.parquet",
                               env={"FSSTAB_MIRROR": "http://127.0.0.1:9"})
    assert result.returncode == 0, result.stderr[-3000:]
    provenance = read_json(workdir / "data/alon/raw/provenance.json")
    assert provenance["downloaded_from"] == f"{url}/datamicroarray/alon.RData"
    assert provenance["checksum_verified"] is True
    assert (provenance["n"], provenance["d"]) == (62, 2000)
