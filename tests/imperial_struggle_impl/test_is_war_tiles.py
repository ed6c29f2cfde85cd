"""War display tests: set-up display (IS-3.11f), layout (IS-7.6), Bonus tile placement and the
theater limit (IS-5.6.1a, IS-S17), Military Upgrade (IS-5.3.3, IS-17.8, IS-S16), event helpers."""

from __future__ import annotations

from engine.games.imperial_struggle import frames as F
from engine.games.imperial_struggle import war as W
from engine.games.imperial_struggle.state import BR, FR, new_state
from engine.rng import new_cell


def fresh(**opts):
    st = new_state(opts, ["a", "b"], new_cell(7))
    out = []
    W.setup_display(st, out)
    F.advance(st, out)
    return st, out


def choose(st, side, cid, out=None):
    out = [] if out is None else out
    ids = [c.id for c in F.choices_of(st, side)]
    assert cid in ids, (cid, ids)
    F.act(st, side, cid, out)
    return out


def test_setup_display_is_3_11f():
    """IS-3.11f: one Basic tile per side per WSS theater, 12 Bonus tiles minus France's extra one
    in Central Europe (theater 1)."""
    st, out = fresh()
    w = st["war"]
    assert w["id"] == "WSS"
    assert sorted(w["theaters"]) == ["1", "2", "3", "4"]
    for k, t in w["theaters"].items():
        assert len(t["basic"][FR]) == 1 and len(t["basic"][BR]) == 1
        assert t["basic"][FR][0].startswith("fr_b") and t["basic"][BR][0].startswith("br_b")
        assert t["bonus"][BR] == []
        assert len(t["bonus"][FR]) == (1 if k == "1" else 0)
    assert len(w["basic_pool"][FR]) == 12 and len(w["basic_pool"][BR]) == 12
    assert len(w["bonus_pool"][FR]) == 11 and len(w["bonus_pool"][BR]) == 12
    assert w["theaters"]["1"]["bonus"][FR][0].startswith("WSS_france_")
    assert W.bonus_count(st, FR) == 1 and W.bonus_count(st, BR) == 0
    assert st["stack"] == []
    kinds = [e.kind for e in out]
    assert "war_layout" in kinds and "bonus_buy" in kinds


def _put_bonus(st, side, theater, n):
    for _ in range(n):
        st["war"]["theaters"][theater]["bonus"][side].append(st["war"]["bonus_pool"][side].pop())


def test_s17_bonus_purchase_theater_limit():
    """IS-S17: buying into a full theater moves an incumbent to a theater with room; counts
    1: 2, 2: 2, 3: 1, 4: 0 after two purchases."""
    st, _ = fresh()
    from engine.games.imperial_struggle import war_tiles as WT

    WT.lay_out(st, "WAS", [])
    _put_bonus(st, FR, "1", 1)
    _put_bonus(st, FR, "2", 2)
    pool = st["war"]["bonus_pool"][FR]
    pool.remove("WAS_france_0")
    pool.append("WAS_france_0")  # the next draw is Frederick
    assert W.can_buy_bonus(st, FR)
    W.bonus_purchase_frames(st, FR)
    out = []
    F.advance(st, out)
    assert [c.id for c in F.choices_of(st, FR)] == [
        "theater:1",
        "theater:2",
        "theater:3",
        "theater:4",
    ]
    choose(st, FR, "theater:2", out)
    incumbents = list(st["war"]["theaters"]["2"]["bonus"][FR])
    assert [c.id for c in F.choices_of(st, FR)] == [f"move:{t}" for t in incumbents]
    choose(st, FR, f"move:{incumbents[0]}", out)
    assert [c.id for c in F.choices_of(st, FR)] == ["to:1", "to:3", "to:4"]
    choose(st, FR, "to:3", out)
    assert "WAS_france_0" in st["war"]["theaters"]["2"]["bonus"][FR]
    assert incumbents[0] in st["war"]["theaters"]["3"]["bonus"][FR]
    W.bonus_purchase_frames(st, FR)
    F.advance(st, out)
    choose(st, FR, "theater:1", out)
    counts = {k: len(t["bonus"][FR]) for k, t in st["war"]["theaters"].items()}
    assert counts == {"1": 2, "2": 2, "3": 1, "4": 0}
    assert st["stack"] == []
    buys = [e for e in out if e.kind == "bonus_buy"]
    assert buys[0].args["moved"] == {"tile": incumbents[0], "to": "3"}


def test_all_theaters_full_cannot_buy():
    """IS-5.6.1a: with 2 tiles in every theater no purchase is possible."""
    st, _ = fresh()
    for k in ("1", "2", "3", "4"):
        _put_bonus(st, BR, k, 2)
    assert not W.can_buy_bonus(st, BR)
    assert W.bonus_count(st, BR) == 8


