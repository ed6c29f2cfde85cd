"""Rule options IS-V04, IS-V07, IS-V09, IS-V10, IS-V11, IS-V14 (IS-18) against their default rulings
(IS-V01, IS-V05, IS-V06, IS-V08 are in test_is_setup.py / test_is_rules_costs.py).
"""

from __future__ import annotations

from is_helpers import (
    BR,
    FR,
    act,
    buy,
    choice_ids,
    cost_of,
    display,
    offered_anywhere,
    phase_position,
    pick_through,
    round_position,
    start_action,
    strength_free_flags,
    take_tile,
    waiting_sides,
    war_position,
    war_run,
)


def _wss3_one_cp(**spec):
    war = display("WSS", basic={3: (["fr_b00", "fr_b03"], [])})
    st = war_position("WSS", 3, vp=17, war=war, **spec)
    war_run(st)  # France 3 vs 0 → row 3: 1 CP
    return st


def test_is_v04_tougher_forts_needs_a_conquest_line():
    """IS-V04 / IS-A49: taking a Fort space with CP needs a conquest-line link; halifax's lines
    end at British northern_colonies and (V04 only) louisbourg, so France cannot take it;
    ohio_forks (line to French quebec_montreal) stays legal. Default: both legal."""
    st = _wss3_one_cp()
    assert offered_anywhere(st, FR, "cp:halifax")
    assert offered_anywhere(st, FR, "cp:ohio_forks")
    st = _wss3_one_cp(options={"tougher_forts": "on"})
    assert not offered_anywhere(st, FR, "cp:halifax")
    assert offered_anywhere(st, FR, "cp:ohio_forks")


def test_is_v04_tougher_forts_louisbourg_line():
    """IS-V04: the halifax–louisbourg line is active: with a French Fort on louisbourg, halifax
    becomes a legal CP target."""
    st = _wss3_one_cp(options={"tougher_forts": "on"}, forts={"louisbourg": "france"})
    assert offered_anywhere(st, FR, "cp:halifax")


def _italy(opts):
    st = round_position(
        "T2",
        "france",
        flags={"austria_alliance_3": "france", "sardinia": "france", "spain_prestige_3": "britain"},
        options=opts,
    )
    take_tile(st, FR, 8)  # Major D4
    start_action(st, FR, "major")
    buy(st, FR, "shift:iroquois")  # North America first: Europe is a second DP Region
    return st


def test_is_v07_set_to_one_flat():
    """IS-A15 default: Italy Influence sets the base to 1, the surcharge still applies (2);
    IS-V07 on: exactly 1."""
    st = _italy({})
    assert cost_of(st, FR, "shift:spain_prestige_3", pay=("adv:italy_influence",)) == 2
    st = _italy({"set_to_one_flat": "on"})
    assert cost_of(st, FR, "shift:spain_prestige_3", pay=("adv:italy_influence",)) == 1


def test_is_v09_conflicted_market_adjacency():
    """IS-V09 on: a conflicted Market counts for Fort adjacency (default no, IS-A17)."""
    spec = {
        "forts": {"louisbourg": "france"},
        "flags": {"georges_bank": "france"},
        "conflict": {"georges_bank": 1},
    }
    st = round_position("T2", "france", options={"conflicted_market_adjacency": "on"}, **spec)
    take_tile(st, FR, 16)
    start_action(st, FR, "major")
    assert offered_anywhere(st, FR, "fort:halifax")


def _unflag_targets(opts):
    war = display("WSS", basic={3: (["fr_b13"], [])})
    st = war_position("WSS", 3, vp=17, war=war, conflict={"chesapeake": 1}, options=opts)
    war_run(st)
    return {i for i in choice_ids(st, FR) if i.startswith("target:")}


def test_is_v10_war_unflag_conflicted():
    """IS-A11 default: the war-tile unflag skips conflicted spaces; IS-V10 on: allowed."""
    assert "target:chesapeake" not in _unflag_targets({})
    assert "target:chesapeake" in _unflag_targets({"war_unflag_conflicted": "on"})


def test_is_v11_war_squadron_scope_region():
    """IS-V11 region: Atlantic Dominance's remove tile reaches only Europe's Naval spaces."""
    war = display("7YW", basic={1: ([], ["br_b11"])})
    st = war_position(
        "7YW",
        1,
        vp=13,
        war=war,
        squadrons={"antilles_channel": "france", "biscay": "france"},
        navy={"france": 0, "britain": 2},
        options={"war_squadron_scope": "region"},
    )
    war_run(st)
    assert BR in waiting_sides(st)
    ids = {i for i in choice_ids(st, BR) if i.startswith("target:")}
    assert ids == {"target:biscay"}
    act(st, BR, "target:biscay")


def test_is_v14_sweep_needs_prestige():
    """IS-V14 on: IS-S25's sweep fails because France won Prestige."""
    flags = {
        "scotland_alliance_2": "britain",
        "denmark_norway": "britain",
        "sardinia": "britain",
        "spain_prestige_2": "france",
        "albany": "britain",
        "antigua": "britain",
        "puerto_rico": "britain",
        "west_bengal": "britain",
        "kurpa": "britain",
    }
    st, _ = phase_position(
        "T2",
        "scoring",
        vp=20,
        flags=flags,
        awards={"europe": 6, "north_america": 3, "caribbean": 4, "india": 0},
        demand=["furs", "sugar", "cotton"],
        options={"autowin_includes_prestige": "on"},
    )
    assert st["scoring"]["sweep"] is None
    assert st["vp"] == 11
    assert not st["over"]


