"""Rulings on the movement phase and combat as the engine plays them: combat on entering,
extra moves that attack, the teleport, carrying, bombard targets, third players."""

from __future__ import annotations

from engine_positions import P1, P2, act, game, hand, ids, start, tile, top, unit

from engine.games.brazil_imperial import RULES
from engine.games.brazil_imperial import board as B
from engine.games.brazil_imperial import catalog as C

P3 = 2


def test_bi_a09_extra_move_attacks_and_bi_12_11_the_free_move_remains():
    """BI-A09, BI-10.5(a), BI-12.1: the Manufacture extra move into adjacent gold that holds an
    enemy unit starts a combat at once, with the entering cavalry as attacker (3 against 1, no
    cards: the defender's archer goes to its supply, BI-12.7). BI-12.11, BI-10.3: afterwards the
    movement phase goes on and the unused free move is still offered (the extra move came
    first). BI-12.14: the third player takes no
    part (never asked, hand and units unchanged)."""
    st = game(
        boards=("green_brazil", "red_portugal", "yellow_spain"),
        monarchs=("oba_ii", "afonso_i", "nassau"),
    )
    st["map"] = "3"
    st["capital"] = list(C.capital_sites("3"))
    assert B.printed(st, "2,0") == "gold" and "2,0" in C.neighbours("2,-1", "3")
    unit(st, P1, 4, "2,-1")  # heavy cavalry, strength 3
    unit(st, P2, 1, "2,0")  # archer, strength 1
    unit(st, P3, 1, "2,1")  # a third player's archer next to the fight
    hand(st, "battle", P3, ["B15"])
    start(st)
    act(st, P1, "a:manufacture", "none", "to_movement")
    assert ids(st, P1) == ["free", "extra", "end"]
    act(st, P1, "extra", "u:0.4", "h:2,0")
    assert st["units"][P2][0]["loc"] == "supply"
    assert st["units"][P1][3]["loc"] == "2,0"
    assert top(st) == "move" and ids(st, P1) == ["free", "end"]
    assert st["battle"][P3] == ["B15"] and st["units"][P3][0]["loc"] == "2,1"


def test_bi_a10_teleport_never_fights():
    """BI-A10, BI-10.8: Deploy's extra move takes one of your units from anywhere (here an
    occupied enemy tile) to your capital or one of your cities, without a combat; leaving hands
    the tile back to its owner (BI-10.7)."""
    st = game()
    tile(st, "2,0", "farm", P2)
    unit(st, P1, 1, "2,0")
    start(st)
    act(st, P1, "a:deploy", "none", "to_movement", "extra", "u:0.1")
    assert ids(st, P1) == ["h:-4,1"]
    act(st, P1, "h:-4,1")
    assert st["combat"] is None and st["units"][P1][0]["loc"] == "-4,1"
    assert B.controller(st, "2,0") == P2 and top(st) == "move"


def test_bi_a11_cavalry_carries_one_unit_from_its_hex():
    """BI-A11 (option BI-O06 default): a heavy cavalry may carry one unit that starts on the
    same hex, also on an extra move; the other units stay behind. BI-29.8: the prompts are
    ``move.unit`` -> ``move.carry`` (``none`` or a unit on the hex) -> ``move.dest``."""
    st = game()
    for slot in (1, 2, 4):
        unit(st, P1, slot, "0,-3")  # forest; (-1,-3) next to it is forest too
    assert B.printed(st, "-1,-3") == "forest"
    start(st)
    act(st, P1, "a:frame", "none", "to_movement", "extra", "u:0.4")
    assert ids(st, P1) == ["u:0.1", "u:0.2", "none"]
    act(st, P1, "u:0.2", "h:-1,-3")
    locs = [u["loc"] for u in st["units"][P1]]
    assert locs[:2] == ["0,-3", "-1,-3"] and locs[3] == "-1,-3"


def test_bi_a18_no_bombard_of_a_capital():
    """BI-A18, BI-12.12, BI-12.13: units in their own capital can never be bombarded; a unit of
    another player on an ordinary hex next to the cannon can."""
    st = game()
    unit(st, P1, 5, "3,-1")  # cannon next to P2's capital (4,-1)
    unit(st, P2, 1, "4,-1")
    start(st)
    act(st, P1, "a:build", "none", "to_movement")
    assert "bombard" not in ids(st, P1)
    st = game()
    unit(st, P1, 5, "3,-1")
    unit(st, P2, 1, "4,-1")
    unit(st, P2, 2, "3,0")
    start(st)
    act(st, P1, "a:build", "none", "to_movement", "bombard", "u:0.5")
    assert ids(st, P1) == ["h:3,0"]


