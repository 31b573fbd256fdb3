"""How a figure names the score of a run: what was measured, and on which rows.

The workflow scores every selection run on the rows its resample left out. An axis that only
says "Accuracy" hides that; :func:`score_label` names both, e.g. "out-of-bag accuracy" for the
bootstrap (Hamer & Dupont 2021, §7.1). Figure functions take the label as a parameter, so that
another score (R², a concordance index) is named the same way.
"""

from __future__ import annotations

from typing import Any

__all__ = ["HELD_OUT", "group_plural", "score_label", "with_score"]

#: Resampling scheme -> where its runs are scored.
HELD_OUT: dict[str, str] = {
    "bootstrap": "out-of-bag {score}",
    "subsample": "held-out {score}",
    "leave_out": "held-out {score}",
    "kfold": "cross-validated {score}",
    "complementary_pairs": "held-out {score} (other half)",
}


def group_plural(column: str) -> str:
    """The plural of a groups column's name, as the groups are called in labels and
    sentences ("patient" -> "patients", "batch" -> "batches", "mice" unchanged).

    Examples
    --------
    >>> group_plural("patient"), group_plural("batch"), group_plural("family")
    ('patients', 'batches', 'families')
    """
    name = str(column).strip()
    lower = name.lower()
    if lower.endswith(("s", "ice")):
        return name
    if lower.endswith(("ch", "sh", "x", "z")):
        return name + "es"
    if len(lower) > 1 and lower.endswith("y") and lower[-2] not in "aeiou":
        return name[:-1] + "ies"
    return name + "s"


def score_label(scheme: str, score: str = "accuracy", *, groups: str | None = None) -> str:
    """The score's name with how it was measured under resampling ``scheme``; with
    ``groups`` (the column of the samples' groups, resampled together) the rows scored are
    those of held-out groups, and the label says so in the column's words.

    Examples
    --------
    >>> score_label("bootstrap")
    'out-of-bag accuracy'
    >>> score_label("kfold", "C-index")
    'cross-validated C-index'
    >>> score_label("bootstrap", groups="patient")
    'out-of-bag accuracy on held-out patients'
    """
    label = HELD_OUT.get(scheme, "test {score}").format(score=score)
    return label if groups is None else f"{label} on held-out {group_plural(groups)}"


def with_score(label: str, score: Any) -> str:
    """``label`` (e.g. :func:`score_label`'s "out-of-bag accuracy") for a table whose score is
    ``score`` (a :class:`fsstab.scores.Score`): "accuracy" replaced by the score's name (R²,
    C-index) when the score is not the accuracy.

    Examples
    --------
    >>> from fsstab.scores import SCORES
    >>> with_score("out-of-bag accuracy", SCORES["r2"])
    'out-of-bag R²'
    >>> with_score("out-of-bag accuracy", SCORES["accuracy"])
    'out-of-bag accuracy'
    """
    if score.name == "accuracy":
        return label
    text = label.replace("accuracy", score.label).replace("Accuracy", score.label)
    return text if text != label else f"{label} ({score.label})"
