"""Mausoleum log lines and choice wording (text.py): plain words, names, hidden draws."""

from __future__ import annotations

from engine.games.mausoleum import RULES
from engine.games.mausoleum.position import build
from engine.rng import Rng


def lines(st: dict, seat: int, choices: list[str], viewer: int | None) -> list[str]:
    out = []
    for choice in choices:
        for e in RULES.apply(st, seat, choice, Rng.seeded(0)):
            out.append(RULES.describe(e, viewer))
    return out


def test_invite_to_own_party_reads_their_own_for_others_mau_4_1():
    spec = {"names": ["Ann", "Bob", "Cy"], "P0": {"hand": [5, 19, 6]}, "deck": [22]}
    st = build(spec)
    assert lines(st, 0, ["draw:deck", "play:5", "invite:0"], 1) == [
        "Ann draws a card from the deck",
        "Ann invites Long-Lost Uncle ($5m) to their own party",
    ]
    st = build(spec)
    assert lines(st, 0, ["draw:deck", "play:5", "invite:2"], 0)[1] == (
        "You invite Long-Lost Uncle ($5m) to Cy's party"
    )


def test_kidnap_line_names_the_players_morgue_mau_5_10():
    st = build({"names": ["Ann", "Bob", "Cy"], "P0": {"hand": [36, 6]}, "P1": {"party": [9]}})
    out = lines(st, 0, ["draw:deck", "play:36", "kidnap:9"], 1)
    assert out[1] == (
        "Ann plays Botched Kidnapping on Loving Grandfather ($4m) at your party: "
        "it goes to their own morgue"
    )


def test_hbomb_lines_name_owners_and_doozies_mau_5_9():
    st = build(
        {
            "names": ["Ann", "Bob", "Cy"],
            "P0": {"hand": [27, 6]},
            "P1": {"party": ["Uncle#5+Doozy#47"]},
            "P2": {"party": [9]},
        }
    )
    out = lines(st, 0, ["draw:deck", "play:27"], 2)
    assert out[1:] == [
        "Ann drops the H-Bomb on every party",
        "A Doozy saves Long-Lost Uncle ($5m) at Bob's party",
        "Loving Grandfather ($4m) at your party dies and goes to your morgue",
    ]


def test_buy_line_and_outcome_reason_mau_8_7_9_5():
    st = build(
        {
            "names": ["Ann", "Bob", "Cy"],
            "P0": {"morgue": [4, 13], "mausoleum": [38]},
        }
    )
    out = lines(st, 0, ["buy:45", "pay:4", "pay:13", "bury"], None)
    assert out == [
        "Ann buys Gothic Chapel ($7m) for $8m, paying with Beloved Husband ($2m), "
        "Adoring Wife ($2m)",
        "Ann wins with a $10m mausoleum",
    ]
    assert RULES.outcome(st).reason == "Ann wins with a $10m mausoleum"
