"""Rule nested_summary: the nested evaluation of one dataset (table, CSV, report section)."""

import pandas as pd

from fsstab.datasets import read_dataset, resampling_labels
from fsstab.io import read_parquet, write_parquet, write_text
from fsstab.resampling import read_resamples
from fsstab.workflow.nested import (
    NESTED_FORMAT,
    fold_score,
    nested_html,
    nested_summary,
    outer_test_fraction,
    summary_arrow,
    unfiltered_features,
)
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    ds = read_dataset(snakemake.input.dataset)
    outer = read_resamples(snakemake.input.splits, y=resampling_labels(ds),
                           groups=ds.sample_groups)
    folds = pd.concat([read_parquet(p)[0].to_pandas() for p in snakemake.input.folds],
                      ignore_index=True)
    score = fold_score(folds)
    level = snakemake.params.confidence_level
    # the selected features are columns of the unfiltered dataset (each outer training part
    # prefilters it anew)
    summary = nested_summary(folds, score=score.name, d=unfiltered_features(ds),
                             test_fraction=outer_test_fraction(ds, outer),
                             confidence_level=level)
    summary.insert(0, "dataset", ds.name)
    write_parquet(summary_arrow(summary, score.name), snakemake.output.parquet,
                  metadata={"format": NESTED_FORMAT, "dataset": ds.name})
    write_text(snakemake.output.csv, summary_arrow(summary, score.name).to_pandas().to_csv(
        index=False, lineterminator="\n"))
    write_text(snakemake.output.html, nested_html(summary, dataset=ds.name,
                                                  score_label=score.label,
                                                  confidence_level=level))
