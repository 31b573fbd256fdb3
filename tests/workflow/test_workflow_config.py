"""Configuration of the workflow: schema, semantic checks, configuration ids, seeds."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from fsstab.measures import MEASURES
from fsstab.seeds import derive_seed, resample_seed
from fsstab.selectors import SELECTORS
from fsstab.workflow.config import ConfigError, check_config, load_schema, validate_schema
from fsstab.workflow.naming import MAX_ID_LENGTH, format_value, parameter_id

REPO = Path(__file__).resolve().parents[2]
SCHEMA = load_schema(REPO / "config" / "schemas" / "config.schema.yaml")

BASE = {
    "datasets": {
        "bc": {"source": "sklearn:breast_cancer", "similarity": {"method": "pearson"}},
        "toy": {"source": {"source": "synthetic:informative", "n_samples": 30,
                           "n_features": 8, "random_state": 0},
                "similarity": {"method": "spearman", "threshold": 0.5}},
    },
    "selectors": {
        "lasso": {"class": "LassoSelector", "calibrate_target_k": 5},
        "hybrid": {"class": "HybridRFE", "params": {"n_features_to_select": 4},
                   "grid": {"n_forced": [0, 2], "C": [0.5]},
                   "sweep": {"final_C": [0.1, 1.0], "shrinkage_alpha": [0.0, 2.0]}},
        "rf": {"class": "RandomForestSelector", "datasets": ["toy"]},
    },
    "measures": {"params": {"canberra": {"k": 5}}},
}


def expand(raw):
    return check_config(validate_schema(copy.deepcopy(raw), SCHEMA))


def problems_of(raw) -> str:
    with pytest.raises(ConfigError) as info:
        expand(raw)
    return str(info.value)


def with_change(path: str, value):
    raw = copy.deepcopy(BASE)
    *parents, last = path.split(".")
    node = raw
    for key in parents:
        node = node.setdefault(key, {})
    node[last] = value
    return raw


# -- expansion ----------------------------------------------------------------------------------


def test_defaults_are_filled_and_grid_expanded():
    wf = expand(BASE)
    assert wf.seed == 0
    assert wf.n_resamples == 30
    assert wf.chunks == ("r0000-0029",)
    assert wf.measures == tuple(MEASURES)
    ids = [c.id for c in wf.configurations]
    # grid names sorted: C before n_forced; one configuration per grid combination
    assert ids == ["lasso", "hybrid_C-0.5_n_forced-0", "hybrid_C-0.5_n_forced-2", "rf"]
    hybrid = wf.configuration("hybrid_C-0.5_n_forced-2")
    assert dict(hybrid.params) == {"n_features_to_select": 4, "n_forced": 2, "C": 0.5}
    assert [v.id for v in hybrid.variants] == [
        "final_C-0.1_shrinkage_alpha-0.0", "final_C-0.1_shrinkage_alpha-2.0",
        "final_C-1.0_shrinkage_alpha-0.0", "final_C-1.0_shrinkage_alpha-2.0",
    ]
    assert hybrid.uses_univariate_scores
    assert not wf.configuration("hybrid_C-0.5_n_forced-0").uses_univariate_scores
    assert wf.configuration("lasso").variants[0].id == "default"
    assert [c.id for c in wf.configurations_for("bc")] == ids[:3]
    assert wf.trajectory_selectors("toy") == ("hybrid",)


def test_chunks_cover_all_resamples():
    raw = with_change("resampling", {"n_resamples": 7, "chunk_size": 3})
    assert expand(raw).chunks == ("r0000-0002", "r0003-0005", "r0006-0006")
    raw = with_change("resampling", {"n_resamples": 3, "chunk_size": 10})
    assert expand(raw).chunks == ("r0000-0002",)


def test_adding_a_grid_value_keeps_existing_ids():
    before = {c.id for c in expand(BASE).configurations}
    raw = copy.deepcopy(BASE)
    raw["selectors"]["hybrid"]["grid"]["n_forced"].append(3)
    after = {c.id for c in expand(raw).configurations}
    assert before < after
    assert after - before == {"hybrid_C-0.5_n_forced-3"}


# -- ids and seeds --------------------------------------------------------------------------------


def test_format_value_is_path_safe_and_distinguishes_types():
    assert format_value(1) == "1"
    assert format_value(1.0) == "1.0"
    assert format_value(1e-5) == "1e-05"
    assert format_value(None) == "none"
    assert format_value(True) == "true"
    assert format_value("a b/c") == "a.b.c"
    assert format_value([1, "x"]) == "1+x"
    with pytest.raises(ValueError, match="finite"):
        format_value(float("nan"))


def test_long_ids_are_shortened_with_a_stable_hash():
    params = {f"parameter_{i}": i for i in range(12)}
    a = parameter_id("selector", params)
    assert len(a) <= MAX_ID_LENGTH
    assert a.startswith("selector_parameter_0-0")
    assert a == parameter_id("selector", dict(reversed(params.items())))  # order-free
    other = dict(params, parameter_11=12)
    assert parameter_id("selector", other) != a
    assert parameter_id("short", {"k": 1}) == "short_k-1"


def test_seeds_depend_only_on_their_keys():
    assert derive_seed(1, "data", 3) == derive_seed(1, "data", 3)
    seeds = {derive_seed(1, "data", r) for r in range(100)}
    assert len(seeds) == 100
    assert derive_seed(1, "data", 0) != derive_seed(2, "data", 0)
    assert derive_seed(1, "a", 0) != derive_seed(1, "b", 0)
    # a string key and an integer key never collide by encoding
    assert derive_seed(1, "1") != derive_seed(1, 1)
    assert resample_seed(5, "bc", 2) == derive_seed(5, "bc", "select", 2)
    assert all(0 <= s < 2**32 for s in seeds)
    with pytest.raises(ValueError, match="seed"):
        derive_seed(-1)


# -- errors -------------------------------------------------------------------------------------


def test_unknown_selector_lists_the_known_ones():
    message = problems_of(with_change("selectors.bad", {"class": "Lasso"}))
    assert "selectors.bad.class: unknown selector 'Lasso'" in message
    for name in SELECTORS:
        assert name in message


def test_unknown_measure_lists_the_known_ones():
    message = problems_of(with_change("measures.names", ["nogueira", "phi_typo"]))
    assert "measures.names: unknown measure(s) ['phi_typo']" in message
    for name in MEASURES:
        assert name in message


def test_unknown_source_kind_lists_the_known_ones():
    message = problems_of(with_change("datasets.web", {"source": "ftp:somewhere"}))
    assert "datasets.web.source: unknown source kind 'ftp'" in message
    for kind in ("sklearn", "synthetic", "datamicroarray", "openml", "url", "file"):
        assert kind in message


def test_bad_types_name_the_key():
    message = problems_of(with_change("resampling", {"n_resamples": "thirty"}))
    assert "resampling.n_resamples: 'thirty' has the wrong type; expected an integer" in message
    message = problems_of(with_change("resampling", {"scheme": "jackknife"}))
    assert "resampling.scheme" in message
    assert "bootstrap" in message
    message = problems_of(with_change("seed", 1.5))
    assert "seed: 1.5 has the wrong type; expected an integer" in message
    message = problems_of(with_change("colour", "red"))
    assert "(top level): unknown key(s) 'colour'" in message


# -- schema messages a user can act on (issue 16) -------------------------------------------


def _schema_keys(section: dict) -> list[str]:
    return sorted(section["properties"])


def test_schema_errors_name_the_key_path_and_the_allowed_keys_and_values():
    raw = copy.deepcopy(BASE)
    raw["figurs"] = {"feature_maps": False}
    raw["datasets"]["bc"]["prefiltr"] = {"n_features": 10}
    raw["resampling"] = {"scheme": "subsampl", "n_resamples": 1}
    raw["selectors"]["lasso"]["calibrate_target_k"] = "automatic"
    raw["datasets"]["my data"] = {"source": "sklearn:wine"}
    message = problems_of(raw)
    lines = message.splitlines()[1:]
    # every problem at once, one line each, no schema dump
    assert len(lines) == 6, message
    assert "Failed validating" not in message
    assert "$schema" not in message
    top = ", ".join(_schema_keys(SCHEMA))
    assert f"  - (top level): unknown key(s) 'figurs' (did you mean 'figures'?); allowed keys: " \
           f"{top}" in lines
    dataset_keys = ", ".join(_schema_keys(SCHEMA["properties"]["datasets"]
                                          ["additionalProperties"]))
    assert f"  - datasets.bc: unknown key(s) 'prefiltr' (did you mean 'prefilter'?); allowed " \
           f"keys: {dataset_keys}" in lines
    schemes = ", ".join(repr(s) for s in SCHEMA["properties"]["resampling"]["properties"]
                        ["scheme"]["enum"])
    assert f"  - resampling.scheme: 'subsampl' is not allowed (did you mean 'subsample'?); " \
           f"allowed values: {schemes}" in lines
    assert "  - resampling.n_resamples: 1 is out of range; allowed: an integer >= 2" in lines
    assert "  - selectors.lasso.calibrate_target_k: 'automatic' is not allowed; allowed forms: " \
           "an integer >= 1; or 'auto'" in lines
    assert any(line.startswith("  - datasets: the name 'my data' is not allowed") for line in lines)


def test_keys_given_twice_in_a_yaml_file_are_reported(tmp_path):
    from fsstab.workflow.validation import duplicate_keys, validate_config_files

    path = tmp_path / "my.yaml"
    path.write_text(
        "datasets:\n"
        "  mine: {source: 'sklearn:wine'}\n"
        "  other: {source: 'sklearn:iris'}\n"
        "  mine: {source: 'sklearn:breast_cancer'}\n"
        "selectors:\n"
        "  lasso: {class: LassoSelector, params: {C: 1.0, C: 2.0}}\n"
    )
    assert duplicate_keys(path) == [
        f"{path}, line 4: datasets.mine is defined twice (first on line 2); a YAML mapping "
        "keeps only the last definition, so merge the two or rename one",
        f"{path}, line 6: selectors.lasso.params.C is defined twice (first on line 6); a YAML "
        "mapping keeps only the last definition, so merge the two or rename one",
    ]
    config = yaml.safe_load(path.read_text())  # what Snakemake loads: the last definitions
    schema_path = REPO / "config/schemas/config.schema.yaml"
    # the keys defined twice, then the schema's problems, are returned to be reported with
    # the problems of the later layers (fsstab.workflow.checks.checked_workflow)
    assert validate_config_files(config, schema_path, [path]) == duplicate_keys(path)
    config["seed"] = "x"
    problems = validate_config_files(config, schema_path, [path])
    assert problems[:2] == duplicate_keys(path)
    assert problems[2].startswith("seed: 'x' has the wrong type")
    assert len(problems) == 3


def test_selector_parameter_problems():
    message = problems_of(with_change("selectors.lasso.params", {"alpha": 1}))
    assert "selectors.lasso.params: LassoSelector has no parameter(s) ['alpha']" in message
    assert "target_k" in message  # the accepted parameters are listed
    message = problems_of(with_change("selectors.rf.params", {"random_state": 3}))
    assert "set by the workflow" in message
    message = problems_of(with_change("selectors.rf.sweep", {"n_estimators": [10, 20]}))
    assert "selectors.rf.sweep" in message
    assert "put them in grid" in message
    raw = with_change("selectors.lasso.params", {"C": 1.0})
    assert "calibration chooses C itself" in problems_of(raw)
    raw = with_change("selectors.rf.calibrate_target_k", 3)
    assert "selectors.rf.calibrate_target_k: only for" in problems_of(raw)
    raw = with_change("selectors.rf.calibrate_resamples", 10)
    assert "selectors.rf: ['calibrate_resamples'] only apply with calibrate_target_k" in (
        problems_of(raw))
    assert "calibrate_unreachable" in problems_of(
        with_change("selectors.lasso.calibrate_unreachable", "maximum"))
    assert "calibrate_resamples" in problems_of(
        with_change("selectors.lasso.calibrate_resamples", 0))
    raw = with_change("selectors.rf.datasets", ["nowhere"])
    assert "unknown dataset(s) ['nowhere']" in problems_of(raw)
    raw = copy.deepcopy(BASE)
    for entry in raw["selectors"].values():
        entry["datasets"] = ["toy"]
    assert "datasets.bc: no selector runs on this dataset" in problems_of(raw)
    raw = copy.deepcopy(BASE)
    raw["selectors"]["hybrid"]["params"]["C"] = 1.0
    assert "appear in both params and grid" in problems_of(raw)


def test_measure_parameter_problems():
    message = problems_of(with_change("measures.params", {"canberra": {"k": 99}}))
    assert "rank_cap=50" in message
    message = problems_of(with_change("measures.params", {"canberra": {"k": 5},
                                                          "nogueira": {"penalty": 1}}))
    assert "measures.params.nogueira: nogueira has no parameter(s) ['penalty']" in message
    raw = copy.deepcopy(BASE)
    del raw["datasets"]["toy"]["similarity"]
    message = problems_of(raw)
    assert "need a similarity matrix" in message
    assert "['toy']" in message
    raw = with_change("pareto.measures", ["nogueira", "jaccard_typo"])
    assert "pareto.measures: ['jaccard_typo'] are not computed" in problems_of(raw)


def test_a_selector_without_its_required_base_selector_is_a_config_error_not_a_traceback():
    # StabilitySelection's base selector has no default: the check reads the constructor
    # signature instead of instantiating the class with no arguments (a TypeError before), and
    # says how to give it
    message = problems_of(with_change("selectors.stabs", {"class": "StabilitySelection"}))
    lines = [line for line in message.splitlines() if "selectors.stabs" in line]
    assert len(lines) == 1, message
    assert "selectors.stabs.params: StabilitySelection needs ['selector'], which have no " \
        "default; give selector a selector specification, e.g. selector: {class: " \
        "LassoSelector" in lines[0]
    # given, it expands like any other selector: the nested specification is kept as given
    nested = {"class": "FilterSelector", "params": {"method": "welch_t"}}
    workflow = expand(with_change("selectors.stabs", {"class": "StabilitySelection",
                                                      "params": {"selector": nested}}))
    (stabs,) = [c for c in workflow.configurations if c.selector == "stabs"]
    assert stabs.params == {"selector": nested}


def test_parameters_without_default_are_objects():
    # the message above says "a Python object": every selector parameter without a default
    # must be one (a scalar without a default would be settable from YAML)
    import inspect

    from fsstab.workflow.sweeps import required_parameters, selector_parameters

    for name, cls in SELECTORS.items():
        required = required_parameters(name)
        assert set(required) <= {"selector"}, (name, required)
        if not required:
            assert selector_parameters(name) == tuple(cls().get_params(deep=False))
        assert set(selector_parameters(name)) == set(inspect.signature(cls).parameters)


def test_every_problem_is_reported_at_once():
    raw = with_change("selectors.bad", {"class": "Nope"})
    raw["measures"]["names"] = ["nope"]
    message = problems_of(raw)
    assert message.count("\n  - ") == 2


def test_every_config_file_of_the_project_is_valid():
    for path in [*sorted((REPO / "config").rglob("*.yaml")), REPO / ".test/config/config.yaml"]:
        if "schemas" in path.parts:
            continue
        raw = yaml.safe_load(path.read_text())
        wf = check_config(validate_schema(raw, SCHEMA))
        # a paper configuration may leave all the work to its own rules (config/paper/onda2022)
        assert wf.configurations or wf.paper is not None, path


def test_a_paper_configuration_may_keep_datasets_for_its_own_rules():
    toy = copy.deepcopy(BASE["datasets"]["toy"])
    raw = {"datasets": {"toy": toy, "extra": {"source": "sklearn:breast_cancer"}},
           "selectors": {"rf": {"class": "RandomForestSelector", "datasets": ["toy"]}},
           "measures": copy.deepcopy(BASE["measures"])}
    # without a paper, a dataset no selector runs on is a mistake
    assert "datasets.extra: no selector runs on this dataset" in problems_of(raw)
    raw["paper"] = {"name": "bommert2020", "settings": {"ch6": {"real": {"datasets": ["extra"]}}}}
    wf = expand(raw)
    assert set(wf.datasets) == {"toy", "extra"}
    # the generic stages (and the similarity the adjusted measures need) only where selectors run
    assert wf.selected_datasets == ("toy",)
    assert wf.rank_datasets == ("toy",)
