"""A paper's claims, checked against our run: the records behind every paper's
``conclusions.md`` (a table for readers) and ``conclusions.csv`` (its machine-readable twin).

A paper's ``reference.py`` types in what the paper *says* (:class:`Statement`: section, the
claim in the paper's words, the paper's evidence); its ``conclusions.py`` builds one
:class:`Claim` per statement (and per data set where the paper claims something per data set)
from the run's tables, with

- ``our_evidence``: the numbers of our run the verdict rests on;
- ``assessment``: the verdict and *why*, computed by one of the criteria below from those
  numbers (an :class:`Assessment` cannot be constructed by hand: a verdict is never typed in);
- ``settings``: whether our run used the paper's settings (K, M, k, ensemble size, trees,
  data), with the difference spelled out when it did not (:func:`compare_settings`).

:func:`write_conclusions` is the one writer of ``conclusions.md`` + ``conclusions.{csv,parquet}``
(called by each paper's ``<paper>_conclusions`` rule; ``docs/papers.md``);
:func:`write_conclusions_frame` writes claims gathered from several tables (Bommert's chapters).

Verdicts (:class:`Verdict`)
---------------------------
``holds``
    The criterion, applied to our numbers, is met.
``does not hold``
    The criterion is not met: a result to report with its cause, never a reason to retune.
``partly holds``
    Only for a claim over several cases (data sets, measures, settings; :func:`over_cases`):
    it holds in at least one tested case and does not hold in at least one other. The *why*
    names the cases either way. Cases that could not be tested do not count.
``verified by construction``
    An identity, theorem, property of a definition or worked example, checked numerically
    (:func:`by_construction`): it confirms that fsstab implements the paper's definitions, not
    a finding about data, and is counted apart from the tested claims. A failing check of
    such a claim is ``does not hold``.
``not testable here``
    The claim cannot be tested here whatever the compute: the data or the number needed is
    not available (private or online-only data, a quantity the paper does not print), or the
    claim cannot fail on this run's data (a value already at its ceiling, a comparison of two
    identically distributed numbers; :func:`cannot_fail`). The *why* says which.
``not run (compute)``
    The claim could be tested here but the run did not include what it needs (a data set on
    disk, a setting, more replications), because of its cost; the *why* says what was not run
    and, where known, what it would cost (:func:`not_run`); also a claim whose table the run
    did not publish and that costs more than a cheap rerun to regenerate
    (:func:`not_recomputable`).

Criteria
--------
Every criterion returns an :class:`Assessment` whose *why* states the rule and the numbers it
was applied to, e.g. ``"|6.50 - 9.8| = 3.30 > 2 SE = 0.23"``. Two measured values are
compared by the one noise rule (:func:`within_noise`, :func:`beyond_noise`,
:func:`within_standard_errors`, :func:`noise_z`: 2 standard errors of the difference, a
Bonferroni allowance for an agreement checked on several cases);
:func:`close_to`, :func:`equal_to`, :func:`at_most`, :func:`at_least`, :func:`lowest_is`,
:func:`same_ordering`, :func:`same_set` and :func:`overlaps` (sets of labels, e.g. a
Pareto-optimal set), :func:`holds_if` (a condition the caller computed, with the rule in
words), :func:`by_construction`, :func:`not_testable`, :func:`cannot_fail`, :func:`not_run`,
:func:`not_recomputable`, and the combinations :func:`all_of` (every part must hold) and
:func:`over_cases` (a claim over several cases).

Inputs
------
The ``<paper>_conclusions`` rule names what it reads in ``conclusions_inputs.json``
(:func:`write_conclusion_inputs`) and reads it back as CSVs (:func:`read_conclusion_inputs`),
as the published copy is read: every published verdict can be recomputed from
``docs/papers/<paper>/`` alone. A claim that reads a table the run did not publish is
*not run (compute)* (:func:`mark_unpublished`, from the ``missing`` tables of the file).
"""

from fsstab.papers.conclusions._claims import (
    Assessment,
    Claim,
    SettingsMatch,
    Statement,
    Verdict,
    claim_maker,
    compare_settings,
)
from fsstab.papers.conclusions._criteria import (
    all_of,
    at_least,
    at_most,
    by_construction,
    cannot_fail,
    close_to,
    equal_to,
    every_at_least,
    holds_if,
    lowest_is,
    not_recomputable,
    not_run,
    not_testable,
    over_cases,
    overlaps,
    same_ordering,
    same_set,
)
from fsstab.papers.conclusions._inputs import (
    CONCLUSION_INPUTS,
    ConclusionInputs,
    mark_unpublished,
    prepare_conclusion_inputs,
    read_conclusion_inputs,
    read_input_table,
    stems_of,
    write_conclusion_inputs,
)
from fsstab.papers.conclusions._noise import (
    ALPHA,
    N_STANDARD_ERRORS,
    beyond_noise,
    noise_z,
    within_noise,
    within_standard_errors,
)
from fsstab.papers.conclusions._table import (
    CONCLUSION_COLUMNS,
    claims_frame,
    conclusions_markdown,
    read_conclusions,
    verdict_counts,
    write_conclusions,
    write_conclusions_frame,
)

__all__ = [
    "ALPHA",
    "CONCLUSION_COLUMNS",
    "CONCLUSION_INPUTS",
    "N_STANDARD_ERRORS",
    "Assessment",
    "Claim",
    "ConclusionInputs",
    "SettingsMatch",
    "Statement",
    "Verdict",
    "all_of",
    "at_least",
    "at_most",
    "beyond_noise",
    "by_construction",
    "cannot_fail",
    "claim_maker",
    "claims_frame",
    "close_to",
    "compare_settings",
    "conclusions_markdown",
    "equal_to",
    "every_at_least",
    "holds_if",
    "lowest_is",
    "mark_unpublished",
    "noise_z",
    "not_recomputable",
    "not_run",
    "not_testable",
    "over_cases",
    "overlaps",
    "prepare_conclusion_inputs",
    "read_conclusion_inputs",
    "read_conclusions",
    "read_input_table",
    "same_ordering",
    "same_set",
    "stems_of",
    "verdict_counts",
    "within_noise",
    "within_standard_errors",
    "write_conclusion_inputs",
    "write_conclusions",
    "write_conclusions_frame",
]
