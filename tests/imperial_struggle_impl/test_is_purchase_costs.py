"""Purchase costs and limits: IS-5.4.2 / IS-A02 order (Rum example), IS-A15 set-to-1 tiles,
IS-8.3.17 and IS-EV04 Squadron costs, IS-5.6.1 two Bonus tiles per round, IS-5.6.1b T6
conversion, IS-A45 Naval Bastion, IS-5.7e restricted points."""

from __future__ import annotations

from is_round_kit import BR, FR, F, act, ids, mk, pick

from engine.games.imperial_struggle import purchases as P
from engine.games.imperial_struggle import round as R
from engine.games.imperial_struggle import war


def test_rum_example_one_minus_one_plus_one():
    """IS-5.4.2 / IS-A02: protected conflicted Market with Rum: 1 − 1 + 1 = 1."""
    st = mk(
        "T2",
        BR,
        flags={"puerto_rico": "britain"},
        squadrons={"antilles_channel": FR},
        conflict={"martinique": 1},
    )
    act(st, BR, "tile:0", "actions", "act:major")
    pick(st, BR, "shift:martinique")
    assert "base 1 · Protected +1 = 2 EP" in F.text_of(st, BR)[1]
    act(st, BR, "adv:rum")
    assert "base 1 · Rum -1 · Protected +1 = 1 EP" in F.text_of(st, BR)[1]
    act(st, BR, "confirm")
    assert st["adv_exhausted"].get("rum") == 1 and "martinique" not in st["flags"]
    assert st["round"]["actions"][0]["pts"] == 3


def test_fur_trade_sets_base_to_one_surcharge_still_applies():
    """IS-8.3.9 / IS-A15: the base becomes 1; the new-Region surcharge is still added."""
    flags = {"hudson_bay": "britain", "cumberland": "britain", "allegheny": "france"}
    st = mk("T2", BR, flags=flags)
    act(st, BR, "tile:0", "actions", "act:major")
    pick(st, BR, "shift:antigua")
    act(st, BR, "confirm")
    pick(st, BR, "shift:allegheny")
    act(st, BR, "adv:fur_trade")
    base = F.text_of(st, BR)[1]
    assert base.startswith("base 1") and "new Region +1" in base


def test_slaving_contracts_and_south_sea_discount():
    """IS-8.3.17 (4 → 2) then IS-EV04 −2 (minimum 0)."""
    st = mk("T2", BR, flags={"asiento": "britain"})
    act(st, BR, "tile:16", "actions", "act:major", "build_squadron")
    assert "= 4 MP" in F.text_of(st, BR)[1]
    act(st, BR, "adv:slaving_contracts")
    assert "= 2 MP" in F.text_of(st, BR)[1]
    R.add_mod(st, "ev04_squadron", 1)
    assert "= 0 MP" in F.text_of(st, BR)[1]
    unbuilt = st["unbuilt"][BR]
    act(st, BR, "confirm")
    assert st["unbuilt"][BR] == unbuilt - 1 and "ev04_squadron" not in st["round"]["mods"]


def test_two_bonus_tiles_per_round():
    """IS-5.6.1: at most 2 Bonus War tiles bought per round (not even with Debt)."""
    st = mk("T2", FR, start=False)
    war.setup_display(st, [])
    F.advance(st, [])
    R.push_action_round(st, FR)
    F.advance(st, [])
    act(st, FR, "tile:16", "actions", "act:major")
    for _ in range(2):
        act(st, FR, "bonus_tile", "confirm")
        while st["stack"][-1]["k"] != "is_act":
            act(st, FR, ids(st, FR)[0])
    assert "bonus_tile" not in ids(st, FR)
    assert st["round"]["bonus_bought"] == 2


