"""Ministry card machinery: selection (IS-4.1.7, IS-13.4), the Jacobite third slot and Defeat
(IS-7.3a/b, IS-A20, IS-A21, IS-S24), reveal hooks (IS-MIN20, IS-MIN24 b), exhaustion (IS-3.5b),
John Law (IS-MIN02, IS-4.1.11), usable/use for M-8 B and M-25 (events helper)."""

from __future__ import annotations

from is_ministries_kit import mk

from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle import ministries as M
from engine.games.imperial_struggle import state as S

FR, BR = S.FR, S.BR


def cards(st, side):
    return [s["card"] for s in st["min_slots"][side]]


# ---------------------------------------------------------------------------- selection
def test_selectable_by_era_is_13_4():
    """IS-13.4: Succession FR M-1, M-2, M-3, M-4, M-9; Empire BR M-7, M-15–M-18; Revolution FR
    M-4, M-13, M-14, M-23–M-26."""
    st = mk("T1")
    M.begin_phase(st, [])
    assert M.selectable(st, FR) == ["M-1", "M-2", "M-3", "M-4", "M-9"]
    assert M.selectable(st, BR) == ["M-5", "M-6", "M-7", "M-8", "M-10"]
    st = mk("T3")
    M.begin_phase(st, [])
    assert M.selectable(st, BR) == ["M-7", "M-15", "M-16", "M-17", "M-18"]
    st = mk("T6")
    M.begin_phase(st, [])
    assert M.selectable(st, FR) == ["M-4", "M-13", "M-14", "M-23", "M-24", "M-25", "M-26"]
    assert M.selectable(st, BR) == ["M-17", "M-18", "M-19", "M-20", "M-21", "M-22"]


def test_selectable_excludes_slotted_and_removed_m4_is_4_1_7():
    """IS-4.1.7b: cards already in a slot are not offered; IS-4.1.7a: M-4 is not selectable once
    removed from the game (IS-7.3b)."""
    st = mk("T2", fr=[("M-1", True), ("M-4", False)])
    M.begin_phase(st, [])
    assert cards(st, FR) == ["M-1", "M-4"]  # second turn of the Era: slots kept
    assert M.selectable(st, FR) == ["M-2", "M-3", "M-9"]
    M.remove_m4(st, [])
    assert M.selectable(st, FR) == ["M-2", "M-3", "M-9"]
    assert cards(st, FR) == ["M-1", None]


def test_begin_phase_first_turn_returns_every_card_is_4_1_7a():
    """IS-4.1.7a: on T3 every card (face-up ones too) goes back; 2 empty slots per side."""
    st = mk("T3", fr=[("M-1", True), ("M-2", False)], br=[("M-5", True), ("M-6", True)])
    M.begin_phase(st, [])
    assert cards(st, FR) == [None, None]
    assert cards(st, BR) == [None, None]


# ---------------------------------------------------------------------------- Jacobite
def test_jacobite_right_moves_m4_to_third_slot_is_s24():
    """IS-S24 / IS-4.1.7b / IS-A20: France picked M-11 and M-4 on T3; after the WAS Jacobite win
    the T4 Ministry Phase puts M-4 face up in a third slot and frees its old slot, to be filled
    with M-12, M-13 or M-14."""
    st = mk("T4", fr=[("M-11", False), ("M-4", False)])
    st["jacobite"] = {"victories": 2, "defeat": False, "right": True}
    out: list = []
    M.begin_phase(st, out)
    assert st["min_slots"][FR] == [
        {"card": "M-11", "up": False},
        {"card": None, "up": False},
        {"card": "M-4", "up": True},
    ]
    assert M.selectable(st, FR) == ["M-12", "M-13", "M-14"]
    assert [e.kind for e in out] == ["jacobite_slot"]
    # a second call changes nothing
    out2: list = []
    M.jacobite_slot(st, out2)
    assert out2 == [] and len(st["min_slots"][FR]) == 3


def test_jacobite_right_first_turn_of_era_m4_not_a_choice_is_4_1_7a():
    """IS-4.1.7a: with the right, M-4 is placed face up automatically in the third slot and is
    not one of the two choices (T5, Revolution)."""
    st = mk("T5", fr=[("M-11", True), ("M-12", True), ("M-4", True)])
    st["jacobite"]["right"] = True
    M.begin_phase(st, [])
    assert cards(st, FR) == [None, None, "M-4"]
    assert "M-4" not in M.selectable(st, FR)
    assert M.selectable(st, FR) == ["M-13", "M-14", "M-23", "M-24", "M-25", "M-26"]


def test_remove_m4_third_slot_disappears_is_7_3b():
    """IS-7.3b / IS-A21: M-4 in the third slot: the slot ceases to exist, Defeat marked, right
    ended."""
    st = mk("T4", fr=[("M-12", True), ("M-13", False), ("M-4", True)])
    st["jacobite"]["right"] = True
    out: list = []
    M.remove_m4(st, out)
    assert cards(st, FR) == ["M-12", "M-13"]
    assert st["jacobite"] == {"victories": 0, "defeat": True, "right": False}
    assert st["min_removed"] == {"M-4": 1}
    assert [e.kind for e in out] == ["jacobite_defeat", "ministry_removed"]


