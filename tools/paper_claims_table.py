"""The README's table of how many claims of each paper hold here, counted from the published
``conclusions.csv`` files (``docs/papers/<paper>/`` for a measured full-size run,
``docs/papers/<paper>/reduced/`` for the reduced configuration).

The README holds the table between the markers ``<!-- claims:start -->`` and
``<!-- claims:end -->``; ``tests/test_docs.py`` checks that it equals what this script prints,
so the README cannot drift from the published verdicts. After publishing a paper's results::

    python3 tools/paper_claims_table.py --write      # rewrite the README's table
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
START, END = "<!-- claims:start -->", "<!-- claims:end -->"

#: The order of the README's paper table, and each paper's name there.
PAPERS = {
    "hamer2021": "Hamer & Dupont (2021)",
    "nogueira2016": "Nogueira & Brown (2016)",
    "sechidis2019": "Sechidis et al. (2019)",
    "bommert2020": "Bommert (2020), Ch. 5-8",
    "onda2022": "Onda et al. (2022)",
}
VERDICTS = ("holds", "partly holds", "does not hold", "not testable here")


def verdict_counts(path: Path) -> Counter:
    """How many claims of a published ``conclusions.csv`` have each verdict."""
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    unknown = {row["verdict"] for row in rows} - set(VERDICTS)
    if unknown:
        raise SystemExit(f"{path}: unknown verdict(s) {sorted(unknown)}")
    return Counter(row["verdict"] for row in rows)


def _cell(path: Path) -> str:
    if not path.is_file():
        return "not published"
    counts = verdict_counts(path)
    tested = sum(counts[v] for v in VERDICTS[:3])
    link = path.with_suffix(".md").relative_to(REPO).as_posix()
    return (f"[{counts['holds']} of {tested} tested hold]({link}); "
            f"{counts['partly holds']} partly, {counts['does not hold']} not; "
            f"{counts['not testable here']} not testable here")


def claims_table(root: Path = REPO) -> str:
    """The markdown table: per paper, the verdicts of the full-size and the reduced run."""
    lines = ["| paper | full-size run here (or the measured part of it; see the paper's document) "
             "| reduced run (slow test) |", "|---|---|---|"]
    for paper, title in PAPERS.items():
        folder = root / "docs" / "papers" / paper
        lines.append(f"| {title} | {_cell(folder / 'conclusions.csv')} | "
                     f"{_cell(folder / 'reduced' / 'conclusions.csv')} |")
    return "\n".join(lines) + "\n"


def readme_block(readme: str) -> str:
    """The text between the README's claims markers."""
    if START not in readme or END not in readme:
        raise SystemExit(f"README.md: markers {START} ... {END} not found")
    return readme.split(START, 1)[1].split(END, 1)[0].strip("\n") + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the README's table")
    args = parser.parse_args()
    table = claims_table()
    if not args.write:
        sys.stdout.write(table)
        return
    readme_path = REPO / "README.md"
    readme = readme_path.read_text(encoding="utf-8")
    readme_block(readme)  # the markers are there
    before, rest = readme.split(START, 1)
    after = rest.split(END, 1)[1]
    readme_path.write_text(f"{before}{START}\n{table}{END}{after}", encoding="utf-8")


if __name__ == "__main__":
    main()
