"""Workflow capabilities added for the paper runs: per-dataset resampling, ``only_datasets``,
the ``paper`` hook, sweeps of elimination-path parameters, ``calibrate_target_k: auto``,
``figures.dataset_figures`` and ``--configfile`` replacing the default configuration."""

from __future__ import annotations

import copy
import re

import numpy as np
import pytest
import yaml
from conftest import REPO, run_snakemake, tiny_config, workflow_dir

from fsstab.resampling import make_resamples
from fsstab.selectors import HybridRFE, LassoSelector, LogisticRFE, calibrate_C
from fsstab.synthetic import informative
from fsstab.workflow.config import ConfigError, check_config, load_schema, validate_schema
from fsstab.workflow.selection import calibrate, fit_variants

SCHEMA = load_schema(REPO / "config" / "schemas" / "config.schema.yaml")

BASE = {
    "resampling": {"scheme": "subsample", "n_resamples": 6, "params": {"fraction": 0.8}},
    "datasets": {
        "small": {"source": {"source": "synthetic:informative", "n_samples": 40,
                             "n_features": 12, "random_state": 0}},
        "large": {"source": {"source": "synthetic:informative", "n_samples": 40,
                             "n_features": 30, "random_state": 1},
                  "resampling": {"scheme": "bootstrap", "n_resamples": 10, "chunk_size": 4}},
    },
    "selectors": {
        "hybrid": {"class": "HybridRFE", "params": {"n_features_to_select": 4},
                   "grid": {"C": [1.0]},
                   "sweep": {"n_forced": [0, 2], "final_C": [0.1, 1.0]}},
        "lasso": {"class": "LassoSelector", "calibrate_target_k": "auto",
                  "datasets": ["large"]},
    },
    "measures": {"names": ["nogueira", "importance_weighted"]},
}


def expand(raw):
    return check_config(validate_schema(copy.deepcopy(raw), SCHEMA))


def problems_of(raw) -> str:
    with pytest.raises(ConfigError) as info:
        expand(raw)
    return str(info.value)


# -- per-dataset resampling ---------------------------------------------------------------------


def test_dataset_resampling_overrides_the_global_section_key_by_key():
    wf = expand(BASE)
    assert wf.n_resamples_for("small") == 6
    assert wf.resampling_for("small")["params"] == {"fraction": 0.8}
    assert wf.chunks_for("small") == ("r0000-0005",)
    # another scheme does not inherit the global scheme's parameters (fraction is not a
    # bootstrap parameter)
    assert wf.resampling_for("large")["scheme"] == "bootstrap"
    assert wf.resampling_for("large")["params"] == {}
    assert wf.n_resamples_for("large") == 10
    assert wf.chunks_for("large") == ("r0000-0003", "r0004-0007", "r0008-0009")
    # the same scheme inherits them; the dataset's own keys win
    raw = copy.deepcopy(BASE)
    raw["datasets"]["small"]["resampling"] = {"n_resamples": 3}
    assert expand(raw).resampling_for("small") == {
        "scheme": "subsample", "n_resamples": 3, "chunk_size": None, "params": {"fraction": 0.8},
    }


def test_dataset_resampling_problems_name_the_dataset():
    raw = copy.deepcopy(BASE)
    raw["datasets"]["large"]["resampling"]["params"] = {"fraction": 0.5}
    message = problems_of(raw)
    assert "datasets.large.resampling.params: scheme 'bootstrap' has no parameter(s) " \
        "['fraction']" in message
    raw["datasets"]["large"]["resampling"] = {"n_resamples": 1}
    assert "datasets.large.resampling.n_resamples" in problems_of(raw)
    with pytest.raises(ValueError, match="unknown dataset 'nowhere'"):
        expand(BASE).n_resamples_for("nowhere")


# -- only_datasets ----------------------------------------------------------------------------


def test_only_datasets_restricts_the_run_after_checking_everything():
    raw = copy.deepcopy(BASE)
    raw["only_datasets"] = ["small"]
    wf = expand(raw)
    assert list(wf.datasets) == ["small"]
    # the LASSO runs only on 'large': it has no configuration left
    assert {c.selector for c in wf.configurations} == {"hybrid"}
    assert all(c.datasets == ("small",) for c in wf.configurations)
    # datasets left out of the run are still checked
    raw["datasets"]["large"]["resampling"]["params"] = {"fraction": 0.5}
    assert "datasets.large.resampling.params" in problems_of(raw)
    raw = copy.deepcopy(BASE)
    raw["only_datasets"] = ["small", "missing"]
    assert "only_datasets: 'missing' matches no dataset" in problems_of(raw)
    raw["only_datasets"] = ["*ar*"]  # shell-style patterns
    assert list(expand(raw).datasets) == ["large"]
    raw["only_datasets"] = "sm*, large"  # a comma-separated string (--config only_datasets=...)
    assert list(expand(raw).datasets) == ["small", "large"]


