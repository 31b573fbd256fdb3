# The input functions and resource functions of the stages' rules, and what they decide (which
# jobs calibrate, how many similarity or subsample-fit jobs). Paths come from the get_*
# functions of rules/common.smk, which includes this file.


# -- the selection jobs (rules/select.smk) -------------------------------------------------------


def spec_of(wildcards):
    return WF.configuration(wildcards.config).spec


def select_inputs(wildcards):
    """Dataset and resamples, plus the calibrated C and the univariate scores where needed."""
    c = WF.configuration(wildcards.config)
    inputs = {
        "dataset": get_dataset(wildcards.dataset),
        "resamples": get_resamples(wildcards.dataset),
    }
    if c.calibrate_target_k is not None:
        inputs["calibration"] = get_calibration(wildcards.dataset, wildcards.config)
    if c.uses_univariate_scores:
        inputs["univariate"] = get_univariate(wildcards.dataset)
    return inputs


def calibrates_in_selection_job(dataset):
    """Whether ``dataset``'s calibrations run in its one selection job (``selection_jobs:
    per_dataset`` with all M resamples in one chunk) rather than in calibrate jobs."""
    return WF.selection_jobs == "per_dataset" and len(WF.chunks_for(dataset)) == 1


def calibrated_configurations(dataset):
    """The ids of the configurations of ``dataset`` with ``calibrate_target_k``."""
    return [c.id for c in WF.configurations_for(dataset) if c.calibrate_target_k is not None]


def calibration_job_datasets():
    """Wildcard pattern of the datasets whose calibrations are jobs of their own (rule
    calibrate); a pattern matching nothing if there are none."""
    return "|".join(d for d in DATASETS if not calibrates_in_selection_job(d)) or "(?!)"


def dataset_select_inputs(dataset):
    """Dataset and resamples, the calibrated C of every calibrated configuration of
    ``dataset`` (unless the job calibrates them itself) and the univariate scores if one of
    them reads them (rule select_<dataset>)."""
    configs = WF.configurations_for(dataset)
    inputs = {"dataset": get_dataset(dataset), "resamples": get_resamples(dataset)}
    if not calibrates_in_selection_job(dataset):
        inputs["calibration"] = [
            get_calibration(dataset, c) for c in calibrated_configurations(dataset)
        ]
    if any(c.uses_univariate_scores for c in configs):
        inputs["univariate"] = get_univariate(dataset)
    return inputs


def dataset_select_chunk(dataset):
    """The chunk of a select_<dataset> job: the wildcard, or the dataset's only chunk where the
    job calibrates (its outputs then all name it)."""
    return WF.chunks_for(dataset)[0] if calibrates_in_selection_job(dataset) else "{chunk}"


def gathered_chunks(dataset, table):
    """The chunk files of ``table`` (runs, features or timings) of every configuration of
    ``dataset``, configuration by configuration, each in the order of its chunks."""
    return [
        get_chunk(dataset, c.id, chunk, table)
        for c in WF.configurations_for(dataset)
        for chunk in WF.chunks_for(dataset)
    ]


# -- the similarity matrix (rules/resample.smk) --------------------------------------------------


def needs_similarity():
    from fsstab.measures import MEASURES

    return any("C" in MEASURES[m].requires for m in WF.measures)


def similarity_jobs(dataset):
    """Jobs computing a dataset's correlations (``similarity.jobs``; 1 for groups)."""
    settings = WF.similarity_settings(dataset)
    return 1 if settings.get("method") == "groups" else int(settings.get("jobs", 1))


def similarity_inputs(wildcards):
    """The dataset, or with ``similarity.jobs`` > 1 the bands computed by that many jobs."""
    from fsstab.workflow.similarity import band_ids

    jobs = similarity_jobs(wildcards.dataset)
    if jobs == 1:
        return {"dataset": get_dataset(wildcards.dataset)}
    return {"bands": [get_similarity_band(wildcards.dataset, b) for b in band_ids(jobs)]}


# -- stability, convergence, stable features, the folder's summaries -----------------------------


