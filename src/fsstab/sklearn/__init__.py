"""Stability inside scikit-learn work: measure any cross-validation, tune for accuracy *and*
stability.

Most feature selection in Python happens in a scikit-learn :class:`~sklearn.pipeline.Pipeline`
(``SelectKBest``, ``SelectFromModel``, ``RFE``/``RFECV``, an L1 model, any fsstab selector),
evaluated by ``cross_validate`` or tuned by ``GridSearchCV``. This module turns such work into
stability figures with confidence intervals, and tunes pipelines on (accuracy, stability):

- :func:`selection_matrix` / :func:`importance_matrix` -- the selection matrix Z and the
  importance matrix W (Hamer & Dupont 2021, §5) of fitted estimators or pipelines, one row per
  fitted estimator, one column per input feature (names kept);
- :func:`cross_validate_stability` -- one call that runs scikit-learn's ``cross_validate`` and
  returns the per-split scores plus any stability measure of :mod:`fsstab.measures`, with the
  confidence interval of Nogueira, Sechidis & Brown (2018) for φ (:class:`StabilityCVResult`);
- :func:`stability_from_cv_results` -- stability per number of features from the per-split
  supports that ``RFECV.cv_results_`` exposes (``split{k}_support``, scikit-learn >= 1.7);
- :class:`StabilitySearchCV` / :class:`RandomizedStabilitySearchCV` -- scikit-learn searches
  whose ``cv_results_`` also hold the stability of every candidate across the splits (with its
  interval), whose ``pareto_front_`` is the (accuracy, stability) Pareto front, and whose refit
  choice is the γ compromise of Hamer & Dupont (2021, §7.1) or the ε-constraint choice of
  Bommert (2020, Algorithm 3.2; used for tuning in Ch. 8) instead of the best accuracy alone.

Where a fitted estimator's selection comes from
-----------------------------------------------
A feature counts as *selected* in one fitted estimator when:

1. the estimator has ``get_support()`` (``SelectKBest``, ``RFE``, ``SelectFromModel``, every
   fsstab selector): its support;
2. it is a :class:`~sklearn.pipeline.Pipeline` (nested pipelines are flattened): the features
   that survive every step with ``get_support()``, traced back through the one-to-one steps
   before them (scalers, imputers, ``ColumnTransformer`` without new features; a step's
   ``get_feature_names_out`` tells which input feature each output is). A step that creates new
   features (``PCA``, ``PolynomialFeatures``, one-hot encoding) before the selection makes the
   selection untraceable, and raises a ``ValueError`` naming the step;
3. otherwise, or when a pipeline has no selecting step: the features with a non-zero ``coef_``
   (summed in absolute value over classes) or a positive ``feature_importances_`` of the final
   model (an L1 model, a tree ensemble);
4. a fitted search (``GridSearchCV``, :class:`StabilitySearchCV`) stands for its
   ``best_estimator_``.

The *importance* of a selected feature (for φ_iw and φ_pears, Hamer & Dupont 2021, §5.1) comes
from the model that uses it: an fsstab selector's ``importances_``; a selector's fitted
``estimator_`` (``RFE``, ``SelectFromModel``); in a pipeline, the final model after the
selection. ``coef_`` gives eq. 7 (``||w||_0 |w_f| / ||w||_1``), ``feature_importances_`` is used
as is. A selected feature the model does not use gets a tiny positive floor
(:func:`fsstab.importance.importances_on_support`), so that Z and W always agree.

Stability across cross-validation splits
----------------------------------------
The runs of a stability estimate are here the models fitted on the training parts of the
splits, as in Bommert (2020, Ch. 7: "the stability of the feature selection of the
configuration is evaluated based on the 10 features sets obtained from the 10 models" of 10-fold
cross-validation). k-fold training sets
overlap heavily, and the interval of Nogueira et al. (2018) treats the M runs as independent
draws; with k-fold cross-validation it is an asymptotic interval for the stability *under that
resampling*, and with M = 5 or 10 runs it is rough. Use ``RepeatedStratifiedKFold`` or
``ShuffleSplit`` to get more runs.
"""

# The code lives in private modules, one concept each: _tracing (Z and W of fitted
# estimators), _measures (measure names and intervals), _cross_validation, _base_search (the
# machinery of both searches) and _search (the two public searches).
from fsstab.sklearn._cross_validation import (
    StabilityCVResult,
    cross_validate_stability,
    stability_from_cv_results,
)
from fsstab.sklearn._search import RandomizedStabilitySearchCV, StabilitySearchCV
from fsstab.sklearn._tracing import importance_matrix, selection_matrix

__all__ = [
    "RandomizedStabilitySearchCV",
    "StabilityCVResult",
    "StabilitySearchCV",
    "cross_validate_stability",
    "importance_matrix",
    "selection_matrix",
    "stability_from_cv_results",
]
