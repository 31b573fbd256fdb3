"""Nested evaluation of the workflow's decision (config key ``evaluation.nested``).

The workflow chooses a configuration by γ, ε-constraint or one-SE on the mean test scores of
every configuration over the M resamples, and reports that score: it is the best of K
configurations on the very resamples it was chosen on, an optimistic number (a winner's
curse). Nested evaluation (Bommert 2020, §5.3 and §8.4; mlr3's ``AutoFSelector``) scores the
*procedure* instead. The data are split into ``outer`` folds, ``repeats`` times (stratified,
by whole sample groups when the dataset has them: :mod:`fsstab.resampling`). In each outer
training part the whole procedure runs as configured -- the dataset's prefilter (constant
features, log transform, top features by variance) fitted on that part only and applied to
the outer test part (:func:`fold_dataset`), M inner resamples of the configured scheme drawn
from that part only (again by group), the similarity matrix of the adjusted measures computed
on it, every configuration selected on them, its
stability and mean score, the Pareto table and its choices (every configured γ, the
ε-constraint, the one-SE rule, per Pareto measure) -- and each chosen configuration is then
fitted on the whole outer training part and scored on the outer test part, which took no
part in the choice.

Per (measure, rule) the summary gives the outer score over the outer folds with its interval
(corrected for the overlap of the outer training sets like every other interval,
:mod:`fsstab.resampling`; ρ₀ = 1/outer), the inner score of the chosen configuration (what the
non-nested report shows for it), the optimism (inner − outer), how often each configuration was
chosen, and Nogueira's φ of the finally selected feature sets across the outer folds (as
columns of the unfiltered dataset, over its d features: the folds' prefilters may keep
different features).

Seeds: the outer splits come from ``derive_seed(seed, "nested")``; the inner procedure of
outer fold j runs under the global seed ``derive_seed(seed, "nested", j)`` (its resamples,
selector seeds and ε tie-breaks derive from it as in the workflow), the refit of outer fold j
is resample j of the outer splits under that seed.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa

from fsstab.datasets import Dataset
from fsstab.resampling import (
    Resamples,
    corrected_standard_error,
    held_out_fraction,
)
from fsstab.seeds import derive_seed
from fsstab.workflow.data import (
    draw_resamples,
    similarity_matrix,
    univariate_mapping,
    univariate_statistics,
)
from fsstab.workflow.decisions import pareto_table
from fsstab.workflow.scoring import frame_decision_score
from fsstab.workflow.selection import calibrate, select_chunk
from fsstab.workflow.stability import stability_table

__all__ = [
    "NESTED_FORMAT",
    "chosen_configurations",
    "fold_arrow",
    "fold_dataset",
    "fold_score",
    "inner_stability",
    "measure_label",
    "nested_html",
    "nested_sentence",
    "nested_summary",
    "outer_fold_ids",
    "outer_index",
    "outer_resamples",
    "outer_results",
    "outer_test_fraction",
    "summary_arrow",
    "training_part",
    "unfiltered_features",
]

NESTED_FORMAT = "fsstab.nested/1"


def outer_fold_ids(outer: int, repeats: int) -> list[str]:
    """The wildcard of every outer fold: ``o000`` .. (repetition-major: fold f of repetition
    r is ``r · outer + f``).

    Examples
    --------
    >>> from fsstab.workflow.nested import outer_fold_ids
    >>> outer_fold_ids(2, 2)
    ['o000', 'o001', 'o002', 'o003']
    """
    return [f"o{j:03d}" for j in range(int(outer) * int(repeats))]


def outer_index(fold_id: str) -> int:
    """The index of an :func:`outer_fold_ids` id.

    Examples
    --------
    >>> from fsstab.workflow.nested import outer_index
    >>> outer_index("o003")
    3
    """
    if not (isinstance(fold_id, str) and fold_id.startswith("o") and fold_id[1:].isdigit()):
        raise ValueError(f"an outer fold id looks like 'o003', got {fold_id!r}")
    return int(fold_id[1:])


def outer_resamples(ds: Dataset, *, seed: int, outer: int, repeats: int) -> Resamples:
    """The ``outer · repeats`` outer splits of ``ds``: ``repeats`` stratified ``outer``-fold
    partitions (whole groups when ``ds`` has sample groups), seeded by
    ``derive_seed(seed, "nested")``."""
    return draw_resamples(ds, seed=derive_seed(seed, "nested"), scheme="kfold",
                          n_resamples=int(outer) * int(repeats), params={"n_splits": int(outer)})


def training_part(ds: Dataset, rows: np.ndarray) -> Dataset:
    """The samples ``rows`` of ``ds`` (an outer training part) as a dataset of the same name,
    features and task, their sample groups kept."""
    rows = np.asarray(rows)
    if np.unique(rows).size != rows.size:
        raise ValueError("an outer training part holds every sample once (k-fold)")
    groups = None if ds.sample_groups is None else tuple(ds.sample_groups[i] for i in rows)
    return dataclasses.replace(
        ds, X=ds.X[rows], y=ds.y[rows], sample_ids=tuple(ds.sample_ids[i] for i in rows),
        sample_groups=groups)


def fold_dataset(
    raw: Dataset,
    ds: Dataset,
    outer: Resamples,
    index: int,
    prefilter_params: Mapping[str, Any],
) -> tuple[Dataset, np.ndarray]:
    """The data of outer fold ``index``: the dataset's prefilter (constant features, log
    transform, top features by variance; :func:`fsstab.prefilter.prefilter`) fitted on the
    outer training part of the unfiltered dataset ``raw`` only and applied to all its samples,
    so that the samples of the outer test part take no part in the inner procedure.

    ``ds`` is the prefiltered dataset the outer splits were drawn on (its samples are those of
    ``raw``, restricted to the holdout part if one is configured); ``prefilter_params`` the
    dataset's ``n_features``, ``log_transform`` and ``holdout``. Returns the fold's dataset
    (every sample, the features kept on the training part) and the columns of ``raw`` they
    are.
    """
    from fsstab.prefilter import apply_prefilter, holdout_samples, prefilter

    rows = holdout_samples(raw, prefilter_params.get("holdout"))
    if tuple(rows.sample_ids) != tuple(ds.sample_ids):
        raise ValueError(f"dataset {ds.name!r}: the unfiltered dataset's samples are not those "
                         "the outer splits were drawn on (rerun the prefilter)")
    _, report = prefilter(training_part(rows, outer.train[int(index)]),
                          n_features=prefilter_params.get("n_features"),
                          log_transform=prefilter_params.get("log_transform"))
    return apply_prefilter(rows, report), np.asarray(report.kept, dtype=np.int64)


def inner_stability(
    ds: Dataset,
    outer: Resamples,
    index: int,
    spec: Mapping[str, Any],
    *,
    seed: int,
    resampling: Mapping[str, Any],
    measures: Sequence[str],
    measure_params: Mapping[str, Mapping[str, Any]],
    similarity: Mapping[str, Any] | None,
    confidence_level: float,
    rank_cap: int,
    accuracy_model: Mapping[str, Any] | None = None,
) -> pa.Table:
    """The stability rows of one configuration ``spec`` on the inner resamples of outer fold
    ``index``: what the resample, calibrate, select and stability stages compute for it on
    the outer training part (module docstring), under the inner seed. ``ds`` is the fold's
    dataset (:func:`fold_dataset`), the stability measures run over its features.

    ``resampling`` is the dataset's resampling section (``scheme``, ``n_resamples``,
    ``params``); ``similarity`` the dataset's similarity settings when a measure needs C (the
    matrix is computed on the outer training part), else None.
    """
    part = training_part(ds, outer.train[index])
    inner_seed = derive_seed(seed, "nested", int(index))
    params = dict(resampling.get("params") or {})
    n_resamples = int(resampling["n_resamples"])
    resamples = draw_resamples(part, seed=inner_seed, scheme=resampling["scheme"],
                               n_resamples=n_resamples, params=params)
    calibrated = None
    if spec.get("calibrate_target_k") is not None:
        calibrated = calibrate(part, resamples, spec)["C"]
    univariate = _univariate(part, resamples, spec)
    tables = select_chunk(part, resamples, spec, range(n_resamples), seed=inner_seed,
                          rank_cap=rank_cap, calibrated_C=calibrated, univariate=univariate,
                          accuracy_model=accuracy_model)
    C = threshold = None
    if similarity is not None:
        C = similarity_matrix(part, **similarity)
        threshold = float(similarity["threshold"])
    return stability_table(
        tables["runs"], tables["features"], dataset=ds.name, spec=spec, d=ds.n_features,
        measures=measures, measure_params=measure_params, C=C, threshold=threshold,
        confidence_level=confidence_level, rank_cap=rank_cap,
        random_state=derive_seed(inner_seed, ds.name, "measures"),
        n_samples=part.n_samples, calibrated_C=calibrated)


def _univariate(part: Dataset, resamples: Resamples, spec: Mapping[str, Any]
                ) -> dict[int, tuple[np.ndarray, np.ndarray]] | None:
    """The Welch t and variance of every resample's training rows, for a configuration whose
    class reads them (else None)."""
    from fsstab.selectors import SELECTORS

    cls = SELECTORS[spec["class"]]
    uses = any(cls.uses_univariate_statistics({**spec["params"], **v["params"]})
               for v in spec["variants"])
    if not uses:
        return None
    return univariate_mapping(univariate_statistics(part, resamples), part.n_features)


def chosen_configurations(
    summary: pd.DataFrame,
    measures: Sequence[str],
    *,
    gammas: Sequence[float],
    acc_const: float,
    stab_const: float,
    random_state: int,
) -> pd.DataFrame:
    """What the workflow's Pareto stage chooses on one inner summary: one row per (measure,
    rule) with ``rule`` (``gamma=<γ>``, ``epsilon``, ``one_se``), ``configuration``,
    ``variant``, ``label`` and ``inner_score`` (the chosen point's mean score over the inner
    resamples), in the order measures × (γ values, ε, one-SE); a rule that chooses nothing (no
    evaluated point) gives no row."""
    table = pareto_table(summary, measures, gammas=gammas, acc_const=acc_const,
                         stab_const=stab_const, random_state=random_state)
    score = frame_decision_score(summary, what="the inner stability summary")
    rows = []
    for measure in measures:
        part = table[table["measure"] == measure]
        picks = [(f"gamma={float(g):g}", part["chosen_gammas"].map(
            lambda chosen, g=float(g): g in chosen)) for g in gammas]
        picks += [("epsilon", part["epsilon_choice"]), ("one_se", part["one_se_choice"])]
        for rule, mask in picks:
            hit = part[mask.to_numpy(dtype=bool)]
            if hit.empty:
                continue
            point = hit.iloc[0]
            rows.append({"measure": measure, "rule": rule,
                         "configuration": point["configuration"], "variant": point["variant"],
                         "label": point["label"], "inner_score": float(point[score.name])})
    columns = ["measure", "rule", "configuration", "variant", "label", "inner_score"]
    return pd.DataFrame(rows, columns=columns)


def outer_results(
    ds: Dataset,
    outer: Resamples,
    index: int,
    choices: pd.DataFrame,
    specs: Mapping[str, Mapping[str, Any]],
    calibrated: Mapping[str, float | None],
    *,
    seed: int,
    rank_cap: int,
    accuracy_model: Mapping[str, Any] | None = None,
    columns: np.ndarray | None = None,
) -> pd.DataFrame:
    """Fit every chosen configuration on the outer training part of fold ``index`` and score
    it on its outer test part. ``ds`` is the fold's dataset (:func:`fold_dataset`) and
    ``columns`` the unfiltered dataset's column of each of its features (``selected`` is given
    in those, comparable across folds whose prefilters kept different features); None: the
    features of ``ds`` themselves.

    ``choices`` is :func:`chosen_configurations` of the fold's inner summary, ``specs`` the
    configurations by id, ``calibrated`` the C each calibrated configuration found on the inner
    resamples. Returns ``choices`` with ``outer_fold``, ``score`` (the decision score's name),
    ``outer_score``, ``n_selected`` and ``selected`` (the feature indices the refit selects, in
    ``columns``) added.
    """
    index = int(index)
    inner_seed = derive_seed(seed, "nested", index)
    split = dataclasses.replace(outer, train=(outer.train[index],), test=(outer.test[index],),
                                redraws=outer.redraws[index:index + 1])
    refits: dict[str, tuple[pd.DataFrame, pd.DataFrame]] = {}
    for config_id in dict.fromkeys(choices["configuration"]):
        spec = specs[config_id]
        univariate = _univariate(ds, split, spec)
        if univariate is not None:
            univariate = {index: univariate[0]}
        tables = select_chunk(ds, outer, spec, [index], seed=inner_seed, rank_cap=rank_cap,
                              calibrated_C=calibrated.get(config_id), univariate=univariate,
                              accuracy_model=accuracy_model)
        refits[config_id] = (tables["runs"].to_pandas(), tables["features"].to_pandas())
    score = _runs_score(next(iter(refits.values()))[0].columns) if refits else None
    out = choices.copy()
    outer_scores, sizes, selected = [], [], []
    for config_id, variant in zip(choices["configuration"], choices["variant"], strict=True):
        runs, features = refits[config_id]
        outer_scores.append(float(runs.loc[runs["variant"] == variant, score].iloc[0]))
        mask = (features["variant"] == variant) & features["selected"]
        chosen = features.loc[mask, "feature"].to_numpy().astype(np.int64)
        chosen = np.sort(chosen if columns is None else np.asarray(columns)[chosen])
        sizes.append(int(chosen.size))
        selected.append(chosen.tolist())
    out.insert(0, "outer_fold", index)
    out["score"] = score
    out["outer_score"] = outer_scores
    out["n_selected"] = sizes
    out["selected"] = selected
    return out


def _runs_score(columns: Sequence[str]) -> str:
    """The decision score column of a runs table (``accuracy``, ``r2``, ``c_index``...)."""
    from fsstab.workflow.scoring import decision_score

    return decision_score(columns, what="the refit's runs table").name


def outer_test_fraction(ds: Dataset, outer: Resamples) -> float:
    """ρ₀ of the outer splits: the mean number of test units (samples, or groups when ``ds``
    has sample groups) over the units (:func:`fsstab.resampling.held_out_fraction`)."""
    if ds.sample_groups is None:
        return held_out_fraction([t.size for t in outer.test], ds.n_samples)
    codes = np.unique(np.asarray(ds.sample_groups), return_inverse=True)[1].reshape(-1)
    return held_out_fraction([np.unique(codes[t]).size for t in outer.test],
                             int(codes.max()) + 1)


def nested_summary(
    folds: pd.DataFrame,
    *,
    score: str,
    d: int,
    test_fraction: float,
    confidence_level: float = 0.95,
) -> pd.DataFrame:
    """The nested evaluation of one dataset from the rows of :func:`outer_results` of every
    outer fold (``folds``).

    One row per (measure, rule): ``n_outer`` (folds), ``outer_mean`` with ``outer_se``
    (naive, s/√F) and ``outer_se_corrected`` (s·√(1/F + ρ₀/(1 − ρ₀)), ρ₀ = ``test_fraction``:
    :mod:`fsstab.resampling`), ``outer_low``/``outer_high`` (the corrected interval,
    ``mean ± t_{F−1} · se``, clipped to the score's range), ``inner_mean`` (the mean inner
    score of the chosen configurations), ``optimism`` (``inner_mean − outer_mean``; for a
    score where lower is better, RMSE, its negative, so that a positive optimism always means
    the inner score flatters), ``most_chosen`` (the label chosen most often, the first of the
    folds' order among ties), ``most_chosen_folds`` (in how many folds), ``choices`` (JSON
    ``{label: folds}``, most often first), ``features_phi`` (Nogueira's φ of the F selected
    sets over the ``d`` features; NaN when it is undefined) and ``mean_n_selected``.
    """
    import json

    from fsstab.measures import nogueira
    from fsstab.outcomes import get_score, score_interval

    info = get_score(score)
    rows = []
    for (measure, rule), part in folds.groupby(["measure", "rule"], sort=False):
        part = part.sort_values("outer_fold")
        outer = part["outer_score"].to_numpy(dtype=float)
        F = outer.size
        mean = float(outer.mean())
        se = float(outer.std(ddof=1) / math.sqrt(F)) if F > 1 else math.nan
        se_c = corrected_standard_error(outer, test_fraction)
        low, high = score_interval([mean], [se_c], [F], info, confidence_level=confidence_level)
        inner = float(part["inner_score"].mean())
        counts = part["label"].value_counts(sort=False)
        order = sorted(counts.index, key=lambda label: (-counts[label],
                                                        list(part["label"]).index(label)))
        Z = np.zeros((F, int(d)), dtype=bool)
        for i, chosen in enumerate(part["selected"]):
            Z[i, np.asarray(list(chosen), dtype=np.int64)] = True
        phi = nogueira(Z) if F > 1 else math.nan
        optimism = inner - mean if info.greater_is_better else mean - inner
        rows.append({
            "measure": measure, "rule": rule, "n_outer": F, "outer_mean": mean,
            "outer_se": se, "outer_se_corrected": se_c, "outer_low": float(low[0]),
            "outer_high": float(high[0]), "inner_mean": inner, "optimism": optimism,
            "most_chosen": order[0], "most_chosen_folds": int(counts[order[0]]),
            "choices": json.dumps({label: int(counts[label]) for label in order}),
            "features_phi": float(phi), "mean_n_selected": float(part["n_selected"].mean()),
        })
    return pd.DataFrame(rows)


def nested_sentence(row: Mapping[str, Any], *, score_label: str, measure_label: str) -> str:
    """One sentence a reader can quote for a row of :func:`nested_summary`, e.g. "lasso,
    chosen by γ = 0.5 on φ in 4 of 5 outer folds; outer accuracy 0.81 [0.74, 0.88] against
    0.86 inside; φ of the selected features across the outer folds 0.62."

    Examples
    --------
    >>> from fsstab.workflow.nested import nested_sentence
    >>> row = {"rule": "gamma=0.5", "most_chosen": "lasso", "most_chosen_folds": 4,
    ...        "n_outer": 5, "outer_mean": 0.81, "outer_low": 0.74, "outer_high": 0.88,
    ...        "inner_mean": 0.86, "features_phi": 0.62}
    >>> text = nested_sentence(row, score_label="accuracy", measure_label="φ")
    >>> text[:68]
    'lasso, chosen by γ = 0.5 on φ in 4 of 5 outer folds; outer accuracy '
    >>> text[68:]
    '0.81 [0.74, 0.88] against 0.86 inside; φ of the selected features across the outer folds 0.62.'
    """
    rule = str(row["rule"])
    if rule.startswith("gamma="):
        how = f"γ = {rule.split('=', 1)[1]}"
    else:
        how = {"epsilon": "the ε-constraint", "one_se": "the one-SE rule"}.get(rule, rule)
    phi = row["features_phi"]
    phi_text = "undefined" if not np.isfinite(phi) else f"{phi:.2f}"
    return (f"{row['most_chosen']}, chosen by {how} on {measure_label} in "
            f"{row['most_chosen_folds']} of {row['n_outer']} outer folds; outer {score_label} "
            f"{row['outer_mean']:.2f} [{row['outer_low']:.2f}, {row['outer_high']:.2f}] against "
            f"{row['inner_mean']:.2f} inside; φ of the selected features across the outer "
            f"folds {phi_text}.")


def measure_label(measure: str) -> str:
    """The measure as the papers write it, in plain text (``φ_iw``), else its name.

    Examples
    --------
    >>> from fsstab.workflow.nested import measure_label
    >>> measure_label("nogueira"), measure_label("importance_weighted")
    ('φ', 'φ_iw')
    """
    from fsstab.measures import MEASURES

    info = MEASURES.get(measure)
    if info is not None and info.greek is not None:
        return info.greek
    return info.symbol if info is not None and info.symbol else measure


def nested_html(summary: pd.DataFrame, *, dataset: str, score_label: str,
                confidence_level: float = 0.95) -> str:
    """The report's nested section of one dataset: the quotable sentence of every (measure,
    rule) of :func:`nested_summary`, then the table."""
    import html

    level = f"{100 * confidence_level:g} %"
    sentences = "".join(
        f"<li>{html.escape(nested_sentence(row, score_label=score_label, measure_label=measure_label(row['measure'])))}</li>"  # noqa: E501
        for row in summary.to_dict("records"))
    header = ["measure", "rule", "outer folds", f"outer {score_label} [{level} CI]",
              f"inner {score_label}", "optimism", "choices (folds)", "φ of the selected features",
              "features (mean)"]
    rows = []
    for row in summary.to_dict("records"):
        cells = [measure_label(row["measure"]), row["rule"], str(row["n_outer"]),
                 f"{row['outer_mean']:.3f} [{row['outer_low']:.3f}, {row['outer_high']:.3f}]",
                 f"{row['inner_mean']:.3f}", f"{row['optimism']:+.3f}",
                 ", ".join(f"{k}: {v}" for k, v in _json(row["choices"]).items()),
                 "–" if not np.isfinite(row["features_phi"]) else f"{row['features_phi']:.3f}",
                 f"{row['mean_n_selected']:.1f}"]
        rows.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
    table = ("<table><thead><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in header)
             + "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")
    title = f"{dataset}: nested evaluation of the choice"
    note = ("<p>Each outer training part ran the whole procedure (every configuration on its "
            "own inner resamples, the choice by γ, ε-constraint and one-SE); the chosen "
            "configuration was fitted on that part and scored on the outer test part, which "
            "took no part in the choice. The interval is corrected for the overlap of the outer "
            "training sets; optimism = inner − outer score.</p>")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}</title></head>\n<body>\n<h2>{html.escape(title)}</h2>\n"
            f"<ul>{sentences}</ul>\n{table}\n{note}\n</body></html>\n")


def _json(text: str) -> dict[str, int]:
    import json

    return json.loads(text)


def unfiltered_features(ds: Dataset) -> int:
    """d of the dataset before its prefilter (the provenance the prefilter records), the
    features the nested procedure selects from.

    Examples
    --------
    >>> from fsstab.prefilter import prefilter
    >>> from fsstab.synthetic import informative
    >>> from fsstab.workflow.nested import unfiltered_features
    >>> ds, _ = prefilter(informative(n_samples=20, n_features=8, n_informative=1,
    ...                               random_state=0), n_features=3)
    >>> ds.n_features, unfiltered_features(ds)
    (3, 8)
    """
    record = (ds.provenance or {}).get("prefilter")
    if not isinstance(record, Mapping) or "n_input" not in record:
        raise ValueError(f"dataset {ds.name!r}: its provenance has no prefilter record "
                         "(prefilter.n_input); nested evaluation reads a prefiltered dataset")
    return int(record["n_input"])


def fold_arrow(table: pd.DataFrame) -> pa.Table:
    """:func:`outer_results`' frame as an Arrow table with fixed column types."""
    schema = pa.schema([
        ("outer_fold", pa.int32()), ("measure", pa.string()), ("rule", pa.string()),
        ("configuration", pa.string()), ("variant", pa.string()), ("label", pa.string()),
        ("inner_score", pa.float64()), ("score", pa.string()), ("outer_score", pa.float64()),
        ("n_selected", pa.int32()), ("selected", pa.list_(pa.int32())),
    ])
    return pa.Table.from_pandas(table[schema.names], schema=schema, preserve_index=False)


