"""Tables kept between markers in the project's documents (README.md, docs/*.md), written from a
registry: the shared part of ``tools/measures_table.py``, ``tools/selectors_table.py``,
``tools/formats_table.py`` and ``tools/tasks_table.py``.

``block`` is the markers' regular expression: group 1 the start marker line, a named group
``table`` the table, the last group the end marker; ``table_for(match)`` gives the table a
marked block must hold."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path

#: Documents searched for marked tables.
DOCUMENTS = ("README.md", "docs/*.md")


def marked_documents(block: re.Pattern[str], root: Path) -> list[Path]:
    """The documents under ``root`` holding at least one block."""
    paths = sorted({path for pattern in DOCUMENTS for path in root.glob(pattern)})
    return [path for path in paths if block.search(path.read_text(encoding="utf-8"))]


def rewrite(path: Path, block: re.Pattern[str], table_for: Callable[[re.Match[str]], str]
            ) -> bool:
    """Rewrite the blocks of ``path`` with ``table_for``; True if the file changed."""
    text = path.read_text(encoding="utf-8")
    new = block.sub(lambda m: m.group(1) + table_for(m) + m.group(m.re.groups), text)
    if new != text:
        path.write_text(new, encoding="utf-8")
    return new != text


def stale_documents(block: re.Pattern[str], table: str, root: Path) -> list[str]:
    """The documents (relative paths) with a block whose table is not ``table``."""
    return [str(path.relative_to(root)) for path in marked_documents(block, root)
            if any(m["table"] != table for m in block.finditer(path.read_text("utf-8")))]


def main(description: str, block: re.Pattern[str], table: Callable[[], str], root: Path) -> None:
    """A tool's command line: print the table, or ``--write`` it into every marked block."""
    parser = argparse.ArgumentParser(description=description.splitlines()[0])
    parser.add_argument("--write", action="store_true",
                        help="rewrite every marked table in README.md and docs/*.md")
    args = parser.parse_args()
    if not args.write:
        sys.stdout.write(table())
        return
    for path in marked_documents(block, root):
        if rewrite(path, block, lambda m: table()):
            print(f"rewrote {path.relative_to(root)}")
