"""Seat names are cleaned by one rule everywhere (engine.seat_names; issue 13 item 3): the
``--seats`` option, the New match form and the SSH display names."""

from __future__ import annotations

import pytest

from engine.seat_names import NAME_LENGTH, clean_name, unique_names
from engine.session import parse_seats


def test_controls_and_breaks_become_spaces() -> None:
    # A control character separates words, never glues them (the old --seats rule dropped
    # it: "Eve\x1b[31m" read "Eve[31m").
    assert clean_name("Eve\x1b[31m") == "Eve [31m"
    assert clean_name("Ann\nBob\x07") == "Ann Bob"
    assert clean_name("Ann\n\x1b[31mred\t  x") == "Ann [31mred x"
    assert clean_name("a\u2028b\u00a0c\u3000d") == "a b c d"  # line separator, no-break spaces


def test_invisible_characters_go() -> None:
    # Zero-width joiner (the form's old rule kept it), bidi override, BOM, private use.
    assert clean_name("A\u200dB") == "AB"
    assert clean_name("\u202eevil") == "evil"
    assert clean_name("\ufeffZed\ue000") == "Zed"
    assert clean_name("\u200b \u200b") == ""


def test_printable_text_stays_as_typed() -> None:
    for name in ("Ann", "ann 2", "[b]Ann[/b]", "Zoë", "李雷", "O'Brien-Smith", "Player 1"):
        assert clean_name(name) == name


def test_length_and_trailing_space() -> None:
    assert clean_name("B" * 300) == "B" * NAME_LENGTH
    assert clean_name("x" * 23 + " y") == "x" * 23  # cut at 24, then the space dropped
    assert clean_name("  Ann   Lee  ") == "Ann Lee"


def test_unique_names_number_repeats_within_the_limit() -> None:
    assert unique_names(["Ann", "ann", "ANN"]) == ["Ann", "ann 2", "ANN 3"]
    assert unique_names(["z" * 24, "z" * 24]) == ["z" * 24, "z" * 22 + " 2"]


@pytest.mark.parametrize(
    "raw", ["Eve\x1b[31m", "A\u200dB", "\u202eevil", "Ann\nBob\x07", "  x  y  ", "q" * 40]
)
def test_the_seats_option_cleans_as_the_form_does(raw: str) -> None:
    (seat, _) = parse_seats(f"{raw}=human,human", "highcard")
    assert seat.name == clean_name(raw)
