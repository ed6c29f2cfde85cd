"""Forced steps (issue 21 "Confirming what you cannot change"): a prompt whose only choice
costs nothing and reveals nothing is taken for the player, with a one-line reason.

Decided generically, from the rules contract alone, like the engine's undo barriers
(:mod:`engine.match`): the prompt has exactly one choice, and taking it on a copy of the state

* does not advance the random generator (no die, no shuffle: the choice would decide
  something), and
* gives the same public picture in every world the player cannot tell from the real one
  (:func:`engine.reveal.reveals` with the spectator as the only viewer: the worlds are built
  from the game's hidden places, not sampled, so nothing is revealed to the table).

A draw of one's own cards from a deck already shuffled passes both (only the player sees the
card, which the player would see anyway); paying a cost is never forced because a paid
choice comes with its alternatives (passing, ending the turn).
"""

from __future__ import annotations

from engine.match import Match
from engine.reveal import reveals
from engine.rng import Rng
from engine.rules import Choice, IllegalAction, Prompt


def forced_choice(match: Match, seat: int, prompt: Prompt | None) -> Choice | None:
    """The choice to take for ``seat`` when ``prompt`` is a forced step (see the module
    docstring), else None. Never raises: a rules error means "not forced"."""
    if prompt is None or len(prompt.choices) != 1 or match.over:
        return None
    choice = prompt.choices[0]
    rules = match.rules
    try:
        trial = rules.clone(match.state)
        before = list(trial["rng"])
        rules.apply(trial, seat, choice.id, Rng(trial["rng"]))
        if list(trial["rng"]) != before:
            return None
        if reveals(rules, match.state, trial, seat, choice.id, match.ply, viewers=(None,)):
            return None
    except (IllegalAction, KeyError, ValueError, TypeError, IndexError):
        return None
    return choice


def forced_reason(prompt: Prompt, choice: Choice) -> str:
    """The one line shown when a forced step is taken: the game's own reason when the choice
    carries one ("You cannot give 2 Huns: you cannot answer — passed for you"), else what was
    taken ("Draw 1 people card: your only choice, taken for you")."""
    if choice.detail:
        return f"{choice.detail} — {choice.label}, taken for you"
    return f"{choice.label}: your only choice, taken for you"
