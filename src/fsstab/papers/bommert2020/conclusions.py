"""The thesis' claims, gathered: each chapter's rule ``bommert2020_chN_claims`` writes its claims
table (``chN_claims``, from ``chN.conclusions.claims``); rule ``bommert2020_conclusions`` joins
them in the thesis' order into ``conclusions.md`` and ``conclusions.{csv,parquet}``
(:func:`write_thesis_conclusions`), titled with the chapters the run covers and prefaced by each
chapter's ``PREAMBLE`` (its thresholds).

Run times are measured on whatever machine runs the workflow: the claims and comparison rows
that rest on them (each chapter module's ``RUN_TIME_CLAIMS`` key prefixes and its comparison
module's ``RUN_TIME_ITEMS``) are load-sensitive and change from run to run;
:func:`load_sensitive_claim` and :func:`load_sensitive_comparison` tell them apart, e.g. for
comparing a rerun with published results.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable, Sequence

import pandas as pd

from fsstab.papers.conclusions import Claim, claims_frame, write_conclusions_frame
from fsstab.papers.outputs import write_table

__all__ = [
    "CHAPTERS",
    "RUN_TIME_NOTE",
    "chapter_span",
    "conclude_folder",
    "load_sensitive_claim",
    "load_sensitive_comparison",
    "preamble",
    "title",
    "write_chapter_claims",
    "write_thesis_conclusions",
]

#: The thesis' chapters with claims, in its order.
CHAPTERS: tuple[str, ...] = ("ch5", "ch6", "ch7", "ch8")
#: Said in the settings of every claim whose verdict rests on run times.
RUN_TIME_NOTE = ("load-sensitive: run times measured on a shared 2-core machine while other "
                 "jobs ran, so the verdict can change from run to run")

_THESIS = ("Bommert (2020, thesis), \"Integration of Feature Selection Stability in Model "
           "Fitting\"")


def _ordered(chapters: Sequence[str]) -> list[str]:
    unknown = sorted(set(chapters) - set(CHAPTERS))
    if unknown:
        raise ValueError(f"unknown chapter(s) {unknown}; the thesis' chapters with claims are "
                         f"{list(CHAPTERS)}")
    return [c for c in CHAPTERS if c in chapters]


def chapter_span(chapters: Sequence[str]) -> str:
    """``Ch. 5-6`` (consecutive chapters), ``Ch. 5, 7`` (others), ``Ch. 8`` (one).

    Examples
    --------
    >>> chapter_span(["ch6", "ch5"]), chapter_span(["ch5", "ch7"]), chapter_span(["ch8"])
    ('Ch. 5-6', 'Ch. 5, 7', 'Ch. 8')
    """
    numbers = [int(c[2:]) for c in _ordered(chapters)]
    if not numbers:
        raise ValueError("no chapter given")
    if len(numbers) > 1 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"Ch. {numbers[0]}-{numbers[-1]}"
    return "Ch. " + ", ".join(map(str, numbers))


def title(chapters: Sequence[str]) -> str:
    """The title of ``conclusions.md``: the thesis and the chapters this run checks."""
    return f"{_THESIS}, {chapter_span(chapters)}: conclusions"


def _module(chapter: str, name: str):
    return importlib.import_module(f"fsstab.papers.bommert2020.{chapter}.{name}")


def preamble(chapters: Sequence[str]) -> str:
    """Each chapter's ``conclusions.PREAMBLE`` (how its words become criteria), in order."""
    return "\n\n".join(_module(c, "conclusions").PREAMBLE.strip() for c in _ordered(chapters))


def _check_keys(chapter: str, part: pd.DataFrame) -> None:
    stray = [k for k in part["key"] if not str(k).startswith(f"{chapter}.")]
    if stray:
        raise ValueError(f"claims table of {chapter}: keys {stray[:3]} do not start with "
                         f"{chapter!r}.")