def test_is_v01_spanish_flags_opposing_to_both_never_isolated():
    """IS-V01: Spanish flags are opposing for both sides and never Isolated (printed cost 2
    although no Spanish chain exists); an unflagged Spanish flag is gone for good."""
    for side_word, side, market in (("britain", BR, "santiago"), ("france", FR, "puerto_principe")):
        st = round_position("T1", side_word, options={"spanish_empire": "on"})
        assert st["flags"].get(market) == 3
        take_tile(st, side, 0)
        start_action(st, side, "major")
        assert cost_of(st, side, f"shift:{market}") == 2
        buy(st, side, f"shift:{market}")
        assert market not in st["flags"]


def test_is_v01_spanish_shift_after_taking_an_empty_spanish_territory():
    """IS-V01: France takes the empty Spanish-coloured gibraltar with CP (WSS Central Europe by
    3: 1 CP); after the theater Britain may shift one Political space of Spain."""
    war = display("WSS", basic={1: (["fr_b00", "fr_b03"], [])})
    st = war_position(
        "WSS",
        1,
        war=war,
        flags=strength_free_flags("WSS", 1),
        options={"spanish_empire": "on"},
    )
    war_run(st)
    pick_through(st, FR, "cp:gibraltar")
    assert st["flags"].get("gibraltar") == FR
    for _ in range(5):
        if BR in waiting_sides(st) and any(
            i.startswith("spain_shift:") for i in choice_ids(st, BR)
        ):
            break
        ws = waiting_sides(st)
        assert ws, "no Spanish shift offered to Britain"
        ids = choice_ids(st, ws[0])
        act(st, ws[0], next((i for i in ids if i in ("cp_end", "accept")), ids[0]))
    ids = choice_ids(st, BR)
    assert "skip" in ids or "spain_shift:skip" in ids
    assert "spain_shift:spain_prestige_3" in ids


def test_is_5_3_3_upgrade_keep_old_returns_the_draw():
    """IS-5.3.3 / IS-17.8: keeping the old tile sends the drawn one back to the pool (or out)."""
    basic = {n: ([f"fr_b{n:02d}"], [f"br_b{10 + n:02d}"]) for n in (1, 2, 3, 4)}
    st = round_position("T1", "britain", war=display("WSS", basic=basic))
    pool = sorted(st["war"]["basic_pool"][BR])
    take_tile(st, BR, 7)
    act(st, BR, "actions", "upgrade", "theater:1", "keep:old", "reject:pool")
    assert st["war"]["theaters"]["1"]["basic"][BR] == ["br_b11"]
    assert sorted(st["war"]["basic_pool"][BR]) == pool


def test_is_v02_upgrade_swaps_two_placed_tiles():
    """IS-V02 / IS-5.3.3b: the Upgrade swaps two of the side's placed Basic tiles (no draw)."""
    basic = {n: ([f"fr_b{n:02d}"], [f"br_b{10 + n:02d}"]) for n in (1, 2, 3, 4)}
    st = round_position(
        "T1",
        "britain",
        war=display("WSS", basic=basic),
        options={"military_planning_swap": "on"},
    )
    pool = sorted(st["war"]["basic_pool"][BR])
    take_tile(st, BR, 7)
    act(st, BR, "actions", "upgrade")
    swaps = [i for i in choice_ids(st, BR) if i.startswith("swap:")]
    assert "swap:1,3" in swaps or "swap:3,1" in swaps
    act(st, BR, "swap:1,3" if "swap:1,3" in swaps else "swap:3,1")
    th = st["war"]["theaters"]
    assert th["1"]["basic"][BR] == ["br_b13"] and th["3"]["basic"][BR] == ["br_b11"]
    assert sorted(st["war"]["basic_pool"][BR]) == pool


def test_is_v03_military_planning_deal_at_set_up():
    """IS-V03: at set-up each side draws one Basic tile per theater, looks, and assigns them
    (``deal:<tile>`` → ``theater:<n>``); then every theater holds one of each side's tiles."""
    from is_helpers import rules

    from engine.rng import Rng
    from engine.rules import Config, SeatConfig

    r = rules()
    opts = {o.key: o.default for o in r.options}
    opts["military_planning_deal"] = "on"
    st = r.setup(
        Config((SeatConfig("A", "random"), SeatConfig("B", "random")), opts), Rng.seeded(2)
    )
    for side in (FR, BR):
        for _ in range(4):
            ids = choice_ids(st, side)
            act(st, side, next(i for i in ids if i.startswith("deal:")))
            ids = choice_ids(st, side)
            if any(i.startswith("theater:") for i in ids):
                act(st, side, next(i for i in ids if i.startswith("theater:")))
    for n, th in st["war"]["theaters"].items():
        assert len(th["basic"][FR]) == 1 and len(th["basic"][BR]) == 1, n
