"""Where Res Publica's search bot searches (issue 18).

A Res Publica turn is hundreds of small steps (a statement is composed token by token, a card
selection card by card); searching each token would judge half-made statements. The search
(:mod:`engine.ai.paired`) therefore decides only whole choices: which answer to accept, or
none (RP-4.8, 4.9), whether to answer a rival's statement at all (RP-4.6) and how many cards
to draw (RP-7.2, 7.3). The heuristic (``bot.py``) composes every statement, answer and
selection, as it does at the ``normal`` level, and displays its sets (RP-6.3): a rollout that
stops at the end of the turn scores a set kept in hand above the same set displayed (the
evaluation's hand value), so a searched display step held its sets back and lost cities
(RP-6.4).
"""

from __future__ import annotations

from engine.rules import State

SEARCHED = ("accept", "draw")
"""Phases whose every choice is a whole decision."""


def where(st: State, seat: int, ids: list[str]) -> list[str]:
    """The choices of ``seat``'s decision worth a search ([] or one: the heuristic decides):
    every choice in :data:`SEARCHED` phases (flags aside, RP-V5), and answering or passing
    when a rival's statement comes round (RP-4.6) with nothing composed yet."""
    ph = st["phase"]
    if ph in SEARCHED:
        return [c for c in ids if not c.startswith("flag")]
    if ph == "respond" and not st["draft"]:
        return [c for c in ids if c in ("respond", "pass")]
    return []
