"""Cheap imports: the workflow's stage modules load only the libraries their jobs use.

Every Snakemake job is a fresh Python process, so what a stage module imports is paid once per
job (scikit-learn alone pulls in scipy.stats and pandas: about 1.5 s of CPU). These tests pin
which heavy libraries each stage may load; the replacements that make this possible must give
the very same numbers as the libraries they stand in for.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from scipy.stats import norm
from scipy.stats import t as student_t
from sklearn.utils import check_random_state as sklearn_check_random_state

import fsstab
import fsstab.selectors
from fsstab.measures.inference import _normal_quantile, _normal_sf
from fsstab.outcomes import t_quantile as _t_quantile
from fsstab.seeds import check_random_state

HEAVY = ("sklearn", "scipy.stats", "pandas", "matplotlib", "scipy.signal",
         "fsstab.workflow.config")  # the configuration: YAML, JSON schema, data sources


def _loaded_after(statement: str) -> set[str]:
    code = (f"import json, sys\n{statement}\n"
            f"print(json.dumps([m for m in {list(HEAVY)!r} if m in sys.modules]))")
    src = str(Path(fsstab.__file__).resolve().parents[1])  # this checkout's package
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env)
    return set(json.loads(out.stdout))


@pytest.mark.parametrize(
    ("statement", "allowed"),
    [
        # gather, summary, stability, fetch/prefilter/resample/similarity/univariate
        ("import fsstab.workflow.tables, fsstab.io", set()),
        ("import fsstab.workflow.stability, fsstab.workflow.data", set()),
        ("import fsstab.datasets, fsstab.resampling, fsstab.prefilter, fsstab.similarity",
         set()),
        # the similarity bands and the resource functions the Snakefile evaluates
        ("import fsstab.workflow.similarity, fsstab.workflow.resources", set()),
        ("import fsstab.measures, fsstab.selectors, fsstab.selectors._univariate", set()),
        # pareto / rank work on pandas frames; figures draw them
        ("import fsstab.workflow.decisions", {"pandas"}),
        ("import fsstab.workflow.figures", {"pandas", "matplotlib"}),
        # stable features, summary CSV, report tables and the report's landing page
        ("import fsstab.workflow.answers, fsstab.workflow.overview", {"pandas"}),
        # convergence in M (its figure loads matplotlib when it draws)
        ("import fsstab.workflow.convergence", {"pandas"}),
        # the console progress of selection jobs, the report path check
        ("import fsstab.workflow.progress, fsstab.workflow.report_path", set()),
        # selection and calibration need scikit-learn (and what it loads), not the config
        ("import fsstab.workflow.selection", {"sklearn", "scipy.stats", "pandas"}),
    ],
)
def test_stage_modules_import_only_what_their_jobs_use(statement, allowed):
    assert _loaded_after(statement) <= allowed


def test_selectors_load_on_first_use():
    assert "sklearn" in _loaded_after("from fsstab.selectors import LassoSelector")
    selectors = fsstab.selectors.SELECTORS
    assert selectors["LassoSelector"] is fsstab.selectors.LassoSelector
    assert fsstab.selectors.SELECTORS is selectors  # one registry
    for name in fsstab.selectors.__all__:
        assert getattr(fsstab.selectors, name) is not None
    assert set(fsstab.selectors.__all__) <= set(dir(fsstab.selectors))
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        fsstab.selectors.Nope  # noqa: B018


def test_check_random_state_is_scikit_learns():
    for seed in (0, 7, np.int64(3)):
        assert np.array_equal(check_random_state(seed).randint(1000, size=5),
                              sklearn_check_random_state(seed).randint(1000, size=5))
    state = np.random.RandomState(2)
    assert check_random_state(state) is state
    assert check_random_state(None) is sklearn_check_random_state(None)
    with pytest.raises(ValueError, match="cannot be used to seed"):
        check_random_state("seed")


def test_normal_quantile_and_tail_are_scipy_stats_bit_for_bit():
    for q in (0.5, 0.9, 0.95, 0.975, 0.995, 1 - 1e-9):
        assert _normal_quantile(q) == norm.ppf(q)
    for x in (-np.inf, -40.0, -3.2, -1e-300, -0.0, 0.0, 0.7, 1.96, 8.5, 39.0, np.inf):
        assert _normal_sf(x) == norm.sf(x)
    assert np.isnan(_normal_sf(np.nan))


def test_t_quantile_is_scipy_stats_bit_for_bit():
    df = np.array([-1, 0, 1, 2, 4, 9, 29, 99, 1000])  # n_runs - 1; df <= 0 has no quantile
    for q in (0.9, 0.95, 0.975, 0.995):
        assert np.array_equal(_t_quantile(q, df), student_t.ppf(q, df), equal_nan=True)
    assert np.isnan(_t_quantile(0.975, np.array([0]))).all()


def _script_imports(name: str) -> str:
    """The top-level import statements of ``scripts/<name>.py`` (what its job imports before
    its first line of work)."""
    import ast

    script = Path(__file__).resolve().parents[2] / "scripts" / f"{name}.py"
    tree = ast.parse(script.read_text(encoding="utf-8"))
    return "\n".join(ast.unparse(node) for node in tree.body
                     if isinstance(node, ast.Import | ast.ImportFrom))


@pytest.mark.parametrize(
    ("script", "allowed"),
    [
        # the data stages and the per-dataset gather and stability jobs: NumPy, PyArrow and
        # SciPy's sparse matrices only
        ("fetch", set()),
        ("resample", set()),
        ("similarity", set()),
        ("univariate", set()),
        ("gather", set()),
        ("stability", set()),
        # the tables stages work on pandas frames
        ("pareto", {"pandas"}),
        ("rank", {"pandas"}),
        ("stable_features", {"pandas"}),
        ("summary_csv", {"pandas"}),
        ("report_tables", {"pandas"}),
        # convergence and figures draw (matplotlib loads on the first figure of convergence)
        ("convergence", {"pandas", "matplotlib"}),
        ("figures", {"pandas", "matplotlib"}),
    ],
)
def test_light_scripts_import_only_what_their_jobs_use(script, allowed):
    assert _loaded_after(_script_imports(script)) <= allowed
