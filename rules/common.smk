# Shared helpers: the validated configuration, the paths of every stage's products (get_*:
# the one place a path is spelled; rules, paper rules included, take paths from here) and the
# input functions.

import sys
from pathlib import Path

from snakemake.logging import logger

from fsstab.workflow.checks import check_stored_datasets, checked_workflow
from fsstab.workflow.chunks import chunk_pattern, chunk_range
from fsstab.workflow.config import LOGS_DIR, ConfigError, load_schema
from fsstab.workflow.data import local_source_paths
from fsstab.workflow.resources import largest, memory, runtime, summed

# semantic checks (known selectors, measures, sources; parameters of each class; forced >
# selected features, sizes above a prefilter's size, binary-only selectors on multi-class
# data, missing local files) before any job; the message lists every problem with its key,
# together with the keys defined twice in a configuration file (Snakefile)
SCHEMA = WORKFLOW_DIR / "config" / "schemas" / "config.schema.yaml"
WF = checked_workflow(
    config, load_schema(SCHEMA), problems=CONFIG_FILE_PROBLEMS, base_dir=Path.cwd()
)
DATA = WF.data_dir

# what the datasets prefiltered by earlier runs show (their d, n and classes): a selector
# added since then is checked against them before any job; a local file not fetched yet is
# checked on the classes of its labels (the target column or the sample sheet, not the matrix)
for warning in check_stored_datasets(WF, DATA, base_dir=Path.cwd()):
    logger.warning(f"Warning: {warning}")
RESULTS = WF.results_dir

# `snakemake --report` writes into this configuration's own folder only, so that the reports of
# two configurations in one working directory never overwrite each other
from fsstab.workflow.report_path import report_path_problem

_REPORT_PROBLEM = report_path_problem(
    sys.argv, RESULTS if WF.paper is None else WF.paper.output_dir
)
if _REPORT_PROBLEM is not None:
    raise ConfigError([_REPORT_PROBLEM])
LOGS = LOGS_DIR
BENCH = f"{RESULTS}/benchmarks"
DATASETS = tuple(WF.datasets)
CONFIG_IDS = tuple(c.id for c in WF.configurations)

# When more jobs are ready than there are cores, the rules on the way from the data to the
# selections, stability tables, Pareto fronts and figures -- a run's longest path -- start
# first; the reporting tables (convergence, stable features, report tables, ranks) fill the
# gaps. Only the order of jobs changes, no result.
LONGEST_PATH_PRIORITY = 1

# cheap rules run on the submitting machine unless `localrules: false` (every job submitted)
if WF.localrules:

    localrules:
        fetch,
        pareto,
        rank,
        stable_features,
        summary_csv,
        report_tables,
        error_control,


wildcard_constraints:
    dataset="|".join(DATASETS) or "NONE",
    config=r"[A-Za-z0-9][A-Za-z0-9_.+=-]*",
    chunk=chunk_pattern(),
    fits=chunk_pattern("s"),
    band=r"\d{3}-of-\d{3}",
    measure=r"[a-z_]+",
    selector=r"[A-Za-z0-9][A-Za-z0-9_.-]*",
    outer=r"o\d{3}",


def get_stored_dataset(folder):
    """The stored form of a dataset in ``folder``: Parquet + provenance JSON."""
    return {"parquet": f"{folder}/dataset.parquet", "provenance": f"{folder}/provenance.json"}


def get_dataset_folder(dataset):
    """A dataset's folder under the data folder: its stored forms, the record of its local
    sources (source.sha256), the prefilter's report."""
    return f"{DATA}/{dataset}"


def get_raw_dataset(dataset):
    """The fetched dataset before the prefilter (stored form: Parquet + provenance JSON)."""
    return get_stored_dataset(f"{get_dataset_folder(dataset)}/raw")


def get_dataset_files(dataset):
    """The prefiltered dataset in its stored form (Parquet + provenance JSON)."""
    return get_stored_dataset(get_dataset_folder(dataset))


def local_source_file(wildcards):
    """The file of a ``file:`` source and its sample sheet (relative to the working
    directory), so that editing them reruns the fetch and everything after it."""
    return local_source_paths(WF.datasets[wildcards.dataset].source)


