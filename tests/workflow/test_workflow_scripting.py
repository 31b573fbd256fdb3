"""Rule scripts end their process without the interpreter's teardown once their work is done
(``logged(..., end_process=True)``), and only then."""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPTS = sorted((REPO / "scripts").rglob("*.py"))


def run_job(tmp_path: Path, body: str) -> subprocess.CompletedProcess:
    """A script shaped like a rule script: imports, then one ``logged`` block."""
    script = tmp_path / "job.py"
    lines = [
        "import sys",
        "from fsstab.io import write_text",
        "from fsstab.workflow.scripting import logged",
        f"with logged({str(tmp_path / 'job.log')!r}, end_process=True):",
        *("    " + line for line in textwrap.dedent(body).strip().splitlines()),
        "# never reached after a successful block: the process has ended",
        f"write_text({str(tmp_path / 'after.txt')!r}, 'after')",
    ]
    script.write_text("\n".join(lines) + "\n")
    env = {"PYTHONPATH": str(REPO / "src"), "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          env=env, timeout=120)


def test_a_successful_block_ends_the_process_with_everything_written(tmp_path):
    big = "x" * 1_000_000
    result = run_job(tmp_path, f"""
        print("to the log")
        sys.__stdout__.write("to stdout, buffered\\n")
        write_text({str(tmp_path / "out.txt")!r}, {big!r})
    """)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out.txt").read_text() == "x" * 1_000_000
    assert result.stdout == "to stdout, buffered\n"
    log = (tmp_path / "job.log").read_text().splitlines()
    assert log[0] == "to the log"
    assert log[-1].startswith("fsstab job resources: CPU ")
    assert not (tmp_path / "after.txt").exists()


@pytest.mark.parametrize(("body", "status"), [
    ("raise RuntimeError('boom')", 1),
    ("sys.exit(3)", 3),
])
def test_a_failing_block_fails_the_process_as_without_it(tmp_path, body, status):
    result = run_job(tmp_path, body)
    assert result.returncode == status
    log = (tmp_path / "job.log").read_text()
    assert log.splitlines()[-1].startswith("fsstab job resources: CPU ")
    if status == 1:
        assert "RuntimeError: boom" in log
        assert "RuntimeError: boom" in result.stderr
    assert not (tmp_path / "after.txt").exists()


def _statements(script: Path) -> list[ast.stmt]:
    """The script's statements other than its docstring, imports and function definitions."""
    tree = ast.parse(script.read_text())
    return [node for node in tree.body
            if not isinstance(node, ast.Import | ast.ImportFrom | ast.FunctionDef)
            and not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: str(p.relative_to(REPO / "scripts")))
def test_every_rule_script_is_one_block_that_ends_its_process(script):
    """Nothing may follow the block (it would not run), and every job ends its process."""
    statements = _statements(script)
    shape = [type(statement).__name__ for statement in statements]
    assert shape == ["With"], f"{script}: a rule script is its imports and one `with` block"
    call = statements[0].items[0].context_expr
    assert ast.unparse(call) == "logged(snakemake.log[0], end_process=True)", script