# -- paper hook ------------------------------------------------------------------------------------


def test_paper_section():
    assert expand(BASE).paper is None
    raw = copy.deepcopy(BASE)
    # the workflow does not know papers: their rules files check them (below)
    raw["paper"] = {"name": "nosuchpaper", "settings": {"anything": 1}}
    paper = expand(raw).paper
    assert (paper.name, paper.output_dir) == ("nosuchpaper", "results/paper/nosuchpaper")
    assert paper.table("fig01_x") == ["results/paper/nosuchpaper/fig01_x.csv",
                                      "results/paper/nosuchpaper/fig01_x.parquet"]
    assert paper.figure("fig01_x")[1] == "results/paper/nosuchpaper/fig01_x.png"
    assert paper.work("a/b.parquet") == "results/paper/nosuchpaper/work/a/b.parquet"
    assert paper.log("figure1") == "logs/paper/nosuchpaper/figure1.log"
    assert paper.benchmark("figure1") == "results/benchmarks/paper/nosuchpaper/figure1.tsv"
    raw["paper"] = {"name": "Bad-Name"}
    assert "paper.name" in problems_of(raw)


@pytest.mark.workflow
def test_unknown_paper_fails_before_any_job(tmp_path):
    raw = tiny_config()
    raw["paper"] = {"name": "nosuchpaper"}
    workdir = workflow_dir(tmp_path, raw)
    result = run_snakemake(workdir, "-n", "--cores", "1")
    message = result.stdout + result.stderr
    assert result.returncode != 0
    assert "paper.name: no paper 'nosuchpaper' (no rules/paper_nosuchpaper.smk)" in message
    assert "known papers: bommert2020, hamer2021, nogueira2016, onda2022, sechidis2019" in message
    assert not (workdir / "results").exists()


# -- sweeps of elimination-path parameters ------------------------------------------------------


def test_rfe_family_may_sweep_path_parameters_others_may_not():
    wf = expand(BASE)
    (hybrid,) = [c for c in wf.configurations if c.selector == "hybrid"]
    assert [v.id for v in hybrid.variants] == [
        "final_C-0.1_n_forced-0", "final_C-0.1_n_forced-2",
        "final_C-1.0_n_forced-0", "final_C-1.0_n_forced-2",
    ]
    # n_forced > 0 in one variant is enough to need the univariate statistics
    assert hybrid.uses_univariate_scores
    raw = copy.deepcopy(BASE)
    raw["selectors"]["hybrid"]["sweep"] = {"n_forced": [0], "final_C": [0.1]}
    assert not next(c for c in expand(raw).configurations
                    if c.selector == "hybrid").uses_univariate_scores
    raw["selectors"]["rf"] = {"class": "RandomForestSelector", "sweep": {"n_estimators": [3]}}
    assert "put them in grid" in problems_of(raw)


def _data():
    ds = informative(n_samples=50, n_features=40, n_informative=5, effect_size=1.2,
                     random_state=4)
    return ds.X, ds.y


def test_path_sweep_variants_equal_separate_fits():
    X, y = _data()
    spec = {
        "class": "HybridRFE",
        "params": {"n_features_to_select": 6, "C": 0.5},
        "variants": [
            {"id": "a", "params": {"n_forced": 0, "final_C": 0.1}},
            {"id": "b", "params": {"n_forced": 3, "epsilon": 0.2, "final_C": 0.1}},
            {"id": "c", "params": {"n_forced": 3, "epsilon": 0.2, "final_C": 2.0,
                                   "shrinkage_alpha": 1.0}},
            {"id": "d", "params": {"n_forced": 0, "final_C": 2.0}},
        ],
    }
    fitted = fit_variants(spec, X, y, random_state=0)
    assert [v for v, _, _ in fitted] == ["a", "b", "c", "d"]
    for (variant, selector, seconds), entry in zip(fitted, spec["variants"], strict=True):
        separate = HybridRFE(**spec["params"], **entry["params"]).fit(X, y)
        assert np.array_equal(selector.support_, separate.support_), variant
        assert np.allclose(selector.importances_, separate.importances_, rtol=1e-9), variant
        assert seconds >= 0
    # variants differing only in final-model parameters share the elimination path object
    by_id = {v: s for v, s, _ in fitted}
    assert by_id["c"].rfe_path_ is by_id["b"].rfe_path_
    assert by_id["d"].rfe_path_ is by_id["a"].rfe_path_
    assert by_id["a"].rfe_path_ is not by_id["b"].rfe_path_


