"""Imperial Struggle rulings on the turn structure that no other test cited: the shared VP
track (IS-0.1), two players (IS-1.1), the Peace and War Turn procedures and their order
(IS-2.2, IS-2.3, IS-4.1, IS-17.10), the Debt Limit track (IS-6.3), the War Layout (IS-7.6a,
IS-7.6b, IS-3.7c), Conquest Points (IS-7.2.1) and parked Squadrons across a War (IS-A43).
Positions come from ``position.build`` (README "Positions for tests"); the long runs answer
every prompt with a fixed policy and take a fraction of a second.
"""

from __future__ import annotations

import itertools
import json

from is_helpers import (
    BR,
    FR,
    B,
    S,
    act,
    advance,
    build,
    build_ev,
    choice_ids,
    display,
    flag,
    pick_through,
    rules,
    waiting_sides,
    war_position,
    war_run,
)

from engine.rng import Rng
from engine.rules import Config, SeatConfig

PASSIVE = (
    "pass",
    "end_round",
    "keep",
    "keep_all",
    "confirm",
    "first:france",
    "cp_end",
    "usa_done",
)
"""Choices a side takes whenever offered in the long runs (else its first choice)."""


def _run(st, limit=3000):
    """Answer every prompt (``PASSIVE`` first, else the first choice) until nobody waits.
    Returns the event kinds with ``"PROMPT"`` inserted before each answered decision."""
    seen = []
    for _ in range(limit):
        ws = waiting_sides(st)
        if not ws:
            return seen
        ids = choice_ids(st, ws[0])
        pick = next((p for p in PASSIVE if p in ids), ids[0])
        seen.append("PROMPT")
        seen += [e.kind for e in act(st, ws[0], pick)]
    raise AssertionError("the run did not end")


def test_is_0_1_one_shared_vp_track_from_15():
    """IS-0.1: one VP integer, 15 at set-up; France scoring moves it up, Britain scoring down,
    and it is unbounded: Britain's 2 VP for the Great Northern War (IS-EV09, both German States
    spaces British) take vp 1 to -1."""
    r = rules()
    opts = {o.key: o.default for o in r.options}
    st = r.setup(Config((SeatConfig("A"), SeatConfig("B")), opts), Rng.seeded(2))
    assert st["vp"] == 15
    st = build(
        {
            "turn": "T1",
            "side": "britain",
            "vp": 1,
            "inv_avail": [20],
            "flags": {"german_states_alliance_2": "britain"},
            "hands": {"britain": [9], "france": []},
        }
    )
    act(st, BR, "tile:20", "event:9")
    assert st["vp"] == -1 and not st["over"]


def test_is_1_1_exactly_two_players():
    """IS-1.1: exactly two seats, one plays France and the other Britain (side_seat)."""
    r = rules()
    assert (r.min_seats, r.max_seats) == (2, 2)
    opts = {o.key: o.default for o in r.options}
    st = r.setup(Config((SeatConfig("A"), SeatConfig("B")), opts), Rng.seeded(1))
    assert sorted(st["side_seat"]) == [0, 1]


def _peace_turns(kinds):
    """Split a run's event kinds into Peace Turns: from a ``turn`` event followed by the Deck
    or Award Phase to the next ``turn`` event (or the end)."""
    starts = [i for i, k in enumerate(kinds) if k == "turn"] + [len(kinds)]
    out = []
    for a, b in itertools.pairwise(starts):
        part = kinds[a + 1 : b]
        if part and part[0] in ("deck_phase", "awards"):
            out.append(part)
    return out


def test_is_4_1_peace_turn_phase_order_and_automatic_phases():
    """IS-4.1, IS-2.2, IS-17.10, IS-4.1.14: from T3 to the end of the game every Peace Turn runs
    Deck and Debt Limit (T3, T5 only), Award, Global Demand, Reset, Deal, Ministry, Initiative,
    8 alternating Action Rounds (4 per side), then Scoring (Final Scoring on T6 only). Deck,
    Debt Limit, Award, Demand, Reset, Reduce TRP, Remaining Powers, Scoring and Victory Check
    ask nobody anything: no prompt before the deal nor after the last Action Round."""
    st, ev = build_ev({"turn": "T3", "at": "setup"})
    kinds = [e.kind for e in ev] + _run(st)
    turns = _peace_turns(kinds)
    assert len(turns) == 4  # T3, T4, T5, T6
    for n, part in enumerate(turns):
        head = ["deck_phase", "debt_limit"] if n in (0, 2) else []
        head += ["awards", "demand", "reset", "inv_reveal"]
        assert part[: len(head)] == head, (n, part[:8])
        deal = part.index("deal")
        assert "PROMPT" not in part[:deal]
        order = [k for k in part if k in ("ministry", "initiative", "first")]
        assert [k for k, _ in itertools.groupby(order)] == ["ministry", "initiative", "first"]
        assert part.index("first") < part.index("round_start")
        assert part.count("round_start") == 8
        last_round = len(part) - 1 - part[::-1].index("round_end")
        assert "PROMPT" not in part[last_round:]
        tail = [k for k in part[last_round:] if k in ("award", "prestige", "demand_win", "final")]
        assert "prestige" in tail and ("final" in tail) == (n == 3)
    assert kinds[-1] == "game_over"


