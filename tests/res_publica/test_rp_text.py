"""Res Publica player text (``text.py``): log lines read right for every viewer, articles before
card names, plain-words details, and replay lines for the composing steps (RP-4.7, RP-10)."""

from __future__ import annotations

from rp_play_helpers import act, s02

from engine.games.res_publica import RULES
from engine.games.res_publica.cards import CODES
from engine.games.res_publica.text import (
    NOT_HELD_DETAIL,
    article,
    choice_text,
    describe,
    give_label,
)
from engine.rules import Event

NAMES = ["Bot", "Ann", "Bot 3", "Bot 4"]


def named() -> dict:
    """RP-S02's position with player names (P1 "Bot" active)."""
    st = s02()
    st["names"] = list(NAMES)
    return st


def lines(events: list[Event], kind: str, viewer: int | None) -> list[str]:
    return [describe(e, viewer) for e in events if e.kind == kind]


# ----------------------------------------------------------------------------- "you"
def test_accept_names_the_viewers_answer_as_yours():
    st = named()
    evs = act(st, 0, "req:1GO")
    evs += act(st, 1, "resp:1HU") + act(st, 2, "pass") + act(st, 3, "resp:1AR")
    evs += act(st, 0, "accept:1")
    assert lines(evs, "accept", 1) == ["Bot accepts your answer"]
    assert lines(evs, "accept", 2) == ["Bot accepts Ann's answer"]
    assert lines(evs, "accept", 0) == ["You accept Ann's answer"]
    assert lines(evs, "accept", None) == ["Bot accepts Ann's answer"]


def test_a_seat_named_you_never_reads_yous():
    e = Event("accept", 2, {"names": ["You", "Ann", "Bot 3"], "partner": 0})
    assert describe(e, 0) == "Bot 3 accepts your answer"
    assert describe(e, 1) == "Bot 3 accepts You's answer"  # a player really named "You"


def test_the_viewer_inside_a_line_is_lowercase_you():
    names = {"names": NAMES}
    ex = Event("exchange", 0, {**names, "partner": 3, "gave": [0] * 5 + [1] + [0] * 4,
                               "got": [0, 1] + [0] * 8, "open": False})  # fmt: skip
    assert describe(ex, 3) == "Bot gives 1 Architecture to you for 1 Goth"
    assert describe(ex, 1) == "Bot gives 1 card to Bot 4 for 1 card"
    flag = Event("flag", 1, {**names, "leaker": 0})
    assert describe(flag, 0) == "Ann flags a leak by you"
    assert describe(flag, 2) == "Ann flags a leak by Bot"
    last = Event("final_round", 2, {**names, "why": "civ"})
    assert describe(last, 2) == "You drew the last civilization card: final round, ending with you"
    assert describe(last, 0) == (
        "Bot 3 drew the last civilization card: final round, ending with Bot 3"
    )
    stall = Event("final_round", 2, {**names, "why": "stall"})
    assert describe(stall, 2) == "Nobody drew a card for a full round: final round, ending with you"


# ----------------------------------------------------------------------------- no trade
def test_everybody_passed_is_not_a_rejection():
    st = named()
    evs = act(st, 0, "req:1GO") + act(st, 1, "pass") + act(st, 2, "pass") + act(st, 3, "pass")
    assert [e.kind for e in evs if e.kind in ("reject", "no_trade")] == ["no_trade"]
    assert lines(evs, "no_trade", 0) == ["Everybody passed: no trade"]
    assert lines(evs, "no_trade", 2) == ["Everybody passed: no trade"]


