"""``paper.settings`` of a Bommert (2020) run: one section per chapter (``ch5`` ... ``ch8``),
each checked by its chapter's schema and checks; a run computes the chapters it is given.

``rules/paper_bommert2020.smk`` calls ``SETTINGS.checked(WF)`` at parse time.
"""

from __future__ import annotations

from typing import Any

from fsstab.papers.bommert2020.ch5.settings import SETTINGS as CH5
from fsstab.papers.bommert2020.ch6.settings import SETTINGS as CH6
from fsstab.papers.bommert2020.ch7.settings import SETTINGS as CH7
from fsstab.papers.bommert2020.ch8.settings import SETTINGS as CH8
from fsstab.papers.settings import PaperSettings

__all__ = ["SETTINGS", "conclusions_run"]

#: The settings of a run (:class:`fsstab.papers.settings.PaperSettings` in parts).
SETTINGS = PaperSettings.from_parts({"ch5": CH5, "ch6": CH6, "ch7": CH7, "ch8": CH8})


def conclusions_run(workflow: Any, part: str) -> dict[str, Any]:
    """The run's part of chapter ``part``'s conclusion inputs
    (``<part>_conclusions_inputs.json``), a function of the checked workflow configuration
    alone, as each chapter's claims rule passes it."""
    from fsstab.papers.bommert2020.ch5.conclusions import run_settings as ch5_run
    from fsstab.papers.bommert2020.ch6.conclusions import run_settings as ch6_run
    from fsstab.papers.bommert2020.ch7.stages import prefilter_features, run_datasets

    settings = SETTINGS.checked(workflow)
    if part not in settings:
        raise ValueError(f"paper.settings has no {part!r}; chapters: {sorted(settings)}")
    chapter = settings[part]
    datasets = tuple(workflow.datasets)
    if part == "ch5":
        prefiltered = {name: ds.n_features for name, ds in workflow.datasets.items()}
        return {"run": ch5_run(chapter, datasets, prefiltered)}
    if part == "ch6":
        real = [d for d in chapter["real"]["datasets"] if d in datasets]
        return {"run": ch6_run(real, workflow.n_resamples, workflow.measure_params)}
    if part == "ch7":
        run_here = run_datasets(chapter, datasets)
        return {"datasets": list(run_here), "ch7": chapter,
                "features": prefilter_features(workflow.raw["datasets"], run_here)}
    return {"ch8": chapter}
