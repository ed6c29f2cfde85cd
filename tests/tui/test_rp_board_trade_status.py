"""The Res Publica board's trade status: "No trade: everybody passed." only once every other
seat has answered (not while seat 0 is still answering after a pass)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.games.res_publica import RULES
from engine.games.res_publica.position import build
from engine.rng import Rng
from tui.boards.res_publica import RpLayout

PASSED = " No trade: everybody passed."


def s02_p3(*choices: tuple[int, str]) -> dict[str, Any]:
    """RP-S02's hands with P3 active (seat 0 answers second), then ``choices``."""
    st = build(
        {
            "seats": 4,
            "active": "P3",
            "start": "P3",
            "hands": {
                "P1": "VI×2, HU, AR",
                "P2": "GO, HU×2, SH",
                "P3": "AS, LO, VI, CH",
                "P4": "GO×2, AR, ME",
            },
            "people_deck": 30,
            "civ_deck": 50,
            "names": ["You", "Bot", "Bot 3", "Bot 4"],
        }
    )
    rng = Rng.seeded(1)
    for seat, cid in choices:
        RULES.apply(st, seat, cid, rng)
    return st


def status_lines(st: dict[str, Any], viewer: int) -> Iterator[list[str]]:
    """The board's "No trade" lines for ``viewer`` at 80 and 120 columns."""
    p = RULES.prompt(st, viewer)
    targets = {c.target for c in p.choices if c.target} if p else set()
    for width in (80, 120):
        lines = RpLayout(RULES.view(st, viewer), targets, None, width).lines()
        text = ["".join(s.text for s in line) for line in lines]
        yield [t for t in text if t.startswith(" No trade")]


def test_everybody_passed_waits_for_every_answer() -> None:
    st = s02_p3((2, "req:1GO"), (3, "pass"))
    assert RULES.waiting(st) == (0,)  # seat 0 answers now: a falsy "next"
    for viewer in (0, 1, 2):
        assert all(found == [] for found in status_lines(st, viewer))
    RULES.apply(st, 0, "pass", Rng.seeded(2))
    assert RULES.waiting(st) == (1,)
    assert all(found == [] for found in status_lines(st, 0))
    RULES.apply(st, 1, "pass", Rng.seeded(3))
    assert st["trade"]["responses"] == [[3, None], [0, None], [1, None]]
    assert all(found == [PASSED] for found in status_lines(st, 0))
