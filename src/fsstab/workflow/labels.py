"""How a figure names the score of a run: what was measured, and on which rows.

The workflow scores every selection run on the rows its resample left out. An axis that only
says "Accuracy" hides that; :func:`score_label` names both, e.g. "out-of-bag accuracy" for the
bootstrap (Hamer & Dupont 2021, §7.1). Figure functions take the label as a parameter, so that
another score (R², a concordance index) is named the same way.
"""

from __future__ import annotations

__all__ = ["HELD_OUT", "score_label"]

#: Resampling scheme -> where its runs are scored.
HELD_OUT: dict[str, str] = {
    "bootstrap": "out-of-bag {score}",
    "subsample": "held-out {score}",
    "leave_out": "held-out {score}",
    "kfold": "cross-validated {score}",
    "complementary_pairs": "held-out {score} (other half)",
}


def score_label(scheme: str, score: str = "accuracy") -> str:
    """The score's name with how it was measured under resampling ``scheme``.

    Examples
    --------
    >>> score_label("bootstrap")
    'out-of-bag accuracy'
    >>> score_label("kfold", "C-index")
    'cross-validated C-index'
    """
    return HELD_OUT.get(scheme, "test {score}").format(score=score)
