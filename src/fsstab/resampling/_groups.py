"""Group-aware resampling: every scheme of :mod:`fsstab.resampling` over whole groups.

Part of :mod:`fsstab.resampling` (import the names from there).

When samples come in groups -- several biopsies of one patient, paired tumour/normal tissue,
samples processed in one batch -- a split that puts one sample of a group in the training set
and another in the test set lets the model recognise the group instead of learning the
outcome. The out-of-bag accuracy is then inflated (the test samples' groups were seen in
training), and so is the stability of the selection, which follows the groups' signatures
(Roberts et al. 2017, *Ecography* 40: 913-929, "Cross-validation strategies for data with
temporal, spatial, hierarchical, or phylogenetic structure"). With groups, every scheme draws
*groups* and a group's samples go together:

=======================  ====================================================================
scheme                   one resample, G groups
=======================  ====================================================================
``bootstrap``            G groups drawn with replacement (a group drawn twice contributes its
                         samples twice); test = the samples of the groups not drawn
``subsample``            round(fraction·G) groups without replacement; test = the other groups
``leave_out``            all groups but round(delta·G) (at least one group is left out)
``kfold``                groups dealt over k folds (group k-fold); k <= G
``complementary_pairs``  two disjoint halves of ⌊G/2⌋ groups each
=======================  ====================================================================

So ``fraction``, ``delta`` and ``n_splits`` count groups, and the test set always consists of
whole held-out groups: the accuracy measured on it is the accuracy on new patients (or new
batches), which is what a biomarker is for.

``stratify`` (default True) stratifies over groups: a group's stratum is the set of classes its
samples have (all groups of a paired tumour/normal design share one stratum; patients of one
class form that class's stratum), and each stratum contributes training groups in proportion to
its number of groups. Draws whose training set has a single class or whose test set is empty
are drawn again, as without groups (:attr:`fsstab.resampling.Resamples.redraws`). Resample r is
drawn from the stream of its unit, as without groups, so growing M reuses earlier resamples.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from fsstab.resampling._common import _allocate, _check_fraction, _round_half_up
from fsstab.resampling._sample_groups import GroupIndex, group_index

__all__ = ["group_strata", "group_unit_draw", "group_unit_size_check"]

_GroupDraw = Callable[[np.random.Generator, GroupIndex, list[np.ndarray], dict[str, Any]],
                      list[np.ndarray]]


def group_strata(index: GroupIndex, codes: np.ndarray) -> list[np.ndarray]:
    """Groups by stratum (the set of class codes of their samples), strata in order of their
    first group; each array holds group codes in increasing order."""
    strata: dict[tuple[int, ...], list[int]] = {}
    for g, members in enumerate(index.members):
        strata.setdefault(tuple(np.unique(codes[members]).tolist()), []).append(g)
    return [np.asarray(groups, dtype=np.int64) for groups in strata.values()]


def _all_groups(index: GroupIndex) -> np.ndarray:
    return np.arange(index.n_groups, dtype=np.int64)


def _bootstrap(rng, index, strata, params):
    if params["stratify"]:
        drawn = [rng.choice(s, size=s.size, replace=True) for s in strata]
        return [index.samples(np.concatenate(drawn))]
    return [index.samples(rng.integers(0, index.n_groups, size=index.n_groups))]


def _without_replacement(rng, index, strata, params):

    n_train = params["_n_train_groups"]
    if params["stratify"]:
        alloc = _allocate(n_train, np.array([s.size for s in strata]))
        drawn = [rng.choice(s, size=a, replace=False) for s, a in zip(strata, alloc, strict=True)]
        return [index.samples(np.concatenate(drawn))]
    return [index.samples(rng.choice(index.n_groups, size=n_train, replace=False))]


def _kfold(rng, index, strata, params):
    k, G = params["n_splits"], index.n_groups
    if params["stratify"]:
        order = np.concatenate([rng.permutation(s) for s in strata])
    else:
        order = rng.permutation(G)
    fold = np.empty(G, dtype=np.int64)
    fold[order] = np.arange(G) % k
    groups = _all_groups(index)
    return [index.samples(groups[fold != f]) for f in range(k)]


def _complementary_pairs(rng, index, strata, params):
    if params["stratify"]:
        halves: tuple[list[np.ndarray], list[np.ndarray]] = ([], [])
        for s in strata:
            perm = rng.permutation(s)
            h = s.size // 2
            halves[0].append(perm[:h])
            halves[1].append(perm[h:2 * h])
        return [index.samples(np.concatenate(halves[0])),
                index.samples(np.concatenate(halves[1]))]
    perm = rng.permutation(index.n_groups)
    h = index.n_groups // 2
    return [index.samples(perm[:h]), index.samples(perm[h:2 * h])]


_GROUP_DRAWS: dict[str, _GroupDraw] = {
    "bootstrap": _bootstrap,
    "subsample": _without_replacement,
    "leave_out": _without_replacement,
    "kfold": _kfold,
    "complementary_pairs": _complementary_pairs,
}


def group_unit_size_check(scheme: str, params: dict[str, Any], index: GroupIndex,
                          strata: list[np.ndarray]) -> None:
    """Reject requests that cannot give a training and a test set of whole groups; derive the
    number of training groups (``_n_train_groups``) of subsample and leave_out."""

    G = index.n_groups
    if G < 2:
        raise ValueError(
            f"group-aware resampling needs at least 2 groups; all samples are in group "
            f"{index.labels[0]!r}"
        )
    if scheme in ("subsample", "leave_out"):
        if scheme == "subsample":
            n_train = _round_half_up(_check_fraction("fraction", params["fraction"]) * G)
            what = f"fraction={params['fraction']}"
        else:
            n_train = G - _round_half_up(_check_fraction("delta", params["delta"]) * G)
            what = f"delta={params['delta']}"
        if not 1 <= n_train <= G - 1:
            raise ValueError(
                f"{scheme} with {what} over G={G} groups gives {n_train} training and "
                f"{G - n_train} test groups; need at least one of each (with groups, the "
                "fraction counts groups)"
            )
        params["_n_train_groups"] = n_train
    elif scheme == "kfold":
        k = params["n_splits"]
        if isinstance(k, bool) or not isinstance(k, int) or not 2 <= k <= G:
            raise ValueError(
                f"n_splits must be an integer in 2..G={G} (the number of groups: with groups, "
                f"each fold holds whole groups), got {k!r}"
            )
    elif scheme == "complementary_pairs":
        halves = sum(s.size // 2 for s in strata) if params["stratify"] else G // 2
        if halves < 1:
            raise ValueError(
                f"complementary_pairs over G={G} groups: every stratum of groups has a single "
                "group, so the halves are empty; use stratify: false"
            )


def group_unit_draw(scheme: str, groups: Any, codes: np.ndarray
                    ) -> tuple[Callable[[np.random.Generator, dict[str, Any]], list[np.ndarray]],
                               GroupIndex, list[np.ndarray]]:
    """The draw of one unit of ``scheme`` over the groups of ``groups`` (labels per sample;
    ``codes``: the samples' class codes), with the group index and strata it uses."""
    index = group_index(groups)
    if index.codes.size != codes.size:
        raise ValueError(f"{index.codes.size} sample groups for {codes.size} samples")
    strata = group_strata(index, codes)
    draw = _GROUP_DRAWS[scheme]

    def unit(rng: np.random.Generator, params: dict[str, Any]) -> list[np.ndarray]:
        return draw(rng, index, strata, params)

    return unit, index, strata
