"""Random survival forests (Ishwaran et al. 2008) from scikit-survival, an optional extra.

scikit-survival (https://scikit-survival.readthedocs.io) is the maintained scikit-learn
companion for time-to-event data: its ``RandomSurvivalForest`` grows scikit-learn trees with
the log-rank splitting rule and predicts a risk score (the sum of the cumulative hazard over
the training event times), higher for an earlier event. fsstab uses it for
``RandomForestSelector(task="survival")``; install it with ``pip install "fsstab[survival]"``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["random_survival_forest"]


def random_survival_forest(*, n_estimators: int, max_features: Any, n_jobs: int | None,
                           random_state: int) -> Any:
    """An unfitted ``RandomSurvivalForest`` on bootstrap samples with scikit-survival's
    defaults otherwise (``min_samples_split=6``, ``min_samples_leaf=3``)."""
    try:
        from sksurv.ensemble import RandomSurvivalForest
    except ImportError as error:
        raise ImportError(
            "a random survival forest needs scikit-survival: pip install \"fsstab[survival]\" "
            f"(or pip install scikit-survival); import failed: {error}"
        ) from None
    return RandomSurvivalForest(n_estimators=n_estimators, max_features=max_features,
                                bootstrap=True, n_jobs=n_jobs, random_state=random_state)
