"""The payment steps (BI-29.6 wizard; BI-5.5-5.10, BI-19.8, BI-19.10) on hand-built positions.

The position of most tests: Green builds a Farm (1 brazilwood + 1 "sugar cane or coffee") with
brazilwood, sugar cane, coffee, gold and science in its supply and the gold cards G01, G02 in
hand. By hand (BI-5.6): the brazilwood unit may take brazilwood, gold, science, G01 or G02; the
"sugar cane or coffee" unit sugar cane, coffee, gold, science, G01 or G02; one payer per unit
gives 6 + 5 + 4 + 3 + 2 = 20 distinct ways. The old list capped at 8 began with the six ways
that pay the brazilwood unit with brazilwood, so e.g. "G01 + G02" or "science + coffee" could
not be chosen.
"""

from __future__ import annotations

from engine_positions import P1, P2, act, game, hand, ids, start, top, unit

from engine.games.brazil_imperial import RULES
from engine.games.brazil_imperial import catalog as C
from engine.games.brazil_imperial import payways as W
from engine.rng import Rng

FARM_HEX = "-4,0"
SUPPLY = {"brazilwood": 1, "sugar_cane": 1, "coffee": 1, "gold": 1, "science": 1}


def _farm_position() -> dict:
    st = game()
    st["supply"][P1] = dict(SUPPLY)
    hand(st, "gold", P1, ["G01", "G02"])
    unit(st, P1, 1, "-4,1")
    start(st)
    act(st, P1, "a:build", "b:farm", stop_at_pay=True)
    return st


def _apply(st: dict, seat: int, choice: str) -> dict:
    sim = RULES.clone(st)
    assert choice in ids(sim, seat), (choice, ids(sim, seat))
    RULES.apply(sim, seat, choice, Rng(sim["rng"]))
    return sim


def _spent(before: dict, st: dict, seat: int) -> tuple[str, ...]:
    """What the payment took from ``seat``: supply items and gold cards, as payer ids."""
    out = []
    for item, n in before["supply"][seat].items():
        out += [f"s:{item}"] * (n - st["supply"][seat].get(item, 0))
    out += [f"g:{c}" for c in before["gold"][seat] if c not in st["gold"][seat]]
    return tuple(sorted(out))


def test_pure_enumeration_counts_the_twenty_ways():
    """BI-5.6, BI-5.10: 20 distinct ways by hand; more than SHORT, so the list is not whole."""
    st = game()
    st["supply"][P1] = dict(SUPPLY)
    hand(st, "gold", P1, ["G01", "G02"])
    units = C.cost_units(C.BUILDINGS["farm"]["cost"])
    pool = W.make_pool(st, P1)
    found = W.ways(units, pool, limit=100)
    assert found is not None and len(found) == 20
    keys = {tuple(sorted(W.payer_id(p) for p in w)) for w in found}
    assert len(keys) == 20
    assert ("g:G01", "g:G02") in keys and ("s:coffee", "s:science") in keys
    assert ("s:brazilwood", "s:gold") in keys
    assert ("s:coffee", "s:sugar_cane") not in keys  # no unit takes two a|b items
    assert found[0] == [["s", "brazilwood"], ["s", "sugar_cane"]]  # canonical first (BI-29.6)
    assert W.ways(units, pool, limit=6) is None


def test_every_way_is_reachable_through_the_manual_steps():
    """BI-29.6 (2), BI-5.10: the `pay` prompt offers the canonical payment and `manual`; every
    one of the 20 ways can be completed through the per-requirement steps, and nothing else."""
    st = _farm_position()
    assert top(st) == "build.hex"
    st = _apply(st, P1, f"h:{FARM_HEX}")
    assert top(st) == "pay"
    assert ids(st, P1) == ["pay:0", "manual", "back"]
    reached: set[tuple[str, ...]] = set()

    def walk(cur: dict, picked: tuple[str, ...]) -> None:
        p = RULES.prompt(cur, P1)
        assert p is not None and top(cur) == "pay.unit"
        for c in p.choices:
            if c.id == "back":
                continue
            nxt = _apply(cur, P1, c.id)
            if nxt["stack"] and top(nxt) == "pay.unit":
                walk(nxt, (*picked, c.id))
                continue
            way = tuple(sorted((*picked, c.id)))
            assert nxt["tiles"][FARM_HEX]["id"] == "farm"
            assert _spent(st, nxt, P1) == way
            reached.add(way)

    walk(_apply(st, P1, "manual"), ())
    assert len(reached) == 20
    assert ("g:G01", "g:G02") in reached and ("s:coffee", "s:science") in reached


def test_manual_step_lists_only_payers_that_leave_the_rest_payable():
    """BI-29.6: with only brazilwood and gold left for a Farm, the brazilwood unit may not take
    the gold (the "sugar cane or coffee" unit would have no payer)."""
    st = game()
    st["supply"][P1] = {"brazilwood": 1, "gold": 1, "science": 1}
    unit(st, P1, 1, "-4,1")
    start(st)
    act(st, P1, "a:build", "b:farm", f"h:{FARM_HEX}", stop_at_pay=True)
    units = C.cost_units(C.BUILDINGS["farm"]["cost"])
    st2 = game()
    st2["supply"][P1] = {"brazilwood": 1, "gold": 1}
    assert W.options(units, W.make_pool(st2, P1)) == [["s", "brazilwood"]]
    # 3 ways here (bw+gold, bw+science, gold+science): all listed whole
    assert ids(st, P1) == ["pay:0", "pay:1", "pay:2", "back"]


