"""Memory (``mem_mb``) and run time (``runtime``, minutes) of every job from the size of its data.

Snakemake evaluates a rule's resource functions when the job is about to be scheduled, with its
input files present (and once earlier, while the inputs may still be missing: then the shape
is unknown and a default is used). The SLURM profile passes the values to ``sbatch``, so a job
asks for what it needs: a cluster that enforces memory limits kills a job that exceeds them.

With ``S = n d · 8 B`` the size of the dataset matrix a job reads (n and d from the
``provenance.json`` beside ``dataset.parquet``), ``F`` the size of a job's other input files, M the
resamples, ``M_c`` those of a selection chunk, ``R_c`` the planted-null reruns of a chunk, m the
copies each rerun appends (``min(d, 1000)`` unless configured), J the similarity jobs and K
the configurations of a dataset (one stability job measures them all, one after the other):

===================  ==============================================  ========================
rule                 mem_mb                                          runtime (min)
===================  ==============================================  ========================
fetch                B + 3 F (Parquet: 6 F; downloads: 4,000)        10 + F / 50 MB
prefilter            B + 3.5 S                                       10 + passes(4)
resample             B + 1.5 S                                       10 + passes(2)
univariate           B + 2 S                                         10 + M · passes(2)
similarity_band      B + 5 S (d ≤ 32,768); B + 1.6 S + 300           10 + n d² / J / 10⁹ / 60
similarity           as a band with J = 1; gathering: B + 40 F       as a band; 10
calibrate            B + 2.2 S + min(1 GiB, M S) + 5 M d · 8 B       10 + 40 M · passes(6)
select               B + 3.5 S                                       10 + M_c · passes(60)
error_control_fit    B + 3.5 S                                       10 + passes(60)
planted_nulls        B + S + 3.5 S (d + m) / d                       10 + R_c (d+m)/d passes(60)
stability            B + 4 M d · 8 B + 20 F                          10 + K M d / 10⁶
convergence          B + 40 F                                        10 + M F / 10 MB
nested_inner         B + 5 S + min(1 GiB, M S) + 9 M d · 8 B         10 + 40 M · passes(6)
                                                                     + M · passes(60)
                                                                     + n d² / 10⁹ / 60
nested_*             at least the prefilter's (unfiltered S)         plus the prefilter's
tables, figures      B + 20 F + 200 d · 8 B                          10 + F / 10 MB
analysis             B + 3.5 S + 20 F                                10 + passes(60) + F / 10 MB
===================  ==============================================  ========================

The nested jobs fit the prefilter on their outer training part, so they read the unfiltered
dataset too (its own S): their memory is the larger of their stage's and the prefilter's,
their run time the sum (:func:`largest`, :func:`summed`).

``analysis`` is a paper's step on stored datasets and the tables of the stages (``S``: its
datasets' matrices together). A paper's step whose work its settings set rather than its
inputs (a simulation, the toy examples, repeated fits of the paper's designs) asks for the
budget of its kind, :data:`BUDGETS` (``mem_mb``, minutes)::

    toy_examples            2,000    10   exact values on the papers' toy sets
    exhaustive_small        4,000    30   every pair or subset of small simulated sets
    simulation              2,000    60   a simulation over a grid of the settings
    simulation_study        4,000   600   a simulation study or a chunk of its replications
    simulation_study_large  8,000  1440   the same with large simulated designs
    data_study              4,000   600   repeated fits, filters or timings on a real dataset
    data_study_large        8,000  1440   the same on the paper's largest datasets and grids

``B`` = 600 MB (Python with NumPy, pandas, scikit-learn and PyArrow), ``passes(k)`` = the
minutes of k passes over S at 100 MB/s: a slow, shared node (this machine does 30 to 100 times
that); the float32 products run at 10⁹ flop/s (this machine: 1.5 · 10¹¹). Requests are rounded
up to 100 MB and whole minutes. A selector's ``resources:`` in the configuration replace the
calibrate and select values.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

__all__ = [
    "BASE_MB",
    "BUDGETS",
    "FORMULAS",
    "dataset_shape",
    "job_memory_mb",
    "job_runtime_min",
    "largest",
    "memory",
    "runtime",
    "summed",
]

#: Memory of a job's Python process before it reads any data.
BASE_MB = 600
#: Bytes per second of a pass over the data and flops per second of the similarity products
#: assumed for a slow, shared cluster node.
PASS_RATE, GEMM_RATE = 1e8, 1e9
#: The largest d computed in whole-row bands (fsstab.similarity.WHOLE_ROW_MAX_D).
_WHOLE_ROW_MAX_D = 1 << 15
#: Memory of a job whose inputs do not exist yet (re-evaluated before it is scheduled).
_UNKNOWN_MB, _UNKNOWN_MIN = 4000, 60

_MB = 2**20

#: The stages whose requests follow from their data (the table of the module docstring).
FORMULAS = ("fetch", "prefilter", "resample", "univariate", "similarity_band",
            "similarity_gather", "calibrate", "select", "planted_nulls", "stability",
            "convergence", "analysis", "nested_inner", "tables")

#: Kind of step -> (``mem_mb``, minutes) for a paper's steps whose work their settings set,
#: not the size of their inputs (the module docstring).
BUDGETS: dict[str, tuple[int, int]] = {
    "toy_examples": (2000, 10),
    "exhaustive_small": (4000, 30),
    "simulation": (2000, 60),
    "simulation_study": (4000, 600),
    "simulation_study_large": (8000, 1440),
    "data_study": (4000, 600),
    "data_study_large": (8000, 1440),
}


def dataset_shape(path: str | os.PathLike[str]) -> tuple[int, int] | None:
    """``(n, d)`` of a stored dataset (its ``provenance.json``), or None if not written yet."""
    parquet = Path(path)
    provenance = parquet.parent / "provenance.json"
    if parquet.suffix == ".parquet" and parquet.name != "dataset.parquet":
        provenance = parquet.with_name(parquet.stem + ".provenance.json")
    try:
        record = json.loads(provenance.read_text(encoding="utf-8"))
        return int(record["n"]), int(record["d"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _size_mb(paths: Iterable[str | os.PathLike[str]]) -> float:
    total = 0
    for path in paths:
        try:
            total += os.path.getsize(path)
        except OSError:
            continue
    return total / _MB


def _widened(d: int, planted: int | None) -> float:
    """(d + m) / d: the width of the data with m planted copies (m = min(d, 1000) if None)."""
    m = min(d, 1000) if planted is None else planted
    return (d + m) / d if d else 1.0


def job_memory_mb(stage: str, *, n: int, d: int, files_mb: float = 0.0, n_resamples: int = 1,
                  jobs: int = 1, parquet: bool = False, planted: int | None = None) -> int:
    """``mem_mb`` of a job of ``stage`` (the table of the module docstring)."""
    S = n * d * 8 / _MB
    vector = d * 8 / _MB
    mb = {
        "fetch": 3 * files_mb * (2 if parquet else 1),
        "prefilter": 3.5 * S,
        "resample": 1.5 * S,
        "univariate": 2 * S,
        "similarity_band": 5 * S if d <= _WHOLE_ROW_MAX_D else 1.6 * S + 300,
        "similarity_gather": 40 * files_mb,
        "calibrate": 2.2 * S + min(1024, n_resamples * S) + 5 * n_resamples * vector,
        "select": 3.5 * S,
        "planted_nulls": S + 3.5 * S * _widened(d, planted),
        "stability": 4 * n_resamples * vector + 20 * files_mb,
        "convergence": 40 * files_mb,
        "analysis": 3.5 * S + 20 * files_mb,
        "nested_inner": 5 * S + min(1024, n_resamples * S) + 9 * n_resamples * vector,
        "tables": 20 * files_mb + 200 * vector,
    }[stage]
    return int(math.ceil((BASE_MB + mb) / 100) * 100)


def job_runtime_min(stage: str, *, n: int, d: int, files_mb: float = 0.0, n_resamples: int = 1,
                    jobs: int = 1, planted: int | None = None, configurations: int = 1) -> int:
    """``runtime`` (minutes) of a job of ``stage`` (the table of the module docstring);
    ``configurations``: K, the configurations one stability job measures."""

    def passes(k: float) -> float:
        return k * n * d * 8 / PASS_RATE / 60

    minutes = {
        "fetch": files_mb / 50,
        "prefilter": passes(4),
        "resample": passes(2),
        "univariate": n_resamples * passes(2),
        "similarity_band": n * d * d / jobs / GEMM_RATE / 60 + passes(2),
        "similarity_gather": 0.0,
        "calibrate": 40 * n_resamples * passes(6),
        "select": n_resamples * passes(60),
        "planted_nulls": n_resamples * _widened(d, planted) * passes(60),
        "stability": configurations * n_resamples * d / 1e6,
        "convergence": n_resamples * files_mb / 10,
        "analysis": passes(60) + files_mb / 10,
        "nested_inner": 40 * n_resamples * passes(6) + n_resamples * passes(60)
        + n * d * d / GEMM_RATE / 60,
        "tables": files_mb / 10,
    }[stage]
    return math.ceil(10 + minutes)


def _inputs(input: Any, key: str) -> list[str]:
    """The files of ``input[key]``; ``"*"``: every input but a dataset's matrix (the table
    rules read only its feature names)."""
    if key == "*":
        return [str(p) for p in input if not str(p).endswith("dataset.parquet")]
    value = getattr(input, key, None)
    if value is None:
        return []
    return [value] if isinstance(value, str) else [str(p) for p in value]


def _datasets_shape(input: Any) -> tuple[int, int] | None:
    """``(n, d)`` standing for every stored dataset among the inputs together: d of the widest,
    n such that n d is the number of their values (None if one is not written yet)."""
    shapes = [dataset_shape(p) for p in map(str, input) if p.endswith("dataset.parquet")]
    if any(shape is None for shape in shapes):
        return None
    if not shapes:
        return (0, 0)
    d = max(shape[1] for shape in shapes)
    cells = sum(shape[0] * shape[1] for shape in shapes)
    return (math.ceil(cells / d) if d else 0, d)


def _arguments(wildcards: Any, input: Any, dataset: str | None, files: str | None,
               resamples: Callable[[Any], int] | None,
               jobs: Callable[[Any], int] | None,
               planted: int | None = None) -> dict[str, Any] | None:
    """The keyword arguments of job_memory_mb / job_runtime_min, None if the dataset is not
    written yet."""
    shape = (0, 0)
    if dataset == "*":
        found = _datasets_shape(input)
        if found is None:
            return None
        shape = found
    elif dataset is not None:
        paths = _inputs(input, dataset)
        found = dataset_shape(paths[0]) if paths else None
        if found is None:
            return None
        shape = found
    paths = _inputs(input, files) if files is not None else []
    arguments: dict[str, Any] = {"n": shape[0], "d": shape[1], "files_mb": _size_mb(paths)}
    if resamples is not None:
        arguments["n_resamples"] = resamples(wildcards)
    if jobs is not None:
        arguments["jobs"] = jobs(wildcards)
    if planted is not None:
        arguments["planted"] = planted
    return arguments


def memory(stage: str, *, dataset: str | None = "dataset", files: str | None = None,
           resamples: Callable[[Any], int] | None = None,
           jobs: Callable[[Any], int] | None = None,
           planted: int | None = None) -> Callable[..., int] | int:
    """A Snakemake ``mem_mb`` function for ``stage``: the shape of the input ``dataset`` (a
    key of the job's input, or ``"*"``: every stored dataset among the inputs), the size of
    the input files ``files`` (a key, or ``"*"``: all), M and J from callables of the
    wildcards, m (``planted``; None: ``min(d, 1000)``); for a kind of :data:`BUDGETS`, its
    budget, a number (Snakemake evaluates a function once per job: a dry run of thousands of
    jobs would spend seconds on constants).

    Examples
    --------
    >>> memory("simulation")
    2000
    >>> memory("tables", dataset=None, files="*")(None, [])
    600
    """
    _check_stage(stage)
    if stage in BUDGETS:
        return BUDGETS[stage][0]

    def mem_mb(wildcards: Any, input: Any) -> int:
        arguments = _arguments(wildcards, input, dataset, files, resamples, jobs, planted)
        if arguments is None or (stage == "fetch" and not _inputs(input, files or "*")):
            return _UNKNOWN_MB  # not written yet, or a download of unknown size
        if stage == "fetch":
            arguments["parquet"] = any(f.endswith(".parquet") for f in _inputs(input, "*"))
        return job_memory_mb(stage, **arguments)

    return mem_mb


def runtime(stage: str, *, dataset: str | None = "dataset", files: str | None = None,
            resamples: Callable[[Any], int] | None = None,
            jobs: Callable[[Any], int] | None = None,
            planted: int | None = None, configurations: int = 1) -> Callable[..., int] | int:
    """A Snakemake ``runtime`` function for ``stage`` (arguments as :func:`memory`; a
    budget's minutes as a number; ``configurations`` as :func:`job_runtime_min`).

    Examples
    --------
    >>> runtime("simulation_study_large")
    1440
    >>> runtime("tables", dataset=None, files="*")(None, [])
    10
    """
    _check_stage(stage)
    if stage in BUDGETS:
        return BUDGETS[stage][1]

    def runtime_min(wildcards: Any, input: Any) -> int:
        arguments = _arguments(wildcards, input, dataset, files, resamples, jobs, planted)
        if arguments is None:
            return _UNKNOWN_MIN
        return job_runtime_min(stage, **arguments, configurations=configurations)

    return runtime_min


def largest(*functions: Callable[..., int]) -> Callable[..., int]:
    """A resource function giving the largest value of ``functions`` (resource functions of
    this module) for a job.

    Examples
    --------
    >>> from fsstab.workflow.resources import largest
    >>> largest(lambda wildcards, input: 700, lambda wildcards, input: 900)(None, None)
    900
    """

    def resource(wildcards: Any, input: Any) -> int:
        return max(function(wildcards, input) for function in functions)

    return resource


def summed(*functions: Callable[..., int]) -> Callable[..., int]:
    """A resource function giving the sum of ``functions``' values for a job (run times of
    steps one job does one after the other).

    Examples
    --------
    >>> from fsstab.workflow.resources import summed
    >>> summed(lambda wildcards, input: 10, lambda wildcards, input: 12)(None, None)
    22
    """

    def resource(wildcards: Any, input: Any) -> int:
        return sum(function(wildcards, input) for function in functions)

    return resource


def _check_stage(stage: str) -> None:
    if stage not in FORMULAS and stage not in BUDGETS:
        raise ValueError(
            f"resources: no formula or budget {stage!r}; formulas: {', '.join(FORMULAS)}; "
            f"budgets: {', '.join(BUDGETS)}"
        )
