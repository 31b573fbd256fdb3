"""Rule error_control: a dataset's error-control summary, discoveries, figure and report
page."""

import pyarrow as pa

from fsstab.io import read_parquet, write_parquet, write_text
from fsstab.plots import save_figure
from fsstab.workflow.answers import write_csv
from fsstab.workflow.error_control import (
    DISCOVERIES_FORMAT,
    ERROR_CONTROL_FORMAT,
    discoveries_frame,
    error_control_html,
    error_control_summary,
)
from fsstab.workflow.error_outputs import error_control_figure
from fsstab.workflow.scripting import logged

with logged(snakemake.log[0], end_process=True):
    dataset = snakemake.wildcards.dataset
    out, params = snakemake.output, snakemake.params
    fits = [read_parquet(path)[0].to_pandas() for path in snakemake.input.fits]
    planted = [read_parquet(path)[0].to_pandas() for path in snakemake.input.planted]
    summary = error_control_summary(fits, planted, dataset=dataset, n_planted=params.n_planted,
                                    confidence_level=params.confidence_level)
    discoveries = discoveries_frame(fits, dataset=dataset)
    for frame, stem, fmt in ((summary, "summary", ERROR_CONTROL_FORMAT),
                             (discoveries, "discoveries", DISCOVERIES_FORMAT)):
        write_parquet(pa.Table.from_pandas(frame, preserve_index=False), out[f"{stem}_parquet"],
                      metadata={"format": fmt, "dataset": dataset})
        write_csv(frame, out[f"{stem}_csv"], escape_formulas=params.escape_formulas)
    write_text(out.html, error_control_html(summary, discoveries, dataset=dataset))
    save_figure(error_control_figure(fits), out.figure_png[: -len(".png")])
