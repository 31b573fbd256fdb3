"""The class sizes of a study read from its labels alone: the target column of a CSV/TSV
matrix (and the columns ``where:`` and ``drop:`` name), or its sample sheet and the matrix's
id column -- never the features.

:func:`source_class_counts` gives the classes a ``file:`` source's dataset will have, counted
as :attr:`fsstab.datasets.Dataset.class_counts` counts them after the fetch: the same reading
of the named columns (:func:`fsstab.sources.delimited.read_samples_in_rows` with ``usecols``),
the same study (:func:`fsstab.sources.sample_sheets.read_study`: ``where:``, the sample sheet
joined by id, samples without a target left out) and the same class selection
(:func:`fsstab.datasets.encode_labels`: ``classes``, ``positive``, ``multiclass``). The
workflow checks the resampling against these sizes before the first job
(:mod:`fsstab.workflow.resampling_checks`).

It answers None where the labels cannot be had without reading the matrix, or where the
fetch could still change the samples: other kinds than ``file:``, formats other than CSV and
TSV, genes in rows (``transpose``), zip members, and tasks other than classification. A file
that the named columns' reading refuses raises the reader's own ``ValueError`` (the fetch
would refuse it too).
"""

from __future__ import annotations

import copy
import os
import warnings
from collections.abc import Mapping
from typing import Any

import numpy as np

from fsstab.datasets import encode_labels
from fsstab.sources.delimited import delimited_options, read_samples_in_rows, row_header
from fsstab.sources.formats import format_of
from fsstab.sources.local import local_file
from fsstab.sources.reading import SourceMatrix, target_names
from fsstab.sources.sample_sheets import read_study
from fsstab.sources.specs import parse_source

__all__ = ["source_class_counts"]


def _named_columns(options: Mapping[str, Any], real: list[str], row_names: bool) -> list[str]:
    """The matrix's columns the study reads (in file order): the target (the last column by
    default, without a sample sheet), the ids, ``where:`` and ``drop:``."""
    sheet = options.get("samples") is not None
    drop = options.get("drop") or []
    wanted = {*target_names(options), *map(str, options.get("where") or {}),
              *([drop] if isinstance(drop, str) else drop)}
    if options.get("id_column"):
        wanted.add(options["id_column"])
    elif sheet and not row_names and real:
        wanted.add(real[0])  # the ids to join the sheet on
    if not target_names(options) and not sheet and real:
        wanted.add(real[-1])
    return [name for name in real if name in wanted]


def source_class_counts(spec: str | Mapping[str, Any], *,
                        base_dir: str | os.PathLike[str] | None = None
                        ) -> dict[str, int] | None:
    """``{label: samples}`` of the dataset of a ``file:`` source (in code order), read from
    its labels only; None when they cannot be (module docstring) or the file is not there.

    Raises ``ValueError`` as the fetch would for a spec, a column or a label it refuses.

    Examples
    --------
    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> with open(os.path.join(folder, "study.csv"), "w") as out:
    ...     _ = out.write("sample,TP53,status\\nS1,5.1,tumour\\nS2,5.3,normal\\n"
    ...                   "S3,7.9,tumour\\nS4,6.0,\\n")
    >>> source_class_counts({"source": "file:study.csv", "id_column": "sample"},
    ...                     base_dir=folder)
    {'tumour': 2, 'normal': 1}
    """
    src = parse_source(copy.deepcopy(spec))
    options = src.options
    if (src.kind != "file" or options.get("member") or options.get("transpose")
            or options.get("task", "classification") != "classification"):
        return None
    fmt = format_of(src.location, options, src.source)
    path = local_file(src.location, base_dir)
    if fmt.separator is None or not path.is_file():
        return None
    kwargs = delimited_options(fmt, options)
    header = row_header(path, kwargs["sep"])
    table = read_samples_in_rows(
        path, fmt.name, kwargs["sep"], kwargs["decimal"], kwargs["text_columns"],
        kwargs["text_positions"], kwargs["first_as_ids"], header=header,
        usecols=_named_columns(options, header.real, header.row_names))
    frame = table.frame.set_axis([str(c) for c in table.frame.columns], axis=1)
    matrix = SourceMatrix(path, frame, None, None, table.row_names, table.positions,
                          table.notes, is_table=True)
    name = options.get("name") or path.stem
    with warnings.catch_warnings():  # samples left out: the fetch says so
        warnings.simplefilter("ignore")
        study = read_study(matrix, options, name, base_dir=base_dir, labels_only=True)
    labels = study.targets.iloc[:, 0].to_numpy(dtype=object)
    if labels.size == 0:
        return None  # no samples: the fetch says so
    y, _, class_labels, _ = encode_labels(
        labels, name=name, classes=options.get("classes"), positive=options.get("positive"),
        multiclass=bool(options.get("multiclass", False)))
    counts = np.bincount(y, minlength=len(class_labels))
    return {str(label): int(c) for label, c in zip(class_labels, counts, strict=True)}
