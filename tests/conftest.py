"""Shared fixtures: the location of ../shared (papers, datasets) and of the reference values
shipped under tests/data/reference."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("FSSTAB_SHARED", REPO.parent / "shared")).resolve()
#: The reference values of the measures, shipped with the tests (see its README.md for their
#: source); the tests that use them never skip.
REFERENCE = REPO / "tests" / "data" / "reference"
#: The folders of the tests by area. A test module may import a neighbour's helpers by module
#: name (``from test_docs import python_blocks``) across areas: every area is on sys.path.
AREAS = ("error_control", "library", "measures", "outcomes", "resampling", "selectors", "sources",
         "structure", "workflow")
for _area in AREAS:
    if str(REPO / "tests" / _area) not in sys.path:
        sys.path.append(str(REPO / "tests" / _area))


def _require(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"{path} not available (set FSSTAB_SHARED to the shared/ folder)")
    return path


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    return _require(SHARED)


@pytest.fixture(scope="session")
def reference_dir() -> Path:
    return REFERENCE


@pytest.fixture(scope="session")
def datasets_dir(shared_dir: Path) -> Path:
    return _require(shared_dir / "datasets")


@pytest.fixture(scope="session")
def stability_scenarios(reference_dir: Path) -> list[dict]:
    return json.loads((reference_dir / "stability_scenarios.json").read_text())


@pytest.fixture(scope="session")
def stability_values(reference_dir: Path) -> dict:
    data = json.loads((reference_dir / "stability_values.json").read_text())
    return data.get("values", data)


@pytest.fixture(scope="session")
def nogueira_inference(reference_dir: Path) -> dict:
    return json.loads((reference_dir / "nogueira_inference.json").read_text())


# --------------------------------------------------------------------------------------------
# Running the Snakemake workflow (tests marked `workflow` and `cluster`)
# --------------------------------------------------------------------------------------------

TINY_CONFIG = REPO / ".test" / "config" / "config.yaml"

# snakemake-executor-plugin-slurm (the `slurm` extra) runs `scontrol show config` when it is
# imported, i.e. at every snakemake start, with a 10 s timeout. Where the SLURM client is
# installed and configured but no controller answers, every start would wait ~9 s. Local runs
# never talk to SLURM, so they get a configuration whose controller is unreachable at once; the
# cluster test passes its own (and tests/cluster/stop_slurm.sh removes the configuration
# start_slurm.sh wrote, so that a plain snakemake does not wait either).
NO_CONTROLLER_SLURM_CONF = (
    "# written by tests/conftest.py: local snakemake runs of the tests use no SLURM\n"
    "ClusterName=fsstab-tests-local\nSlurmctldHost=localhost\nSlurmctldPort=1\n"
    "MessageTimeout=1\n"
)


def _no_controller_slurm_conf() -> str:
    import tempfile

    path = Path(tempfile.gettempdir()) / f"fsstab-tests-no-slurm-{os.getuid()}.conf"
    if not path.exists() or path.read_text() != NO_CONTROLLER_SLURM_CONF:
        path.write_text(NO_CONTROLLER_SLURM_CONF)
    return str(path)


def run_snakemake(workdir: Path, *args: str, env: dict | None = None, timeout: int = 900):
    """Run the project's Snakefile in ``workdir`` (which holds config/config.yaml); downloads
    are cached inside ``workdir``. No install is needed: the Snakefile puts its own ``src/``
    first on the path of the workflow and of every job."""
    import shutil
    import subprocess
    import sys

    executable = shutil.which("snakemake")
    command = [executable] if executable else [sys.executable, "-m", "snakemake"]
    command += ["-s", str(REPO / "Snakefile"), "--directory", str(workdir), *args]
    environment = dict(os.environ)
    environment["FSSTAB_CACHE"] = str(workdir / "cache")
    environment.pop("FSSTAB_MIRROR", None)
    if shutil.which("scontrol"):
        environment["SLURM_CONF"] = _no_controller_slurm_conf()
    environment.update(env or {})
    return subprocess.run(command, capture_output=True, text=True, env=environment,
                          timeout=timeout, check=False)


def workflow_dir(root: Path, config: dict) -> Path:
    """A working directory with ``config/config.yaml`` holding ``config``."""
    import yaml

    (root / "config").mkdir(parents=True, exist_ok=True)
    (root / "config" / "config.yaml").write_text(yaml.safe_dump(config, sort_keys=False))
    return root


def tiny_config() -> dict:
    import yaml

    return yaml.safe_load(TINY_CONFIG.read_text())


#: The console output of each tiny run (tiny_run_output).
_TINY_OUTPUT: dict[Path, str] = {}


@pytest.fixture(scope="session")
def tiny_run(tmp_path_factory) -> Path:
    """The tiny configuration run once, locally, with 2 cores (shared by the workflow tests,
    which only read it; a test that writes into a run copies it). The selection jobs print a
    progress line after every resample (``FSSTAB_PROGRESS_SECONDS=0``: console output only,
    no table changes), which the tests of the console output read (tiny_run_output)."""
    workdir = workflow_dir(tmp_path_factory.mktemp("tiny_local"), tiny_config())
    result = run_snakemake(workdir, "--cores", "2", env={"FSSTAB_PROGRESS_SECONDS": "0"})
    assert result.returncode == 0, result.stderr[-5000:]
    _TINY_OUTPUT[workdir] = result.stdout + result.stderr
    return workdir


def tiny_run_output(workdir: Path) -> str:
    """What the run of :func:`tiny_run` printed (stdout and stderr)."""
    return _TINY_OUTPUT[workdir]


# --------------------------------------------------------------------------------------------
# The cluster test's system packages, said out loud (issue 16)
# --------------------------------------------------------------------------------------------

CLUSTER_PACKAGES = ("slurm-wlm", "munge")


def cluster_setup_note() -> str:
    """What tests/cluster/start_slurm.sh will do to this machine for the `cluster` tests."""
    import shutil

    installed = shutil.which("slurmctld") and shutil.which("munged")
    packages = " and ".join(CLUSTER_PACKAGES)
    if installed:
        return (f"cluster tests: SLURM is installed ({shutil.which('slurmctld')}); "
                "tests/cluster/start_slurm.sh starts a single-node SLURM on 127.0.0.1 and "
                "stop_slurm.sh stops it")
    if os.geteuid() == 0 and shutil.which("apt-get"):
        return (f"cluster tests: will install the Debian packages {packages} with apt-get "
                "(running as root; tests/cluster/start_slurm.sh) and start a single-node SLURM "
                "on 127.0.0.1, stopped afterwards; leave out -m cluster to skip them")
    return (f"cluster tests: {packages} are not installed and cannot be (needs root and "
            "apt-get): the cluster tests will be skipped")


def cluster_selected(markexpr: str) -> bool:
    """Whether ``-m`` asks for the cluster tests (they are opt-in: pyproject's addopts
    deselect them, and ``-m cluster`` -- the last ``-m`` wins -- selects them)."""
    words = markexpr.replace("(", " ").replace(")", " ").split()
    return any(word == "cluster" and (i == 0 or words[i - 1] != "not")
               for i, word in enumerate(words))


def pytest_report_header(config):
    if not cluster_selected(config.getoption("markexpr") or ""):
        return ("cluster tests: not selected (opt-in: python3 -m pytest -m cluster; as root "
                "without SLURM they install slurm-wlm and munge with apt-get)")
    return cluster_setup_note()


def pytest_configure(config):
    # Every Snakemake run and every job of the suite is a fresh interpreter importing fsstab.
    # Where PYTHONDONTWRITEBYTECODE is set (some containers set it) none of them writes the
    # modules' bytecode, and each compiles again what it imports; compiled once here (by the
    # controller, before the workers start), they load it, as on a stock system.
    if os.environ.get("PYTHONDONTWRITEBYTECODE") and not hasattr(config, "workerinput"):
        import compileall

        compileall.compile_dir(str(Path(__file__).resolve().parents[1] / "src"), quiet=2)


# -- the parallel run (pytest-xdist, pyproject's addopts: -n auto --dist loadgroup) ------------


def shared_run_group(item) -> str | None:
    """The xdist group of a test that reads a run shared with other tests: a module- or
    session-scoped fixture writing files (it takes ``tmp_path_factory``: a Snakemake run, a
    mirror of the datasets). Its tests go to one worker, so that the run is made once, not
    once per worker that gets one of them."""
    info = item._fixtureinfo
    shared = []
    for name in item.fixturenames:
        definitions = info.name2fixturedefs.get(name)
        if not definitions:
            continue
        definition = definitions[-1]
        if definition.scope in ("module", "package", "session") and \
                "tmp_path_factory" in definition.argnames:
            shared.append((definition.scope != "session", name))
    if not shared:
        return None
    # the broadest run: a module's run made from a session's goes where the session's is
    module_scoped, name = min(shared)
    return f"{item.module.__name__}::{name}" if module_scoped else name


def _runs_workflow(item) -> bool:
    return item.get_closest_marker("workflow") is not None or shared_run_group(item) is not None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    # the tests that share a run are grouped on one worker (--dist loadgroup; before xdist
    # reads the marks, hence tryfirst), and the tests that start Snakemake -- the longest --
    # are handed out first, so that the two workers finish together instead of one running
    # the last long test alone (a stable sort: the order within each part is unchanged)
    for item in items:
        group = shared_run_group(item)
        if group is not None and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(group))
    items.sort(key=lambda item: not _runs_workflow(item))


# -- paper configurations (tests/papers/<paper>/ and the slow end-to-end runs) -----------------

PNG = b"\x89PNG\r\n\x1a\n"


def paper_config(name: str) -> dict:
    """``config/paper/<name>.yaml`` as a dict."""
    import yaml

    return yaml.safe_load((REPO / "config" / "paper" / f"{name}.yaml").read_text())


def paper_workflow(name: str, change=None):
    """The checked WorkflowConfig of ``config/paper/<name>.yaml``, after ``change(raw)`` (a
    function editing the configuration dict in place) if given: what a paper's settings are
    checked against."""
    from fsstab.workflow.config import check_config, load_schema, validate_schema

    raw = paper_config(name)
    if change is not None:
        change(raw)
    schema = load_schema(REPO / "config" / "schemas" / "config.schema.yaml")
    return check_config(validate_schema(raw, schema))


def load_tool(name: str):
    """The module of ``tools/<name>.py`` (the tools are scripts, not a package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, REPO / "tools" / f"{name}.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def run_paper(tmp_path: Path, config: dict, datasets_dir: Path, timeout: int = 1800) -> Path:
    """Run a paper configuration (data from the local mirror) and return its working folder."""
    import copy

    config = copy.deepcopy(config)
    config["mirror"] = str(datasets_dir)
    workdir = workflow_dir(tmp_path, config)
    result = run_snakemake(workdir, "--cores", "2", timeout=timeout)
    assert result.returncode == 0, result.stderr[-5000:]
    return workdir


def read_table(path: Path):
    """A Parquet table of a run as a DataFrame."""
    from fsstab.io import read_parquet

    return read_parquet(path)[0].to_pandas()


def check_figures(folder: Path, stems: list[str]) -> None:
    """Every figure is there as PNG and PDF."""
    for stem in stems:
        assert (folder / f"{stem}.png").read_bytes().startswith(PNG), stem
        assert (folder / f"{stem}.pdf").read_bytes().startswith(b"%PDF"), stem


def selection_matrix(workdir: Path, dataset: str, configuration: str, d: int):
    """The M x d selection matrix of a configuration's gathered runs, written out by hand from
    its tables (independent of fsstab.workflow.stability.run_matrices)."""
    import numpy as np

    folder = workdir / "results" / dataset / "select" / configuration
    features, runs = read_table(folder / "features.parquet"), read_table(folder / "runs.parquet")
    Z = np.zeros((runs["resample"].nunique(), d), dtype=bool)
    chosen = features[features["selected"]]
    Z[chosen["resample"], chosen["feature"]] = True
    return Z


def check_published_results(out: Path, published: Path, *, volatile=None) -> None:
    """Every file published from a reduced run (``docs/papers/<paper>/reduced/``, written by
    ``tools/publish_paper_results.py``) is reproduced byte for byte by the rerun in ``out``
    (``results/paper/<paper>/``). Exact: the reduced runs are seeded and bit-deterministic;
    a change of a number is a change of a result, to be published again on purpose.

    ``volatile``: {CSV file name: predicate(row as a dict) -> bool} for rows whose values rest
    on measured run times (a shared machine: not reproducible). Such a row must be there, in
    the same place, with the same first cell (and ``dataset``); its other cells may differ.
    When ``conclusions.csv`` has volatile rows, ``conclusions.md``'s lines of those claims are
    checked the same way, and of its count line only the number of claims."""
    import csv
    import difflib
    import io

    volatile = dict(volatile or {})
    files = sorted(p for p in published.iterdir() if p.is_file())
    assert files, f"nothing published in {published}"
    volatile_keys: set[str] = set()
    if "conclusions.csv" in volatile and (published / "conclusions.csv").is_file():
        with (published / "conclusions.csv").open(encoding="utf-8", newline="") as handle:
            volatile_keys = {row["key"] for row in csv.DictReader(handle)
                             if volatile["conclusions.csv"](row)}
    for path in files:
        ours = (out / path.name).read_text(encoding="utf-8")
        expected = path.read_text(encoding="utf-8")
        if path.name in volatile:
            _check_rows(path.name, list(csv.DictReader(io.StringIO(ours))),
                        list(csv.DictReader(io.StringIO(expected))), volatile[path.name])
            continue
        if path.name == "conclusions.md" and volatile_keys:
            _check_markdown_lines(ours.splitlines(), expected.splitlines(), volatile_keys)
            continue
        if ours != expected:
            diff = "".join(list(difflib.unified_diff(
                expected.splitlines(keepends=True), ours.splitlines(keepends=True),
                fromfile=f"published/{path.name}", tofile=f"rerun/{path.name}"))[:40])
            raise AssertionError(f"{path.name} differs from {path}:\n{diff}")


def _check_rows(name, ours, expected, is_volatile) -> None:
    """``check_published_results`` for a CSV with volatile rows."""
    assert len(ours) == len(expected), f"{name}: {len(ours)} rows, published {len(expected)}"
    for k, (mine, theirs) in enumerate(zip(ours, expected, strict=True)):
        assert list(mine) == list(theirs), f"{name}: columns {list(mine)} != {list(theirs)}"
        if is_volatile(theirs):
            identity = [next(iter(theirs)), *(["dataset"] if "dataset" in theirs else [])]
            assert [mine[c] for c in identity] == [theirs[c] for c in identity], \
                f"{name} row {k + 1}: {[mine[c] for c in identity]} != published " \
                f"{[theirs[c] for c in identity]}"
        else:
            assert mine == theirs, f"{name} row {k + 1} differs:\n rerun {mine}\n published " \
                                   f"{theirs}"


def _check_markdown_lines(ours, expected, volatile_keys) -> None:
    """``check_published_results`` for a conclusions.md with volatile claims."""
    assert len(ours) == len(expected), f"conclusions.md: {len(ours)} lines, published " \
                                       f"{len(expected)}"
    prefixes = tuple(f"| {key} |" for key in volatile_keys)
    for k, (mine, theirs) in enumerate(zip(ours, expected, strict=True)):
        if theirs.startswith(prefixes):
            assert mine.split(" | ", 1)[0] == theirs.split(" | ", 1)[0], \
                f"conclusions.md line {k + 1}: {mine[:60]!r} != {theirs[:60]!r}"
        elif theirs.startswith("**") and " claims, " in theirs:      # the verdict counts
            assert mine.split(",", 1)[0] == theirs.split(",", 1)[0], \
                f"conclusions.md line {k + 1}: {mine!r} != {theirs!r}"
        else:
            assert mine == theirs, f"conclusions.md line {k + 1} differs:\n rerun {mine}\n " \
                                   f"published {theirs}"
