"""The selectors table of docs/, written from the registry
(:func:`fsstab.selectors._registry.registered_selectors`).

A document holds the table between the markers ``<!-- selectors:start -->`` and
``<!-- selectors:end -->``. ``tests/selectors/test_selectors_registry.py`` checks that every marked
table
equals what this script writes, so the documents cannot drift from the registry. After adding or
changing a selector (its ``@register_selector`` entry or its ``tasks``)::

    python3 tools/selectors_table.py --write      # rewrite every marked table
    python3 tools/selectors_table.py              # print the table
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(REPO / "tools"))

import _marked_tables  # noqa: E402

from fsstab.outcomes import TASKS  # noqa: E402
from fsstab.selectors._registry import SelectorInfo, registered_selectors  # noqa: E402

BLOCK = re.compile(r"(<!-- selectors:start -->\n)(?P<table>.*?)(<!-- selectors:end -->)",
                   re.DOTALL)
HEADER = ("| selector | tasks | method | paired predictive model / importance | reference |\n"
          "|---|---|---|---|---|\n")


def row(info: SelectorInfo) -> str:
    """One selector's line of the table."""
    tasks = ", ".join(task for task in TASKS if task in info.cls.tasks)
    cells = [f"`{info.name}`", tasks, info.method, info.model, info.reference]
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |\n"


def selectors_table() -> str:
    """The markdown table of the registered selectors, in registry order."""
    return HEADER + "".join(row(info) for info in registered_selectors().values())


def marked_documents(root: Path = REPO) -> list[Path]:
    """The documents holding a marked table."""
    return _marked_tables.marked_documents(BLOCK, root)


def stale_tables(root: Path = REPO) -> list[str]:
    """The documents (relative paths) whose marked table differs from the registry."""
    return _marked_tables.stale_documents(BLOCK, selectors_table(), root)


def rewrite(path: Path) -> bool:
    """Rewrite the marked tables of ``path``; True if the file changed."""
    return _marked_tables.rewrite(path, BLOCK, lambda m: selectors_table())


def main() -> None:
    _marked_tables.main(__doc__, BLOCK, selectors_table, REPO)


if __name__ == "__main__":
    main()
