"""Ministry cards played through the real rules (position.build + Rules.apply with IS-17 choice
ids): Jacobite VP (IS-S24, IS-MIN04), Walpole in S0 (IS-MIN05), the Cardinal Ministers after the
tile (IS-MIN01), Swift's Minor unflag (IS-S12 B), Halley A (IS-MIN10), Papacy-Hanover (IS-MIN20),
Turgot (IS-MIN23); the scoring cards through scoring.py (IS-MIN03, IS-MIN07, IS-MIN12, IS-MIN14,
IS-MIN18); log lines."""

from __future__ import annotations

from engine.games.imperial_struggle import ministries as M
from engine.games.imperial_struggle import scoring as SC
from engine.games.imperial_struggle import state as S
from engine.games.imperial_struggle import text as T
from engine.games.imperial_struggle.position import build
from engine.rng import Rng
from engine.rules import Event

FR, BR = S.FR, S.BR


def ids(rules, st, side):
    return [c.id for c in rules.prompt(st, S.seat_of(st, side)).choices]


def play(rules, st, side, *choices):
    """Apply ``choices`` in order for ``side``; returns all events."""
    out: list = []
    for c in choices:
        assert c in ids(rules, st, side), (c, ids(rules, st, side))
        out += rules.apply(st, S.seat_of(st, side), c, Rng.seeded(1))
    return out


def test_jacobite_vp_in_a_round_is_s24():
    """IS-S24: T4, France with M-4 face up in its third slot, ireland_alliance_2 and
    scotland_alliance_2 French, 2 Jacobite Victory markers, vp 17; tile 16 (Major M4): the Major
    pays 3 MP for 4 VP (vp 21); Jacobite A is then not offered this round (IS-A22)."""
    rules, st = build(
        {
            "turn": "T4",
            "vp": 17,
            "flags": {"ireland_alliance_2": "france", "scotland_alliance_2": "france"},
            "ministries": {"france": [["M-11", False], ["M-12", False], ["M-4", True]]},
            "jacobite": {"victories": 2, "right": True},
            "inv_avail": [16, 0, 1],
            "at": "action",
            "side": "france",
        }
    )
    play(rules, st, FR, "tile:16", "actions", "act:major")
    assert "jacobite_vp" in ids(rules, st, FR)
    play(rules, st, FR, "jacobite_vp")
    assert "confirm" in ids(rules, st, FR)
    play(rules, st, FR, "confirm")
    assert st["vp"] == 21
    assert not any(c.startswith("jacobite") for c in ids(rules, st, FR))
    assert st["round"]["actions"][0]["pts"] == 1


def test_walpole_in_s0_is_min05():
    """IS-MIN05: before the tile, Britain draws the top card (9) and discards one (its 4)."""
    rules, st = build(
        {
            "turn": "T1",
            "ministries": {"britain": [["M-5", False], ["M-6", True]]},
            "hands": {"britain": [4]},
            "deck": [2, 9],
            "at": "action",
            "side": "britain",
        }
    )
    assert "ability:M-5" in ids(rules, st, BR)
    play(rules, st, BR, "ability:M-5")
    assert st["hands"][BR] == [4, 9]
    assert ids(rules, st, BR) == ["discard:4", "discard:9"]
    play(rules, st, BR, "discard:4")
    assert st["hands"][BR] == [9] and st["discard"] == [4]
    assert "ability:M-5" not in ids(rules, st, BR)
    assert any(c.startswith("tile:") for c in ids(rules, st, BR))


def test_cardinal_after_tile_adds_dp_is_min01():
    """IS-MIN01: France controls savoy, sardinia and (set-up) austria_prestige_3_lower (+3);
    tile 13 (Major D3): `cardinal:yes` → the Major holds 6 DP and `pass` is withdrawn (the tile
    is used). M-1 starts face down and is revealed before the tile (IS-3.5a)."""
    rules, st = build(
        {
            "turn": "T1",
            "flags": {"savoy": "france", "sardinia": "france"},
            "ministries": {"france": [["M-1", False], ["M-2", True]]},
            "inv_avail": [13, 0],
            "at": "action",
            "side": "france",
        }
    )
    play(rules, st, FR, "reveal:M-1", "tile:13")
    assert ids(rules, st, FR) == ["cardinal:yes", "cardinal:no"]
    play(rules, st, FR, "cardinal:yes")
    major = st["round"]["actions"][0]
    assert (major["type"], major["pts"]) == ("D", 6)
    assert "pass" not in ids(rules, st, FR)


