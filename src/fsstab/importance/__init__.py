"""Importance of the features of a fitted predictive model (Hamer & Dupont 2021, §5.1).

Every function returns one non-negative float per input column of the model (the columns the
model was fitted on), so that ``fsstab`` selectors can fill their ``importances_`` attribute:

- :func:`linear_importance` -- eq. 7, ``||w||_0 |w_f| / ||w||_1`` for a linear model.
- :func:`svm_importance` -- eq. 8, the contribution ``|W² − W²_(−f)|`` of each feature to the
  squared margin of a fitted SVM, any kernel (Guyon et al. 2002); ``w_f²`` for a linear kernel.
- :func:`flip_sensitivity` -- eq. 9, the average normalised sensitivity ``σ_f / δ_{x,p,f}`` of
  the model's decisions to each feature; exact for (affine-preprocessed) linear models, a grid +
  bisection search of the smallest decision flip otherwise (:func:`flip_distances`).
- :func:`permutation_importance` -- the accuracy decrease when a column is permuted, and
  :func:`oob_permutation_importance`, Breiman's (2001) out-of-bag variant for bagged forests
  (Hamer §7.2.4).

The same for a regression or survival model (eq. 7 on standardised weights, out-of-bag
permutation by the squared error or 1 − C-index) is :mod:`fsstab.importance.outcomes`, a
module of its own that ``import fsstab.importance`` does not load (only the selectors fitted on
such an outcome need it).

Non-positive raw importances
----------------------------
A permutation that does not decrease accuracy, a feature whose coefficient is exactly zero, or a
feature that cannot flip any decision within the search range has no measurable importance. The
functions above report such a feature as ``0`` (negative accuracy decreases are clipped to 0:
a permutation that *helps* is noise, not evidence of a negative importance).

The selector contract, however, needs a *strictly positive* importance for every selected
feature (zero means "not selected"). :func:`importances_on_support` makes that explicit: it
places the model's importances on the selected features and replaces every non-positive (or
NaN) value there by a floor, ``floor_ratio`` times the largest importance of the run (or gives
all selected features the same importance when none is positive, the even-importance baseline
of Hamer's Theorem 2). The feature stays selected -- the selector *did* choose it -- but it
contributes almost nothing to the importance-weighted stability φ_iw.
"""

from fsstab.importance._common import _BATCH_ENTRIES as _BATCH_ENTRIES
from fsstab.importance._flip import (
    FlipMethod,
    flip_distances,
    flip_sensitivity,
    linear_decision_weights,
)
from fsstab.importance._linear import linear_importance
from fsstab.importance._permutation import _check_repeats as _check_repeats
from fsstab.importance._permutation import _in_bag_samples as _in_bag_samples
from fsstab.importance._permutation import _out_of_bag_trees as _out_of_bag_trees
from fsstab.importance._permutation import (
    oob_permutation_importance,
    permutation_importance,
)
from fsstab.importance._support import importances_on_support
from fsstab.importance._svm import margin_contributions, svm_importance

__all__ = [
    "FlipMethod",
    "flip_distances",
    "flip_sensitivity",
    "importances_on_support",
    "linear_decision_weights",
    "linear_importance",
    "margin_contributions",
    "oob_permutation_importance",
    "permutation_importance",
    "svm_importance",
]
