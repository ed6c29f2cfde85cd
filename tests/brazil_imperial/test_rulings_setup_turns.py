"""Rulings on set-up, turn order, terrain and hidden information, each checked on a real state
from the engine (set-up prompts played, or a §33 position from engine_positions)."""

from __future__ import annotations

from engine_positions import P1, P2, act, game, ids, start, tile, top, unit

from engine.games.brazil_imperial import RULES
from engine.games.brazil_imperial import board as B
from engine.games.brazil_imperial import catalog as C
from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options

BATTLE = [f"B{i:02d}" for i in range(1, 25)]
GOLD = [f"G{i:02d}" for i in range(1, 21)]


def _setup(n: int, seed: int, **opts) -> dict:
    cfg = Config(tuple(SeatConfig(f"p{i}") for i in range(n)), resolve_options(RULES, opts))
    return RULES.setup(cfg, Rng.seeded(seed))


def test_bi_3_2_boards_random_by_default_and_pick_in_seat_order():
    """BI-3.2, BI-A39 (option BI-O01): by default every player gets a different board and no
    board prompt is asked; with ``pick`` P1 chooses among all four, P2 among the three left.
    Solo always uses green_brazil."""
    seen = set()
    for seed in range(8):
        st = _setup(4, seed)
        assert sorted(st["board"]) == sorted(C.BOARDS)
        assert all(fr["k"] != "setup.board" for fr in st["stack"])
        seen.add(tuple(st["board"]))
    assert len(seen) > 1  # the RNG deals them, not a fixed order
    st = _setup(2, 0, board_assignment="pick")
    assert list(RULES.waiting(st)) == [P1]
    assert ids(st, P1) == ["green_brazil", "red_portugal", "yellow_spain", "blue_france"]
    RULES.apply(st, P1, "yellow_spain", Rng(st["rng"]))
    assert list(RULES.waiting(st)) == [P2]
    assert ids(st, P2) == ["green_brazil", "red_portugal", "blue_france"]
    assert _setup(1, 3)["board"] == ["green_brazil"]


def test_bi_3_6_decks_shuffled_and_discards_empty_and_era_i():
    """BI-3.6: the battle deck is B01-B24 and the gold deck G01-G20, shuffled, both discard
    piles empty. BI-16.1, BI-1.11: the game starts in era I, one era for everybody."""
    orders = set()
    for seed in range(4):
        st = _setup(3, seed)
        assert sorted(st["battle_deck"]) == BATTLE and sorted(st["gold_deck"]) == GOLD
        assert st["battle_discard"] == [] and st["gold_discard"] == []
        assert st["era"] == 1 and isinstance(st["era"], int)
        orders.add(tuple(st["battle_deck"]))
    assert len(orders) == 4


def test_bi_3_10_monarch_choices_are_the_boards_list():
    """BI-3.10: each player chooses among their own board's monarchs; the choice is public."""
    st = _setup(2, 1, board_assignment="pick")
    for s, b in ((P1, "green_brazil"), (P2, "blue_france")):
        RULES.apply(st, s, b, Rng(st["rng"]))
    while st["stack"][-1]["k"] == "setup.mission":
        s = st["stack"][-1]["seat"]
        RULES.apply(st, s, ids(st, s)[0], Rng(st["rng"]))
    assert ids(st, P1) == ["pedro_i", "pedro_ii", "tibirica", "oba_ii"]
    RULES.apply(st, P1, "tibirica", Rng(st["rng"]))
    assert ids(st, P2) == ["victoria", "napoleon"]
    RULES.apply(st, P2, "napoleon", Rng(st["rng"]))
    assert RULES.view(st, P2)["monarch"] == ["tibirica", "napoleon"]


def _pass_turn(st: dict, seat: int, arch: str) -> None:
    assert st["active"] == seat and top(st) == "action"
    act(st, seat, f"a:{arch}", "none", "to_movement", "end")


def test_bi_1_1_turn_order_wraps_and_bi_1_12_rounds_count_on():
    """BI-1.1: turns go in seat order from the first player, wrapping from Pn to P1.
    BI-1.12, BI-4.1: a round is one turn of every player; the round number goes up when the
    first player begins again (action phase, movement phase, end step make one turn)."""
    st = game(
        boards=("green_brazil", "red_portugal", "yellow_spain"),
        monarchs=("oba_ii", "afonso_i", "nassau"),
    )
    st["map"] = "3"
    st["capital"] = list(C.capital_sites("3"))
    st["first"] = 1
    start(st, 1)
    assert st["round"] == 1
    _pass_turn(st, 1, "build")
    assert st["active"] == 2 and st["round"] == 1
    _pass_turn(st, 2, "build")
    assert st["active"] == 0 and st["round"] == 1
    _pass_turn(st, 0, "build")
    assert st["active"] == 1 and st["round"] == 2
    _pass_turn(st, 1, "frame")
    assert st["active"] == 2 and st["round"] == 2
    assert st["turns"] == [1, 2, 1]


