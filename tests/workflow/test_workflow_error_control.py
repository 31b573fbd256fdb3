"""The error-control stage (fsstab.workflow.error_control) on constructions whose answer is
derived here: a selector that keeps every feature selects exactly the m planted nulls; one
that keeps the features constant within the sample groups selects every copy exactly when
the permutation exchanges whole groups; discoveries by group under a hand-built similarity;
the configuration checks."""

from __future__ import annotations

import numpy as np
import pytest

from fsstab.datasets import make_dataset
from fsstab.error_control import ErrorGuarantee
from fsstab.selectors import SELECTORS, BaseSelector
from fsstab.workflow.error_control import (
    checked_configurations,
    discoveries_frame,
    error_control_html,
    error_control_problems,
    error_control_summary,
    fit_discoveries,
    n_planted_problems,
    planted_chunk,
)


class KeepAll(BaseSelector):
    """Keeps every feature and claims at most ``claim`` false selections on average."""

    controls_error = True

    def __init__(self, *, claim: float = 1.0, random_state=None):
        self.claim = claim
        self.random_state = random_state

    def _fit(self, X, y):
        self.support_ = np.ones(X.shape[1], dtype=bool)
        self.importances_ = np.ones(X.shape[1])
        self.estimator_ = None
        self.error_control_ = ErrorGuarantee("PFER", self.claim, "claimed")


class ConstantInPairs(BaseSelector):
    """Keeps the features whose two values in each pair of rows (0, 1), (2, 3), ... are
    equal, claiming an FDR of at most 0.1."""

    controls_error = True

    def __init__(self, *, random_state=None):
        self.random_state = random_state

    def _fit(self, X, y):
        self.support_ = np.all(X[0::2] == X[1::2], axis=0)
        self.importances_ = self.support_.astype(float)
        self.estimator_ = None
        self.error_control_ = ErrorGuarantee("FDR", 0.1, "claimed")


@pytest.fixture
def registered(monkeypatch):
    """The two test selectors known by name to the builder of selector specifications."""
    from fsstab.selectors import _specs

    known = _specs._registered()
    monkeypatch.setattr(_specs, "_registered", lambda: {
        **known, "KeepAll": KeepAll, "ConstantInPairs": ConstantInPairs})


def _spec(cls: str, params=None, variants=(("default", {}),)):
    return {"id": cls.lower(), "selector": cls.lower(), "class": cls, "params": params or {},
            "grid": {}, "variants": [{"id": v, "params": p} for v, p in variants]}