def stability_inputs(dataset):
    """The dataset, every configuration's gathered runs and features, the similarity matrix
    (adjusted measures) and the calibrated C of every calibrated configuration."""
    configs = WF.configurations_for(dataset)
    inputs = {
        "dataset": get_dataset(dataset),
        "runs": [get_runs(dataset, c.id) for c in configs],
        "features": [get_features(dataset, c.id) for c in configs],
        "calibration": [
            get_calibration(dataset, c.id) for c in configs if c.calibrate_target_k is not None
        ],
    }
    if needs_similarity():
        inputs["similarity"] = get_similarity(dataset)
    return inputs


def convergence_inputs(wildcards):
    """The dataset's summary (its configurations and variants) and every configuration's
    gathered selections."""
    configs = [c.id for c in WF.configurations_for(wildcards.dataset)]
    return {
        "summary": get_stability(wildcards.dataset),
        "runs": [get_runs(wildcards.dataset, c) for c in configs],
        "features": [get_features(wildcards.dataset, c) for c in configs],
    }


def stable_features_inputs(wildcards):
    """The dataset (feature names), its summary and Pareto table, and the gathered
    selections of every configuration on it."""
    configs = [c.id for c in WF.configurations_for(wildcards.dataset)]
    return {
        "dataset": get_dataset(wildcards.dataset),
        "summary": get_stability(wildcards.dataset),
        "pareto": get_pareto(wildcards.dataset),
        "runs": [get_runs(wildcards.dataset, c) for c in configs],
        "features": [get_features(wildcards.dataset, c) for c in configs],
        "error_control": [
            get_error_control_fit(wildcards.dataset, c)
            for c in error_control_configs(wildcards.dataset)
        ],
    }


def other_configurations_summaries():
    """The stability summaries other configurations left in this results folder (datasets
    this configuration does not name): results/summary.* and the rank table describe the
    whole folder, so that a run never drops another configuration's rows."""
    from fsstab.workflow.folder import other_summaries

    return other_summaries(RESULTS, WF.datasets)


# -- the nested evaluation (rules/nested.smk) ----------------------------------------------------


def nested_fold_ids():
    """The outer folds' wildcards (``o000`` ..), none without ``evaluation.nested``."""
    from fsstab.workflow.nested import outer_fold_ids

    if WF.nested is None:
        return []
    return outer_fold_ids(WF.nested["outer"], WF.nested["repeats"])


def nested_inner_files(wildcards):
    return [
        get_nested_inner(wildcards.dataset, wildcards.outer, c.id)
        for c in WF.configurations_for(wildcards.dataset)
    ]


def nested_similarity(wildcards):
    """The dataset's similarity settings when a measure needs C (the nested jobs compute C on
    the outer training part), else None."""
    if not needs_similarity():
        return None
    return WF.datasets[wildcards.dataset].similarity_params


# -- the error-control stage (rules/error_control.smk; fsstab.workflow.error_control) ------------


def error_control_settings():
    """The ``error_control`` section (schema defaults filled in)."""
    return WF.error_control


def error_control_configs(dataset):
    """The ids of the configurations on ``dataset`` whose error control is reported."""
    from fsstab.workflow.error_control import checked_configurations

    labels = error_control_settings()["selectors"]
    return [c.id for c in checked_configurations(WF.configurations_for(dataset), labels)]


def subsample_fit_chunks_of(config):
    """Chunk ids of a configuration's subsample fits (none for classes that do not spread
    them over jobs)."""
    from fsstab.workflow.error_control import subsample_fit_chunks

    chunk_size = error_control_settings()["fit_chunk_size"]
    return subsample_fit_chunks(WF.configuration(config).spec, chunk_size)


def error_control_fit_inputs(wildcards):
    """The dataset, its similarity (discovery groups) and the subsample fits' chunks."""
    inputs = {"dataset": get_dataset(wildcards.dataset), **error_control_similarity(wildcards)}
    inputs["counts"] = [
        get_error_control_counts(wildcards.dataset, wildcards.config, fits)
        for fits in subsample_fit_chunks_of(wildcards.config)
    ]
    return inputs


