"""``paper.settings`` of a Bommert (2020) run: one section per chapter (``ch5`` ... ``ch8``),
each checked by its chapter's schema and checks; a run computes the chapters it is given.

``rules/paper_bommert2020.smk`` calls ``SETTINGS.checked(WF)`` at parse time.
"""

from __future__ import annotations

from fsstab.papers.bommert2020.ch5.settings import SETTINGS as CH5
from fsstab.papers.bommert2020.ch6.settings import SETTINGS as CH6
from fsstab.papers.bommert2020.ch7.settings import SETTINGS as CH7
from fsstab.papers.bommert2020.ch8.settings import SETTINGS as CH8
from fsstab.papers.settings import PaperSettings

__all__ = ["SETTINGS"]

#: The settings of a run (:class:`fsstab.papers.settings.PaperSettings` in parts).
SETTINGS = PaperSettings.from_parts({"ch5": CH5, "ch6": CH6, "ch7": CH7, "ch8": CH8})
