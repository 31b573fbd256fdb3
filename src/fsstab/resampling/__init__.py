"""Resampling schemes that perturb the training data of a feature selector M times.

Stability is estimated from the feature sets selected on M perturbed versions of the data
(Nogueira & Brown 2016 §5; Hamer & Dupont 2021 §7.1; Sechidis et al. 2019 §4.1, Algorithm 1).
:func:`make_resamples` draws them:

=======================  ====================================================================
scheme                   one resample
=======================  ====================================================================
``bootstrap``            n rows drawn with replacement; test = the out-of-bag rows
                         (Hamer & Dupont 2021 §7.1: M = 100, accuracy on the out-of-bag rows)
``subsample``            round(fraction·n) rows without replacement, ``fraction=0.9`` by
                         default (Nogueira & Brown 2016 §5: K = 100 subsamples of 90 %)
``leave_out``            all rows but round(delta·n) left out, ``delta=0.05`` by default
                         (Sechidis et al. 2019 §4.1: M = 50 versions with 5 % removed,
                         accuracy on the 5 % held out)
``kfold``                one fold of a (repeated) k-fold cross-validation, ``n_splits=10``;
                         resample r is fold r mod k of repetition ⌊r / k⌋ (thesis Ch. 7-8)
``complementary_pairs``  resamples 2j and 2j+1 are disjoint halves of ⌊n/2⌋ rows each
                         (Shah & Samworth 2013 complementary pairs stability selection)
=======================  ====================================================================

In every scheme the test set is the complement of the training set (the distinct rows not
drawn). Samples that belong together (one patient's biopsies, one batch; ``groups=``) are
drawn group by group in every scheme, the test set consisting of whole held-out groups
(:func:`group_unit_draw`). Draws are stratified by class by default: each class
contributes to the training set in proportion to its size (largest-remainder rounding, at
least one row per class), bootstrap draws n_c rows from each class c, k-fold deals every class
round-robin over the folds and the complementary halves take ⌊n_c/2⌋ rows of each class.

No training set ever has a single class, and no test set is empty: a draw violating this is
rejected and drawn again, and the number of rejected draws is recorded per resample
(``Resamples.redraws``). With stratification this only happens for bootstrap on tiny data (all
rows drawn); without it, whenever a class is missed.

Determinism and growing M
-------------------------
Resample r is drawn from its own stream ``SeedSequence(seed, spawn_key=(u,))`` where u is the
resample's unit (r itself; the repetition ⌊r / k⌋ for k-fold; the pair ⌊r / 2⌋ for
complementary pairs). Resample r is therefore identical for M = 30 and M = 100, so growing M
reuses earlier runs.

Parquet layout (``fsstab.resamples/1``)
---------------------------------------
Long format, one row per (resample, role, drawn row), sorted by resample, role (train first)
and row; a bootstrap training row drawn twice appears twice:

=========  ========  =======================================================
column     type      content
=========  ========  =======================================================
resample   int32     0 .. M-1
role       string    ``"train"`` or ``"test"``
row        int32     0-based row index into the dataset's sample order
=========  ========  =======================================================

Metadata: ``format``, ``scheme``, ``params`` (resolved parameters including ``stratify``),
``random_state`` (the integer seed), ``n_samples``, ``n_resamples``, ``redraws`` (list of M
ints) and ``y_sha256`` (fingerprint of the labels the resamples were drawn for). Resamples of
groups add a column ``group`` (string, the row's group) and the metadata ``n_groups`` and
``groups_sha256`` (fingerprint of the group labels); without groups the file has neither.

The package's private modules: ``_resamples`` (:func:`make_resamples`, the Parquet files,
:data:`SCHEMES`), ``_groups`` (the draws over whole groups), ``_sample_groups`` (the groups'
labels and structure, which :class:`~fsstab.datasets.Dataset` shares), ``_intervals`` (the
standard error of a mean score over the resamples, corrected for their overlap:
:func:`corrected_standard_error`, :func:`held_out_fraction`, :func:`loo_bootstrap`) and
``_common``; import
every name from :mod:`fsstab.resampling`. Names are imported on first use (module-level
``__getattr__``, as in :mod:`fsstab.selectors`): a dataset checking its sample groups loads
``_sample_groups`` only, not the resampling and its Parquet files.
"""

import importlib
from typing import Any

# name -> private module holding it
_EXPORTS = {
    "RESAMPLES_FORMAT": "_resamples",
    "SCHEMES": "_resamples",
    "Resamples": "_resamples",
    "labels_fingerprint": "_resamples",
    "make_resamples": "_resamples",
    "read_resamples": "_resamples",
    "scheme_parameter_problems": "_resamples",
    "training_class_counts": "_resamples",
    "write_resamples": "_resamples",
    "group_strata": "_groups",
    "group_unit_draw": "_groups",
    "group_unit_size_check": "_groups",
    "GroupIndex": "_sample_groups",
    "group_index": "_sample_groups",
    "sample_group_labels": "_sample_groups",
    "LooBootstrap": "_intervals",
    "corrected_standard_error": "_intervals",
    "held_out_fraction": "_intervals",
    "loo_bootstrap": "_intervals",
    "naive_standard_error": "_intervals",
    "variance_factor": "_intervals",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)
    globals()[name] = value  # once imported, a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