def error_control_summaries():
    """Every dataset's error-control summary (summary.csv gains the sentences)."""
    return [
        get_error_control(dataset)["summary_parquet"]
        for dataset in WF.selected_datasets
        if error_control_configs(dataset)
    ]


def error_control_summary_of(wildcards):
    """The dataset's error-control summary, if it runs error control (the landing page)."""
    if not error_control_configs(wildcards.dataset):
        return {}
    return {"error_control": get_error_control(wildcards.dataset)["summary_parquet"]}


def planted_chunks():
    """Chunk ids of the planted-null reruns (none when ``n_repeats`` is 0)."""
    from fsstab.workflow.chunks import chunk_ids

    settings = error_control_settings()["planted_nulls"]
    if not settings["n_repeats"]:
        return ()
    return chunk_ids(settings["n_repeats"], settings["chunk_size"])


def error_control_similarity(wildcards):
    """The dataset's similarity C when discoveries are also counted by group."""
    if not error_control_settings()["discovery_groups"]:
        return {}
    return {"similarity": get_similarity(wildcards.dataset)}


def error_control_inputs(wildcards):
    """Every checked configuration's fit and planted-null chunks on the dataset."""
    configs = error_control_configs(wildcards.dataset)
    return {
        "fits": [get_error_control_fit(wildcards.dataset, c) for c in configs],
        "planted": [
            get_planted_nulls(wildcards.dataset, c, chunk)
            for c in configs
            for chunk in planted_chunks()
        ],
    }


def planted_per_rerun():
    """m, the copies each planted-null rerun appends (None: min(d, 1000))."""
    return error_control_settings()["planted_nulls"]["n_planted"]


# -- resources (fsstab.workflow.resources gives the formulas) ------------------------------------


def selection_resources(attribute, default):
    """The configuration's ``resources: {attribute: ...}``, else ``default`` (a number, or a
    resource function of fsstab.workflow.resources)."""

    def resource(wildcards, input):
        configured = WF.configuration(wildcards.config).resources.get(attribute)
        if configured is not None:
            return configured
        return default(wildcards, input) if callable(default) else default

    return resource


def dataset_selection_resources(dataset, attribute, default, combine, calibration=None):
    """``combine`` (max or sum) over the configurations of ``dataset`` of each one's
    ``resources: {attribute: ...}``, else ``default`` (a number or a resource function), and
    of ``calibration`` (the same for the calibration of each calibrated configuration, when
    the job calibrates them) for the job that runs them all (rule select_<dataset>)."""
    configured = [
        WF.configuration(c.id).resources.get(attribute) for c in WF.configurations_for(dataset)
    ]
    calibrated = (
        [WF.configuration(c).resources.get(attribute) for c in calibrated_configurations(dataset)]
        if calibration is not None and calibrates_in_selection_job(dataset)
        else []
    )

    def resource(wildcards, input):
        values = []
        for fallback, given in [(default, configured), (calibration, calibrated)]:
            if given:
                value = fallback(wildcards, input) if callable(fallback) else fallback
                values += [value if setting is None else setting for setting in given]
        return combine(values)

    return resource


def resamples_of(wildcards):
    """M of the job's dataset (resource functions)."""
    return WF.n_resamples_for(wildcards.dataset)


def chunk_resamples(wildcards):
    """The resamples of the job's selection chunk (resource functions)."""
    return len(chunk_range(wildcards.chunk))


def planted_chunk_reruns(wildcards):
    """The reruns of the job's planted-null chunk (resource functions)."""
    return len(chunk_range(wildcards.chunk))


def similarity_jobs_of(wildcards):
    return similarity_jobs(wildcards.dataset)


def similarity_resource(resource):
    """``memory`` or ``runtime`` of the similarity rule: of one band when it computes C, of
    the gathering when similarity_band jobs computed it."""
    compute = resource("similarity_band")
    gather = resource("similarity_gather", dataset=None, files="bands")

    def value(wildcards, input):
        return (gather if hasattr(input, "bands") else compute)(wildcards, input)

    return value
