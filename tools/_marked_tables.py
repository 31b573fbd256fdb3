"""Tables kept between markers in the project's documents (README.md, docs/*.md), written from a
registry: the shared part of ``tools/measures_table.py``, ``tools/selectors_table.py`` and
``tools/formats_table.py``.

``block`` is the markers' regular expression: group 1 the start marker line, a named group
``table`` the table, the last group the end marker; ``table_for(match)`` gives the table a
marked block must hold."""

from __future__ import annotations

import re
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
