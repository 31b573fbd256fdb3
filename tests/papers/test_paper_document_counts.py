"""The verdict counts the paper documents state in prose (``docs/paper-*.md``) are those of
the published ``conclusions.csv`` they describe, counted here from the CSV: each stated number
(claims, tested, hold, partly hold, do not hold, verified by construction, not testable here,
not run) equals the CSV's, and no verdict the CSV holds is left unstated."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

#: (document, the passage's first words, its last words, the published folder, the claim keys'
#: prefix or "" for all): every passage of a paper document that counts a run's verdicts.
PASSAGES = [
    ("paper-hamer2021.md", "full size on the data sets on disk", "22 not run (compute)",
     "hamer2021", ""),
    ("paper-hamer2021.md", "- **reduced** (", "1 not run (compute)",
     "hamer2021/reduced", ""),
    ("paper-nogueira2016.md", "63 claims, 24 tested", "are not testable here",
     "nogueira2016", ""),
    ("paper-nogueira2016.md", "The reduced run: 17 hold", "not testable here",
     "nogueira2016/reduced", ""),
    ("paper-onda2022.md", "**Full-size run: 31 claims", "every n_useful of Prostate's map)**",
     "onda2022", ""),
    ("paper-sechidis2019.md", "**Reduced run** (M = 5", "not run (compute)",
     "sechidis2019/reduced", ""),
    ("paper-sechidis2019.md", "**Full-size run** (M = 50", "not run (compute)",
     "sechidis2019", ""),
    ("paper-bommert2020-ch56.md", "**Offline run, as published: 45 claims", "not run (compute)",
     "bommert2020/ch56", ""),
    ("paper-bommert2020-ch56.md", "(Ch. 5: 25 claims", "15\ndo not", "bommert2020/ch56",
     "ch5."),
    ("paper-bommert2020-ch56.md", "Ch. 6: 20 claims", "5 verified by construction)",
     "bommert2020/ch56", "ch6."),
]

#: How prose names each verdict (a number before it).
WORDS = {
    "holds": r"(\d+)\s+(?:\*\*)?holds?\b",
    "partly holds": r"(\d+)\s+partly\s+holds?\b",
    "does not hold": r"(\d+)\s+(?:do|does)\s+not\b",
    "verified by construction": r"(\d+)\s+verified\s+by\s+construction",
    "not testable here": r"(\d+)\s+(?:are\s+)?not\s+testable",
    "not run (compute)": r"(\d+)\s+not\s+run",
}
UNTESTED = ("verified by construction", "not testable here", "not run (compute)")


def passage(document: str, first: str, last: str) -> str:
    text = (REPO / "docs" / document).read_text(encoding="utf-8")
    start = text.index(first)
    end = text.index(last, start) + len(last)
    return text[start:end]


def verdicts(folder: str, prefix: str) -> list[str]:
    path = REPO / "docs" / "papers" / folder / "conclusions.csv"
    with path.open(encoding="utf-8", newline="") as handle:
        return [row["verdict"] for row in csv.DictReader(handle)
                if row["key"].startswith(prefix)]


def stated(text: str) -> dict[str, int]:
    found = {}
    for verdict, pattern in WORDS.items():
        numbers = [int(n) for n in re.findall(pattern, text)]
        if numbers:
            found[verdict] = numbers[0]
    for word, pattern in (("claims", r"(\d+)\s+claims"), ("tested", r"(\d+)\s+tested")):
        numbers = re.findall(pattern, text)
        if numbers:
            found[word] = int(numbers[0])
    return found


def test_the_parser_reads_the_prose_forms():
    assert stated("31 claims, 19 tested: 9 hold, 9 do not hold, 1 partly holds; 7 not testable "
                  "here; 5 not run (compute)") == {
        "claims": 31, "tested": 19, "holds": 9, "does not hold": 9, "partly holds": 1,
        "not testable here": 7, "not run (compute)": 5}
    assert stated("25 claims, 6 hold, 4\ndo not, 15 not run") == {
        "claims": 25, "holds": 6, "does not hold": 4, "not run (compute)": 15}


@pytest.mark.parametrize(("document", "first", "last", "folder", "prefix"), PASSAGES,
                         ids=[f"{p[0]}:{p[1][:30]}" for p in PASSAGES])
def test_the_documents_counts_are_the_published_ones(document, first, last, folder, prefix):
    ours = verdicts(folder, prefix)
    assert ours, f"{folder}: no claim with prefix {prefix!r}"
    counts = {verdict: ours.count(verdict) for verdict in WORDS}
    counts["claims"] = len(ours)
    counts["tested"] = len(ours) - sum(ours.count(v) for v in UNTESTED)
    found = stated(passage(document, first, last))
    wrong = {k: (v, counts[k]) for k, v in found.items() if v != counts[k]}
    assert not wrong, f"{document} ({first!r}): stated vs {folder}/conclusions.csv: {wrong}"
    unstated = [v for v in WORDS if counts[v] and v not in found]
    assert not unstated, f"{document} ({first!r}): {unstated} not stated ({counts})"


#: The table of Ch. 7-8's document: its row label -> (the published folder, the keys' prefix).
CH78_ROWS = {
    "offline, Ch. 7": ("bommert2020/ch78", "ch7."),
    "offline, Ch. 8": ("bommert2020/ch78", "ch8."),
    "reduced, Ch. 7": ("bommert2020/ch78/reduced", "ch7."),
    "reduced, Ch. 8": ("bommert2020/ch78/reduced", "ch8."),
}
CH78_COLUMNS = ("holds", "partly holds", "does not hold", "verified by construction",
                "not testable here", "not run (compute)")


def test_the_ch78_document_table_counts_the_published_verdicts():
    text = (REPO / "docs" / "paper-bommert2020-ch78.md").read_text(encoding="utf-8")
    for label, (folder, prefix) in CH78_ROWS.items():
        row = re.search(rf"^\| {re.escape(label)} \|(.*)\|$", text, flags=re.MULTILINE)
        assert row, f"paper-bommert2020-ch78.md: no table row {label!r}"
        numbers = [int(cell) for cell in row.group(1).split("|")]
        ours = verdicts(folder, prefix)
        assert numbers == [len(ours), *(ours.count(v) for v in CH78_COLUMNS)], (
            f"paper-bommert2020-ch78.md, row {label!r}: {numbers} against {folder}")
