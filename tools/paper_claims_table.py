"""The README's table of how many claims of each paper hold here, counted from the published
``conclusions.csv`` files (``docs/papers/<paper>/`` for a measured full-size run,
``docs/papers/<paper>/reduced/`` for the reduced configuration; sub-folders for a paper run by
several configurations, :data:`ROWS`).

The README holds the table between the markers ``<!-- claims:start -->`` and
``<!-- claims:end -->``; ``tests/structure/test_docs.py`` checks that it equals what this script
prints,
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

#: The README's paper table, in its order: (name, the full-size run's folder under docs/papers/
#: or why there is none, the folder of the run the slow test reruns). Bommert's thesis is run
#: by two configurations: Ch. 5-6 offline (the thesis' settings need OpenML data sets; the slow
#: test reruns that offline run) and Ch. 7-8 (offline full run + a reduced one).
ROWS: tuple[tuple[str, str, str], ...] = (
    ("Hamer & Dupont (2021)", "hamer2021", "hamer2021/reduced"),
    ("Nogueira & Brown (2016)", "nogueira2016", "nogueira2016/reduced"),
    ("Sechidis et al. (2019)", "sechidis2019", "sechidis2019/reduced"),
    ("Bommert (2020), Ch. 5-6",
     "not run: the thesis' settings need its OpenML data sets (docs/paper-bommert2020-ch56.md)",
     "bommert2020/ch56"),
    ("Bommert (2020), Ch. 7-8", "bommert2020/ch78", "bommert2020/ch78/reduced"),
    ("Onda et al. (2022)", "onda2022", "onda2022/reduced"),
)
VERDICTS = ("holds", "partly holds", "does not hold", "verified by construction",
            "not testable here", "not run (compute)")


def verdict_counts(path: Path) -> Counter:
    """How many claims of a published ``conclusions.csv`` have each verdict."""
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    unknown = {row["verdict"] for row in rows} - set(VERDICTS)
    if unknown:
        raise SystemExit(f"{path}: unknown verdict(s) {sorted(unknown)}")
    return Counter(row["verdict"] for row in rows)


def _cell(root: Path, where: str) -> str:
    """A folder's verdict counts (linked), "not published", or the reason a run is missing."""
    if where.startswith("not run"):
        return where
    path = root / "docs" / "papers" / where / "conclusions.csv"
    if not path.is_file():
        return "not published"
    counts = verdict_counts(path)
    tested = sum(counts[v] for v in VERDICTS[:3])
    link = path.with_suffix(".md").relative_to(root).as_posix()
    return (f"[{counts['holds']} of {tested} tested hold]({link}); "
            f"{counts['partly holds']} partly, {counts['does not hold']} not; "
            f"{counts['verified by construction']} verified by construction; "
            f"{counts['not testable here']} not testable here, "
            f"{counts['not run (compute)']} not run (compute)")


def claims_table(root: Path = REPO) -> str:
    """The markdown table: per paper, the verdicts of the full-size and the reduced run."""
    lines = ["| paper | full-size run here (or the measured part of it; see the paper's document) "
             "| reduced run (slow test) |", "|---|---|---|"]
    for title, full, reduced in ROWS:
        lines.append(f"| {title} | {_cell(root, full)} | {_cell(root, reduced)} |")
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
