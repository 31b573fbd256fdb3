"""Selectors that first select features and then fit a predictive model on them.

Splitting the two stages lets resampling ensembles (stability selection, bagged ensembles) run
only the selection on each of their many subsamples: the predictive model and its importances
are needed once, on the full data, not on every subsample.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

import numpy as np

from fsstab.outcomes import class_task
from fsstab.selectors._base import BaseSelector
from fsstab.selectors._common import fit_paired_model, spawn_seeds


class TwoStageSelector(BaseSelector):
    """A :class:`BaseSelector` whose fit is ``_select`` followed by the paired model.

    Subclasses implement :meth:`_select` (set ``support_`` and, where the method ranks,
    ``ranking_`` and ``scores_``) and :meth:`_paired_model`. Three seeds are drawn from
    ``random_state``: for the selection, the model and its importances.
    """

    @abstractmethod
    def _select(self, X: np.ndarray, y: np.ndarray, random_state: int) -> None:
        """Set ``support_`` (and ``ranking_``, ``scores_``) from validated ``X`` and codes ``y``."""

    @abstractmethod
    def _paired_model(self, X: np.ndarray, random_state: int) -> Any:
        """The unfitted predictive model to fit on the selected features of ``X``."""

    def _seeds(self) -> np.ndarray:
        return spawn_seeds(getattr(self, "random_state", None), 3)

    def _fit(self, X: np.ndarray, y: np.ndarray) -> None:
        selection_seed, model_seed, importance_seed = self._seeds()
        self._select(X, y, selection_seed)
        fit_paired_model(self, self._paired_model(X, model_seed), X, y, importance_seed)

    def _select_only(self, X: np.ndarray, y: np.ndarray) -> TwoStageSelector:
        """Run the selection stage exactly as :meth:`fit` would, without the predictive model.

        ``X`` must be validated and ``y`` hold class codes; the result equals ``fit``'s
        ``support_``, ``ranking_`` and ``scores_``.
        """
        self._select(X, y, self._seeds()[0])
        return self


def fit_selection(selector: Any, X: np.ndarray, y: np.ndarray) -> Any:
    """Fit ``selector`` on ``(X, y)`` for its selection only (``support_``, ``ranking_``).

    A :class:`TwoStageSelector` skips its predictive model; any other selector is fitted in
    full. ``y`` is re-encoded so that a subsample missing a class still has codes ``0 .. K-1``,
    and a subsample with a single class is rejected as :meth:`BaseSelector.fit` would.
    """
    if not isinstance(selector, TwoStageSelector):
        return selector.fit(X, y)
    classes, codes = np.unique(y, return_inverse=True)
    if classes.size < 2:
        raise ValueError(
            f"{type(selector).__name__}: a subsample contains a single class "
            f"({classes[0]!r}); feature selection for classification needs at least two"
        )
    if classes.size > 2 and class_task(classes.size).name not in selector._served_tasks():
        raise ValueError(
            f"{type(selector).__name__} supports binary classification only; y has "
            f"{classes.size} classes"
        )
    return selector._select_only(X, codes.astype(np.int64))