def _dataset(n=20, d=6, *, paired=False, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    groups = None
    if paired:  # every feature takes one value per patient (two samples each)
        X[1::2] = X[0::2]
        groups = [f"p{i // 2}" for i in range(n)]
    y = np.tile(["a", "b"], n // 2)
    return make_dataset("toy", X, y, sample_groups=groups,
                        feature_names=[f"g{j}" for j in range(d)])


def test_keeping_everything_selects_exactly_the_planted_nulls(registered):
    # every rerun selects the d real and the m planted features: planted selected = m and
    # planted FDP = m / (d + m) exactly, an interval of width 0, compared with the claim
    ds = _dataset(d=6)
    m = 4
    chunks = [planted_chunk(ds, _spec("KeepAll", {"claim": 3.0}), r, seed=1, n_planted=m)
              for r in (range(0, 2), range(2, 5))]
    assert [len(c) for c in chunks] == [2, 3]
    for chunk in chunks:
        assert (chunk["n_planted_selected"] == m).all()
        assert (chunk["n_selected"] == 6 + m).all()
        np.testing.assert_allclose(chunk["planted_fdp"], m / (6 + m))
    fit = fit_discoveries(ds, _spec("KeepAll", {"claim": 3.0}), seed=1)
    summary = error_control_summary([fit], chunks, dataset="toy", n_planted=m,
                                    confidence_level=0.95)
    row = summary.iloc[0]
    assert row["n_repeats"] == 5
    assert row["n_planted"] == m
    assert row["mean_planted_selected"] == m
    assert row["planted_selected_low"] == row["planted_selected_high"] == m
    assert row["verdict"] == "exceeds"  # 4 planted nulls selected every time against 3
    assert "EXCEEDS the promise" in row["sentence"]
    assert row["sentence"].startswith("6 features selected; at most 3 false on average (claimed).")
    page = error_control_html(summary, discoveries_frame([fit], dataset="toy"), dataset="toy")
    assert "promise exceeded on these data" in page
    # a claim of 5 is kept
    within = error_control_summary(
        [fit_discoveries(ds, _spec("KeepAll", {"claim": 5.0}), seed=1)],
        [planted_chunk(ds, _spec("KeepAll", {"claim": 5.0}), range(3), seed=1, n_planted=m)],
        dataset="toy", n_planted=m, confidence_level=0.95).iloc[0]
    assert within["verdict"] == "within"
    assert "no violation visible" in within["sentence"]


def test_chunks_give_the_reruns_of_one_job(registered):
    ds = _dataset(d=5)
    spec = _spec("ConstantInPairs")
    whole = planted_chunk(ds, spec, range(4), seed=3, n_planted=3)
    apart = [planted_chunk(ds, spec, r, seed=3, n_planted=3) for r in (range(2), range(2, 4))]
    for column in ("n_selected", "n_planted_selected", "planted_fdp"):
        np.testing.assert_array_equal(np.concatenate([a[column] for a in apart]), whole[column])


def test_sample_groups_are_exchanged_whole(registered):
    # every real feature is constant within each patient's two samples, so the selector keeps
    # all of them. A copy permuted by whole patients (and within them) stays constant within
    # pairs: all m copies are selected, planted FDP = m / (d + m) exactly. A uniform
    # permutation of the rows would break the pairs (a copy stays constant within all 10
    # pairs with probability far below 1e-6).
    ds = _dataset(n=20, d=6, paired=True)
    m = 5
    chunk = planted_chunk(ds, _spec("ConstantInPairs"), range(4), seed=2, n_planted=m)
    assert (chunk["n_planted_selected"] == m).all()
    assert (chunk["n_real_selected"] == 6).all()
    np.testing.assert_allclose(chunk["planted_fdp"], m / 11)
    assert (chunk["guarantee"] == "FDR").all()
    # the same data without groups: the copies are permuted row by row and lose the pairs
    ungrouped = make_dataset("toy", ds.X, np.tile(["a", "b"], 10))
    broken = planted_chunk(ungrouped, _spec("ConstantInPairs"), range(4), seed=2, n_planted=m)
    assert (broken["n_planted_selected"] == 0).all()


def test_discoveries_by_group_with_a_hand_built_similarity(registered):
    # features (0, 1) are co-expressed, (2, 3, 4) a chain 2-3, 3-4 (2 and 4 not similar to
    # each other), 5 alone: with θ = 0.8 the six selected features are 3 discoveries. The
    # planted copies (m = d: every feature copied) form the same 3 groups among themselves
    # and join no real feature.
    C = np.eye(6)
    for i, j in ((0, 1), (2, 3), (3, 4)):
        C[i, j] = C[j, i] = 0.9
    C[2, 4] = C[4, 2] = 0.5
    ds = _dataset(d=6)
    fit = fit_discoveries(ds, _spec("KeepAll"), seed=0, similarity=(C, 0.8))
    record = fit.iloc[0]
    assert record["n_selected"] == 6
    assert record["n_groups"] == 3
    assert list(record["groups"]) == [0, 0, 1, 1, 1, 2]
    table = discoveries_frame([fit], dataset="toy")
    assert table["feature_name"].tolist() == [f"g{j}" for j in range(6)]
    assert table["discovery_size"].tolist() == [2, 2, 3, 3, 3, 1]
    chunk = planted_chunk(ds, _spec("KeepAll"), range(2), seed=0, n_planted=6,
                          similarity=(C, 0.8))
    assert chunk["n_groups"].tolist() == [6, 6]
    assert chunk["n_planted_groups"].tolist() == [3, 3]
    summary = error_control_summary([fit], [chunk], dataset="toy", n_planted=6,
                                    confidence_level=0.95)
    assert "6 features selected (3 discoveries counting similar features once)" in \
        summary.iloc[0]["sentence"]
    assert summary.iloc[0]["mean_planted_groups"] == 3
    # without a similarity no group is counted
    plain = fit_discoveries(ds, _spec("KeepAll"), seed=0).iloc[0]
    assert plain["n_groups"] is None
    assert list(plain["groups"]) == [-1] * 6


def test_every_variant_is_fitted_and_seeded():
    ds = _dataset(d=8)
    spec = _spec("Stabl", {"n_pairs": 3},
                 variants=(("default", {}), ("artificial_proportion=0.5",
                                             {"artificial_proportion": 0.5})))
    first = fit_discoveries(ds, spec, seed=4)
    again = fit_discoveries(ds, spec, seed=4)
    assert first["variant"].tolist() == ["default", "artificial_proportion=0.5"]
    assert (first["guarantee"] == "FDR").all()
    assert first["estimated"].all()
    assert first["features"].tolist() == again["features"].tolist()
    assert first["level"].tolist() == again["level"].tolist()


def test_configuration_checks_name_the_key_and_what_works():
    raw = {"selectors": {"lasso": {"class": "LassoSelector"},
                         "calibrated": {"class": "Stabl", "calibrate_target_k": 3},
                         "stabl": {"class": "Stabl"}},
           "error_control": {"selectors": ["lasso", "nope", "calibrated", "stabl"],
                             "planted_nulls": {"n_repeats": 1}}}
    problems = error_control_problems(raw)
    controlling = [n for n, c in SELECTORS.items() if c.controls_error]
    assert {"StabilitySelection", "Stabl", "KnockoffSelector"} <= set(controlling)
    assert any(p.startswith("error_control.selectors[0]: selectors.lasso (LassoSelector) "
                            "states no error guarantee; the classes that do: "
                            + ", ".join(controlling)) for p in problems)
    assert any(p.startswith("error_control.selectors[1]: 'nope' is not a selectors entry")
               for p in problems)
    assert any(p.startswith("error_control.selectors[2]: selectors.calibrated calibrates C")
               for p in problems)
    assert any(p.startswith("error_control.planted_nulls.n_repeats: 1 rerun gives no "
                            "interval") for p in problems)
    assert len(problems) == 4
    raw["error_control"] = {"selectors": ["stabl"], "planted_nulls": {"n_repeats": 20,
                                                                      "n_planted": 50}}
    assert error_control_problems(raw) == []
    assert n_planted_problems(raw, "tiny", 12, ["stabl"]) == [
        "error_control.planted_nulls.n_planted: 50 copies of real features, but dataset "
        "'tiny' has 12 features; use at most 12 (or null: min(d, 1000))"]
    assert n_planted_problems(raw, "tiny", 12, ["lasso"]) == []


def test_checked_configurations_keep_the_listed_selectors():
    class C:
        def __init__(self, selector):
            self.selector, self.id = selector, selector + "_id"

    chosen = checked_configurations([C("a"), C("b"), C("c")], ["c", "a"])
    assert [c.id for c in chosen] == ["a_id", "c_id"]


# -- the stage in a Snakemake run -------------------------------------------------------------

def _error_control_config(**section):
    from conftest import tiny_config

    config = tiny_config()
    config["selectors"]["stabl"] = {"class": "Stabl", "params": {"n_pairs": 3}}
    config["selectors"]["stabsel"] = {"class": "StabilitySelection", "params": {
        "selector": {"class": "FilterSelector", "params": {"method": "anova"}}, "q": 3,
        "pi_thr": 0.6, "pfer": None, "n_pairs": 5, "assumption": "r-concave"}}
    config["error_control"] = {"selectors": ["stabl", "stabsel"], **section}
    return config


def test_the_stage_runs_its_jobs_and_writes_the_tables(tmp_path):
    import pandas as pd
    from conftest import run_snakemake, workflow_dir

    config = _error_control_config(discovery_groups=True, fit_chunk_size=4,
                                   planted_nulls={"n_repeats": 2, "chunk_size": 1,
                                                  "n_planted": 4})
    workdir = workflow_dir(tmp_path, config)
    target = "results/tiny/error_control/summary.csv"
    result = run_snakemake(workdir, "--cores", "2", target,
                           "results/tiny/report/error_control.html")
    assert result.returncode == 0, result.stderr[-5000:]
    for chunk in ("r0000-0000", "r0001-0001"):
        assert (workdir / f"results/tiny/error_control/stabl/planted/{chunk}.parquet").is_file()
    summary = pd.read_csv(workdir / target)
    assert summary["configuration"].tolist() == ["stabl", "stabsel"]
    assert summary["guarantee"].tolist() == ["FDR", "PFER"]
    assert (summary["n_repeats"] == 2).all()
    assert (summary["n_planted"] == 4).all()
    assert (summary["n_features"] == 12).all()  # the prefiltered dataset
    assert summary["mean_planted_selected"].between(0, 4).all()
    assert (summary["n_groups"] <= summary["n_selected"]).all()
    stabsel = summary.iloc[1]
    # Shah & Samworth's r-concave bound at p = 12, q = 3, π_thr = 0.6, B = 5 (fit on all
    # samples) and at p = 16 (the reruns, with 4 planted nulls): below the bound without
    # assumption q² / ((2 π_thr − 1) p)
    assert 0 < stabsel["level"] <= 9 / (0.2 * 12)
    assert 0 < stabsel["planted_level"] <= 9 / (0.2 * 16)
    assert stabsel["discovery_sentence"].endswith(
        " false on average (Shah & Samworth, r-concave).")
    assert stabsel["sentence"].startswith(stabsel["discovery_sentence"])
    # the 2 n_pairs = 10 subsample fits of the fit on all samples in chunks of 4 (Stabl's
    # fits are not split)
    counts = sorted(p.name for p in (workdir / "results/tiny/error_control/stabsel/counts")
                    .iterdir())
    assert counts == ["s0000-0003.parquet", "s0004-0007.parquet", "s0008-0009.parquet"]
    assert not (workdir / "results/tiny/error_control/stabl/counts").exists()
    assert (workdir / "results/tiny/error_control/figure.png").stat().st_size > 1000
    discoveries = pd.read_csv(workdir / "results/tiny/error_control/discoveries.csv")
    for row in summary.to_dict("records"):
        mine = discoveries[discoveries["configuration"] == row["configuration"]]
        assert len(mine) == row["n_selected"]
        assert mine["discovery"].nunique() == row["n_groups"]
    page = (workdir / "results/tiny/report/error_control.html").read_text()
    assert "Planted-null check" in page
    for log in ("fit.log", "planted/r0000-0000.log"):
        assert (workdir / "logs/tiny/error_control/stabl" / log).is_file()


def test_no_job_runs_while_the_option_is_off_and_bad_keys_are_named(tmp_path):
    from conftest import run_snakemake, tiny_config, workflow_dir

    off = run_snakemake(workflow_dir(tmp_path / "off", tiny_config()), "-n", "--quiet",
                        "rules")
    assert off.returncode == 0, off.stderr[-3000:]
    assert "error_control" not in off.stdout + off.stderr
    assert "planted_nulls" not in off.stdout + off.stderr
    on = run_snakemake(workflow_dir(tmp_path / "on", _error_control_config()), "-n", "--quiet",
                       "rules")
    assert on.returncode == 0, on.stderr[-3000:]
    assert "error_control_fit" in on.stdout
    assert "planted_nulls" in on.stdout
    bad = _error_control_config(planted_nulls={"n_repeats": 1})
    bad["error_control"]["selectors"] = ["lasso", "stabl"]
    refused = run_snakemake(workflow_dir(tmp_path / "bad", bad), "-n")
    assert refused.returncode != 0
    message = refused.stdout + refused.stderr
    assert "error_control.selectors[0]: selectors.lasso (LassoSelector) states no error " \
        "guarantee" in message
    assert "error_control.planted_nulls.n_repeats: 1 rerun gives no interval" in message
