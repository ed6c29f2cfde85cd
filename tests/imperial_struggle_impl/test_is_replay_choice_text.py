"""The replay's line for a choice that writes no log line (``choice_text``, engine/rules.py):
a side's own War tile decisions name face-down tiles (IS-16.3), so the other side and a
spectator of an unfinished match read only that a choice was made (fresh-user QA: the replay
showed "Bot: Keep the new tile: Basic +1")."""

from __future__ import annotations

from engine import registry
from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle import frames as F
from engine.games.imperial_struggle.state import side_of
from engine.rng import Rng, new_cell
from engine.rules import Config, SeatConfig, resolve_options

RULES = registry.get("imperial_struggle")


def _games(seeds):
    for g in seeds:
        cfg = Config((SeatConfig("A", "random"), SeatConfig("B", "random")), resolve_options(RULES))
        st = RULES.setup(cfg, Rng(new_cell(g)))
        rng = Rng(new_cell(7000 + g))
        while RULES.outcome(st) is None:
            seat = min(RULES.waiting(st))
            prompt = RULES.prompt(st, seat)
            choice = prompt.choices[rng.randbelow(len(prompt.choices))]
            before = RULES.clone(st)
            events = RULES.apply(st, seat, choice.id, Rng(st["rng"]))
            told = any(RULES.describe(e, 1 - seat) for e in events)
            yield before, seat, prompt, choice, told


def _line(st, seat, prompt, choice, viewer):
    reveal = viewer == seat
    text = RULES.choice_text(st, seat, choice.id, viewer, reveal)
    if text is not None:
        return text
    if prompt.secret and not reveal:  # as the replay screen does (tui/screens/replay.py)
        return "makes a secret choice"
    return choice.label


def test_own_war_tile_decisions_are_hidden_from_the_other_side_and_spectators():
    tile_steps = 0
    for st, seat, prompt, choice, _told in _games(range(3)):
        fr = F.frame_of(st, side_of(st, seat))
        arg = choice.id.split(":", 1)[-1]
        if fr["k"] in ("war_upgrade", "war_place", "war_deal") or arg in B.BASIC_TILES:
            tile_steps += 1
            side = "France" if side_of(st, seat) == 0 else "Britain"
            for viewer in (1 - seat, None):
                assert _line(st, seat, prompt, choice, viewer) == (
                    f"{side} makes a choice about its War tiles"
                )
            assert _line(st, seat, prompt, choice, seat) == choice.label  # its own seat reads it
    assert tile_steps >= 5


def test_no_replay_line_names_what_the_viewer_cannot_know():
    """Every replay line of a choice that writes no log line, read by the other seat, names no
    hidden card or tile (a choice that writes one is shown by its log line)."""
    checked = 0
    for st, seat, prompt, choice, told in _games(range(6, 8)):
        if told:
            continue
        viewer = 1 - seat
        line = _line(st, seat, prompt, choice, viewer)
        for name in RULES.hidden_names(st, viewer):
            assert name not in line, (choice.id, line, name)
        checked += 1
    assert checked > 150