def _source_records():
    """Every dataset's record of its local files' content (data/<dataset>/source.sha256),
    brought up to date when the Snakefile is read -- before the DAG is built, since Snakemake
    caches which files exist and a record written by an input function would be missing to
    it in a fresh folder."""
    from fsstab.workflow.source_state import source_checksum_file

    records = {}
    for name, dataset in WF.datasets.items():
        files = local_source_paths(dataset.source)
        record = source_checksum_file(files, get_dataset_folder(name)) if files else None
        if record is not None:
            records[name] = record
    return records


#: filled by check_layout() (Snakefile), once the rules are defined and checked
SOURCE_RECORDS = {}


def workflow_products():
    """Rule name -> the path patterns of its outputs, log and benchmark files."""
    products = {}
    for each in workflow.rules:
        files = [*each.output, *each.log]
        if each.benchmark:
            files.append(each.benchmark)
        products[each.name] = [str(f) for f in files]
    return products


def check_layout():
    """Once the rules are defined: refuse a dataset named like one of the workflow's own
    products (fsstab.workflow.layout: results/summary.csv, data/cache, ...), then bring the
    records of the local sources up to date -- the first file the workflow writes."""
    from fsstab.workflow.layout import product_collisions
    from fsstab.workflow.report_path import report_path

    shared = {}
    if WF.cache_dir is not None:
        shared["cache_dir"] = WF.cache_dir
    if WF.paper is not None:
        shared["paper.output_dir"] = WF.paper.output_dir
    if report_path(sys.argv) is not None:
        shared["--report"] = report_path(sys.argv)
    problems = product_collisions(
        workflow_products(), WF.datasets, [RESULTS, DATA, LOGS, BENCH], shared
    )
    if problems:
        raise ConfigError(problems)
    SOURCE_RECORDS.update(_source_records())


def local_source_checksum(wildcards):
    """For a ``file:`` source, the record of the file's content, rewritten exactly when the
    content changes, so that a changed file reruns the analysis even when its modification
    time is older than the results (fsstab.workflow.source_state); nothing for other
    sources."""
    record = SOURCE_RECORDS.get(wildcards.dataset)
    return [] if record is None else [record]


def normalised_source_of(wildcards):
    """The dataset's source spec with its keys sorted: the order they are written in reruns
    nothing."""
    from fsstab.workflow.source_state import normalised_source

    return normalised_source(WF.datasets[wildcards.dataset].source)


# -- the stages' products (a wildcard such as "{dataset}" gives the rule's pattern) ----------


def get_dataset(dataset):
    """The prefiltered dataset (fsstab.datasets.read_dataset)."""
    return get_dataset_files(dataset)["parquet"]


def get_prefilter_report(dataset):
    """What the prefilter kept and dropped (fsstab.prefilter.write_prefilter_report)."""
    return f"{get_dataset_folder(dataset)}/prefilter.parquet"


def get_resamples(dataset):
    return f"{RESULTS}/{dataset}/resamples.parquet"


def get_similarity(dataset):
    """The feature-similarity matrix C of the adjusted measures."""
    return f"{RESULTS}/{dataset}/similarity.parquet"


def get_similarity_band(dataset, band):
    """One band of rows of C (fsstab.workflow.similarity: ``<k>-of-<jobs>``)."""
    return f"{RESULTS}/{dataset}/similarity/{band}.parquet"


def get_univariate(dataset):
    """Per-resample univariate statistics (Welch t, variance)."""
    return f"{RESULTS}/{dataset}/univariate.parquet"


def get_selection(dataset, config):
    """The gathered selection tables of one configuration: runs, features, timings."""
    folder = f"{RESULTS}/{dataset}/select/{config}"
    return {table: f"{folder}/{table}.parquet" for table in ("runs", "features", "timings")}


def get_calibration(dataset, config):
    """The C calibrated for a configuration (``calibrate_target_k``), shared by its chunks."""
    return f"{RESULTS}/{dataset}/select/{config}/calibration.json"


def get_chunk(dataset, config, chunk, table):
    """One selection job's table (runs, features or timings) of a chunk of resamples."""
    return f"{RESULTS}/{dataset}/select/{config}/chunks/{chunk}.{table}.parquet"


