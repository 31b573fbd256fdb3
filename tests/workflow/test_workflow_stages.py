"""The workflow's stage functions on small data, checked against independent computations."""

from __future__ import annotations

import itertools
import math
import re
import resource
import time

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from scipy.stats import rankdata

from fsstab.datasets import make_dataset
from fsstab.measures import canberra
from fsstab.synthetic import generate
from fsstab.workflow.config import chunk_ids
from fsstab.workflow.data import (
    draw_resamples,
    fetch_dataset,
    prefilter_dataset,
    read_similarity,
    read_univariate,
    similarity_matrix,
    univariate_statistics,
    write_similarity,
    write_univariate,
)
from fsstab.workflow.decisions import pareto_table, rank_table
from fsstab.workflow.scripting import logged, prepend_python_path
from fsstab.workflow.selection import chunk_resamples, fit_variants, select_chunk
from fsstab.workflow.stability import run_matrices, stability_table
from fsstab.workflow.tables import concat_tables, gather_tables


@pytest.fixture(scope="module")
def toy():
    return generate("informative", n_samples=40, n_features=10, n_informative=3,
                    effect_size=2.0, random_state=0)


@pytest.fixture(scope="module")
def toy_resamples(toy):
    return draw_resamples(toy, seed=3, scheme="subsample", n_resamples=4,
                          params={"fraction": 0.75})


HYBRID = {
    "id": "hybrid", "selector": "hybrid", "class": "HybridRFE",
    "params": {"n_features_to_select": 3, "n_forced": 1, "epsilon": 0.5}, "grid": {},
    "variants": [{"id": "final_C-0.1", "params": {"final_C": 0.1}},
                 {"id": "final_C-1.0", "params": {"final_C": 1.0}}],
    "calibrate_target_k": None,
}
FILTER = {
    "id": "filter", "selector": "filter", "class": "FilterSelector",
    "params": {"method": "welch_t", "n_features_to_select": 3}, "grid": {},
    "variants": [{"id": "default", "params": {}}], "calibrate_target_k": None,
}


# -- data stages ----------------------------------------------------------------------------


def test_fetch_names_the_dataset_by_its_key_and_in_errors(tmp_path):
    ds = fetch_dataset("mine", {"source": "synthetic:informative", "n_samples": 10,
                                "n_features": 3, "n_informative": 1, "random_state": 0})
    assert ds.name == "mine"
    table = pd.DataFrame({"a": [1.0, np.nan, 3.0, 4.0], "b": [1.0, 2, 3, 4],
                          "y": ["u", "v", "u", "v"]})
    table.to_csv(tmp_path / "bad.csv", index=False)
    with pytest.raises(ValueError, match=r"dataset 'badfile'.*(NaN|non-finite|missing)"):
        fetch_dataset("badfile", {"source": f"file:{tmp_path / 'bad.csv'}", "target": "y"})
    table = pd.DataFrame({"a": [1.0, 2.0], "y": ["u", "u"]})
    table.to_csv(tmp_path / "one.csv", index=False)
    with pytest.raises(ValueError, match=r"dataset 'oneclass'.*two classes"):
        fetch_dataset("oneclass", {"source": f"file:{tmp_path / 'one.csv'}", "target": "y"})


def test_prefilter_asking_for_too_many_features_names_the_dataset(toy):
    with pytest.raises(ValueError, match=r"dataset 'informative'.*n_features=11"):
        prefilter_dataset(toy, n_features=11, log_transform=None)


def test_resamples_do_not_depend_on_m(toy):
    few = draw_resamples(toy, seed=3, scheme="bootstrap", n_resamples=3, params={})
    many = draw_resamples(toy, seed=3, scheme="bootstrap", n_resamples=6, params={})
    for r in range(3):
        np.testing.assert_array_equal(few.train[r], many.train[r])
    other = draw_resamples(toy, seed=4, scheme="bootstrap", n_resamples=3, params={})
    assert not np.array_equal(few.train[0], other.train[0])


