"""Text from the user's data (gene names, labels) shown literally in matplotlib figures."""

from __future__ import annotations

from typing import Any

__all__ = ["plain_text"]


def plain_text(text: Any) -> str:
    """``text`` as matplotlib shows it literally: every ``$`` escaped, so that a name such as
    ``$\\foo{x}$`` is not parsed as mathtext (which fails on unknown commands and would take
    the whole figure with it).

    Examples
    --------
    >>> plain_text(r"$\\foo{x}$")
    '\\\\$\\\\foo{x}\\\\$'
    """
    return str(text).replace("$", r"\$")