def test_is_2_2_action_rounds_alternate_four_each():
    """IS-2.2, IS-4.1.9: 4 Action Rounds per side, alternating from the first player (T3)."""
    st, _ = build_ev({"turn": "T3", "at": "setup"})
    sides = []
    for _ in range(400):
        ws = waiting_sides(st)
        if not ws or S().turn_id(st) != "T3":
            break
        ids = choice_ids(st, ws[0])
        if any(i.startswith("tile:") for i in ids):
            sides.append(ws[0])
        act(st, ws[0], next((p for p in PASSIVE if p in ids), ids[0]))
    first = st["first"]
    assert sides == [first, 1 - first] * 4


def _war_to_end(war, seed=1):
    st = war_position(war, 1, only=False, seed=seed)
    kinds = [(e.kind, e.args.get("theater")) for e in war_run(st)]
    for _ in range(200):
        ws = waiting_sides(st)
        if not ws:
            return st, kinds
        ids = choice_ids(st, ws[0])
        pick = next((p for p in PASSIVE if p in ids), ids[0])
        kinds += [(e.kind, e.args.get("theater")) for e in act(st, ws[0], pick)]
    raise AssertionError("the War Turn did not end")


def test_is_2_3_war_turn_theaters_in_order_then_reset_and_layout():
    """IS-2.3, IS-7.6a, IS-7.6b, IS-3.7c: the WSS War Turn resolves theaters 1, 2, 3, 4 in
    order, then its Reset and the layout of the WAS: the WAS becomes the current War, each
    side's Bonus pool is its 12 WAS tiles (shuffled: two seeds give different orders), each
    theater gets one Basic tile per side (12 of 16 left in each pool), face down to the
    opponent; no WSS Bonus tile is left in play."""
    pools = []
    for seed in (1, 2):
        st, kinds = _war_to_end("WSS", seed)
        steps = [k for k in kinds if k[0] in ("war_reveal", "war_reset", "war_layout")]
        assert steps == [("war_reveal", t) for t in "1234"] + [
            ("war_reset", None),
            ("war_layout", None),
        ]
        war = st["war"]
        assert war["id"] == "WAS"
        for side, word in ((FR, "france"), (BR, "britain")):
            assert sorted(war["bonus_pool"][side]) == sorted(f"WAS_{word}_{k}" for k in range(12))
            assert len(war["basic_pool"][side]) == 12
        for n, th in war["theaters"].items():
            assert [len(th["basic"][FR]), len(th["basic"][BR])] == [1, 1], n
            assert th["bonus"] == [[], []]
            seen_by_fr = rules().view(st, st["side_seat"][FR])["war"]["theaters"][n]
            assert seen_by_fr["basic"][BR] == {"count": 1, "known": []}
        assert "WSS_" not in json.dumps(war)
        pools.append(war["bonus_pool"][FR])
    assert pools[0] != pools[1]


def test_is_2_3_no_layout_after_the_awi():
    """IS-2.3, IS-4.1: the War Layout is skipped after the AWI (no War follows)."""
    _st, kinds = _war_to_end("AWI")
    names = [k for k, _ in kinds]
    assert "war_reset" in names and "war_layout" not in names
    assert [t for k, t in kinds if k == "war_reveal"] == ["1", "2", "3"]