def get_runs(dataset, config):
    return get_selection(dataset, config)["runs"]


def get_features(dataset, config):
    return get_selection(dataset, config)["features"]


def get_timings(dataset, config):
    return get_selection(dataset, config)["timings"]


def get_config_stability(dataset, config):
    """The stability rows of one configuration on a dataset (its variants)."""
    return f"{RESULTS}/{dataset}/stability/{config}.parquet"


def get_stability(dataset):
    """The stability summary of a dataset: one row per (configuration, variant)."""
    return f"{RESULTS}/{dataset}/stability.parquet"


def get_summary():
    """The stability summaries of every dataset of the results folder, one table."""
    return f"{RESULTS}/summary.parquet"


def get_summary_csv():
    """The summary as a spreadsheet (results/summary.csv)."""
    return f"{RESULTS}/summary.csv"


def get_convergence(dataset):
    """φ and its interval on the first m = 1..M runs of every configuration."""
    return f"{RESULTS}/{dataset}/convergence.parquet"


def get_convergence_figure(dataset, extension):
    """The figure of :func:`get_convergence` (``pdf`` or ``png``)."""
    return f"{RESULTS}/{dataset}/figures/convergence.{extension}"


def convergence_inputs(wildcards):
    """The dataset's summary (its configurations and variants) and every configuration's
    gathered selections."""
    configs = [c.id for c in WF.configurations_for(wildcards.dataset)]
    return {
        "summary": get_stability(wildcards.dataset),
        "runs": [get_runs(wildcards.dataset, c) for c in configs],
        "features": [get_features(wildcards.dataset, c) for c in configs],
    }


def get_pareto(dataset):
    return f"{RESULTS}/{dataset}/pareto.parquet"


def get_nested_splits(dataset):
    """The outer splits of the nested evaluation (``evaluation.nested``)."""
    return f"{RESULTS}/{dataset}/nested/outer_splits.parquet"


def get_nested_inner(dataset, outer, config):
    """One configuration's stability rows on the inner resamples of an outer training part."""
    return f"{RESULTS}/{dataset}/nested/{outer}/stability/{config}.parquet"


def get_nested_fold(dataset, outer):
    """The choices of one outer training part and their scores on its outer test part."""
    return f"{RESULTS}/{dataset}/nested/{outer}/outer.parquet"


def get_nested(dataset):
    """The nested evaluation of a dataset (Parquet; the CSV beside it has the same stem)."""
    return f"{RESULTS}/{dataset}/nested.parquet"


def get_nested_csv(dataset):
    return f"{RESULTS}/{dataset}/nested.csv"


def get_nested_report(dataset):
    """The nested evaluation as an HTML table of the report."""
    return f"{RESULTS}/{dataset}/report/nested.html"


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


def get_stable_features(dataset):
    """The stable features of a dataset (Parquet; the CSV beside it has the same stem)."""
    return f"{RESULTS}/{dataset}/stable_features.parquet"


def get_stable_features_csv(dataset):
    return f"{RESULTS}/{dataset}/stable_features.csv"


def get_summary_report(dataset):
    """The dataset's accuracy and stability as an HTML table of the report."""
    return f"{RESULTS}/{dataset}/report/summary.html"


def get_stable_features_report(dataset):
    return f"{RESULTS}/{dataset}/report/stable_features.html"


def get_overview_report(dataset):
    """The dataset's overview page (its data, prefilter, resampling) of the report."""
    return f"{RESULTS}/{dataset}/report/overview.html"


def get_pareto_rank():
    return f"{RESULTS}/pareto_rank.parquet"


# -- the error-control stage (rules/error_control.smk; fsstab.workflow.error_control) ---------


def error_control_settings():
    """The ``error_control`` section (schema defaults filled in)."""
    return WF.error_control


def error_control_configs(dataset):
    """The ids of the configurations on ``dataset`` whose error control is reported."""
    from fsstab.workflow.error_control import checked_configurations

    labels = error_control_settings()["selectors"]
    return [c.id for c in checked_configurations(WF.configurations_for(dataset), labels)]


def get_error_control_fit(dataset, config):
    """A configuration's variants fitted on all samples: discoveries and promise."""
    return f"{RESULTS}/{dataset}/error_control/{config}/fit.parquet"