def test_similarity_round_trip_matches_thresholded_correlations(toy, tmp_path):
    C = similarity_matrix(toy, method="pearson", threshold=0.2)
    dense = np.abs(np.corrcoef(toy.X, rowvar=False))
    expected = np.where(dense >= 0.2, dense, 0.0)
    np.fill_diagonal(expected, 1.0)
    np.testing.assert_allclose(C.toarray(), expected, atol=1e-12)
    path = write_similarity(C, tmp_path / "C.parquet", dataset="t", method="pearson",
                            threshold=0.2)
    back, threshold = read_similarity(path)
    assert threshold == 0.2
    np.testing.assert_array_equal(back.toarray(), C.toarray())


def test_binary_similarity_is_the_thresholded_indicator(toy, tmp_path):
    # Sechidis et al. (2019), §4.1: c = δ(|ρ| > θ), 1 wherever the |correlation| reaches θ
    C = similarity_matrix(toy, method="spearman", threshold=0.2, binary=True)
    ranks = np.apply_along_axis(lambda c: np.argsort(np.argsort(c)), 0, toy.X)
    dense = np.abs(np.corrcoef(ranks, rowvar=False))
    expected = (dense >= 0.2).astype(float)
    np.fill_diagonal(expected, 1.0)
    assert 0 < expected.sum() - len(expected) < expected.size - len(expected)  # some, not all
    np.testing.assert_array_equal(C.toarray(), expected)
    path = write_similarity(C, tmp_path / "C.parquet", dataset="t", method="spearman",
                            threshold=0.2, binary=True)
    back, threshold = read_similarity(path)
    assert threshold == 0.2
    np.testing.assert_array_equal(back.toarray(), expected)


def test_group_similarity_needs_groups(toy):
    groups = generate("correlated_groups", scenario=1, group_size=2, n_groups=2, n_other=2,
                      n_positive=5, n_negative=5, random_state=0)
    C = similarity_matrix(groups, method="groups", threshold=1.0).toarray()
    expected = np.eye(6)
    expected[0, 1] = expected[1, 0] = expected[2, 3] = expected[3, 2] = 1.0
    np.testing.assert_array_equal(C, expected)
    with pytest.raises(ValueError, match=r"dataset 'informative'.*feature groups"):
        similarity_matrix(toy, method="groups", threshold=1.0)


def test_univariate_statistics_are_those_of_each_training_set(toy, toy_resamples, tmp_path):
    table = univariate_statistics(toy, toy_resamples)
    path = write_univariate(table, tmp_path / "u.parquet", dataset=toy)
    stats = read_univariate(path)
    assert sorted(stats) == [0, 1, 2, 3]
    train = toy_resamples.train[2]
    X, y = toy.X[train], toy.y[train]
    a, b = X[y == 1], X[y == 0]
    welch = np.abs(a.mean(0) - b.mean(0)) / np.sqrt(a.var(0, ddof=1) / len(a)
                                                   + b.var(0, ddof=1) / len(b))
    np.testing.assert_allclose(stats[2][0], welch)
    np.testing.assert_allclose(stats[2][1], X.var(0, ddof=1))


# -- selection -------------------------------------------------------------------------------


def test_chunk_ids():
    assert chunk_ids(5, 2) == ("r0000-0001", "r0002-0003", "r0004-0004")
    assert chunk_ids(5) == chunk_ids(5, 9) == ("r0000-0004",)
    assert chunk_ids(120, 50, prefix="c", width=5) == ("c00000-00049", "c00050-00099",
                                                       "c00100-00119")
    for bad in ((0, 2), (5, 0), (True, 2)):
        with pytest.raises(ValueError, match="must be a positive integer"):
            chunk_ids(*bad)
    np.testing.assert_array_equal(chunk_resamples("r0002-0004", 5), [2, 3, 4])
    with pytest.raises(ValueError, match="within resamples"):
        chunk_resamples("r0002-0005", 5)
    with pytest.raises(ValueError, match="form"):
        chunk_resamples("chunk1", 5)


def test_variants_equal_separate_fits(toy, toy_resamples):
    train = toy_resamples.train[0]
    X, y = toy.X[train], toy.y[train]
    fitted = fit_variants(HYBRID, X, y, random_state=0)
    assert [v for v, _, _ in fitted] == ["final_C-0.1", "final_C-1.0"]
    from fsstab.selectors import HybridRFE

    for (_variant, selector, seconds), final_C in zip(fitted, (0.1, 1.0), strict=True):
        direct = HybridRFE(**HYBRID["params"], final_C=final_C).fit(X, y)
        np.testing.assert_array_equal(selector.support_, direct.support_)
        np.testing.assert_allclose(selector.importances_, direct.importances_)
        assert seconds >= 0