def test_is_6_3_debt_limit_track():
    """IS-6.3, IS-4.1.2: Debt Limits start at 6, rise by 4 on T3 and T5; IS-EV15 lowers the
    opponent's by 1 but never below 0 (Britain's limit 0 stays 0)."""
    r = rules()
    opts = {o.key: o.default for o in r.options}
    st = r.setup(Config((SeatConfig("A"), SeatConfig("B")), opts), Rng.seeded(3))
    assert st["limit"] == [6, 6]
    # at="setup" on T3/T5 holds the previous Era's limits (6, 10), which the phase raises
    for turn, after in (("T3", 10), ("T5", 14)):
        st, ev = build_ev({"turn": turn, "at": "setup"})
        (raised,) = [e for e in ev if e.kind == "debt_limit"]
        assert st["limit"] == [after, after] == raised.args["limits"], turn
    st, ev = build_ev({"turn": "T4", "at": "setup"})
    assert "debt_limit" not in [e.kind for e in ev] and st["limit"] == [10, 10]
    st = build(
        {
            "turn": "T1",
            "side": "france",
            "inv_avail": [4],
            "debt": {"france": 0, "britain": 0},
            "limit": {"britain": 0},
            "hands": {"france": [15], "britain": []},
        }
    )
    act(st, FR, "tile:4", "event:15")
    assert st["limit"][BR] == 0 and st["debt"][BR] == 0


def test_is_7_2_1_conquest_points_one_at_a_time_rest_lost():
    """IS-7.2.1: Britain wins French & Indian War by 4 (row 3–4: 2 CP). The first CP takes
    quebec_montreal at once (France accepts the cession); Britain then ends its spending and
    the CP left is lost: nobody is asked anything more and the War Turn (this theater only)
    is over."""
    war = display("7YW", basic={3: ([], ["br_b00", "br_b03"])})
    st = war_position(
        "7YW",
        3,
        war=war,
        forts={"louisbourg": "britain"},
        flags={"spain_alliance_3_upper": None},
    )
    war_run(st)
    assert st["stack"][-1]["cp"] == 2
    pick_through(st, BR, "cp:quebec_montreal")
    if FR in waiting_sides(st):
        act(st, FR, "accept")
    assert flag(st, "quebec_montreal") == "britain"
    assert st["stack"][-1]["cp"] == 1
    act(st, BR, "cp_end")
    advance(st)
    assert waiting_sides(st) == [] and st["stack"] == []


def test_is_a43_parked_squadron_misses_the_war_and_returns_at_reset():
    """IS-A43, IS-4.1.5: a British Squadron parked until T4 stays parked through the whole WAS
    War Turn (no loss is taken from it: it is still parked, the other 7 all accounted for), and
    comes back to the British Navy
    Box in T4's Reset Phase."""
    st = war_position("WAS", 1, only=False)
    st["parked"] = [[BR, 1, B().TURN_IDS.index("T4")]]
    st["navy"][BR] -= 1  # the parked Squadron left the Navy Box
    war_run(st)
    _run(st)
    assert st["parked"] == [[BR, 1, B().TURN_IDS.index("T4")]]
    on_map = sum(1 for v in st["squadrons"].values() if v == BR)
    total = on_map + st["navy"][BR] + st["unbuilt"][BR] + st["sq_removed"][BR]
    assert total == 7  # the eighth is parked
    navy = st["navy"][BR]
    st["ti"] = B().TURN_IDS.index("T4")
    from engine.games.imperial_struggle import phases

    phases.push_peace(st)
    out = advance(st)
    assert "reset" in [e.kind for e in out]
    assert st["parked"] == [] and st["navy"][BR] == navy + 1


def test_is_4_1_12f_east_india_company_scores_after_global_demand():
    """IS-4.1.12f, IS-MIN07: with M-7 face up, Britain holding Fruit and Rum (British
    san_agustin and puerto_rico) scores 1 VP for each after the last Global Demand award; a
    Conflict marker on puerto_rico leaves only Fruit (1 VP)."""
    flags = {"san_agustin": "britain", "puerto_rico": "britain"}
    for conflict, vp in (({}, 2), ({"puerto_rico": 1}, 1)):
        st, ev = build_ev(
            {
                "turn": "T2",
                "at": "scoring",
                "flags": flags,
                "conflict": conflict,
                "ministries": {"britain": [["M-7", True]]},
                "demand": ["furs", "spice", "fish"],
            }
        )
        kinds = [e.kind for e in ev]
        (eic,) = [i for i, e in enumerate(ev) if e.args.get("why") == "east_india_company"]
        assert ev[eic].args["n"] == vp and ev[eic].seat == st["side_seat"][BR]
        assert eic > max(i for i, k in enumerate(kinds) if k == "demand_win")
        assert kinds.count("demand_win") == 3
