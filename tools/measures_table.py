"""The measures tables of the README and docs/, written from the registry
(:data:`fsstab.measures.MEASURES`).

A document holds a table between the markers ``<!-- measures:start -->`` and
``<!-- measures:end -->`` (every measure), or ``<!-- measures:start family=adjusted -->`` and the
same end marker (one family). ``tests/structure/test_docs.py`` checks that every marked table
equals what
this script writes, so the documents cannot drift from the registry. After adding or changing a
measure::

    python3 tools/measures_table.py --write      # rewrite every marked table
    python3 tools/measures_table.py              # print the full table
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(REPO / "tools"))

import _marked_tables  # noqa: E402

from fsstab.measures import MEASURES, MeasureInfo  # noqa: E402
from fsstab.measures._registry import FAMILIES  # noqa: E402

BLOCK = re.compile(r"(<!-- measures:start(?: family=(?P<family>\w+))? -->\n)(?P<table>.*?)"
                   r"(<!-- measures:end -->)", re.DOTALL)
HEADER = ("| name | symbol | family | bounds | corrected for chance | inputs | reference |\n"
          "|---|---|---|---|---|---|---|\n")
_INPUTS = {"Z": "Z", "W": "W", "ranks": "ranks", "C": "C, θ"}


def _bounds(info: MeasureInfo) -> str:
    if info.bounds_note:
        return info.bounds_note
    lower, upper = info.bounds
    if lower is None:
        return "none known" if upper is None else f"at most {upper:g}"
    return f"[{lower:g}, {upper:g}]"


def _chance(info: MeasureInfo) -> str:
    if info.chance_note:
        return info.chance_note
    if info.corrected_for_chance:
        return "yes"
    return "no (`correction=`)" if "correction" in info.params else "no"


def row(info: MeasureInfo) -> str:
    """One measure's line of the table."""
    symbol = info.symbol or ""
    if info.greek and info.greek != symbol:
        symbol = f"{symbol}, {info.greek}"
    family = info.family if info.symmetric else f"{info.family} (asymmetric)"
    inputs = ", ".join(_INPUTS[r] for r in info.requires)
    if info.inputs_note:
        inputs = f"{inputs}; {info.inputs_note}"
    cells = [f"`{info.name}`", symbol, family, _bounds(info), _chance(info), inputs,
             info.reference]
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |\n"


def measures_table(family: str | None = None) -> str:
    """The markdown table of the registered measures (of ``family`` only, if given), by family
    in the order of :data:`FAMILIES`, within a family in the registry's order."""
    if family is not None and family not in FAMILIES:
        raise SystemExit(f"unknown measure family {family!r}; the families: {FAMILIES}")
    lines = [row(info) for wanted in FAMILIES if family in (None, wanted)
             for info in MEASURES.values() if info.family == wanted]
    return HEADER + "".join(lines)


def marked_documents(root: Path = REPO) -> list[Path]:
    """The documents holding at least one marked table."""
    return _marked_tables.marked_documents(BLOCK, root)


def stale_tables(root: Path = REPO) -> list[str]:
    """``<document>: <family or 'all'>`` for every marked table that differs from the registry."""
    stale = []
    for path in marked_documents(root):
        for match in BLOCK.finditer(path.read_text(encoding="utf-8")):
            if match["table"] != measures_table(match["family"]):
                stale.append(f"{path.relative_to(root)}: {match['family'] or 'all'}")
    return stale


def rewrite(path: Path) -> bool:
    """Rewrite the marked tables of ``path``; True if the file changed."""
    return _marked_tables.rewrite(path, BLOCK, lambda m: measures_table(m["family"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true",
                        help="rewrite every marked table in README.md and docs/*.md")
    parser.add_argument("--family", choices=FAMILIES, help="print one family's table only")
    args = parser.parse_args()
    if not args.write:
        sys.stdout.write(measures_table(args.family))
        return
    for path in marked_documents():
        if rewrite(path):
            print(f"rewrote {path.relative_to(REPO)}")


if __name__ == "__main__":
    main()