def test_select_chunk_tables(toy, toy_resamples):
    stats = read_univariate_from(toy, toy_resamples)
    tables = select_chunk(toy, toy_resamples, HYBRID, [0, 1, 2, 3], seed=1, rank_cap=4,
                          univariate=stats)
    runs = tables["runs"].to_pandas()
    features = tables["features"].to_pandas()
    assert len(runs) == 8  # 4 resamples x 2 variants
    assert (runs["n_train"] == 30).all()
    assert (runs["n_test"] == 10).all()
    selected = features[features["selected"]].groupby(["resample", "variant"]).size()
    np.testing.assert_array_equal(
        selected.loc[list(zip(runs["resample"], runs["variant"], strict=True))].to_numpy(),
        runs["n_selected"].to_numpy())
    assert (features.loc[features["selected"], "importance"] > 0).all()
    assert (features.loc[~features["selected"], "importance"] == 0).all()
    # ranks are stored up to the cap (ties allowed in RFE rankings), and only those
    assert features["rank"].max() <= 4
    assert features["frequency_score"].notna().sum() == features["selected"].sum()
    assert runs["ranked"].all()


def test_a_nested_selector_specification_is_built_in_the_selection_job(toy, toy_resamples):
    from fsstab.selectors import FilterSelector, StabilitySelection

    stabs = {
        "id": "stabs", "selector": "stabs", "class": "StabilitySelection",
        "params": {"selector": {"class": "FilterSelector", "params": {"method": "welch_t"}},
                   "q": 3, "pi_thr": 0.75, "pfer": None, "n_pairs": 5}, "grid": {},
        "variants": [{"id": "default", "params": {}}], "calibrate_target_k": None,
    }
    train = toy_resamples.train[0]
    X, y = toy.X[train], toy.y[train]
    ((_, fitted, _),) = fit_variants(stabs, X, y, random_state=4)
    direct = StabilitySelection(FilterSelector(method="welch_t"), q=3, pi_thr=0.75, pfer=None,
                                n_pairs=5, random_state=4).fit(X, y)
    assert fitted.selector.get_params() == FilterSelector(method="welch_t").get_params()
    np.testing.assert_array_equal(fitted.frequencies_, direct.frequencies_)
    np.testing.assert_array_equal(fitted.support_, direct.support_)
    tables = select_chunk(toy, toy_resamples, stabs, [0, 1], seed=2, rank_cap=3)
    assert len(tables["runs"]) == 2


def test_select_chunk_gives_the_jobs_threads_to_n_jobs(toy, toy_resamples, monkeypatch):
    from fsstab.selectors import RandomForestSelector

    forest = {
        "id": "rf", "selector": "rf", "class": "RandomForestSelector",
        "params": {"n_estimators": 8, "n_features_to_select": 3}, "grid": {},
        "variants": [{"id": "default", "params": {}}], "calibrate_target_k": None,
    }
    seen = []
    fit = RandomForestSelector.fit

    def spy(self, X, y):
        seen.append(self.n_jobs)
        return fit(self, X, y)

    monkeypatch.setattr(RandomForestSelector, "fit", spy)
    one = select_chunk(toy, toy_resamples, forest, [0, 1], seed=2, rank_cap=3)
    two = select_chunk(toy, toy_resamples, forest, [0, 1], seed=2, rank_cap=3, n_jobs=2)
    fixed = {**forest, "params": {**forest["params"], "n_jobs": 1}}
    select_chunk(toy, toy_resamples, fixed, [0], seed=2, rank_cap=3, n_jobs=2)
    assert seen == [None, None, 2, 2, 1]  # the configuration's own n_jobs wins
    for name in ("runs", "features"):
        assert one[name].equals(two[name])


def read_univariate_from(ds, resamples):
    table = univariate_statistics(ds, resamples)
    d = ds.n_features
    t = table.column("welch_t").to_numpy().reshape(-1, d)
    v = table.column("variance").to_numpy().reshape(-1, d)
    return {r: (t[r], v[r]) for r in range(len(resamples))}