def write_chapter_claims(claims: Iterable[Claim], chapter: str,
                         table: str | os.PathLike[str] | Sequence[str]) -> pd.DataFrame:
    """Rule ``bommert2020_<chapter>_claims``: a chapter's claims as the table
    (:func:`~fsstab.papers.conclusions.claims_frame`) that :func:`write_thesis_conclusions`
    gathers; every key must start with the chapter (``ch5.``). Returns the table."""
    frame = claims_frame(claims)
    _check_keys(chapter, frame)
    write_table(frame, table, metadata={"paper": "bommert2020", "item": f"{chapter}_claims"})
    return frame


def write_thesis_conclusions(
    parts: Sequence[pd.DataFrame], chapters: Sequence[str],
    markdown: str | os.PathLike[str], table: str | os.PathLike[str] | Sequence[str],
) -> pd.DataFrame:
    """Rule ``bommert2020_conclusions``: the chapters' claims tables (``parts``, one per entry
    of ``chapters``) in the thesis' order, written by
    :func:`~fsstab.papers.conclusions.write_conclusions_frame`. Every claim key of a part
    starts with its chapter (``ch5.``)."""
    if len(parts) != len(chapters):
        raise ValueError(f"{len(parts)} claims tables for {len(chapters)} chapters")
    by_chapter = dict(zip(chapters, parts, strict=True))
    for chapter, part in by_chapter.items():
        _check_keys(chapter, part)
    ordered = _ordered(chapters)
    frame = pd.concat([by_chapter[c] for c in ordered], ignore_index=True)
    return write_conclusions_frame(frame, markdown, table, title=title(ordered),
                                   preamble=preamble(ordered),
                                   metadata={"paper": "bommert2020", "item": "conclusions"})


def conclude_folder(folder: str | os.PathLike[str], markdown: str | os.PathLike[str],
                    table: str | os.PathLike[str] | Sequence[str]) -> pd.DataFrame:
    """``conclusions.md`` and ``conclusions.{csv,parquet}`` from a published folder: each
    chapter with a ``<chapter>_conclusions_inputs.json`` there is checked from its inputs
    (``<chapter>.conclusions.claims_from_inputs``) and the chapters gathered as rule
    ``bommert2020_conclusions`` gathers them (:func:`write_thesis_conclusions`)."""
    from pathlib import Path

    from fsstab.papers.conclusions import read_conclusion_inputs

    folder = Path(folder)
    chapters = [c for c in CHAPTERS if (folder / f"{c}_conclusions_inputs.json").is_file()]
    if not chapters:
        raise FileNotFoundError(f"{folder}: no <chapter>_conclusions_inputs.json")
    parts = [claims_frame(_module(c, "conclusions").claims_from_inputs(
        read_conclusion_inputs(folder, name=f"{c}_conclusions_inputs.json")))
        for c in chapters]
    return write_thesis_conclusions(parts, chapters, markdown, table)


def load_sensitive_claim(key: str) -> bool:
    """Whether the claim ``key`` (``ch5.fig5_7.median``) rests on measured run times (its
    chapter's ``conclusions.RUN_TIME_CLAIMS``)."""
    chapter = key.split(".", 1)[0]
    if chapter not in CHAPTERS:
        return False
    try:
        module = _module(chapter, "conclusions")
    except ModuleNotFoundError:         # a chapter without claims
        return False
    prefixes = getattr(module, "RUN_TIME_CLAIMS", ())
    return str(key).startswith(tuple(prefixes))


def load_sensitive_comparison(item: str) -> bool:
    """Whether a ``comparison.csv`` row (its ``item``) shows measured run times or what is
    read off them (any chapter's ``comparison.RUN_TIME_ITEMS``: prefixes of items)."""
    prefixes = tuple(p for c in CHAPTERS
                     for p in getattr(_module(c, "comparison"), "RUN_TIME_ITEMS", ()))
    return str(item).startswith(prefixes)