def test_logistic_rfe_sweep_over_C_equals_separate_fits():
    X, y = _data()
    spec = {"class": "LogisticRFE", "params": {"n_features_to_select": 5},
            "variants": [{"id": f"C{C}", "params": {"C": C, "final_C": f}}
                         for C in (0.05, 5.0) for f in (0.1, 1.0)]}
    for (variant, selector, _), entry in zip(fit_variants(spec, X, y, random_state=0),
                                             spec["variants"], strict=True):
        separate = LogisticRFE(**spec["params"], **entry["params"]).fit(X, y)
        assert np.array_equal(selector.support_, separate.support_), variant
        assert np.allclose(selector.importances_, separate.importances_, rtol=1e-9), variant


# -- calibrate_target_k: auto -------------------------------------------------------------------


def test_calibrate_target_k_auto_is_min_20_sqrt_d():
    ds = informative(n_samples=60, n_features=30, n_informative=6, effect_size=1.0,
                     random_state=2)
    resamples = make_resamples(ds.y, "subsample", 4, random_state=0)
    spec = {"id": "lasso", "class": "LassoSelector", "params": {}, "calibrate_target_k": "auto"}
    # √30 = 5.48, rounded to 5 (Hamer & Dupont 2021, §7.2: min(20, √d))
    assert calibrate(ds, resamples, spec)["target_k"] == 5


def test_calibrate_on_the_first_resamples_only():
    ds = informative(n_samples=60, n_features=30, n_informative=6, effect_size=1.0,
                     random_state=2)
    resamples = make_resamples(ds.y, "subsample", 6, random_state=0)
    spec = {"id": "lasso", "class": "LassoSelector", "params": {}, "calibrate_target_k": 5,
            "calibrate_resamples": 2}
    result = calibrate(ds, resamples, spec)
    direct = calibrate_C(LassoSelector(), ds.X, ds.y, list(resamples.train)[:2], 5)
    assert result["n_train_sets"] == 2
    assert result["reached"]
    assert result["C"] == direct.C
    assert calibrate(ds, resamples, {**spec, "calibrate_resamples": None})["n_train_sets"] == 6


def test_calibrate_unreachable_target_names_dataset_and_option():
    # 8 rows: no L1 path keeps 15 features on average (at most one per distinct training row)
    ds = informative(n_samples=8, n_features=40, n_informative=4, effect_size=2.0,
                     random_state=5)
    resamples = make_resamples(ds.y, "subsample", 3, random_state=0)
    spec = {"id": "lasso", "class": "LassoSelector", "params": {}, "calibrate_target_k": 15}
    with pytest.raises(ValueError, match=rf"dataset {ds.name!r}, configuration 'lasso': "
                       r"target_k=15 is out of reach.*calibrate_unreachable: closest"):
        calibrate(ds, resamples, spec)
    result = calibrate(ds, resamples, {**spec, "calibrate_unreachable": "closest"})
    assert not result["reached"]
    assert result["C"] in result["evaluated_C"]
    assert max(result["mean_support_size"]) < 15


# -- Snakefile: --configfile, dataset_figures -----------------------------------------------------


def _dry_run_jobs(workdir, *args) -> dict[str, int]:
    result = run_snakemake(workdir, "-n", "--cores", "1", "--quiet", "rules", *args)
    assert result.returncode == 0, result.stderr[-3000:]
    counts = re.findall(r"^(\w+)\s+(\d+)$", result.stdout + result.stderr, flags=re.MULTILINE)
    return {rule: int(n) for rule, n in counts}


@pytest.mark.workflow
def test_configfile_replaces_the_default_configuration(tmp_path):
    default = copy.deepcopy(BASE)
    workdir = workflow_dir(tmp_path, default)
    other = copy.deepcopy(BASE)
    del other["datasets"]["large"]
    del other["selectors"]["lasso"]
    other["figures"] = {"dataset_figures": False}
    (workdir / "other.yaml").write_text(yaml.safe_dump(other))
    jobs = _dry_run_jobs(workdir)
    assert jobs["fetch"] == 2 and jobs["calibrate"] == 1  # noqa: PT018
    # one figures job per dataset, whatever the number of figures
    assert sorted(rule for rule in jobs if rule.startswith("figures")) == [
        f"figures_{name}" for name in sorted(BASE["datasets"])]
    assert all(jobs[f"figures_{name}"] == 1 for name in BASE["datasets"])
    jobs = _dry_run_jobs(workdir, "--configfile", str(workdir / "other.yaml"))
    assert jobs["fetch"] == 1
    assert "calibrate" not in jobs
    assert not any(rule.startswith("figure") for rule in jobs)
    # M = 10 in chunks of 4 on 'large': three selection jobs per configuration
    jobs = _dry_run_jobs(workdir, "--config", "only_datasets=[large]")
    assert jobs["fetch"] == 1 and jobs["select"] == 3 * 2  # noqa: PT018