def test_chunking_does_not_change_results(toy, toy_resamples):
    whole = select_chunk(toy, toy_resamples, FILTER, [0, 1, 2, 3], seed=2, rank_cap=3)
    parts = [select_chunk(toy, toy_resamples, FILTER, ids, seed=2, rank_cap=3)
             for ids in ([2, 3], [0], [1])]
    gathered = gather_tables(parts, 4)
    for name in ("runs", "features"):
        assert gathered[name].equals(gather_tables([whole], 4)[name])
    with pytest.raises(ValueError, match=r"not exactly 0\.\.3"):
        gather_tables(parts[:2], 4)


# -- stability -------------------------------------------------------------------------------


def brute_force_nogueira(Z):
    """Nogueira et al. (2018) φ = 1 − mean_f s_f² / ((k̄/d)(1 − k̄/d)), s_f² unbiased."""
    M, d = Z.shape
    p = Z.mean(axis=0)
    s2 = M / (M - 1) * p * (1 - p)
    k_bar = Z.sum(axis=1).mean()
    return 1 - s2.mean() / ((k_bar / d) * (1 - k_bar / d))


def test_stability_table_against_brute_force(toy, toy_resamples):
    tables = select_chunk(toy, toy_resamples, FILTER, [0, 1, 2, 3], seed=2, rank_cap=4)
    table = stability_table(
        tables["runs"], tables["features"], dataset="toy", spec=FILTER, d=toy.n_features,
        measures=["nogueira", "jaccard", "canberra", "kuncheva"],
        measure_params={"canberra": {"k": 2}}, rank_cap=4, random_state=0,
        n_samples=toy.n_samples,
    ).to_pylist()
    assert len(table) == 1
    row = table[0]
    runs = tables["runs"].to_pandas()
    features = tables["features"].to_pandas()
    Z = np.zeros((4, toy.n_features))
    R = np.zeros((4, toy.n_features))
    for _, f in features.iterrows():
        Z[f["resample"], f["feature"]] = f["selected"]
        R[f["resample"], f["feature"]] = f["rank"]
    assert row["nogueira"] == pytest.approx(brute_force_nogueira(Z))
    pairs = list(itertools.combinations(range(4), 2))
    jac = np.mean([np.sum(Z[i] * Z[j]) / np.sum(np.maximum(Z[i], Z[j])) for i, j in pairs])
    assert row["jaccard"] == pytest.approx(jac)
    acc = runs["accuracy"].to_numpy()
    assert row["accuracy_mean"] == pytest.approx(acc.mean())
    assert row["accuracy_se"] == pytest.approx(acc.std(ddof=1) / 2)
    # subsamples of 30 of the 40 rows, 10 held out: Nadeau & Bengio's factor
    # 1/M + n_test/n_train = 1/4 + 10/30 = 7/12 on the sample variance
    assert row["test_fraction"] == 0.25
    assert row["accuracy_se_corrected"] == pytest.approx(acc.std(ddof=1) * math.sqrt(7 / 12))
    assert row["mean_n_selected"] == 3.0
    assert row["nogueira_ci_low"] <= row["nogueira"] <= row["nogueira_ci_high"]
    assert row["param_n_features_to_select"] == 3.0
    assert row["param_method"] == "welch_t"
    assert row["label"] == "filter"
    # Canberra from capped ranks equals Canberra from the complete ranking (k = 2 <= cap)
    full = np.vstack([rankdata(-fit_scores(toy, toy_resamples, r), method="ordinal")
                      for r in range(4)])
    assert row["canberra"] == pytest.approx(canberra(full, k=2))
    # fixed-size selections: Kuncheva applies
    assert math.isfinite(row["kuncheva"])


def fit_scores(ds, resamples, r):
    from fsstab.selectors import FilterSelector

    train = resamples.train[r]
    return FilterSelector(**FILTER["params"]).fit(ds.X[train], ds.y[train]).scores_


