"""``paper.settings.ch6``: the schema ``settings.schema.yaml`` (package data; defaults = the
thesis' settings) and the check that its data sets are configured."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fsstab.papers.settings import PaperSettings, configured_problems

__all__ = ["SETTINGS"]


def _cross_checks(ch6: Mapping[str, Any], workflow: Any) -> list[str]:
    """The data sets of §6.3 are configured (keys relative to ``paper.settings.ch6``)."""
    return configured_problems("real.datasets", ch6["real"]["datasets"], workflow)


#: The settings of Ch. 6 (:class:`fsstab.papers.settings.PaperSettings`).
SETTINGS = PaperSettings.from_package(__package__, _cross_checks)
