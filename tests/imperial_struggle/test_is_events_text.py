"""Log lines of the Event kinds (text registry): plain game words, no rule ids, hidden war-tile
identities stay with their owner (IS-16.5)."""

from __future__ import annotations

import re

from is_events_kit import BR, FR, TILE, act, game, kw_up, play

from engine.games.imperial_struggle import text as T


def _lines(out, viewer):
    return [T.describe(e, viewer) for e in out]


def test_is_events_log_lines_in_game_words():
    st = game("T2", debt=[1, 0], ministries={FR: [("M-2", True)]})
    out = play(st, FR, 8, 5)
    lines = _lines(out, 1)
    assert "France plays Tax Reform with its bonus" in lines
    assert lines.count("France (Tax Reform): +1 Economic point") == 2  # standard, then bonus
    assert "Tax Reform leaves the game" in lines
    assert not any(re.search(r"IS-|EV\d", ln) for ln in lines)


def test_is_events_log_lines_for_effects():
    st = game(
        "T3", squadrons={"biscay": BR}, ministries=kw_up(BR, 19), demand=["furs", "spice", "fish"]
    )
    out = play(st, BR, 19, TILE["E"])
    out += act(st, BR, "demand:cotton")
    assert "Your Le Beau Monde: Cotton joins this turn's Global Demand" in _lines(out, 1)
    assert "Britain (Le Beau Monde): Cotton joins this turn's Global Demand" in _lines(out, 0)
    st = game("T3", squadrons={"biscay": BR})
    out = play(st, FR, 18, TILE["D"])
    out += act(st, FR, "squadron:biscay")
    assert "France (Byng's Trial): a British Squadron from Biscay is parked until turn 4" in _lines(
        out, None
    )
    st = game("T5")
    out = play(st, FR, 32, TILE["D"])
    out += act(st, FR, "space:antigua")
    assert "France (Haitian Revolution): a plus-one Conflict marker on Antigua" in _lines(out, 1)
    st = game("T1", flags={"maratha": FR, "arcot": BR}, ministries=kw_up(FR, 1))
    out = play(st, FR, 1, TILE["D"])
    out += act(st, FR, "space:plassey", "space:arcot")
    assert "France (Carnatic War): the Fort at Arcot is damaged" in _lines(out, 1)


def test_is_events_restricted_grant_words():
    st = game("T1")
    out = play(st, FR, 6, TILE["D"])
    assert "France (Native American Alliances): +2 Economic points (North America only)" in _lines(
        out, 1
    )