def test_rejecting_the_answers():
    st = named()
    evs = act(st, 0, "req:1GO") + act(st, 1, "resp:1HU") + act(st, 2, "pass")
    evs += act(st, 3, "resp:1AR") + act(st, 0, "reject")
    (rej,) = [e for e in evs if e.kind == "reject"]
    if "answered" in rej.args:  # flow names the answering seats (README "Events")
        assert rej.args["answered"] == [1, 3]
        assert describe(rej, 0) == "You reject Ann's and Bot 4's answers: no trade"
        assert describe(rej, 1) == "Bot rejects your and Bot 4's answers: no trade"
    else:
        assert describe(rej, 0) == "You reject every answer: no trade"
        assert describe(rej, 1) == "Bot rejects every answer: no trade"
    # with the answering seats in the event (``answered``), their answers are named
    e = Event("reject", 0, {"names": NAMES, "answered": [1]})
    assert describe(e, 1) == "Bot rejects your answer: no trade"
    assert describe(e, 2) == "Bot rejects Ann's answer: no trade"
    e = Event("reject", 0, {"names": NAMES, "answered": [1, 3]})
    assert describe(e, 3) == "Bot rejects Ann's and your answers: no trade"
    assert describe(e, 0) == "You reject Ann's and Bot 4's answers: no trade"


# ----------------------------------------------------------------------------- articles
def test_an_before_vowel_sounds():
    assert [give_label(t) for t in range(len(CODES))] == [
        "Give an Anglo-Saxon",
        "Give a Goth",
        "Give a Hun",
        "Give a Lombard",
        "Give a Viking",
        "Give an Architecture card",
        "Give a Chemistry card",
        "Give a Commerce card",
        "Give a Metalwork card",
        "Give a Shipbuilding card",
    ]
    assert article("Anglo-Saxon") == "an" and article("Architecture") == "an"
    assert article("any card") == "an" and article("Goth") == "a"


def test_not_held_detail_in_player_words():
    assert NOT_HELD_DETAIL == (
        "You don't hold these: you may offer them only as the first half of an either/or "
        "offer, and then you must give the other half"
    )
    assert "first choice of an OR" not in NOT_HELD_DETAIL


# ----------------------------------------------------------------------------- replay lines
def steps(st: dict, seat: int, choices: list[str], viewer: int | None, reveal: bool = False):
    """The replay line of each choice in turn (each read on the state before it)."""
    out = []
    for c in choices:
        out.append(choice_text(st, seat, c, viewer, reveal))
        act(st, seat, c)
    return out


def test_replay_lines_of_composing_a_statement():
    choices = ["request", "n:2", "k:VI", "or", "n:1", "back", "n:3", "k:PEO", "send"]
    assert steps(named(), 0, choices, 0) == [
        None,  # "Request cards": its prompt label reads well
        "You compose a request: 2 …",
        "You compose a request: 2 Vikings",
        "You compose a request: 2 Vikings OR …",
        "You compose a request: 2 Vikings OR 1 …",
        "You take back a step of a request: 2 Vikings OR …",
        "You compose a request: 2 Vikings OR 3 …",
        "You compose a request: 2 Vikings OR 3 people cards",
        None,  # the statement event has its log line
    ]
    # the words are private until sent (RP-4.7): the others only see that Bot composes
    assert steps(named(), 0, choices, 1) == [
        None,
        *["Bot composes a request"] * 4,
        "Bot takes back a step of a request",
        *["Bot composes a request"] * 2,
        None,
    ]
    # a finished match's everything view names them
    assert steps(named(), 0, choices[:3], None, reveal=True)[1:] == [
        "Bot composes a request: 2 …",
        "Bot composes a request: 2 Vikings",
    ]


def test_replay_lines_of_an_answer_more_counts_and_taking_back():
    st = named()
    act(st, 0, "off:1AR")
    assert steps(st, 1, ["respond", "n:1", "k:ANY", "back", "back", "back"], 1) == [
        None,
        "You compose an answer: 1 …",
        "You compose an answer: 1 any card",
        "You take back a step of an answer: 1 …",
        "You take back a step of an answer: …",
        "You take back your answer",
    ]
    assert RULES.prompt(st, 1).choices[0].id == "respond"
    st = named()
    act(st, 0, "request")
    assert choice_text(st, 0, "more", 2, False) == "Bot composes a request (larger counts)"
    assert choice_text(st, 0, "more", 0, False) == "You compose a request (larger counts): …"
    assert choice_text(st, 0, "back", 2, False) == "Bot takes back their request"


def test_replay_lines_only_for_composing():
    st = named()
    assert choice_text(st, 0, "request", 0, True) is None
    act(st, 0, "req:1GO")
    assert choice_text(st, 1, "pass", 1, True) is None
