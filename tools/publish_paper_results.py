"""Copy a paper run's diffable results into the repository: ``docs/papers/<paper>/`` (a full
run) or ``docs/papers/<paper>/reduced/`` (the reduced configuration, which the paper's slow
test reruns and compares with these files).

What is copied: ``comparison.csv``, ``conclusions.md`` and ``conclusions.csv`` (written by the
paper's rules) and the CSVs of the tables named with ``--table``. Files are copied as the rules
wrote them, never edited. Example (Nogueira & Brown, reduced run)::

    python3 tools/publish_paper_results.py --workdir /tmp/nb --paper nogueira2016 --reduced \\
        --table table2_datasets --table fig02_stability

``--workdir`` is the folder Snakemake ran in (``results/paper/<paper>/`` inside it).
``--folder`` publishes into a sub-folder, for a paper run by several configurations (Bommert's
Ch. 5-6 and Ch. 7-8)::

    python3 tools/publish_paper_results.py --workdir /tmp/b56 --paper bommert2020 \\
        --folder ch56 --table fig05_4_rank_correlation        # -> docs/papers/bommert2020/ch56/
    python3 tools/publish_paper_results.py --workdir /tmp/b78t --paper bommert2020 \\
        --folder ch78 --reduced                               # -> .../bommert2020/ch78/reduced/
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

#: What every paper's rules write and every paper publishes.
ALWAYS = ("comparison.csv", "conclusions.md", "conclusions.csv")


def destination_of(paper: str, reduced: bool, folder: str = "") -> Path:
    """``docs/papers/<paper>/[<folder>/][reduced/]``."""
    if Path(folder).is_absolute() or ".." in Path(folder).parts:
        raise SystemExit(f"--folder {folder!r}: a sub-folder name such as ch56")
    return REPO / "docs" / "papers" / paper / folder / ("reduced" if reduced else "")


def publish(workdir: Path, paper: str, tables: list[str], reduced: bool,
            target: Path | None = None, folder: str = "") -> list[Path]:
    source = workdir / "results" / "paper" / paper
    names = [*ALWAYS, *(f"{stem}.csv" for stem in tables)]
    missing = [name for name in names if not (source / name).is_file()]
    if missing:
        raise SystemExit(f"{source}: missing {missing}; did the paper's run finish?")
    destination = target or destination_of(paper, reduced, folder)
    destination.mkdir(parents=True, exist_ok=True)
    copied = []
    for name in names:
        shutil.copyfile(source / name, destination / name)
        copied.append(destination / name)
    return copied


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workdir", type=Path, required=True)
    parser.add_argument("--paper", required=True)
    parser.add_argument("--table", action="append", default=[],
                        help="a table stem of results/paper/<paper>/ to publish as CSV too")
    parser.add_argument("--reduced", action="store_true",
                        help="the reduced configuration's run (docs/papers/<paper>/reduced/)")
    parser.add_argument("--folder", default="",
                        help="a sub-folder of docs/papers/<paper>/ (a paper run by several "
                             "configurations, e.g. ch56)")
    args = parser.parse_args()
    for path in publish(args.workdir, args.paper, args.table, args.reduced,
                        folder=args.folder):
        print(path.relative_to(REPO), file=sys.stderr)


if __name__ == "__main__":
    main()
