"""Random forests fitted like scikit-learn's, tree for tree, without its per-tree overhead.

:meth:`sklearn.ensemble.RandomForestClassifier.fit` spends, on the small data sets of
feature-selection studies (a few hundred rows), more time in Python than in growing trees:
every tree is cloned through ``get_params`` / ``inspect.signature``, its targets are checked
again by ``type_of_target`` and its sample weights by ``check_array``. :func:`fit_forest` grows
the *same* trees -- the same seeds drawn in the same order from ``random_state``, the same
bootstrap draws, the same Cython tree builder with the same splitter and criterion -- and
assembles a fitted :class:`~sklearn.ensemble.RandomForestClassifier` that is indistinguishable
from one fitted by ``fit`` (``estimators_``, ``estimators_samples_``, ``predict``,
``feature_importances_``, ...), in less than half the time (each tree's two generators are
re-seeded rather than constructed, which alone costs more than its bootstrap draw).

The builder is scikit-learn's private Cython API, so the fast path guards itself: it is used
only for the settings it reproduces (bootstrap without ``max_samples``, no class weights, no
pruning, a finite NumPy array) and only after a check, once per process, that it grows the same
trees as ``fit`` on a small problem (binary and three-class, Gini and entropy). Otherwise -- or
if the check fails or raises, as a change of the private API would make it -- the forest is
fitted by ``fit``; the results are the same either way, only the time differs
(``tests/selectors/test_forest.py`` checks the equality on the installed scikit-learn).
"""

from __future__ import annotations

import functools
import threading
from concurrent.futures import ThreadPoolExecutor
from numbers import Integral, Real
from typing import Any

import numpy as np

__all__ = ["fast_path_available", "fit_forest"]

_INT32_MAX = np.iinfo(np.int32).max


def _is_supported(forest: Any, X: Any) -> bool:
    """The settings :func:`_grow` reproduces exactly."""
    from sklearn.ensemble import RandomForestClassifier

    p = forest.get_params(deep=False)
    return (
        type(forest) is RandomForestClassifier
        and p["bootstrap"] is True
        and p["max_samples"] is None
        and not p["oob_score"]
        and not p["warm_start"]
        and p["class_weight"] is None
        and p["ccp_alpha"] == 0.0
        and p["max_leaf_nodes"] is None
        and p["monotonic_cst"] is None
        and p["min_weight_fraction_leaf"] == 0.0
        and p["criterion"] in ("gini", "entropy", "log_loss")
        and (p["max_depth"] is None or isinstance(p["max_depth"], Integral))
        and isinstance(p["min_samples_leaf"], Integral)
        and isinstance(p["min_samples_split"], Integral)
        and isinstance(X, np.ndarray)
        and X.ndim == 2
        and X.dtype.kind in "fiu"
        and bool(np.all(np.isfinite(X)))  # fit handles missing values; the fast path does not
    )


def _max_features(value: Any, n_features: int) -> int:
    """``max_features_`` as :class:`~sklearn.tree.DecisionTreeClassifier` resolves it."""
    if isinstance(value, str):
        if value == "sqrt":
            return max(1, int(np.sqrt(n_features)))
        if value == "log2":
            return max(1, int(np.log2(n_features)))
        raise ValueError(f"max_features={value!r}")
    if value is None:
        return n_features
    if isinstance(value, Integral):
        return int(value)
    if isinstance(value, Real) and value > 0.0:
        return max(1, int(value * n_features))
    return 0


def _n_jobs(n_jobs: Any, n_trees: int) -> int:
    from joblib import effective_n_jobs

    return max(1, min(int(effective_n_jobs(n_jobs)), n_trees))