def test_measures_without_inputs_are_nan(toy, toy_resamples):
    lasso = {"id": "lasso", "selector": "lasso", "class": "LassoSelector",
             "params": {"C": 0.3}, "grid": {}, "variants": [{"id": "default", "params": {}}],
             "calibrate_target_k": None}
    tables = select_chunk(toy, toy_resamples, lasso, [0, 1, 2, 3], seed=2, rank_cap=4)
    row = stability_table(
        tables["runs"], tables["features"], dataset="toy", spec=lasso, d=toy.n_features,
        measures=["nogueira", "canberra"], measure_params={"canberra": {"k": 2}}, rank_cap=4,
        random_state=0, n_samples=toy.n_samples,
    ).to_pylist()[0]
    assert math.isnan(row["canberra"])  # the LASSO does not rank
    assert math.isfinite(row["nogueira"])


def test_run_matrices_rebuilds_z_and_w():
    runs = pa.table({"resample": pa.array([1, 0], pa.int32()), "variant": ["v", "v"],
                     "accuracy": [0.5, 0.75], "ranked": [False, False]})
    features = pa.table({
        "resample": pa.array([0, 0, 1], pa.int32()), "variant": ["v", "v", "v"],
        "feature": pa.array([0, 2, 1], pa.int32()), "selected": [True, True, True],
        "importance": [1.0, 2.0, 3.0], "rank": pa.nulls(3, pa.int32()),
    })
    Z, W, ranks, acc = run_matrices(runs, features, "v", 3, 5)
    np.testing.assert_array_equal(Z.toarray(), [[1, 0, 1], [0, 1, 0]])
    np.testing.assert_array_equal(W.toarray(), [[1, 0, 2], [0, 3, 0]])
    assert ranks is None
    np.testing.assert_array_equal(acc, [0.75, 0.5])


# -- decisions and tables ----------------------------------------------------------------------


def summary_frame():
    acc = [0.80, 0.85, 0.90, 0.70, 0.90, 0.82]
    phi = [0.60, 0.50, 0.30, 0.65, 0.30, float("nan")]
    return pd.DataFrame({
        "dataset": "d", "configuration": [f"c{i}" for i in range(6)], "selector": "s",
        "variant": "default", "label": [f"c{i}" for i in range(6)], "accuracy_mean": acc,
        "mean_n_selected": [5, 6, 9, 4, 3, 5], "phi": phi,
    })


def test_pareto_table_against_brute_force():
    table = pareto_table(summary_frame(), ["phi"], gammas=[0.0, 0.5, 1.0], acc_const=0.1,
                         stab_const=0.1, random_state=0)
    acc, phi = table["accuracy"].to_numpy(), table["stability"].to_numpy()
    size = table["mean_n_selected"].to_numpy()
    ok = np.isfinite(phi)
    assert table["evaluated"].tolist() == ok.tolist()
    for i in range(6):
        if not ok[i]:
            assert not table.loc[i, "non_dominated"]
            assert not table.loc[i, "on_hull"]
            continue
        others = [j for j in range(6) if j != i and ok[j]]
        dominated = any(acc[j] >= acc[i] and phi[j] >= phi[i]
                        and (acc[j] > acc[i] or phi[j] > phi[i]) for j in others)
        assert table.loc[i, "non_dominated"] == (not dominated)
        dominated3 = any(acc[j] >= acc[i] and phi[j] >= phi[i] and size[j] <= size[i]
                         and (acc[j] > acc[i] or phi[j] > phi[i] or size[j] < size[i])
                         for j in others)
        assert table.loc[i, "non_dominated_size"] == (not dominated3)
    # each chosen compromise maximises γA + (1 − γ)S over the evaluated points
    for i, gammas in enumerate(table["chosen_gammas"]):
        for g in gammas:
            best = max(g * acc[j] + (1 - g) * phi[j] for j in range(6) if ok[j])
            assert g * acc[i] + (1 - g) * phi[i] == pytest.approx(best)
    assert sum(len(g) for g in table["chosen_gammas"]) == 3
    # ε-constraint by hand: acc.max = 0.9, keep acc >= 0.8: c0 (0.6), c1 (0.5), c2, c4 (0.3);
    # stab.max = 0.6, keep phi >= 0.5: c0, c1; the most accurate: c1
    assert table.loc[table["epsilon_choice"], "configuration"].tolist() == ["c1"]
    # the hull's γ intervals: the most stable point starts at 0, the most accurate ends at 1
    hull = table[table["on_hull"]].sort_values("accuracy")
    assert hull["gamma_lo"].iloc[0] == 0.0
    assert hull["gamma_hi"].iloc[-1] == 1.0


