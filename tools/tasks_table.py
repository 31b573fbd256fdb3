"""The tasks table of docs/, written from the task registry (:data:`fsstab.outcomes.TASKS`).

A document holds the table between the markers ``<!-- tasks:start -->`` and
``<!-- tasks:end -->``. ``tests/outcomes/test_outcomes_registry.py`` checks that every marked table
equals what this script writes, so the documents cannot drift from the registry. After adding
or changing a task (``docs/adding-an-outcome-type.md``)::

    python3 tools/tasks_table.py --write      # rewrite every marked table
    python3 tools/tasks_table.py              # print the table
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(REPO / "tools"))

import _marked_tables  # noqa: E402

from fsstab.outcomes import TASKS, Task  # noqa: E402

BLOCK = re.compile(r"(<!-- tasks:start -->\n)(?P<table>.*?)(<!-- tasks:end -->)", re.DOTALL)
HEADER = ("| task | target `y` | in a source | score | stored target columns |\n"
          "|---|---|---|---|---|\n")


def score_cell(task: Task) -> str:
    """The scores of ``task``: the decision scores (and how one is chosen), those beside them."""
    decision = " or ".join(s.label for s in task.scores if s.decision)
    beside = ", ".join(s.label for s in task.scores if not s.decision)
    cell = decision + (f": {task.score_rule}" if task.score_rule else "")
    return cell + (f" ({beside} beside it)" if beside else "")


def row(task: Task) -> str:
    """One task's line of the table."""
    columns = ", ".join(f"`{c}`" for c in task.target_columns)
    cells = [f"`{task.name}`", task.target_summary, task.declared_by, score_cell(task), columns]
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |\n"


def tasks_table() -> str:
    """The markdown table of the registered tasks, in registry order."""
    return HEADER + "".join(row(task) for task in TASKS.values())


def marked_documents(root: Path = REPO) -> list[Path]:
    """The documents holding a marked table."""
    return _marked_tables.marked_documents(BLOCK, root)


def stale_tables(root: Path = REPO) -> list[str]:
    """The documents (relative paths) whose marked table differs from the registry."""
    return _marked_tables.stale_documents(BLOCK, tasks_table(), root)


def rewrite(path: Path) -> bool:
    """Rewrite the marked tables of ``path``; True if the file changed."""
    return _marked_tables.rewrite(path, BLOCK, lambda m: tasks_table())


def main() -> None:
    _marked_tables.main(__doc__, BLOCK, tasks_table, REPO)


if __name__ == "__main__":
    main()