def test_swift_minor_unflag_in_a_round_is_s12b():
    """IS-S12 B: Britain with ireland_prestige_3 and Swift face up takes tile 0 (Minor D2): the
    Minor may unflag French bavaria (printed 3): 2 DP + 1 Debt."""
    rules, st = build(
        {
            "turn": "T1",
            "flags": {"ireland_prestige_3": "britain"},
            "ministries": {"britain": [["M-6", True], ["M-5", False]]},
            "inv_avail": [0, 13],
            "at": "action",
            "side": "britain",
        }
    )
    play(rules, st, BR, "tile:0", "actions", "act:minor", "region:europe")
    assert "shift:bavaria" in ids(rules, st, BR)
    play(rules, st, BR, "shift:bavaria")
    if "confirm" not in ids(rules, st, BR):
        play(rules, st, BR, "debt")
    play(rules, st, BR, "confirm")
    assert S.owner(st, "bavaria") is None
    assert st["debt"][BR] == 1


def test_halley_a_squadron_for_two_is_min10():
    """IS-MIN10 A: Britain takes tile 19 (Major M4) and builds a Squadron with `ability:M-10A`:
    cost 2, 2 MP left, Navy Box 2 → 3, Unbuilt 6 → 5; the face-down card is revealed."""
    rules, st = build(
        {
            "turn": "T1",
            "ministries": {"britain": [["M-10", False], ["M-5", False]]},
            "inv_avail": [19, 0],
            "at": "action",
            "side": "britain",
        }
    )
    play(rules, st, BR, "tile:19", "actions", "act:major", "build_squadron")
    assert "ability:M-10A" in ids(rules, st, BR)
    play(rules, st, BR, "ability:M-10A", "confirm")
    assert st["round"]["actions"][0]["pts"] == 2
    assert st["navy"][BR] == 3 and st["unbuilt"][BR] == 5
    assert S.face_up(st, BR, "M-10")


def test_papacy_hanover_reveal_in_s0_is_jacobite_defeat_is_min20():
    """IS-MIN20: Britain reveals M-20 before its tile: M-4 (face down in a French slot) leaves the
    game."""
    rules, st = build(
        {
            "turn": "T5",
            "ministries": {
                "france": [["M-4", False], ["M-23", False]],
                "britain": [["M-20", False], ["M-21", False]],
            },
            "at": "action",
            "side": "britain",
        }
    )
    out = play(rules, st, BR, "reveal:M-20")
    assert st["jacobite"]["defeat"] is True
    assert [s["card"] for s in st["min_slots"][FR]] == [None, "M-23"]
    lines = [T.describe(e, None) for e in out]
    assert "Jacobite Defeat: the Jacobite cause is lost" in lines
    assert "Jacobite Uprisings leaves the game" in lines


# ---------------------------------------------------------------------------- scoring cards
def _award(st, region, tile):
    st["awards"][region] = [tile, None]


def test_court_of_the_sun_king_and_samuel_johnson_is_min03_min18():
    """IS-MIN03: France wins the Europe Award (tile 2, 1 VP) → 1 + 1 = 2 VP. IS-MIN18 face up
    for Britain: France scores 1 VP less → 1."""
    rules, st = build({"turn": "T1", "at": "none"})
    _award(st, "europe", 2)
    for sp in ("savoy", "sardinia", "sweden", "russia"):
        S.set_flag(st, sp, FR, [])
    st["min_slots"] = [[{"card": "M-3", "up": True}], []]
    vp = st["vp"]
    SC.score_award(st, "europe", [])
    assert st["vp"] == vp + 2
    st["min_slots"][BR] = [{"card": "M-18", "up": True}]
    vp = st["vp"]
    SC.score_award(st, "europe", [])
    assert st["vp"] == vp + 1


def test_east_india_company_is_min07_a27():
    """IS-MIN07 / IS-A27: Britain holds Wheat (not listed) and Fruit + Rum (listed, one exhausted)
    → 1 VP."""
    rules, st = build({"turn": "T2", "at": "none"})
    st["min_slots"] = [[], [{"card": "M-7", "up": True}]]
    st["adv_holder"].update({"fruit": BR, "rum": BR, "wheat": BR})
    st["adv_exhausted"] = {"rum": 1}
    vp = st["vp"]
    SC.east_india_company(st, [])
    assert st["vp"] == vp - 1


def test_dupleix_spice_trp_is_min12():
    """IS-MIN12: France wins Spice (Empire: 2 VP, Debt −1) → +1 TRP extra."""
    rules, st = build({"turn": "T3", "at": "none"})
    st["min_slots"] = [[{"card": "M-12", "up": True}], []]
    for sp in [s for s in S.B.spaces_in(None, "market") if S.B.SPACES[s]["commodity"] == "spice"]:
        S.set_flag(st, sp, None, [])
    spice = [s for s in S.B.spaces_in(None, "market") if S.B.SPACES[s]["commodity"] == "spice"]
    S.set_flag(st, spice[0], FR, [])
    trp = st["trp"][FR]
    assert SC.score_demand(st, "spice", []) == FR
    assert st["trp"][FR] == trp + 1