def test_rank_table_counts_dominating_labels():
    first = summary_frame().assign(dataset="a")
    second = summary_frame().assign(dataset="b", phi=[0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
    ranks = rank_table(pd.concat([first, second]), ["phi"]).set_index("label")
    # c5 has no finite stability on dataset a: not ranked
    assert "c5" not in ranks.index
    acc = first["accuracy_mean"].to_numpy()[:5]
    expected = {}
    for phi_values in (first["phi"].to_numpy()[:5], second["phi"].to_numpy()[:5]):
        for i in range(5):
            count = sum(acc[j] >= acc[i] and phi_values[j] >= phi_values[i]
                        and (acc[j] > acc[i] or phi_values[j] > phi_values[i])
                        for j in range(5) if j != i)
            expected.setdefault(f"c{i}", []).append(1 + count)
    for label, values in expected.items():
        assert ranks.loc[label, "non_dominated_rank"] == pytest.approx(np.mean(values))


def test_concat_tables_unifies_parameter_types():
    a = pa.table({"x": pa.array([1.0]), "p": pa.array(["sqrt"])})
    b = pa.table({"x": pa.array([2], pa.int64()), "p": pa.array([0.5]), "q": pa.array([True])})
    c = pa.table({"x": pa.array([3.0]), "p": pa.nulls(1)})
    out = concat_tables([a, b, c])
    assert out.schema.field("x").type == pa.float64()
    assert out.schema.field("p").type == pa.string()
    assert out.column("p").to_pylist() == ["sqrt", "0.5", None]
    assert out.column("q").to_pylist() == [None, True, None]


def test_make_dataset_errors_name_dataset():
    with pytest.raises(ValueError, match=r"dataset 'x'"):
        make_dataset("x", np.array([[np.inf], [1.0]]), ["a", "b"])


def test_prepend_python_path(monkeypatch, tmp_path):
    import os

    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(["/a", str(tmp_path), "/b"]))
    assert prepend_python_path(tmp_path) == os.pathsep.join([str(tmp_path), "/a", "/b"])
    monkeypatch.delenv("PYTHONPATH")
    assert prepend_python_path(tmp_path) == str(tmp_path)


def test_logged_writes_warnings_and_tracebacks_to_the_log(tmp_path):
    import warnings

    log = tmp_path / "logs" / "job.log"
    before = time.process_time() - 1e-3

    def job():
        with logged(log) as logger:
            logger.info("starting")
            print("printed")
            warnings.warn("careful", UserWarning, stacklevel=1)
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        job()
    text = log.read_text()
    for expected in ("starting", "printed", "careful", "RuntimeError: boom"):
        assert expected in text
    # the job's CPU and memory close the log, failed or not
    last = text.splitlines()[-1]
    cpu = float(re.search(r"^fsstab job resources: CPU ([0-9.]+) s", last).group(1))
    after = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    # at least this process's CPU up to the job, at most its and its children's CPU by now
    assert before <= cpu <= sum(r.ru_utime + r.ru_stime for r in after) + 1e-3
    assert re.search(r"peak RSS [1-9][0-9]* MB$", last)


def test_a_selection_job_logs_its_progress(toy, toy_resamples, tmp_path):
    # issue 16: a forest job ran for minutes with an empty log
    with logged(tmp_path / "select.log"):
        select_chunk(toy, toy_resamples, FILTER, [1, 3], seed=2, rank_cap=3)
    lines = (tmp_path / "select.log").read_text().splitlines()
    assert lines[0].endswith(f"dataset {toy.name!r}, configuration '{FILTER['id']}': "
                             "2 resample(s), 1 variant(s) each")
    assert "resample 1 done (1 of 2) in " in lines[1]
    assert "resample 3 done (2 of 2) in " in lines[2]
    assert lines[2].endswith("about 0 s to go")
    assert lines[3].startswith("fsstab job resources: CPU ")  # logged() closes every log
    assert len(lines) == 4
