"""Seat names, cleaned once for every place that takes one (the ``--seats`` option, the New
match form, an SSH player's display name) and shown on one header line.

The rule (the stricter of the two the app had, issue 13 item 3): control characters, line
breaks and every kind of whitespace become spaces; other invisible characters (format
characters such as zero-width joiners and bidirectional overrides, surrogates, private-use and
unassigned code points) are dropped; runs of spaces collapse; at most :data:`NAME_LENGTH`
characters. Printable text, brackets included, is kept as typed: names are always shown as
plain text, never read as markup.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

NAME_LENGTH = 24
"""The longest seat name, in characters."""


def clean_name(raw: str, limit: int = NAME_LENGTH) -> str:
    """``raw`` fit for one header line (see the module docstring); ``""`` when nothing
    printable is left. ``limit``: the most characters kept (trailing spaces then dropped)."""
    kept = []
    for ch in str(raw):
        cat = unicodedata.category(ch)
        if cat == "Cc" or ch.isspace():
            kept.append(" ")
        elif cat[0] == "C":  # Cf, Cs, Co, Cn: invisible or meaningless here
            continue
        else:
            kept.append(ch)
    return " ".join("".join(kept).split())[:limit].rstrip()


def unique_names(names: Sequence[str], limit: int = NAME_LENGTH) -> list[str]:
    """``names`` with repeats numbered, ignoring case: ``["Ann", "ann"]`` -> ``["Ann", "ann
    2"]``; a numbered name still fits ``limit`` characters."""
    seen: set[str] = set()
    out = []
    for name in names:
        candidate, n = name, 2
        while candidate.casefold() in seen:
            tail = f" {n}"
            candidate = name[: limit - len(tail)].rstrip() + tail
            n += 1
        seen.add(candidate.casefold())
        out.append(candidate)
    return out


__all__ = ["NAME_LENGTH", "clean_name", "unique_names"]
