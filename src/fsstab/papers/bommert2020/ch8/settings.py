"""``paper.settings.ch8``: the schema ``settings.schema.yaml`` (package data; defaults = the
thesis' settings; the parts ``toy``, ``simulation``, ``real_data`` run when given) and the
checks of values against each other and against the rest of the configuration."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fsstab.papers.bommert2020.ch7.settings import dataset_problems
from fsstab.papers.settings import PaperSettings

__all__ = ["PARTS", "SETTINGS"]

#: The parts of Ch. 8 a run computes when given.
PARTS: tuple[str, ...] = ("toy", "simulation", "real_data")


def _cross_checks(ch8: Mapping[str, Any], workflow: Any) -> list[str]:
    """Keys relative to ``paper.settings.ch8``."""
    problems = []
    if not any(part in ch8 for part in PARTS):
        problems.append(f": give at least one of {', '.join(PARTS)} (nothing to run)")
    approaches = ch8["approaches"]
    for key in ("pfer_range", "pi_thr_range"):
        low, high = approaches[key]
        if not low < high:
            problems.append(f"approaches.{key}: [{low}, {high}] is not increasing")
    if "real_data" in ch8:
        problems += dataset_problems("real_data.datasets", list(ch8["real_data"]["datasets"]),
                                     workflow)
    simulation = ch8.get("simulation")
    if simulation and "blocks" in simulation["designs"]:
        for n, p in simulation["sizes"]:
            for similar in simulation["similar"]:
                if -(-p // (similar + 1)) < 5:
                    problems.append(
                        f"simulation.sizes: [{n}, {p}] in blocks of {similar + 1} (similar = "
                        f"{similar}) gives fewer than the 5 blocks of the 5 relevant features")
    return problems


#: The settings of Ch. 8 (:class:`fsstab.papers.settings.PaperSettings`).
SETTINGS = PaperSettings.from_package(__package__, _cross_checks)
