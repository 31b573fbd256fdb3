"""Thesis §5.3: every filter (and none) combined with a classifier tuned by random search
(Table 5.2) in nested cross-validation; accuracy and run time per data set, the wins of each
filter over the others (Fig. 5.6) and the Pareto-optimal filters in (accuracy, run time)
(Figs. 5.7, 5.8)."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from fsstab.io import canonical_json
from fsstab.papers.bommert2020.ch5.ranking import filter_label, filter_scores
from fsstab.pareto import non_dominated_mask
from fsstab.resampling import make_resamples
from fsstab.search import parse_space
from fsstab.seeds import derive_seed, substream
from fsstab.selectors import CLASSIFIERS, FilterClassifier, n_kept

__all__ = [
    "benchmark_configurations",
    "benchmark_fold",
    "benchmark_summary",
    "boxplot_split",
    "choose_configuration",
    "evaluate_outer",
    "inner_accuracies",
    "nested_folds",
    "pareto_filters",
    "relative_performance",
    "win_matrix",
]

#: Every hyperparameter of the classifiers of Table 5.2 (FilterClassifier's parameters).
_HYPERPARAMETERS: tuple[str, ...] = tuple(dict.fromkeys(
    p for info in CLASSIFIERS.values() for p in info.params))


def benchmark_configurations(
    fraction: object, classifiers: Mapping[str, Mapping[str, object]], n: int, random_state: int,
) -> list[dict[str, object]]:
    """The random search of §5.3 (Table 5.2): each configuration a classifier (uniformly), its
    hyperparameters and the percentage of features the filter keeps. Configuration i is drawn
    from its own stream, so every filter of a dataset and outer fold gets the same ones."""
    names = sorted(classifiers)
    spaces = {c: parse_space(classifiers[c]) if classifiers[c] else {} for c in names}
    fraction_distribution = parse_space({"fraction": fraction})["fraction"]
    configurations = []
    for i in range(n):
        rng = substream(random_state, i)
        classifier = names[int(rng.integers(len(names)))]
        params = {p: spaces[classifier][p].draw(rng) for p in sorted(spaces[classifier])}
        configurations.append({"classifier": classifier,
                               "fraction": float(fraction_distribution.draw(rng)), **params})
    return configurations


def nested_folds(
    y: np.ndarray, outer_folds: int, inner_folds: int, random_state: int
) -> list[tuple[np.ndarray, np.ndarray, list[tuple[np.ndarray, np.ndarray]]]]:
    """Stratified nested cross-validation (thesis §5.3.1): for each outer fold the training and
    test rows and the inner folds as (training, test) rows *of the dataset*."""
    outer = make_resamples(y, "kfold", outer_folds, random_state, n_splits=outer_folds)
    folds = []
    for o, (train, test) in enumerate(outer):
        inner = make_resamples(y[train], "kfold", inner_folds,
                               derive_seed(random_state, "inner", o), n_splits=inner_folds)
        folds.append((train, test, [(train[a], train[b]) for a, b in inner]))
    return folds


def _selector_params(filter_name: str, configuration: Mapping[str, object]) -> dict[str, object]:
    """FilterClassifier parameters of a configuration; every hyperparameter is given (None for
    the other classifiers') so that refit_final can switch classifiers."""
    params: dict[str, object] = dict.fromkeys(_HYPERPARAMETERS)
    params.update({k: v for k, v in configuration.items() if k not in ("classifier", "fraction")})
    params["classifier"] = configuration["classifier"]
    params["fraction"] = 1.0 if filter_name == "none" else configuration["fraction"]
    return params


def inner_accuracies(
    X: np.ndarray, y: np.ndarray, filter_name: str, configurations: Sequence[Mapping],
    inner: Sequence[tuple[np.ndarray, np.ndarray]], *, random_state: int,
) -> pd.DataFrame:
    """Accuracy of every configuration on every inner fold (one filter run per fold; the other
    configurations reuse it through ``refit_final``). One row per (configuration, fold)."""
    rows = []
    for fold, (train, test) in enumerate(inner):
        Xtr, ytr = X[train], y[train]
        base = None
        for c, configuration in enumerate(configurations):
            params = _selector_params(filter_name, configuration)
            if base is None:
                base = FilterClassifier(filter=filter_name, importance="uniform",
                                        random_state=random_state, **params).fit(Xtr, ytr)
                model = base
            else:
                model = base.refit_final(Xtr, ytr, **params)
            rows.append({"configuration": c, "fold": fold,
                         "accuracy": float(model.score(X[test], y[test])),
                         "n_kept": n_kept(float(params["fraction"]), X.shape[1])})
    return pd.DataFrame(rows)


def choose_configuration(inner: pd.DataFrame) -> int:
    """The configuration of highest mean inner accuracy. The thesis breaks ties by the shortest
    run time, which is not reproducible; here by the fewest features kept (what makes a filter
    and its classifier faster), then the earliest configuration."""
    summary = inner.groupby("configuration").agg(accuracy=("accuracy", "mean"),
                                                 n_kept=("n_kept", "first")).reset_index()
    # equal means computed in another order differ in the last bits: compare them rounded
    summary["accuracy"] = summary["accuracy"].round(12)
    best = summary.sort_values(["accuracy", "n_kept", "configuration"],
                               ascending=[False, True, True], kind="stable")
    return int(best["configuration"].iloc[0])


def evaluate_outer(
    X: np.ndarray, y: np.ndarray, filter_name: str, configuration: Mapping[str, object],
    train: np.ndarray, test: np.ndarray, *, random_state: int,
) -> tuple[dict[str, object], dict[str, float]]:
    """The chosen configuration trained on the outer training rows and evaluated on the outer
    test rows: ``(result, timing)`` -- the accuracy and sizes (reproducible) and the seconds
    for filtering alone and for training filter + classifier (not reproducible)."""
    params = _selector_params(filter_name, configuration)
    Xtr, ytr = X[train], y[train]
    start = time.perf_counter()
    model = FilterClassifier(filter=filter_name, importance="uniform", random_state=random_state,
                             **params).fit(Xtr, ytr)
    train_seconds = time.perf_counter() - start
    k = n_kept(float(params["fraction"]), X.shape[1])
    filter_seconds = 0.0
    if filter_name != "none":
        start = time.perf_counter()
        filter_scores(filter_name, Xtr, ytr, k=max(k, 1), random_state=random_state)
        filter_seconds = time.perf_counter() - start
    result = {"accuracy": float(model.score(X[test], y[test])), "n_kept": k,
              "n_selected": int(model.support_.sum())}
    return result, {"filter_seconds": filter_seconds, "train_seconds": train_seconds}


def benchmark_fold(
    X: np.ndarray, y: np.ndarray, *, dataset: str, filter_name: str, outer: int,
    settings: Mapping[str, object], seed: int,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """One (dataset, filter, outer fold) of §5.3: tune on the inner folds, evaluate the choice
    on the outer test rows. Returns the result row (reproducible) and the timing row."""
    folds = nested_folds(y, settings["outer_folds"], settings["inner_folds"],
                         derive_seed(seed, dataset, "benchmark", "folds"))
    train, test, inner = folds[outer]
    configurations = benchmark_configurations(
        settings["fraction"], settings["classifiers"], settings["n_configurations"],
        derive_seed(seed, dataset, "benchmark", "configurations", outer))
    model_seed = derive_seed(seed, dataset, "benchmark", "model", outer)
    accuracies = inner_accuracies(X, y, filter_name, configurations, inner,
                                  random_state=model_seed)
    chosen = choose_configuration(accuracies)
    result, timing = evaluate_outer(X, y, filter_name, configurations[chosen], train, test,
                                    random_state=model_seed)
    identity = {"dataset": dataset, "filter": filter_label(filter_name), "outer": outer}
    mean_inner = accuracies.groupby("configuration")["accuracy"].mean()
    configuration = configurations[chosen]
    row = {**identity, "configuration": chosen, "classifier": configuration["classifier"],
           "fraction": None if filter_name == "none" else configuration["fraction"],
           "params": canonical_json({k: v for k, v in configuration.items()
                                     if k not in ("classifier", "fraction")}),
           "inner_accuracy": float(mean_inner.loc[chosen]), **result}
    return pd.DataFrame([row]), pd.DataFrame([{**identity, **timing}])


def _quantile(values: pd.Series, q: float) -> float:
    """R's quantile type 2 (as the thesis' code)."""
    return float(np.quantile(values.to_numpy(), q, method="averaged_inverted_cdf"))


def benchmark_summary(results: pd.DataFrame, timings: pd.DataFrame) -> pd.DataFrame:
    """Per (dataset, filter): mean outer accuracy, median seconds for filtering and for
    training filter + classifier (thesis §5.3.1)."""
    accuracy = results.groupby(["dataset", "filter"])["accuracy"].mean().rename("accuracy_mean")
    times = timings.groupby(["dataset", "filter"])[["filter_seconds", "train_seconds"]].median()
    return pd.concat([accuracy, times], axis=1).reset_index()


def win_matrix(summary: pd.DataFrame) -> pd.DataFrame:
    """Thesis Fig. 5.6: entry (A, B) = data sets on which filter A has a higher mean accuracy
    than B (ties count 0.5), rows and columns sorted by decreasing row sums."""
    table = summary.pivot(index="dataset", columns="filter", values="accuracy_mean")
    names = list(table.columns)
    acc = table.to_numpy()
    wins = ((acc[:, :, None] > acc[:, None, :]).sum(axis=0)
            + 0.5 * (acc[:, :, None] == acc[:, None, :]).sum(axis=0)).astype(float)
    np.fill_diagonal(wins, np.nan)
    frame = pd.DataFrame(wins, index=names, columns=names)
    order = frame.sum(axis=1).sort_values(ascending=False, kind="stable").index
    return frame.loc[order, order]


def relative_performance(summary: pd.DataFrame, time_column: str) -> pd.DataFrame:
    """Thesis Figs. 5.7 / 5.8: per dataset, the distance of each filter's mean accuracy to the
    best one (0 = best) and its log10 median time (plus 0.01 s, "not filtering at all has zero
    run time") above the fastest; median and quartiles (R type 2) over the data sets."""
    frame = summary.copy()
    frame["relative_accuracy"] = (frame.groupby("dataset")["accuracy_mean"].transform("max")
                                  - frame["accuracy_mean"])
    log_time = np.log10(frame[time_column] + 0.01)
    frame["relative_log_time"] = log_time - log_time.groupby(frame["dataset"]).transform("min")
    rows = []
    for name, part in frame.groupby("filter", sort=True):
        row = {"filter": name}
        for column, short in (("relative_accuracy", "accuracy"), ("relative_log_time", "time")):
            row[f"{short}_median"] = _quantile(part[column], 0.5)
            row[f"{short}_q25"] = _quantile(part[column], 0.25)
            row[f"{short}_q75"] = _quantile(part[column], 0.75)
        rows.append(row)
    return pd.DataFrame(rows)


def pareto_filters(relative: pd.DataFrame, statistic: str) -> list[str]:
    """Filters not dominated in (relative accuracy, relative log time), both minimised, by
    their ``median`` or ``q75`` over data sets (thesis §5.3.2;
    :func:`fsstab.pareto.non_dominated_mask`)."""
    points = relative[[f"accuracy_{statistic}", f"time_{statistic}"]].to_numpy(dtype=float)
    keep = non_dominated_mask(points, maximize=False)
    return sorted(str(name) for name in relative["filter"].to_numpy()[keep])


def boxplot_split(datasets: Sequence[str],
                  boxplot_datasets: Sequence[str]) -> tuple[list[str], list[str]]:
    """``(shown, others)``: the data sets of Fig. 5.5 (those of ``boxplot_datasets`` that are
    run, else the first two run) and the rest (Figs. A.7-A.8)."""
    shown = [d for d in boxplot_datasets if d in datasets] or list(datasets[:2])
    return shown, [d for d in datasets if d not in shown]