def test_s16_upgrade_keep_new_remove_old():
    """IS-S16: Upgrade in theater 1 holding br_b14; draw br_b01; keep new; remove br_b14."""
    st, _ = fresh()
    from engine.games.imperial_struggle import war_tiles as WT

    w = st["war"]
    old = w["theaters"]["1"]["basic"][BR][0]
    w["basic_pool"][BR].append(old)
    w["theaters"]["1"]["basic"][BR] = ["br_b14"]
    w["basic_pool"][BR].remove("br_b14")
    w["basic_pool"][BR].remove("br_b01")
    w["basic_pool"][BR].append("br_b01")  # the next draw
    assert WT.owned_basic(st, BR) == 16
    assert W.can_upgrade(st, BR)
    W.upgrade_frames(st, BR)
    assert [c.id for c in F.choices_of(st, BR)] == [
        "theater:1",
        "theater:2",
        "theater:3",
        "theater:4",
    ]
    out = choose(st, BR, "theater:1")
    assert [c.id for c in F.choices_of(st, BR)] == ["keep:new", "keep:old"]
    choose(st, BR, "keep:new", out)
    assert [c.id for c in F.choices_of(st, BR)] == ["reject:pool", "reject:remove"]
    choose(st, BR, "reject:remove", out)
    assert w["theaters"]["1"]["basic"][BR] == ["br_b01"]
    assert w["basic_out"][BR] == ["br_b14"] and WT.owned_basic(st, BR) == 15
    up = [e.args for e in out if e.kind == "upgrade"][0]
    assert up["replaced"] is True and up["rejected"] == "remove"
    from engine.games.imperial_struggle import text as T
    from engine.rules import Event

    line = T._REGISTRY["upgrade"](Event("upgrade", 0, up), FR)
    assert "br_b" not in line and "Basic +" not in line and "removed from the game" in line


def test_upgrade_keeps_four_basic_tiles():
    """IS-5.3.3a: owning exactly 4 Basic tiles, the rejected tile must go back to the pool."""
    st, _ = fresh()
    w = st["war"]
    w["basic_out"][BR] = w["basic_pool"][BR][:11]
    w["basic_pool"][BR] = w["basic_pool"][BR][11:]  # 1 in the pool + 4 placed = 5 owned
    from engine.games.imperial_struggle import war_tiles as WT

    assert WT.owned_basic(st, BR) == 5
    W.upgrade_frames(st, BR)
    choose(st, BR, "theater:2")
    choose(st, BR, "keep:old")
    assert [c.id for c in F.choices_of(st, BR)] == ["reject:pool", "reject:remove"]
    w["basic_out"][BR].append(w["theaters"]["3"]["basic"][BR].pop())  # now 4 owned + the draw
    assert [c.id for c in F.choices_of(st, BR)] == ["reject:pool"]


def test_upgrade_swap_is_v02():
    """IS-V02: the Upgrade swaps two placed Basic tiles instead of drawing."""
    st, _ = fresh(military_planning_swap="on")
    w = st["war"]
    a, b = w["theaters"]["1"]["basic"][FR][0], w["theaters"]["4"]["basic"][FR][0]
    pool = list(w["basic_pool"][FR])
    W.upgrade_frames(st, FR)
    assert len(F.choices_of(st, FR)) == 6
    choose(st, FR, "swap:1,4")
    assert w["theaters"]["1"]["basic"][FR] == [b] and w["theaters"]["4"]["basic"][FR] == [a]
    assert w["basic_pool"][FR] == pool


def test_deal_layout_is_v03():
    """IS-V03: each side is dealt one Basic tile per theater, looks, and assigns them."""
    st, _ = fresh(military_planning_deal="on")
    top = F.top(st)
    assert top["k"] == "par"
    hand = list(top["frames"][FR]["hand"])
    assert len(hand) == 4
    for k, t in zip(("4", "3", "2", "1"), hand, strict=True):
        choose(st, FR, f"deal:{t}")
        choose(st, FR, f"theater:{k}")
    assert F.top(st)["frames"][FR] is None
    for k, t in zip(("1", "2", "3", "4"), list(F.top(st)["frames"][BR]["hand"]), strict=True):
        choose(st, BR, f"deal:{t}")
        choose(st, BR, f"theater:{k}")
    assert st["stack"] == []
    assert st["war"]["theaters"]["4"]["basic"][FR] == [hand[0]]
    assert len(st["war"]["theaters"]["1"]["bonus"][FR]) == 1


def test_return_bonus_tile_and_byng():
    """IS-EV07, IS-EV12: a Bonus tile goes back to its pool; IS-EV18: Byng marker placement."""
    st, _ = fresh()
    tile = st["war"]["theaters"]["1"]["bonus"][FR][0]
    out = []
    assert W.return_bonus_tile(st, FR, "1", None, out) == tile
    assert tile in st["war"]["bonus_pool"][FR] and len(st["war"]["bonus_pool"][FR]) == 12
    assert W.return_bonus_tile(st, FR, "1", None, out) is None
    from engine.games.imperial_struggle import war_tiles as WT

    assert WT.byng_theaters(st) == ["2", "3"]
    W.place_byng(st, "3", out)
    assert st["byng"] == 3


def test_free_draws_into_fixed_theater():
    """IS-EV14: free draws into the Jacobite theater; a full theater forces an incumbent out; the
    draws stop when no placement is possible."""
    st, _ = fresh()
    _put_bonus(st, FR, "4", 2)
    W.free_bonus_draws(st, FR, 2, "4", [])
    F.advance(st, [])
    assert F.frame_of(st, FR)["k"] == "war_place"
    inc = st["war"]["theaters"]["4"]["bonus"][FR][0]
    choose(st, FR, f"move:{inc}")
    choose(st, FR, "to:2")
    inc = st["war"]["theaters"]["4"]["bonus"][FR][0]
    choose(st, FR, f"move:{inc}")
    choose(st, FR, "to:2")
    assert st["stack"] == []
    assert len(st["war"]["theaters"]["4"]["bonus"][FR]) == 2
    assert len(st["war"]["theaters"]["2"]["bonus"][FR]) == 2
    for k in ("1", "3"):
        _put_bonus(st, FR, k, 2 - len(st["war"]["theaters"][k]["bonus"][FR]))
    n = len(st["war"]["bonus_pool"][FR])
    W.free_bonus_draws(st, FR, 1, "4", [])
    F.advance(st, [])
    assert st["stack"] == [] and len(st["war"]["bonus_pool"][FR]) == n