def get_error_control_counts(dataset, config, fits):
    """The selection counts of a chunk (``s<first>-<last>``) of the subsample fits of a
    configuration's fit on all samples."""
    return f"{RESULTS}/{dataset}/error_control/{config}/counts/{fits}.parquet"


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


def get_planted_nulls(dataset, config, chunk):
    """The planted-null reruns of a chunk (``r<first>-<last>``) of a configuration."""
    return f"{RESULTS}/{dataset}/error_control/{config}/planted/{chunk}.parquet"


def planted_chunks():
    """Chunk ids of the planted-null reruns (none when ``n_repeats`` is 0)."""
    from fsstab.workflow.chunks import chunk_ids

    settings = error_control_settings()["planted_nulls"]
    if not settings["n_repeats"]:
        return ()
    return chunk_ids(settings["n_repeats"], settings["chunk_size"])


def get_error_control(dataset):
    """The dataset's error-control tables: summary and discoveries (Parquet and CSV)."""
    folder = f"{RESULTS}/{dataset}/error_control"
    return {
        f"{table}_{ext}": f"{folder}/{table}.{ext}"
        for table in ("summary", "discoveries")
        for ext in ("parquet", "csv")
    }


def get_error_control_figure(dataset, extension):
    """The error-control figure of a dataset (``pdf`` or ``png``): selection probabilities
    against the threshold with the bound or FDP+."""
    return f"{RESULTS}/{dataset}/error_control/figure.{extension}"


def get_error_control_report(dataset):
    """The error-control tables as an HTML table of the report."""
    return f"{RESULTS}/{dataset}/report/error_control.html"


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


def planted_chunk_reruns(wildcards):
    """The reruns of the job's planted-null chunk (resource functions)."""
    return len(chunk_range(wildcards.chunk))


def other_configurations_summaries():
    """The stability summaries other configurations left in this results folder (datasets
    this configuration does not name): results/summary.* and the rank table describe the
    whole folder, so that a run never drops another configuration's rows."""
    from fsstab.workflow.folder import other_summaries

    return other_summaries(RESULTS, WF.datasets)


# -- a paper's files (fsstab.workflow.config.PaperConfig) -------------------------------------


def paper_rules(name):
    """rules/paper_<name>.smk: the workflow reaches a paper through its rules file only."""
    folder = WORKFLOW_DIR / "rules"
    path = folder / f"paper_{name}.smk"
    if not path.is_file():
        stems = [p.stem.removeprefix("paper_") for p in folder.glob("paper_*.smk")]
        known = sorted(s for s in stems if not any(s.startswith(f"{o}_") for o in stems))
        raise ConfigError(
            [
                f"paper.name: no paper {name!r} (no rules/paper_{name}.smk); "
                f"known papers: {', '.join(known)}"
            ]
        )
    return path


def get_paper_table(stem):
    """[<stem>.csv, <stem>.parquet] under the paper's output folder."""
    return WF.paper.table(stem)


def get_paper_figure(stem):
    """[<stem>.pdf, <stem>.png] under the paper's output folder."""
    return WF.paper.figure(stem)


def get_paper_file(stem, extension):
    return WF.paper.file(stem, extension)


def get_paper_work(path):
    """An intermediate file of the paper: <output folder>/work/<path>."""
    return WF.paper.work(path)


def get_paper_log(step):
    return WF.paper.log(step)


def get_paper_benchmark(step):
    return WF.paper.benchmark(step)


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


def get_dataset_select_outputs(dataset):
    """Every configuration's chunk tables of ``dataset`` and, when the job calibrates them,
    the calibrations (rule select_<dataset>)."""
    configs = [c.id for c in WF.configurations_for(dataset)]
    chunk = dataset_select_chunk(dataset)
    outputs = {
        table: [get_chunk(dataset, c, chunk, table) for c in configs]
        for table in ("runs", "features", "timings")
    }
    if calibrates_in_selection_job(dataset):
        outputs["calibration"] = [
            get_calibration(dataset, c) for c in calibrated_configurations(dataset)
        ]
    return outputs