def test_remove_m4_regular_slot_stays_empty_is_a21():
    """IS-A21: M-4 among France's two regular cards: that slot is left empty."""
    st = mk("T5", fr=[("M-4", False), ("M-23", True)])
    M.remove_m4(st, [])
    assert st["min_slots"][FR] == [{"card": None, "up": False}, {"card": "M-23", "up": True}]
    # next Ministry Phase (T6, second turn): the empty slot may take any valid unused card
    st["ti"] = B.TURN_IDS.index("T6")
    M.begin_phase(st, [])
    assert cards(st, FR) == [None, "M-23"]
    assert M.selectable(st, FR) == ["M-13", "M-14", "M-24", "M-25", "M-26"]


def test_reveal_papacy_hanover_is_jacobite_defeat_is_min20():
    """IS-MIN20: revealing M-20 removes M-4 from the game at once (even face down in France's
    slot) and counts as a Jacobite Defeat."""
    st = mk("T5", fr=[("M-4", False), ("M-24", False)], br=[("M-20", False), ("M-21", True)])
    out: list = []
    M.reveal(st, BR, "M-20", out)
    assert S.face_up(st, BR, "M-20")
    assert st["jacobite"]["defeat"] is True
    assert cards(st, FR) == [None, "M-24"]
    assert [e.kind for e in out] == ["reveal", "jacobite_defeat", "ministry_removed"]


def test_reveal_north_american_trade_refreshes_huguenots_is_min24b():
    """IS-MIN24 b / IS-A25: on reveal every spent Huguenots marker becomes fresh (once)."""
    st = mk("T5", fr=[("M-24", False)])
    st["huguenots"] = {"acadia": 2, "louisiana": 1, "quebec_montreal": 2}
    out: list = []
    M.reveal(st, FR, "M-24", out)
    assert st["huguenots"] == {"acadia": 1, "louisiana": 1, "quebec_montreal": 1}
    assert out[-1].kind == "huguenots_refresh" and out[-1].args["n"] == 2


# ---------------------------------------------------------------------------- John Law
def test_john_law_reduces_debt_1_or_2_is_min02():
    """IS-MIN02: face up: Debt −1, or −2 with any Scotland space; never below 0."""
    st = mk("T1", fr=[("M-2", True)])
    st["debt"][FR] = 3
    M.end_of_turn(st, [])
    assert st["debt"][FR] == 2
    S.set_flag(st, "scotland_alliance_2", FR, [])
    M.end_of_turn(st, [])
    assert st["debt"][FR] == 0
    M.end_of_turn(st, [])
    assert st["debt"][FR] == 0


def test_john_law_needs_face_up_and_ignores_conflicted_scotland_is_a05():
    """IS-3.5a: face down does nothing at end of turn. IS-0.5, IS-A05: a conflicted Scotland space
    does not count (−1 only)."""
    st = mk("T2", fr=[("M-2", False)], flags={"scotland_prestige_3": FR})
    st["debt"][FR] = 4
    M.end_of_turn(st, [])
    assert st["debt"][FR] == 4
    st["min_slots"][FR][0]["up"] = True
    st["conflict"]["scotland_prestige_3"] = 1
    M.end_of_turn(st, [])
    assert st["debt"][FR] == 3


# ---------------------------------------------------------------------------- exhaustion
def test_exhaustion_a_b_separate_and_reset_is_3_5b():
    """IS-3.5b: A and B of one card exhaust separately; the Reset Phase refreshes all and clears
    the Townshend marker (IS-4.1.5)."""
    st = mk("T1", br=[("M-8", True), ("M-5", False)])
    M.exhaust(st, "M-8A")
    assert M.is_exhausted(st, "M-8A") and not M.is_exhausted(st, "M-8B")
    assert not M.usable(st, BR, "M-8A") and M.usable(st, BR, "M-8B")
    assert M.usable(st, BR, "M-5")  # face down: usable by revealing it
    assert not M.usable(st, FR, "M-5")  # not France's card
    st["townshend"] = "fish"
    M.reset(st)
    assert st["min_exhausted"] == {} and st["townshend"] is None


def test_use_reveals_and_exhausts_condorcet_is_min25():
    """IS-MIN25 (the events helper calls usable/use): once per turn; using a face-down card
    reveals it (IS-3.5a)."""
    st = mk("T5", fr=[("M-25", False), ("M-26", True)], rnd=FR)
    assert M.usable(st, FR, "M-25")
    out: list = []
    M.use(st, FR, "M-25", out)
    assert S.face_up(st, FR, "M-25")
    assert not M.usable(st, FR, "M-25")
    assert [e.kind for e in out] == ["reveal", "ministry_use"]


def test_round_reset_drops_round_marks_only_is_5_0a():
    """IS-5.0a: per-round ministry marks are refreshed; other round mods stay."""
    st = mk("T5", rnd=FR)
    st["round"]["mods"] = {"min13": 1, "m4A": 1, "ev17": 1}
    M.round_reset(st)
    assert st["round"]["mods"] == {"ev17": 1}
