# Shared helpers: the validated configuration and the paths of every stage's products (get_*:
# the one place a path is spelled; rules, paper rules included, take paths from here). The
# stages' input and resource functions: rules/inputs.smk, included at the end.

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


# -- the error-control stage's products (rules/error_control.smk) ----------------------------


def get_error_control_fit(dataset, config):
    """A configuration's variants fitted on all samples: discoveries and promise."""
    return f"{RESULTS}/{dataset}/error_control/{config}/fit.parquet"


def get_error_control_counts(dataset, config, fits):
    """The selection counts of a chunk (``s<first>-<last>``) of the subsample fits of a
    configuration's fit on all samples."""
    return f"{RESULTS}/{dataset}/error_control/{config}/counts/{fits}.parquet"


def get_planted_nulls(dataset, config, chunk):
    """The planted-null reruns of a chunk (``r<first>-<last>``) of a configuration."""
    return f"{RESULTS}/{dataset}/error_control/{config}/planted/{chunk}.parquet"


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


include: "inputs.smk"