def test_back_and_running_summary():
    """BI-29.6 wizard with a running summary; `back` undoes the last payer, and from the first
    payment prompt returns to the decision that led to it with nothing changed."""
    st = _farm_position()
    before_hex = ids(st, P1)
    st = _apply(st, P1, f"h:{FARM_HEX}")
    st1 = _apply(st, P1, "manual")
    p = RULES.prompt(st1, P1)
    assert p.text == "Pay 1 brazilwood (1 of 2) with:"
    assert [c.id for c in p.choices] == [
        "s:brazilwood",
        "s:gold",
        "g:G01",
        "g:G02",
        "s:science",
        "back",
    ]
    st2 = _apply(st1, P1, "g:G02")
    p2 = RULES.prompt(st2, P1)
    assert p2.text == "Pay sugar cane or coffee (2 of 2) with:"
    assert "paying 1 brazilwood + 1 sugar cane or coffee" in p2.summary
    assert "so far gold card G02 (" in p2.summary
    assert "g:G02" not in [c.id for c in p2.choices]
    back1 = _apply(st2, P1, "back")
    assert top(back1) == "pay.unit" and ids(back1, P1) == ids(st1, P1)
    back2 = _apply(_apply(back1, P1, "back"), P1, "back")
    assert top(back2) == "build.hex" and ids(back2, P1) == before_hex
    assert back2["supply"][P1] == SUPPLY and back2["gold"][P1] == ["G01", "G02"]


def test_trade_inputs_choose_their_source():
    """BI-5.7, BI-29.5 Trade: T-1 coffee may come from a tile you control or from the supply;
    exact inputs only (no gold, science or gold card is offered); the canonical payment takes
    the tile's coffee first (BI-29.6)."""
    from engine_positions import tile

    st = game()
    tile(st, "-3,1", "farm", P1, {"coffee": 1})
    st["supply"][P1] = {"coffee": 1, "gold": 1, "science": 1}
    hand(st, "gold", P1, ["G01"])
    start(st)
    act(st, P1, "a:trade", "T-1:coffee", stop_at_pay=True)
    assert top(st) == "pay"
    p = RULES.prompt(st, P1)
    assert [c.label for c in p.choices] == ["coffee from (-3,1)", "coffee", "Back"]
    act(st, P1, "pay:1")
    assert st["supply"][P1] == {"gold": 2, "science": 1}
    assert st["tiles"]["-3,1"]["goods"] == {"coffee": 1}
    assert top(st) == "trade"


def test_napoleon_converts_when_he_could_pay_otherwise():
    """BI-19.10, BI-29.6 (0): Napoleon may convert battle cards even when gold would pay; a
    single card (a virtual basic) cannot cover a gold unit, so only the pair is offered, and
    a conversion is spent on the payment (no way that leaves it unused is listed)."""
    st = game(boards=("green_brazil", "blue_france"), monarchs=("oba_ii", "napoleon"))
    st["display"][0] = "P03"
    assert C.PAINTINGS["P03"]["cost"] == {"gold": 1}
    st["supply"][P2] = {"gold": 1}
    hand(st, "battle", P2, ["B02", "B03"])
    start(st, P2)
    act(st, P2, "a:frame", "c:P03", stop_at_pay=True)
    assert ids(st, P2) == ["pay:0", "convert", "back"]
    act(st, P2, "convert", stop_at_pay=True)
    assert top(st) == "pay.convert"
    assert ids(st, P2) == ["nap:science:B02+B03", "back"]
    # the only way that uses the converted science: paid at once, the gold stays
    ev = act(st, P2, "nap:science:B02+B03")
    assert "Blue buys" in RULES.describe(ev[0], P1) and "2 battle cards converted" in str(ev)
    assert "P03" in st["paintings"][P2]
    assert st["supply"][P2] == {"gold": 1} and st["battle"][P2] == []
    assert st["battle_discard"][-2:] == ["B02", "B03"]


def test_afonso_conversion_choices_and_once_per_turn():
    """BI-19.8: Afonso discards 1, 2 or 3 cards once per turn (1 -> a gold, 2 -> two basics,
    3 -> a science and a gold). For a 1-gold cost only the 1-card rate can be used in full
    (two basics cannot cover gold; the 3-card bundle would waste an item), and after one
    conversion this turn no other is offered."""
    st = game(boards=("green_brazil", "red_portugal"), monarchs=("oba_ii", "afonso_i"))
    st["display"][0] = "P03"
    st["display"][1] = "P04"
    assert C.PAINTINGS["P04"]["cost"] == {"gold": 1}
    st["supply"][P2] = {"gold": 2}
    hand(st, "battle", P2, ["B02", "B03", "B05"])
    start(st, P2)
    act(st, P2, "a:frame", "c:P03", "convert", stop_at_pay=True)
    assert ids(st, P2) == ["afo:1:B02", "afo:1:B03", "afo:1:B05", "back"]
    act(st, P2, "afo:1:B03")
    assert "P03" in st["paintings"][P2]
    assert st["supply"][P2] == {"gold": 2} and sorted(st["battle"][P2]) == ["B02", "B05"]
    assert st["flags"][P2]["afonso_turn"] == st["turns"][P2]
    # same turn, another payment: no conversion is offered (one gold way: paid at once)
    st["stack"] = []
    from engine.games.brazil_imperial import actions as A

    A.start_action(st, P2, "frame", True)
    act(st, P2, "c:P04", stop_at_pay=True)
    assert "P04" in st["paintings"][P2] and st["supply"][P2] == {"gold": 1}
    assert sorted(st["battle"][P2]) == ["B02", "B05"]