def test_bi_1_4_current_terrain_order():
    """BI-1.4, BI-11.1: a tile makes the hex `building`; a capital `capital`; a fog hex with a
    face-down tile counts as plains, one with a Bandeira is `bandeira`, one whose tile was taken
    is plains again; otherwise the printed terrain. BI-15.1: Palace I (the capital) is not a
    tile: nobody controls it as one."""
    st = game()
    tile(st, "-3,-1", "sawmill", P1)  # printed forest
    assert B.printed(st, "-3,-1") == "forest" and B.terrain(st, "-3,-1") == "building"
    assert B.terrain(st, "-4,1") == "capital" and B.terrain(st, "4,-1") == "capital"
    assert "-4,1" not in st["tiles"] and B.controller(st, "-4,1") is None
    assert B.terrain(st, "-2,-2") == "plains" and "-2,-2" in st["fog"]
    st["bandeira"]["0,-1"] = st["fog"].pop("0,-1")
    assert B.terrain(st, "0,-1") == "bandeira"
    st["fog"].pop("0,1")
    assert B.terrain(st, "0,1") == "plains"
    assert B.terrain(st, "5,-3") == "forest" and B.terrain(st, "1,-4") == "gold"
    assert B.terrain(st, "1,-3") == "lake" and B.terrain(st, "2,-4") == "plains"


def test_bi_10_8_units_in_slots_cannot_move_and_moves_are_one_hex():
    """BI-10.8: units in slots or a supply cannot move; every move but the teleport is exactly
    one hex. BI-A18: nobody may enter another player's capital."""
    st = game()
    start(st)
    act(st, P1, "a:build", "none", "to_movement")
    assert ids(st, P1) == ["end"]  # all units still in slots: no move is offered
    st2 = game()
    unit(st2, P1, 1, "3,-1")  # next to P2's capital (4,-1)
    st2["units"][P1][1]["loc"] = "supply"
    start(st2)
    act(st2, P1, "a:build", "none", "to_movement", "free")
    assert ids(st2, P1) == ["u:0.1"]
    act(st2, P1, "u:0.1")
    dests = [c[2:] for c in ids(st2, P1)]
    assert "4,-1" not in dests
    assert dests and all(C.distance("3,-1", d) == 1 for d in dests)


def test_bi_10_7_occupier_leaving_returns_control():
    """BI-10.7, BI-A17: an occupier's units on an enemy tile control it; when the last one
    leaves, control returns to the owner at once. BI-10.5: entering a hex with nothing on it
    causes nothing (the movement menu comes back)."""
    st = game()
    tile(st, "2,-1", "gold_mine", P2)
    unit(st, P1, 1, "2,-1")
    assert B.controller(st, "2,-1") == P1
    start(st)
    act(st, P1, "a:build", "none", "to_movement", "free", "u:0.1", "h:1,-1")
    assert B.controller(st, "2,-1") == P2 and st["combat"] is None
    assert top(st) == "move"


def test_bi_28_3_peeked_tile_known_to_the_peeker_only():
    """BI-16.5 era I token, BI-11.7, BI-29.4: placing on an arch with the era I token under it
    offers every face-down exploration hex plus skip; the peeked identity goes into the
    peeker's view only (BI-28.3), never into another seat's (BI-28.2, BI-11.1)."""
    st = game()
    st["under"][P1] = {"build": [1]}
    start(st)
    act(st, P1, "a:build")
    assert top(st) == "peek"
    fog = sorted(st["fog"], key=C.rq)
    assert ids(st, P1) == [f"h:{h}" for h in fog] + ["skip"]
    act(st, P1, "h:-2,-2")
    secret = st["fog"]["-2,-2"]
    assert RULES.view(st, P1)["my_peeks"] == {"-2,-2": secret}
    v2 = RULES.view(st, P2)
    assert v2["my_peeks"] == {} and v2["peeked"][P1] == ["-2,-2"]
    assert secret not in repr(v2)


def test_bi_1_9_hands_hidden_tableau_face_up():
    """BI-1.9: missions, gold and battle cards are a hidden hand (another seat's view shows only
    counts); paintings, exploration tiles taken and revealed missions lie face up (in every
    view)."""
    st = game()
    st["gold"][P1], st["battle"][P1] = ["G05"], ["B11"]
    st["missions"][P1] = {"1": "MI-2", "2": "MII-3"}
    st["revealed"][P1] = ["MI-2"]
    st["paintings"][P1] = ["P03"]
    st["explored"][P1] = ["X04"]
    start(st)
    v = RULES.view(st, P2)
    blob = repr({k: val for k, val in v.items() if k != "revealed"})
    assert "G05" not in blob and "B11" not in blob and "MII-3" not in repr(v)
    assert v["gold_count"][P1] == 1 and v["battle_count"][P1] == 1
    assert v["mission_counts"][P1] == 1  # MI-2 is revealed
    assert v["revealed"][P1] == ["MI-2"]
    assert v["paintings"][P1] == ["P03"] and v["explored"][P1] == ["X04"]
    mine = RULES.view(st, P1)
    assert mine["my_gold"] == ["G05"] and mine["my_missions"] == {"1": "MI-2", "2": "MII-3"}


def test_bi_28_9_solo_hides_only_decks_fog_box_and_stacks():
    """BI-28.9, BI-28.2: in solo the only hidden things are the deck orders (counts shown), the
    face-down exploration tiles (hexes shown, identities not), the box (a count) and the city
    stacks below their tops; the player's own hand and missions are in the view."""
    st = _setup(1, 2)
    while st["phase"] == "setup":
        RULES.apply(st, 0, ids(st, 0)[0], Rng(st["rng"]))
    v = RULES.view(st, 0)
    assert v["gold_deck"] == len(st["gold_deck"]) and v["battle_deck"] == len(st["battle_deck"])
    assert v["fog"] == sorted(st["fog"], key=C.rq) and v["box"] == len(st["box"]) == 11
    blob = repr(v)
    assert all(t not in blob for t in [*st["fog"].values(), *st["box"]])
    assert v["city_stacks"] == [s[:1] for s in st["city_stacks"]]
    assert v["my_missions"] == st["missions"][0] and v["dutch"] == st["dutch"]