def _grow(forest: Any, X: np.ndarray, y: Any) -> Any:
    """Fit ``forest`` (unfitted, supported settings) on validated ``X``, ``y``; the trees of
    :meth:`RandomForestClassifier.fit` grown by scikit-learn's tree builder directly."""
    from sklearn.tree import DecisionTreeClassifier
    from sklearn.utils import check_random_state
    from sklearn.utils.multiclass import check_classification_targets

    from fsstab._sklearn_compat import CRITERIA_CLF, DENSE_SPLITTERS, DepthFirstTreeBuilder, Tree

    forest._validate_params()
    X32 = np.asarray(X, dtype=np.float32)
    y = np.asarray(y)
    if y.ndim != 1 or y.shape[0] != X32.shape[0]:
        raise ValueError(f"y must have shape ({X32.shape[0]},), got {y.shape}")
    check_classification_targets(y)
    n_samples, n_features = X32.shape
    classes, codes = np.unique(y, return_inverse=True)
    y_codes = np.ascontiguousarray(codes.reshape(-1, 1), dtype=np.float64)
    n_classes = np.array([classes.size], dtype=np.intp)

    params = {name: getattr(forest, name) for name in forest.estimator_params}
    max_features = _max_features(forest.max_features, n_features)
    min_samples_leaf = int(forest.min_samples_leaf)
    min_samples_split = max(int(forest.min_samples_split), 2 * min_samples_leaf)
    max_depth = _INT32_MAX if forest.max_depth is None else int(forest.max_depth)
    min_impurity_decrease = float(forest.min_impurity_decrease)

    # one seed per tree, drawn as sklearn.ensemble._base._set_random_states draws them
    random_state = check_random_state(forest.random_state)
    seeds = [random_state.randint(_INT32_MAX) for _ in range(forest.n_estimators)]

    local = threading.local()

    def grow_tree(seed: int) -> Any:
        # Both draws come from a fresh RandomState(seed), as in fit: re-seeding one generator
        # per thread gives the same states at a fraction of the cost of constructing two.
        rng = getattr(local, "rng", None)
        if rng is None:
            rng = local.rng = np.random.RandomState()
        # the bootstrap draw of sklearn.ensemble._forest._generate_sample_indices, as counts
        rng.seed(seed)
        indices = rng.randint(0, n_samples, n_samples)
        weights = np.bincount(indices, minlength=n_samples).astype(np.float64)
        rng.seed(seed)  # the splitter draws its own seed from it when the build starts
        criterion = CRITERIA_CLF[forest.criterion](1, n_classes)
        splitter = DENSE_SPLITTERS["best"](
            criterion, max_features, min_samples_leaf, 0.0, rng, None
        )
        tree_ = Tree(n_features, n_classes, 1)
        DepthFirstTreeBuilder(
            splitter, min_samples_split, min_samples_leaf, 0.0, max_depth, min_impurity_decrease
        ).build(tree_, X32, y_codes, weights, None)
        tree = DecisionTreeClassifier(**{**params, "random_state": seed})
        tree.n_features_in_ = n_features
        tree.n_outputs_ = 1
        tree.classes_ = np.arange(classes.size, dtype=np.float64)
        tree.n_classes_ = n_classes[0]
        tree.max_features_ = max_features
        tree.tree_ = tree_
        return tree

    n_jobs = _n_jobs(forest.n_jobs, len(seeds))
    if n_jobs == 1:
        trees = [grow_tree(seed) for seed in seeds]
    else:  # the Cython builder releases the GIL; map keeps the trees in seed order
        with ThreadPoolExecutor(max_workers=n_jobs) as pool:
            trees = list(pool.map(grow_tree, seeds))

    forest._validate_estimator()
    forest.estimators_ = trees
    forest.n_features_in_ = n_features
    forest._n_samples = n_samples
    forest.n_outputs_ = 1
    forest.classes_ = classes
    forest.n_classes_ = int(classes.size)
    forest._sample_weight = None
    forest._n_samples_bootstrap = n_samples
    return forest


def _same_trees(a: Any, b: Any) -> bool:
    if len(a.estimators_) != len(b.estimators_):
        return False
    for s, t in zip(a.estimators_, b.estimators_, strict=True):
        if s.random_state != t.random_state:
            return False
        for name in ("feature", "threshold", "children_left", "children_right", "value",
                     "impurity", "weighted_n_node_samples"):
            if not np.array_equal(getattr(s.tree_, name), getattr(t.tree_, name)):
                return False
    return bool(np.array_equal(a.classes_, b.classes_))


@functools.cache
def fast_path_available() -> bool:
    """Whether the installed scikit-learn grows the same trees through :func:`_grow` as through
    ``RandomForestClassifier.fit`` (checked once per process on a small problem)."""
    from sklearn.ensemble import RandomForestClassifier

    rng = np.random.RandomState(0)
    X = rng.normal(size=(40, 7))
    try:
        for n_classes, criterion, max_features in ((2, "gini", "sqrt"), (3, "entropy", 3)):
            y = np.arange(40) % n_classes + 10
            X_shifted = X + 0.3 * y[:, None]
            settings = {"n_estimators": 3, "criterion": criterion,
                        "max_features": max_features, "random_state": 5}
            reference = RandomForestClassifier(**settings).fit(X_shifted, y)
            ours = _grow(RandomForestClassifier(**settings), X_shifted, y)
            if not _same_trees(reference, ours):
                return False
    except Exception:  # any change of the private API: use fit
        return False
    return True


def fit_forest(forest: Any, X: Any, y: Any) -> Any:
    """Fit a :class:`~sklearn.ensemble.RandomForestClassifier` as ``forest.fit(X, y)`` would.

    The trees, and everything computed from them, are those of ``forest.fit(X, y)`` (see the
    module docstring); settings the fast path does not reproduce, and scikit-learn versions on
    which its check fails, go through ``fit`` itself. ``n_jobs`` parallelises over trees with
    threads, as ``fit`` does, without changing the result.

    Parameters
    ----------
    forest
        An unfitted forest (any estimator; only a supported ``RandomForestClassifier`` takes
        the fast path).
    X, y
        Training data; ``X`` a finite 2-d NumPy array for the fast path.

    Returns
    -------
    The fitted ``forest``.
    """
    if _is_supported(forest, X) and fast_path_available():
        return _grow(forest, X, y)
    return forest.fit(X, y)