def gathered_chunks(dataset, table):
    """The chunk files of ``table`` (runs, features or timings) of every configuration of
    ``dataset``, configuration by configuration, each in the order of its chunks."""
    return [
        get_chunk(dataset, c.id, chunk, table)
        for c in WF.configurations_for(dataset)
        for chunk in WF.chunks_for(dataset)
    ]


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


def get_dataset_figure_stems(dataset):
    """The figures of ``dataset`` by kind, as output paths without extension: the summary,
    one Pareto plot per Pareto measure, one trajectory per selector with a varied parameter,
    one feature stability map per configuration (if ``figures.feature_maps``)."""
    folder = f"{RESULTS}/{dataset}/figures"
    maps = WF.configurations_for(dataset) if WF.feature_maps else ()
    return {
        "summary": f"{folder}/summary",
        "pareto": {m: f"{folder}/pareto/{m}" for m in WF.pareto_measures},
        "trajectories": {s: f"{folder}/trajectories/{s}" for s in WF.trajectory_selectors(dataset)},
        "feature_maps": {c.id: f"{folder}/feature_maps/{c.id}" for c in maps},
    }


def score_label_of(dataset):
    """The score's name and how it was measured, for the figures' axes and the report
    ("out-of-bag accuracy"; "... on held-out patients" when the samples' groups are the
    column patient)."""
    from fsstab.workflow.data import sample_groups_column
    from fsstab.workflow.labels import score_label

    return score_label(
        WF.resampling_for(dataset)["scheme"],
        groups=sample_groups_column(WF.datasets[dataset].source),
    )


def get_figure_targets(dataset):
    stems = get_dataset_figure_stems(dataset)
    every = [stems["summary"]]
    for kind in ("pareto", "trajectories", "feature_maps"):
        every += stems[kind].values()
    return [f"{stem}.{ext}" for stem in every for ext in ("pdf", "png")]


def get_figure_outputs(dataset):
    """:func:`get_figure_targets` with each PNG marked for ``snakemake --report``."""
    stems = get_dataset_figure_stems(dataset)

    def pair(stem, caption, category, labels, subcategory=dataset):
        png = report(
            f"{stem}.png",
            caption=f"../report/{caption}.rst",
            category=category,
            subcategory=subcategory,
            labels={"dataset": dataset, **labels},
        )
        return [f"{stem}.pdf", png]

    outputs = pair(stems["summary"], "summary", "Summary figures", {}, subcategory=None)
    for measure, stem in stems["pareto"].items():
        outputs += pair(stem, "pareto", "Pareto fronts", {"measure": measure})
    for selector, stem in stems["trajectories"].items():
        outputs += pair(stem, "trajectory", "Stability versus parameters", {"selector": selector})
    for config_id, stem in stems["feature_maps"].items():
        outputs += pair(stem, "feature_map", "Feature stability maps", {"configuration": config_id})
    return outputs


#: Targets of a paper's rules (rules/paper_<name>.smk appends to it when included).
PAPER_TARGETS = []


def final_outputs():
    """The generic stages' outputs for every dataset that selectors run on (none without
    selectors: a paper configuration whose own rules do all the work) and the paper's
    targets."""
    if not WF.configurations:
        return list(PAPER_TARGETS)
    outputs = [
        get_summary(),
        get_summary_csv(),
        get_pareto_rank(),
    ]
    for dataset in WF.selected_datasets:
        outputs.append(get_pareto(dataset))
        # every configuration's stability table: one job writes them all with the summary, and
        # Snakemake reruns a job for a missing output only when that output is asked for
        outputs += [get_config_stability(dataset, c.id) for c in WF.configurations_for(dataset)]
        if WF.nested is not None:
            outputs.append(get_nested(dataset))
        # (a paper run tabulates what its paper does; its stable features are a target away)
        if WF.paper is None:
            outputs.append(get_stable_features(dataset))
            outputs.append(get_convergence(dataset))
        if WF.dataset_figures:
            outputs += get_figure_targets(dataset)
            if WF.paper is None:
                outputs.append(get_summary_report(dataset))
        if error_control_configs(dataset):
            outputs += list(get_error_control(dataset).values())
            outputs.append(get_error_control_report(dataset))
    return outputs + PAPER_TARGETS
