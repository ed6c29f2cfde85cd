"""Brazil: Imperial solo mode: the Dutch automaton and the solo goals (BI-18, BI-A44-A46).

The Dutch never move, attack, build, draw or take turns (BI-18.3): all they do is defend their
capital (BI-18.4), lose units, and get reinforcements (BI-18.5). These functions are pure: they
take the garrison (a list of unit strengths, state.py ``dutch["garrison"]``), a combat
:class:`~engine.games.brazil_imperial.combat.Result` or the state, and return new values; the
turn flow stores them.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.games.brazil_imperial.combat import Fighter, Result, Side
from engine.games.brazil_imperial.components import SOLO
from engine.games.brazil_imperial.missions import State, occupant, units_on_map

DUTCH_UNIT = "dutch"
"""Unit type name of a Dutch garrison unit (it matches no battle-card condition)."""


def dutch_controls(state: State) -> bool:
    """True while no unit of the solo player stands on the Dutch capital (BI-18.3, BI-18.4)."""
    return occupant(state, state["dutch"]["hex"]) != 0


def dutch_side(garrison: Sequence[int], dutch_controls: bool, flipped: str | None) -> Side:
    """The Dutch defence as a combat side (BI-18.4): the tile strength 3 while the Dutch control
    their capital, every garrison unit (ids are garrison indices), and the top battle card
    ``flipped`` for them (valued by BI-18.4; ``None`` when both battle piles are empty)."""
    return Side(
        units=tuple(Fighter(i, DUTCH_UNIT, s) for i, s in enumerate(garrison)),
        tile=SOLO.dutch_tile_strength if dutch_controls else 0,
        cards=(flipped,) if flipped else (),
        dutch=True,
    )


def bombardable(garrison: Sequence[int]) -> bool:
    """The Dutch capital may be bombarded only while it has a garrison (BI-12.13, BI-18.3)."""
    return len(garrison) > 0


def garrison_after(garrison: Sequence[int], result: Result) -> list[int]:
    """The garrison after a combat at the Dutch capital (BI-18.4, BI-A46): empty when the
    attacker won (defeated Dutch units leave the game); without its weakest unit when the Dutch
    won by 0 or 1 with 2+ units (winner's losses); else unchanged."""
    if result.attacker_wins:
        return []
    out = list(garrison)
    if result.winner_loses_one and out:
        out.remove(min(out))
    return out


def reinforcement_due(turn: int, occupied: bool) -> bool:
    """True at the end of the player's turn number ``turn`` (1-based) when a Dutch unit of
    strength 1 joins the garrison: turns 6, 12 and 18, unless the player occupies the Dutch
    capital then (BI-18.5)."""
    return turn in SOLO.reinforcement_turns and not occupied


def reinforce(garrison: Sequence[int]) -> list[int]:
    """The garrison with one reinforcement of strength 1 added (BI-18.5)."""
    return [*garrison, SOLO.reinforcement_strength]


def missions_goal(state: State) -> bool:
    """Goal 1 (BI-18.6): the era I and the era II mission are both revealed."""
    kept = state["missions"][0]
    revealed = state["revealed"][0]
    return all(kept.get(e) in revealed for e in ("1", "2"))


def units_goal(state: State) -> bool:
    """Goal 2 (BI-18.6, BI-D05): all 5 units on the map now (option BI-O13 ``on_map``, the
    default) or each deployed at least once (``deployed``)."""
    units = state["units"][0]
    if state["opts"].get("solo_units_goal", "on_map") == "deployed":
        return all(u["once"] for u in units)
    return units_on_map(state, 0) == len(units)


def captured(result: Result) -> bool:
    """Goal 3 (BI-18.6): the player won a combat in the Dutch capital's hex by entering it, so
    at least one of its units stands there afterwards (a bombard never does, BI-12.13)."""
    return result.attacker_wins and result.occupies


def update_goals(state: State, capture: bool = False) -> list[bool]:
    """The three solo goals after the end step's mission reveal (BI-18.6): each is achieved if
    it was before (goals stay achieved), or holds now (``capture``: goal 3 was met this turn,
    see :func:`captured`). Reads ``state["solo_goals"]``; returns a new list."""
    prev = list(state.get("solo_goals") or (False, False, False))
    return [prev[0] or missions_goal(state), prev[1] or units_goal(state), prev[2] or capture]


def outcome(goals: Sequence[bool], turn: int) -> str | None:
    """Solo result at the end of the player's turn ``turn`` (BI-18.6): ``"win"`` as soon as all
    three goals are achieved, ``"lose"`` if they are not all achieved after turn 20, else
    ``None`` (play on)."""
    if all(goals):
        return "win"
    if turn >= SOLO.turn_limit:
        return "lose"
    return None
