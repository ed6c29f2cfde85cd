"""The Brazil: Imperial line under the title (tui/boards/brazil_imperial_turn_line.py): the
other seats' turns since the viewer's last one, the arch in brackets, payments and goods left
out, so a bot's turn fits 80 columns. Log lines as engine/games/brazil_imperial/text.py words
them."""

from __future__ import annotations

from tui.boards.brazil_imperial_turn_line import summary
from tui.widgets.last_turn import PREFIX

LOG = [
    "Red is the first player",
    "— Red's turn (round 1) —",
    "Red places the action token on Build",
    "Red builds a Sugar Cane Field at (3,-1), paying brazilwood; it produces 2 sugar cane",
    "— Blue's turn (round 1) —",
    "Blue places the action token on Build",
    "Blue builds a Coffee Farm at (-4,0), paying brazilwood, sugar cane; it produces 2 coffee",
    "Blue moves Archer from (-4,1) to (-3,1)",
    "— Red's turn (round 2) —",
]


def test_the_other_seat_s_last_turn_in_few_words() -> None:
    line = summary(LOG, "Red")
    assert line == "Blue (Build): builds Coffee Farm (-4,0), moves Archer (-4,1)→(-3,1)"
    assert len(PREFIX + line) + 2 <= 80  # the line's padding is 1 column each side


def test_several_seats_and_taken_back_lines() -> None:
    """Yellow played after Blue; Blue's taken-back move is left out; the payment line before
    "manufactures" says nothing the next line does not."""
    log = [
        *LOG[:4],
        "— Blue's turn (round 1) —",
        "Blue places the action token on Harbor",
        "Blue gains 1 coffee (Harbor)",
        ("Blue moves Archer from (-4,1) to (-3,1)", True),
        "— Yellow's turn (round 1) —",
        "Yellow places the action token on Manufacture",
        "Yellow pays 2 brazilwood for Dye",
        "Yellow manufactures Dye into the Manufacture slot",
        "— Red's turn (round 2) —",
        "Red places the action token on Frame",
    ]
    # too long for 80 columns whole: each seat's arch, the first facts while they fit
    assert summary(log, "Red") == "Blue (Harbor): gains 1 coffee; Yellow (Manufacture)"


def test_a_trade_reads_as_what_for_what() -> None:
    """T-1 (BI-7.7): "trades (T-1) sugar cane" and its "gains 1 gold (Trade)" become one fact."""
    log = [
        "— Blue's turn (round 1) —",
        "Blue places the action token on Trade",
        "Blue trades (T-1) sugar cane",
        "Blue gains 1 gold (Trade)",
        "— Red's turn (round 1) —",
    ]
    assert summary(log, "Red") == "Blue (Trade): trades sugar cane for 1 gold"
    made = [*log[:2], "Blue manufactures Dye into Victoria's board", log[-1]]
    assert summary(made, "Red") == "Blue (Trade): makes Dye → Victoria's board"


def test_nothing_to_tell_falls_back_to_the_screen() -> None:
    """Red, the first player, before any other turn; a spectator (no colour)."""
    assert summary(LOG[:4], "Red") is None
    assert summary(LOG, None) is None
