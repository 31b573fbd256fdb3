"""The classification data set every fsstab stage consumes, and its Parquet layout.

A :class:`Dataset` is an ``n x d`` float64 matrix ``X`` (finite), class codes ``y`` (int8),
feature names, sample ids, the original class labels, an optional feature grouping (correlated
groups / blocks of simulated data, needed by φ_C and group LASSO), optional indices of the truly
relevant features (simulations) and a provenance dictionary. Datasets are binary by default:
``y`` is 0/1 and the second class label is the positive class (``y == 1``). Multi-class data
(kept with ``multiclass=True``; Nogueira & Brown 2016 use wine's three classes, Onda et al. 2022
the nine of Lymphoma) have ``y`` in ``0 .. K-1`` and K class labels, ``y == c`` meaning
``class_labels[c]``. Datasets are built by :func:`make_dataset` (class selection, encoding,
validation) and stored with :func:`write_dataset` / :func:`read_dataset`. A continuous or
survival outcome (``task``) is kept as :mod:`fsstab.datasets.outcomes` describes.

Parquet layout (``fsstab.dataset/1``)
-------------------------------------
One row per sample, in dataset order:

============  ===================================  ==========================================
column        type                                 content
============  ===================================  ==========================================
sample_id     string                               unique sample identifier
label         string                               original class label of the sample
y             int8                                 class code: 1 for the positive class, 0
                                                   otherwise (binary); 0 .. K-1 (multi-class)
x             fixed_size_list<double>[d]           the sample's d feature values
group         string (only with sample groups)     the sample's group (patient, batch)
============  ===================================  ==========================================

Key/value metadata (JSON values, see :mod:`fsstab.io`): ``format`` (``"fsstab.dataset/1"``),
``name``, ``feature_names`` (list of d strings), ``class_labels`` ([negative, positive], or the
K labels in code order),
``feature_groups`` (list of d ints or null), ``relevant_features`` (sorted list or null) and
``provenance`` (the stable part of the provenance; see :data:`VOLATILE_PROVENANCE_KEYS`).

A row-major matrix column instead of one column per feature keeps wide microarray data fast:
``benchmarks/dataset_layout.py`` measures a 200 x 25,000 matrix at 0.3-0.8 s to write and
0.2-0.4 s to read with this layout, against 2-3 s and 3-4.5 s with one column per feature.

Next to the Parquet file, ``provenance.json`` holds the complete provenance including volatile
fields (fetch time, the URL actually used), the SHA-256 of the Parquet file, n, d and the class
counts. Volatile fields never enter the Parquet file, so fetching the same data twice gives a
byte-identical Parquet file.

Modules: :mod:`fsstab.datasets.dataset` (the :class:`Dataset` and its checks),
:mod:`fsstab.datasets.building` (:func:`make_dataset`, class selection and encoding;
:func:`make_outcome_dataset`), :mod:`fsstab.datasets.outcomes` (continuous and time-to-event
targets: their checks, Parquet columns, :func:`resampling_labels`) and
:mod:`fsstab.datasets.storage` (the Parquet layout); every name is importable from here.
"""

from fsstab.datasets.building import (
    binarize_labels,
    class_option_problem,
    encode_labels,
    make_dataset,
    make_outcome_dataset,
    numeric_matrix,
)
from fsstab.datasets.dataset import Dataset
from fsstab.datasets.outcomes import resampling_labels
from fsstab.datasets.storage import (
    DATASET_FORMAT,
    VOLATILE_PROVENANCE_KEYS,
    dataset_paths,
    read_dataset,
    write_dataset,
)

__all__ = [
    "DATASET_FORMAT",
    "VOLATILE_PROVENANCE_KEYS",
    "Dataset",
    "binarize_labels",
    "class_option_problem",
    "dataset_paths",
    "encode_labels",
    "make_dataset",
    "make_outcome_dataset",
    "numeric_matrix",
    "read_dataset",
    "resampling_labels",
    "write_dataset",
]
