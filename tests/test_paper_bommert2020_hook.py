"""The Bommert (2020) paper hook: sections dispatch, unknown sections, comparison parts."""

from __future__ import annotations

import pandas as pd
import pytest

from fsstab.papers import bommert2020
from fsstab.papers.outputs import COMPARISON_COLUMNS, comparison_frame, concat_comparisons


def test_unknown_and_missing_sections_are_named():
    problems = bommert2020.check_settings({"ch9": {}}, workflow=None)
    assert problems == ["paper.settings.ch9: unknown section (known: ch5, ch6, ch7, ch8)"]
    assert "at least one of the sections" in bommert2020.check_settings({}, workflow=None)[0]
    with pytest.raises(ValueError, match="ch9"):
        bommert2020.resolved_settings({"ch9": {}})


def test_concat_comparisons_keeps_part_order_and_checks_columns():
    first = comparison_frame([{"item": "Table 6.3", "paper_value": "0.5"}])
    second = comparison_frame([{"item": "Table 7.1", "our_value": "3"}])
    joined = concat_comparisons([first, second])
    assert list(joined["item"]) == ["Table 6.3", "Table 7.1"]
    assert tuple(joined.columns) == COMPARISON_COLUMNS
    assert concat_comparisons([]).empty
    with pytest.raises(ValueError, match="part 1 has columns"):
        concat_comparisons([first, pd.DataFrame({"item": ["x"]})])
