"""Hidden war tiles (IS-16.2, IS-16.3, IS-16.7, IS-17.1): determinize reshuffles the viewer's own
Basic and Bonus pools, resamples the opponent's tiles held by pending decisions, and so an
Upgrade draw or a Bonus tile purchase is an undo barrier a casual player cannot cross alone."""

from __future__ import annotations

from engine.games.imperial_struggle import RULES
from engine.games.imperial_struggle.position import build
from engine.games.imperial_struggle.rules import ImperialStruggleRules
from engine.games.imperial_struggle.state import BR, FR
from engine.match import Match
from engine.rng import Rng
from engine.rules import Config, SeatConfig


def _round(side: str, seed: int = 3):
    """An Action Round of ``side`` on T1 with every Investment tile available (seat 0 France)."""
    _rules, st = build(
        {"turn": "T1", "at": "action", "side": side, "inv_avail": list(range(24)), "seed": seed}
    )
    return st


def _act(st, seat, *choices):
    for c in choices:
        ids = [x.id for x in RULES.prompt(st, seat).choices]
        assert c in ids, (c, ids)
        RULES.apply(st, seat, c, Rng(st["rng"]))


def _buy_bonus(st, seat):
    """Tile 18 (Major M4), a Major action, the Bonus tile purchase paid to its confirm: stops
    at the placement prompt of the drawn tile."""
    _act(st, seat, "tile:18", "actions", "act:major")
    ids = [x.id for x in RULES.prompt(st, seat).choices]
    if any(i.startswith("merge_event:") for i in ids):
        _act(st, seat, "merge_event:no")
    _act(st, seat, "bonus_tile")
    for _ in range(10):
        ids = [x.id for x in RULES.prompt(st, seat).choices]
        if any(i.startswith("theater:") for i in ids):
            return
        _act(st, seat, "confirm" if "confirm" in ids else "debt")
    raise AssertionError("no placement prompt")


def _all_tiles(st, side, kind):
    w = st["war"]
    out = [t for th in w["theaters"].values() for t in th[kind][side]]
    out += w[f"{kind}_pool"][side] + (w["basic_out"][side] if kind == "basic" else [])
    return out


def test_is_16_3_determinize_reshuffles_the_viewers_own_pools():
    """IS-16.3: the order of a side's own Basic and Bonus pools is hidden from that side too:
    France's determinizations reorder both (composition kept), and France's view is unchanged."""
    st = _round("france")
    w0 = st["war"]
    orders = {"basic_pool": set(), "bonus_pool": set()}
    for k in range(12):
        world = RULES.determinize(st, 0, Rng.seeded(k))
        assert RULES.view(world, 0) == RULES.view(st, 0)
        for key, seen in orders.items():
            assert sorted(world["war"][key][FR]) == sorted(w0[key][FR])
            seen.add(tuple(world["war"][key][FR]))
    assert all(len(seen) >= 2 for seen in orders.values())


def test_is_16_7_opponents_upgrade_tile_resampled():
    """IS-16.7c: Britain's Upgrade has drawn a tile (step keep): for France the drawn tile is
    one of Britain's unseen Basic tiles, different across determinizations; the frame's old
    tile is the one in the theater; Britain's 16 Basic tiles stay one each."""
    st = _round("britain")
    _act(st, 1, "tile:7", "actions", "upgrade", "theater:1")
    fr = st["stack"][-1]
    assert fr["k"] == "war_upgrade" and fr["step"] == "keep"
    news = set()
    for k in range(12):
        world = RULES.determinize(st, 0, Rng.seeded(k))
        top = world["stack"][-1]
        news.add(top["new"])
        assert top["old"] == world["war"]["theaters"]["1"]["basic"][BR][0]
        tiles = _all_tiles(world, BR, "basic") + [top["new"]]
        assert sorted(tiles) == sorted(f"br_b{n:02d}" for n in range(16))
        assert RULES.view(world, 0) == RULES.view(st, 0)
    assert len(news) >= 2


def test_is_16_7_opponents_drawn_bonus_tile_resampled():
    """IS-16.7c: Britain has bought and drawn a Bonus tile and not placed it yet: for France
    that tile is one of Britain's unseen Bonus tiles, different across determinizations."""
    st = _round("britain")
    _buy_bonus(st, 1)
    drawn = set()
    for k in range(12):
        world = RULES.determinize(st, 0, Rng.seeded(k))
        top = world["stack"][-1]
        assert top["k"] == "war_place"
        drawn.add(top["tile"])
        tiles = _all_tiles(world, BR, "bonus") + [top["tile"]]
        assert sorted(tiles) == sorted(_all_tiles(st, BR, "bonus") + [st["stack"][-1]["tile"]])
        assert RULES.view(world, 0) == RULES.view(st, 0)
    assert len(drawn) >= 2


def test_is_v03_opponents_dealt_tiles_resampled():
    """IS-V03 / IS-16.7c: during military planning Britain's dealt Basic tiles are unknown to
    France: its determinizations deal Britain other tiles (France's own hand kept)."""
    opts = {o.key: o.default for o in RULES.options} | {"military_planning_deal": "on"}
    st = RULES.setup(Config((SeatConfig("A"), SeatConfig("B")), opts), Rng.seeded(4))
    par = next(f for f in st["stack"] if f["k"] == "par")
    assert par["frames"][BR]["k"] == "war_deal"
    hands = set()
    for k in range(12):
        world = RULES.determinize(st, 0, Rng.seeded(k))
        sub = next(f for f in world["stack"] if f["k"] == "par")["frames"]
        assert sub[FR]["hand"] == par["frames"][FR]["hand"]
        hands.add(tuple(sorted(sub[BR]["hand"])))
        assert RULES.view(world, 0) == RULES.view(st, 0)
    assert len(hands) >= 2


class _FromPosition(ImperialStruggleRules):
    """The Rules object starting from a built Action Round position (``side`` deciding)."""

    def __init__(self, side: str):
        self.side = side

    def setup(self, config, rng):
        return _round(self.side)


def _casual_match(side: str) -> Match:
    config = Config((SeatConfig("A"), SeatConfig("B")), dict(_round(side)["opts"]))
    return Match(_FromPosition(side), config, 1, policy="casual")


def test_is_17_1_casual_player_cannot_take_back_an_upgrade_draw_alone():
    """IS-17.1: the Upgrade's draw is a commitment point: once France has drawn its tile, a
    casual undo needs Britain's consent (before the draw it does not)."""
    m = _casual_match("france")
    for c in ("tile:7", "actions", "upgrade"):
        m.act(0, c)
    assert m.check_undo(0).allowed
    m.act(0, "theater:1")
    assert m.state["stack"][-1]["step"] == "keep"
    check = m.check_undo(0)
    assert not check.allowed and check.crosses and check.needs_consent == (1,)


def test_is_17_1_casual_player_cannot_take_back_a_bonus_draw_alone():
    """IS-17.1: buying a Bonus tile draws it: a casual undo of that step needs the opponent's
    consent."""
    m = _casual_match("france")
    for c in ("tile:18", "actions", "act:major"):
        m.act(0, c)
    if any(x.id.startswith("merge_event:") for x in m.prompt(0).choices):
        m.act(0, "merge_event:no")
    m.act(0, "bonus_tile")
    for _ in range(10):
        ids = [x.id for x in m.prompt(0).choices]
        if any(i.startswith("theater:") for i in ids):
            break
        m.act(0, "confirm" if "confirm" in ids else "debt")
    assert m.state["stack"][-1]["k"] == "war_place"
    check = m.check_undo(0)
    assert not check.allowed and check.crosses and check.needs_consent == (1,)