def fold_score(folds: pd.DataFrame) -> Any:
    """The :class:`fsstab.outcomes.Score` the outer folds were scored on (one for all)."""
    from fsstab.outcomes import get_score

    names = sorted(set(folds["score"]))
    if len(names) != 1:
        raise ValueError(f"the outer folds must share one score; they have {names}")
    return get_score(names[0])


def summary_arrow(summary: pd.DataFrame, score: str) -> pa.Table:
    """:func:`nested_summary`'s frame (with a leading ``dataset`` column) as an Arrow table
    with fixed column types; ``score`` names the score in a column of its own."""
    frame = summary.assign(score=score)
    schema = pa.schema([
        ("dataset", pa.string()), ("measure", pa.string()), ("rule", pa.string()),
        ("score", pa.string()), ("n_outer", pa.int32()), ("outer_mean", pa.float64()),
        ("outer_se", pa.float64()), ("outer_se_corrected", pa.float64()),
        ("outer_low", pa.float64()), ("outer_high", pa.float64()),
        ("inner_mean", pa.float64()), ("optimism", pa.float64()),
        ("most_chosen", pa.string()), ("most_chosen_folds", pa.int32()),
        ("choices", pa.string()), ("features_phi", pa.float64()),
        ("mean_n_selected", pa.float64()),
    ])
    return pa.Table.from_pandas(frame[schema.names], schema=schema, preserve_index=False)