def test_bi_a17_the_occupier_defends_an_occupied_tile():
    """BI-A17, BI-12.3: against an occupied tile the occupier defends and the tile counts for
    nobody, even against its owner. P1's archer (1) attacks P2's archer (1) occupying P1's own
    sugar cane field: 1 against 1 with no tile strength is a tie, won by the defender (BI-12.4),
    so the occupier P2 keeps the tile and P1's archer goes to its supply."""
    st = game()
    tile(st, "-3,1", "sugar_cane_field", P1)
    unit(st, P2, 1, "-3,1")
    unit(st, P1, 1, "-3,2")
    start(st)
    act(st, P1, "a:build", "none", "to_movement", "free", "u:0.1", "h:-3,1")
    assert st["units"][P1][0]["loc"] == "supply"  # the attacker lost the 1-1 tie
    assert B.controller(st, "-3,1") == P2
    assert RULES.view(st, P2)["units"][P2][0]["loc"] == "-3,1"


def _solo_at_the_dutch(cards: list[str], flipped: str) -> dict:
    from engine_positions import deck

    st = game(boards=("green_brazil",), monarchs=("pedro_ii",))
    st["map"] = "1"
    st["dutch"] = {"hex": "4,-1", "garrison": [2, 2]}
    st["solo_goals"] = [False, False, False]
    for slot in (4, 5):  # heavy cavalry 3 + cannon 3, next to the Dutch capital
        unit(st, P1, slot, "3,-1")
    hand(st, "battle", P1, cards)
    deck(st, "battle", [flipped])
    start(st)
    act(st, P1, "a:build", "none", "to_movement", "free", "u:0.4", "u:0.5", "h:4,-1")
    for c in cards:
        act(st, P1, f"c:{c}")
    return st


def test_bi_18_4_dutch_win_by_one_lose_their_weakest():
    """BI-18.4, BI-A46: the Dutch defend with 3 (tile) + 2 + 2 (garrison) + the flipped card
    (B01: 1) = 8; the attack is 3 + 3 + B08 (1) = 7: the Dutch win by 1 with 2 units and lose
    one (BI-12.8); the attackers go to the supply (BI-12.7)."""
    st = _solo_at_the_dutch(["B08"], "B01")
    assert st["dutch"]["garrison"] == [2]
    assert [u["loc"] for u in st["units"][P1]][3:] == ["supply", "supply"]
    assert st["solo_goals"] == [False, False, False]


def test_bi_18_6_capture_by_entering_empties_the_garrison():
    """BI-18.4, BI-18.6 goal 3: 6 + B15 (3) + B16 (3) = 12 against 3 + 4 + B01 (1) = 8: the
    attacker wins by 4 (no winner's loss), the garrison leaves the game, the units stand on the
    Dutch capital and goal 3 is met."""
    st = _solo_at_the_dutch(["B15", "B16"], "B01")
    assert st["dutch"]["garrison"] == []
    assert [u["loc"] for u in st["units"][P1]][3:] == ["4,-1", "4,-1"]
    assert st["solo_goals"][2] is True


def test_bi_29_10_flag_fight_card_prompt_knowing_the_flag():
    """BI-29.10, BI-11.5: entering a face-down flag tile reveals it at once (public: every view
    shows the Bandeira X13 with its strength F in the data); the explorer alone is asked for 0-3
    cards, like ``combat.card`` (the engine names this prompt ``combat.card`` with the words
    "flag fight", not ``explore.card``); nobody else is asked."""
    st = game()
    st["fog"]["-2,-2"] = "X13"
    unit(st, P1, 1, "-2,-1")
    hand(st, "battle", P1, ["B19", "B01"])
    start(st)
    act(st, P1, "a:frame", "none", "to_movement", "free", "u:0.1", "h:-2,-2")
    assert top(st) == "combat.card" and list(RULES.waiting(st)) == [P1]
    assert ids(st, P1) == ["c:B01", "c:B19", "done"]
    assert "flag fight" in RULES.prompt(st, P1).text
    assert RULES.view(st, P2)["bandeira"] == {"-2,-2": "X13"}
    assert C.EXPLORATION["X13"]["flag_strength"] > 0
    act(st, P1, "done")
    assert st["combat"] is None and top(st) == "move"