def test_voltaire_europe_trp_is_min14():
    """IS-MIN14: France controls Prestige spaces in Ireland, Spain, Austria (set-up) and the
    Dutch Republic (4 countries) → 3 TRP (max 3) when Europe is scored (tile 2 gives no TRP);
    with only Austria → 1."""
    rules, st = build({"turn": "T3", "at": "none"})
    st["min_slots"] = [[{"card": "M-14", "up": True}], []]
    _award(st, "europe", 2)
    trp = st["trp"][FR]
    SC.score_award(st, "europe", [])
    assert st["trp"][FR] - trp == 1
    for sp in ("ireland_prestige_3", "spain_prestige_2", "dutch_prestige_3"):
        S.set_flag(st, sp, FR, [])
    trp = st["trp"][FR]
    SC.score_award(st, "europe", [])
    assert st["trp"][FR] - trp == 3


def test_ministry_log_lines():
    """Player-facing lines of the Ministry event kinds (no rule ids)."""
    e = Event("ministry_use", 1, {"side": 1, "card": "M-8", "ability": "A"})
    assert T.describe(e, None) == "Britain uses Bank of England to raise the Debt Limit"
    e = Event("townshend", 1, {"side": 1, "commodity": "fish"})
    assert T.describe(e, None) == "Townshend Acts marker placed on Fish"
    e = Event("jacobite_shift", 0, {"side": 0, "space": "scotland_prestige_3", "mode": "flag"})
    assert "flags" in T.describe(e, None) and "Jacobite" in T.describe(e, None)
    assert T.describe(e, 0) == "You flag Scotland (Prestige 3) with Jacobite Uprisings"
    e = Event("ministry_use", 1, {"side": 1, "card": "M-5", "ability": None, "_ss": [0, 1]})
    assert T.describe(e, 1) == "You use Robert Walpole to draw an Event card"
    e = Event("debt_limit_up", 1, {"side": 1, "n": 1, "total": 7})
    assert T.describe(e, None) == "Britain's Debt Limit rises by 1 (now 7)"
    assert M.name("M-26") == "Lavoisier"


def test_jacobite_purchase_labels_is_min04():
    """Player-facing names of the Jacobite purchases (paying prompt). France holds
    ireland_alliance_2 from set-up: 1 space + 2 markers = 3 VP."""
    rules, st = build({"turn": "T4", "flags": {"ireland_prestige_3": "britain"}, "at": "none"})
    st["jacobite"]["victories"] = 2
    p = {"kind": "jacobite_shift", "type": "M", "space": "ireland_prestige_3"}
    assert M.purchase_label(st, FR, p) == "Jacobite Uprisings: unflag Ireland (Prestige 3)"
    assert M.purchase_label(st, FR, {"kind": "jacobite_vp"}) == "Jacobite Uprisings: score 3 VP"


def test_condorcet_and_lavoisier_with_la_gabelle_is_min25_min26():
    """IS-MIN25: tile 8 (Major D4, Minor E2) has no Event symbol, yet France plays La Gabelle
    (Diplomatic type matches). Bonus (more Available Debt: 14 vs 9) scores 3 VP because
    Condorcet shows Governance (vp 15 → 18). IS-MIN26: the tile's Major 4 → 5 and Minor 2 → 3;
    the Event action (2 EP) does not gain. Condorcet is exhausted."""
    rules, st = build(
        {
            "turn": "T5",
            "debt": {"britain": 5},
            "hands": {"france": [34]},
            "ministries": {"france": [["M-25", True], ["M-26", True]]},
            "inv_avail": [8, 12],
            "at": "action",
            "side": "france",
        }
    )
    play(rules, st, FR, "tile:8")
    assert "event:34" not in ids(rules, st, FR)
    play(rules, st, FR, "event_condorcet:34")
    assert st["vp"] == 18
    acts = [(a["type"], a["kind"], a["pts"]) for a in st["round"]["actions"]]
    assert acts == [("D", "major", 5), ("E", "minor", 3), ("E", "event", 2)]
    assert M.is_exhausted(st, "M-25")


def test_bank_of_england_b_economic_event_on_diplomatic_tile_is_min08():
    """IS-MIN08 B: tile 13 (Major D3, Event symbol): Britain may play the Economic card Interest
    Payments only as `event_bank:15`; doing so exhausts B (A stays usable)."""
    rules, st = build(
        {
            "turn": "T1",
            "hands": {"britain": [15]},
            "ministries": {"britain": [["M-8", False], ["M-5", False]]},
            "inv_avail": [13, 0],
            "at": "action",
            "side": "britain",
        }
    )
    play(rules, st, BR, "tile:13")
    assert "event:15" not in ids(rules, st, BR)
    play(rules, st, BR, "event_bank:15")
    assert M.is_exhausted(st, "M-8B") and not M.is_exhausted(st, "M-8A")
    assert S.face_up(st, BR, "M-8")
    assert 15 in st["removed"]
