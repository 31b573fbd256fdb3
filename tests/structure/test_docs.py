"""The documentation works as pasted (issue 16): README's Python blocks run, every documented
snakemake command parses as intended, and the install extra brings what the report needs."""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import pytest
from conftest import load_tool

REPO = Path(__file__).resolve().parents[2]
DOCUMENTS = [REPO / "README.md", REPO / "DEVELOPERS.md", *sorted((REPO / "docs").glob("*.md"))]


def python_blocks(path: Path) -> list[tuple[int, str]]:
    """``(line, code)`` of every fenced ```python block."""
    text = path.read_text(encoding="utf-8")
    blocks = []
    for match in re.finditer(r"^```python\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL):
        blocks.append((text[: match.start()].count("\n") + 1, match.group(1)))
    return blocks


README_BLOCKS = python_blocks(REPO / "README.md")
#: The documents whose code a reader pastes first: README and the library reference.
PASTED = [REPO / "README.md", REPO / "docs" / "api.md", REPO / "docs" / "notebook.md"]
BLOCKS = [(path.relative_to(REPO).as_posix(), line, code) for path in PASTED
          for line, code in python_blocks(path)]


def test_the_readme_has_python_examples():
    assert len(README_BLOCKS) >= 2
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize(("name", "line", "code"), BLOCKS,
                         ids=[f"{name}:{line}" for name, line, _ in BLOCKS])
def test_python_blocks_run_as_pasted(name, line, code, monkeypatch):
    # each block on its own, in a fresh namespace, in the checkout: as a reader pastes it
    monkeypatch.chdir(REPO)
    namespace = {"__name__": "__main__"}
    exec(compile(code, f"{name}:{line}", "exec"), namespace)


@pytest.mark.parametrize(("name", "line", "code"), BLOCKS,
                         ids=[f"{name}:{line}" for name, line, _ in BLOCKS])
def test_python_blocks_print_what_they_compute(name, line, code):
    """Run as a file, a bare expression shows nothing: every top-level expression statement
    of a pasted block is a print()."""
    import ast

    tree = ast.parse(code)
    silent = [node.lineno for node in tree.body if isinstance(node, ast.Expr) and not (
        isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") == "print")]
    assert not silent, f"{name}:{line}: lines {silent} of the block print nothing"
    assert any(isinstance(node, ast.Expr) for node in tree.body), f"{name}:{line}"


def test_the_readme_opens_on_the_two_commands():
    """The first thing in README: the two commands, exactly; CI runs exactly the second."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    first = re.search(r"```bash\n(.*?)```", readme, flags=re.DOTALL).group(1)
    commands = [line for line in first.splitlines() if line and not line.startswith("#")]
    # a virtual environment: Debian's and Ubuntu's system Python refuse a plain pip install
    # (externally-managed-environment, PEP 668)
    venv = "python3 -m venv .venv && . .venv/bin/activate && "
    assert commands == [venv + 'pip install -e ".[workflow]" && snakemake --cores 2',
                        venv + 'pip install -e ".[test]" && python -m pytest']
    assert readme.index("```bash") < readme.index("\n## ")
    ci = (REPO / ".ci" / "run").read_text().strip().splitlines()[-1]
    assert ci == commands[1]


def test_the_security_page_is_in_the_readme_s_documentation_list():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    listing = readme.split("## Documentation", 1)[1]
    assert "[docs/security.md](docs/security.md)" in listing
    assert (REPO / "docs" / "security.md").is_file()


#: User documents rewritten for the user: no development history, no paths of the
#: development machine.
USER_DOCUMENTS = ["README.md", "docs/api.md", "docs/workflow.md", "docs/sklearn.md",
                  "docs/selectors.md", "docs/decisions-and-figures.md", "docs/security.md",
                  "docs/cli.md", "docs/notebook.md"]


@pytest.mark.parametrize("name", USER_DOCUMENTS)
def test_user_documents_hold_no_history_and_no_machine_paths(name):
    text = (REPO / name).read_text(encoding="utf-8")
    for pattern in (r"\bissues? \d+", r"earlier version", r"\.\./shared", r"before issue"):
        found = re.search(pattern, text, flags=re.IGNORECASE)
        assert found is None, f"{name}: {text[max(0, found.start() - 60):found.end() + 60]!r}"


@pytest.mark.workflow
@pytest.mark.parametrize("configfile", ["config/config.yaml", "config/examples/my_data.yaml"])
def test_the_job_counts_in_the_readme_are_snakemakes(configfile, tmp_path):
    import shutil

    from conftest import run_snakemake
    from test_workflow_user_data import job_counts

    shutil.copytree(REPO / "config", tmp_path / "config")
    shutil.copytree(REPO / ".test", tmp_path / ".test")
    result = run_snakemake(tmp_path, "-n", "--configfile", configfile)
    total = sum(job_counts(result.stdout + result.stderr).values())
    readme = " ".join((REPO / "README.md").read_text(encoding="utf-8").split())
    assert f"{total} jobs ({total - 1} and the final `all`)" in readme, total


def snakemake_commands(path: Path) -> list[tuple[int, str]]:
    """Every ``snakemake ...`` command of a document: lines of code blocks and inline code."""
    commands = []
    in_block = False
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, start=1):
        if line.startswith("```"):
            in_block = not in_block
            continue
        if in_block:  # a command continued on the next lines ("\" at the end)
            following = iter(lines[number:])
            while line.endswith("\\"):
                line = line[:-1] + " " + next(following, "").strip()
        candidates = [line] if in_block else re.findall(r"`([^`]*)`", line)
        for candidate in candidates:
            candidate = candidate.split(" #", 1)[0].strip()
            candidate = re.sub(r"^([A-Z_]+=\S+\s+)+", "", candidate)  # VAR=value snakemake ...
            if candidate.startswith("snakemake "):
                commands.append((number, candidate))
    return commands


COMMANDS = [(path, line, command) for path in DOCUMENTS
            for line, command in snakemake_commands(path)]


def command_problem(command: str) -> str | None:
    """Why Snakemake would read a documented command otherwise than meant: ``--configfile``
    and ``--config`` take every following word up to the next option, so a target after
    them is read as a config file (FileNotFoundError) or a KEY=VALUE (error)."""
    words = shlex.split(command)
    option = None
    for word in words[1:]:
        if word == "...":  # a placeholder in the text
            continue
        if word.startswith("-"):
            option = word
            continue
        if option == "--configfile" and not word.endswith((".yaml", ".yml", ".json")):
            return f"{word!r} after --configfile would be read as a configuration file"
        if option in ("--config", "-C") and "=" not in word:
            return f"{word!r} after --config would be read as KEY=VALUE"
        if option not in ("--configfile", "--config", "-C"):
            option = None  # the option's single value; later words are targets
    return None


def test_the_documents_have_snakemake_commands():
    assert len(COMMANDS) >= 20


@pytest.mark.parametrize(("path", "line", "command"), COMMANDS,
                         ids=[f"{p.relative_to(REPO)}:{n}" for p, n, _ in COMMANDS])
def test_documented_commands_put_targets_first(path, line, command):
    assert command_problem(command) is None, f"{path.name}:{line}: {command}"


def test_the_command_check_finds_a_target_after_configfile():
    assert command_problem("snakemake --cores 2 --configfile c.yaml results/x.pdf")
    assert command_problem("snakemake --cores 2 --config seed=1 results/x.pdf")
    assert command_problem("snakemake --cores 2 results/x.pdf --configfile c.yaml") is None


def test_the_workflow_extra_brings_what_the_report_needs():
    """`snakemake --report` imports pygments, which snakemake installs only with its
    ``reports`` extra."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    requirements = project["optional-dependencies"]["workflow"]
    names = {re.split(r"[\[<>=;! ]", r, maxsplit=1)[0].lower() for r in requirements}
    extras = {name: set(extra.split(","))
              for name, extra in (re.match(r"([A-Za-z0-9_.-]+)\[([^\]]*)\]", r).groups()
                                  for r in requirements if "[" in r)}
    assert "pygments" in names or "reports" in extras.get("snakemake", set())


def test_the_readme_claims_table_counts_the_published_verdicts():
    """README's per-paper verdict counts are those of docs/papers/*/conclusions.csv."""
    tool = load_tool("paper_claims_table")
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert tool.readme_block(readme) == tool.claims_table(), (
        "README's claims table is stale: run python3 tools/paper_claims_table.py --write")
    # the counts are the CSV's, counted here without the tool
    import csv

    published = REPO / "docs/papers/nogueira2016/conclusions.csv"
    with published.open(encoding="utf-8", newline="") as handle:
        verdicts = [row["verdict"] for row in csv.DictReader(handle)]
    holds = verdicts.count("holds")
    tested = (len(verdicts) - verdicts.count("not testable here")
              - verdicts.count("not run (compute)") - verdicts.count("verified by construction"))
    assert f"[{holds} of {tested} tested hold](docs/papers/nogueira2016/conclusions.md)" in readme
