"""The file formats table of docs/, written from the format table
(:data:`fsstab.sources.formats.FORMATS`).

A document holds the table between the markers ``<!-- formats:start -->`` and
``<!-- formats:end -->``. ``tests/sources/test_sources_formats.py`` checks that every marked table
equals what this script writes, so the documents cannot drift from the table. After adding or
changing a format (its row of ``FORMATS``)::

    python3 tools/formats_table.py --write      # rewrite every marked table
    python3 tools/formats_table.py              # print the table
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(REPO / "tools"))

import _marked_tables  # noqa: E402

from fsstab.sources.formats import FORMAT_OPTIONS, FORMATS  # noqa: E402
from fsstab.sources.reading import FileFormat  # noqa: E402
from fsstab.sources.text_files import COMPRESSIONS  # noqa: E402

BLOCK = re.compile(r"(<!-- formats:start -->\n)(?P<table>.*?)(<!-- formats:end -->)", re.DOTALL)
HEADER = ("| `format:` | suffixes | what it reads | options besides `name`, `classes`, "
          "`positive`, `multiclass`, `format`, `member`, `sha256`, `allow_unpinned` "
          "| wide files in bounded memory | compressed |\n"
          "|---|---|---|---|---|---|\n")


def row(fmt: FileFormat) -> str:
    """One format's line of the table."""
    options = ", ".join(f"`{o}`" for o in sorted(fmt.options)) or "—"
    compressed = ", ".join(f"`{s}`" for s in COMPRESSIONS) if fmt.compressed else "—"
    cells = [f"`{fmt.name}`", ", ".join(f"`{s}`" for s in fmt.suffixes), fmt.summary, options,
             "yes" if fmt.wide else "—", compressed]
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |\n"


def formats_table() -> str:
    """The markdown table of the file formats, in the table's order."""
    assert set().union(*(f.options for f in FORMATS.values())) == FORMAT_OPTIONS
    return HEADER + "".join(row(fmt) for fmt in FORMATS.values())


def marked_documents(root: Path = REPO) -> list[Path]:
    """The documents holding a marked table."""
    return _marked_tables.marked_documents(BLOCK, root)


def stale_tables(root: Path = REPO) -> list[str]:
    """The documents (relative paths) whose marked table differs from the format table."""
    return _marked_tables.stale_documents(BLOCK, formats_table(), root)


def rewrite(path: Path) -> bool:
    """Rewrite the marked tables of ``path``; True if the file changed."""
    return _marked_tables.rewrite(path, BLOCK, lambda m: formats_table())


def main() -> None:
    _marked_tables.main(__doc__, BLOCK, formats_table, REPO)


if __name__ == "__main__":
    main()