def test_t6_conversion_one_type_per_round():
    """IS-5.6.1b / IS-5.7d: 2 MP buy 1 EP; one type per round; a bought action appears."""
    st = mk("T6", FR)
    act(st, FR, "tile:16", "actions", "act:major")
    assert "bonus_tile" not in ids(st, FR)
    act(st, FR, "convert:E", "confirm")
    assert "convert:D" not in ids(st, FR) and "convert:E" in ids(st, FR)
    act(st, FR, "convert:E", "confirm", "done")
    assert "act:bought_E" in ids(st, FR)
    assert st["round"]["actions"][-1]["pts"] == 2


def test_naval_bastion_needs_a_major_military_action():
    """IS-8.3.6 / IS-A45: 1 MP from a Major (not Minor) Military action."""
    st = mk("T2", FR, flags={"gibraltar": "france"}, squadrons={"biscay": BR})
    act(st, FR, "tile:2", "actions", "act:minor")
    assert "naval_bastion:biscay" not in ids(st, FR)
    st = mk("T2", FR, flags={"gibraltar": "france"}, squadrons={"biscay": BR})
    act(st, FR, "tile:16", "actions", "act:major", "naval_bastion:biscay")
    assert "= 1 MP" in F.text_of(st, FR)[1]
    act(st, FR, "confirm")
    assert "biscay" not in st["squadrons"] and st["adv_exhausted"]["naval_bastion"] == 1


def test_restricted_event_points_only_for_matching_purchases():
    """IS-5.7b, IS-5.7e: Event EP restricted to North America form an Event action that admits only
    North American purchases."""
    st = mk("T2", FR)
    act(st, FR, "tile:12")  # Major D3, Minor E2
    st["round"]["event"] = 6
    R.grant(st, FR, "E", 2, why="region:north_america")
    R.event_done(st, [])
    act(st, FR, "actions", "act:event_E")
    listed = ids(st, FR)
    assert all(
        P.B.region_of(c.split(":")[1]) == "north_america" for c in listed if c.startswith("shift:")
    )
    assert any(c.startswith("shift:") for c in listed)


def test_restriction_predicates():
    """restriction_ok ids shared with the events and ministries modules."""
    st = mk("T2", BR, start=False)
    unflag_eu = {"kind": "shift", "type": "D", "space": "bavaria", "mode": "unflag", "side": BR}
    assert P.restriction_ok(st, "unflag_political_europe", unflag_eu)
    assert P.restriction_ok(st, "region:europe&unflag", unflag_eu)
    assert not P.restriction_ok(st, "country:spain,austria", unflag_eu)
    assert P.restriction_ok(st, "scotland_ireland", dict(unflag_eu, space="ireland_alliance_2"))
    assert P.restriction_ok(st, "bonus_or_deploy", {"kind": "bonus_tile", "type": "M"})


def test_strict_sequence_off_allows_switching_actions():
    """IS-A04 / IS-V13 off: an open Major action can be left and resumed; on: never resumed."""
    st = mk("T2", BR, opts={"strict_action_sequence": "off"})
    act(st, BR, "tile:0", "actions", "act:major", "switch", "act:minor")
    pick(st, BR, "shift:scotland_alliance_2")
    act(st, BR, "confirm", "act:major")
    assert st["round"]["actions"][0]["pts"] == 4
    st = mk("T2", BR)
    act(st, BR, "tile:0", "actions", "act:major")
    assert "switch" not in ids(st, BR)
    act(st, BR, "done")
    assert "act:major" not in ids(st, BR)


def test_set_to_one_flat_option():
    """IS-V07 on: Fur Trade makes the unflag cost exactly 1 (no surcharge)."""
    flags = {"hudson_bay": "britain", "cumberland": "britain", "allegheny": "france"}
    st = mk("T2", BR, flags=flags, opts={"set_to_one_flat": "on"})
    act(st, BR, "tile:0", "actions", "act:major")
    pick(st, BR, "shift:antigua")
    act(st, BR, "confirm")
    pick(st, BR, "shift:allegheny")
    act(st, BR, "adv:fur_trade")
    assert F.text_of(st, BR)[1].startswith("base 1 = 1 EP")
